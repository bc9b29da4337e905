"""The Table host: one game, the seats that play it, and the moments things happen.

Everything that plays goes through a Table: local play (the keyboard, speech and bots, in memory),
bot-only simulations in virtual time, and later the relay server. The Table owns the pure game,
passes every seat only its own view of each event, keeps the bots' planned moves, and says when it
next has something to do (``next_wakeup``), so that a shell can sleep until then or until a key
arrives. Times are game seconds; the shell maps its clock onto them.

Bots play as people at a real table do: they let what the table is being told be said before
they make a move of the play (``Hearing``), so that a game never runs ahead of its listeners'
ears. A press of a race is never held back: the race is the game.
"""

from __future__ import annotations

import heapq
import itertools
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Generic, Protocol, TypeVar

from audiospoons.engine.commands import Command
from audiospoons.engine.errors import RulesError
from audiospoons.engine.events import Event
from audiospoons.engine.rules import Bot, Rules

G = TypeVar("G", bound=Rules)
B = TypeVar("B", bound=Bot)


class Listener(Protocol):
    """A seat's ears: a player at the keyboard, a remote client, a spectator (seat None)."""

    seat: int | None

    def receive(self, events: Sequence[Event]) -> None:
        """Events as this seat may know them (``Event.seen_by`` already applied)."""


Watcher = Callable[[G, list[Event]], None]
"""Told every event of the game as the table sees it, with the game (tests, transcripts)."""

RefusalWatcher = Callable[[float, Command, RulesError], None]
"""Told each bot's move that the rules refused: when, the move, and why (simulation)."""


HEARING_WAIT_LIMIT = 4.0
"""The most seconds a bot's move waits for what the table is being told."""
DEADLINE_MARGIN = 0.5
"""A bot waiting for the table moves no later than this before its time limit would act for
it."""


@dataclass(frozen=True, slots=True)
class Hearing:
    """What the table's listeners are being told, for bots to wait on.

    ``quiet_at`` is the game time by which what waits to be said will have been said (None when
    nothing waits; ``math.inf`` while that is not known, as when the relay waits for its people
    to say they have heard: then a move waits as long as it may); ``waits`` are the moves that
    wait for it. A bot's thinking time for such a
    move starts once the table is quiet: the move comes that much later, by at most
    ``HEARING_WAIT_LIMIT``, and in time for the bot's own time limit."""

    quiet_at: Callable[[], float | None]
    waits: tuple[type[Command], ...]


class Table(Generic[G, B]):
    """A game, its bots and its listeners."""

    def __init__(self, game: G, bots: Sequence[B] = (), hearing: Hearing | None = None
                 ) -> None:
        self.game = game
        self.bots = list(bots)
        self.listeners: list[Listener] = []
        self.watchers: list[Watcher[G]] = []
        self.refusal_watchers: list[RefusalWatcher] = []
        self.log: list[tuple[float, Command]] = []
        """Every accepted command with its time: enough to replay the game."""
        self._plans: dict[B, tuple[float, Command]] = {}
        self._touched: set[B] = set(self.bots)
        self._planned_at: dict[B, float] = {}
        self._quiet: dict[B, float] = {}
        """For each planned move that waits: when the table was last known to be quiet."""
        self._queue: list[tuple[float, int, int, B, tuple[float, Command]]] = []
        """Without ``hearing``, every plan as it was made, soonest first (then the lower seat,
        then the older): the first that its bot still plans is the next move, found without
        asking every seat; a plan no longer made is dropped as it comes up."""
        self._made = itertools.count()
        self.hearing = hearing
        self._seated: dict[int, B] = {}
        """Each seat's bot."""
        self._hearing_all: list[B] = []
        """The bots handed every event they may know (``Bot.hears_all``)."""
        self._party_bots: dict[tuple[int, ...], list[B]] = {}
        """The bots handed news to each set of seats (``Event.parties``), worked out once for
        as long as the same bots sit."""
        self._seat_bots()

    @property
    def hearing(self) -> Hearing | None:
        """What the bots' moves of the play wait on, if anything."""
        return self._hearing

    @hearing.setter
    def hearing(self, hearing: Hearing | None) -> None:
        self._hearing = hearing
        self._queue = [] if hearing is not None else [
            (plan[0], bot.seat, next(self._made), bot, plan) for bot, plan in self._plans.items()]
        heapq.heapify(self._queue)

    # ----------------------------------------------------------------- the game's life

    def start(self) -> list[Event]:
        events = self.game.start()
        self._deliver(events)
        return events

    @property
    def over(self) -> bool:
        return self.game.over

    def submit(self, command: Command, at: float) -> list[Event]:
        """A command from a seat at game time ``at``: everything due before it happens first,
        and a timer due at that very moment (a bot's move due then comes after). A refusal
        raises ``RulesError`` and changes nothing the command would have."""
        self._run(at, inclusive=False)
        at = max(at, self.game.now)
        self._deliver(self.game.advance(at))
        events = self.game.handle(command, at)
        self.log.append((self.game.now, command))
        self._deliver(events)
        return events

    def next_wakeup(self) -> float | None:
        """The next game time at which the table has something to do: a timer or a bot's move."""
        due = self.next_due()
        return None if due is None else due[0]

    def next_due(self) -> tuple[float, B | None] | None:
        """The next thing to do and when: a bot's move (the bot), or a game timer (None). The
        earliest move goes first, the lower seat among equals, unless a timer comes first; a
        timer at the very time of a move fires first. Neither is ever due before the game's
        present."""
        if self._touched:
            self._replan()
        deadline = self.game.next_deadline()
        move = self._next_move()
        if move is not None and (deadline is None or move[0] < deadline):
            return max(move[0], self.game.now), move[1]
        if deadline is not None:
            return max(deadline, self.game.now), None
        return None

    def run_until(self, now: float) -> None:
        """Do everything due at or before game time ``now``, in time order."""
        self._run(now, inclusive=True)

    def step(self, due: tuple[float, B | None] | None = None) -> bool:
        """Jump to the next thing due (``due``, when just asked of ``next_due``) and do it: the
        way to play in virtual time. False when nothing is due."""
        if due is None:
            due = self.next_due()
        if due is None:
            return False
        self._do(*due)
        return True

    def add_bot(self, bot: B) -> None:
        """``bot`` plays from now on (a stand-in for a player who has gone): it plans before
        the table's next move."""
        self.bots.append(bot)
        self._seat_bots()
        self._touched.add(bot)

    def remove_bot(self, bot: B) -> None:
        """``bot`` plays no more (its seat's player is back): its planned move goes with it.
        A bot whose seat is out of the game has gone already."""
        if bot in self.bots:
            self.bots.remove(bot)
            self._seat_bots()
        self._plans.pop(bot, None)
        self._planned_at.pop(bot, None)
        self._quiet.pop(bot, None)
        self._touched.discard(bot)

    def touch(self, bot: B) -> None:
        """Have ``bot`` plan afresh before its next move."""
        self._touched.add(bot)

    # ----------------------------------------------------------------- inside

    def _run(self, now: float, *, inclusive: bool) -> None:
        while not self.game.over:
            due = self.next_due()
            if due is None or due[0] > now or (due[0] == now and not inclusive):
                break
            self._do(*due)
        if inclusive and not self.game.over and now > self.game.now:
            self._deliver(self.game.advance(now))

    def _replan(self) -> None:
        plans, planned_at, quiet = self._plans, self._planned_at, self._quiet
        queue = self._queue if self._hearing is None else None
        now = self.game.now
        for bot in self._touched:
            plan = bot.next_move()
            if plan is None:
                plans.pop(bot, None)
                continue
            current = plans.get(bot)
            if plan is current or plan == current:
                continue
            plans[bot] = plan
            planned_at[bot] = now
            quiet.pop(bot, None)
            if queue is not None:
                heapq.heappush(queue, (plan[0], bot.seat, next(self._made), bot, plan))
        self._touched.clear()

    def _next_move(self) -> tuple[float, B] | None:
        """The soonest move planned, the lower seat first among equals, and its bot."""
        if self._hearing is not None:
            due = {bot: self._heard(bot) for bot in self._plans}
            if not due:
                return None
            mover = min(due, key=lambda b: (due[b], b.seat))
            return due[mover], mover
        queue, plans = self._queue, self._plans
        while queue and plans.get(queue[0][3]) is not queue[0][4]:
            heapq.heappop(queue)
        return (queue[0][0], queue[0][3]) if queue else None

    def _heard(self, bot: B) -> float:
        """When ``bot``'s planned move comes: its own time, or, for a move that waits, as much
        later as the table was still being told things after the bot planned it."""
        at, command = self._plans[bot]
        if self.hearing is None or not isinstance(command, self.hearing.waits):
            return at
        planned = self._planned_at[bot]
        quiet = self.hearing.quiet_at()
        if quiet is None:
            quiet = self._quiet.get(bot, planned)
        self._quiet[bot] = quiet
        waited = at + min(max(0.0, quiet - planned), HEARING_WAIT_LIMIT)
        deadline = self.game.deadline_for(bot.seat)
        if deadline is not None:
            waited = min(waited, max(at, deadline - DEADLINE_MARGIN))
        return waited

    def _do(self, at: float, mover: B | None) -> None:
        if mover is None:
            self._deliver(self.game.advance(at))
            return
        command = self._plans[mover][1]
        self._touched.add(mover)
        try:
            events = self.game.handle(command, at)
        except RulesError as error:
            mover.refused(at, error.reason)
            for watcher in self.refusal_watchers:
                watcher(at, command, error)
            return
        mover.moved(at)
        self.log.append((at, command))
        self._deliver(events)

    def _seat_bots(self) -> None:
        self._seated = {bot.seat: bot for bot in self.bots}
        self._hearing_all = [bot for bot in self.bots if bot.hears_all]
        self._party_bots = {}

    def _handed(self, parties: tuple[int, ...] | None) -> list[B]:
        """The bots an event is handed to: all, or for news to some seats alone
        (``Event.parties``) their bots and those that hear all."""
        if parties is None:
            return self.bots
        bots = self._party_bots.get(parties)
        if bots is None:
            seated = self._seated
            bots = [bot for seat in parties
                    if (bot := seated.get(seat)) is not None and not bot.hears_all]
            bots += self._hearing_all
            self._party_bots[parties] = bots
        return bots

    def _deliver(self, events: list[Event]) -> None:
        """Each bot and listener gets its own view of each event. A card event's hidden copy
        (what every seat but the card's owner sees) is made once, when a bot is handed it,
        and shared."""
        touched = self._touched
        handed = self._handed
        for event in events:
            owner = event.owner()
            if owner is not None:
                hidden: Event | None = None
                for bot in handed(event.parties()):
                    if bot.seat == owner:
                        if bot.observe(event):
                            touched.add(bot)
                        continue
                    if hidden is None:
                        hidden = event.seen_by(None)
                        if hidden is None:
                            continue
                    if bot.observe(hidden):
                        touched.add(bot)
            else:
                for bot in handed(event.parties()):
                    seen = event.seen_by(bot.seat)
                    if seen is not None and bot.observe(seen):
                        touched.add(bot)
            if event.may_leave_seats:
                self.bots = [bot for bot in self.bots if bot.active]
                self._seat_bots()
                self._plans = {bot: plan for bot, plan in self._plans.items() if bot.active}
        for watcher in self.watchers:
            watcher(self.game, events)
        for listener in list(self.listeners):
            views = [view for event in events if (view := event.seen_by(listener.seat))]
            if views:
                listener.receive(views)
