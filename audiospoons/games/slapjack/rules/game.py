"""Slapjack as a pure game: the ``Rules`` shape, commands and game time in, events out.

One pack is dealt face down round the table, a stack to each player. In turn each player turns
the top card of their stack face up onto the pile in the middle. When a Jack comes up, the first
to slap the pile takes it, Jack and all, under their stack, and turns next; nobody turns while a
Jack waits for its slap, and if nobody slaps it in ``slap_time`` play goes on past it. A slap on
anything else costs the slapper the top card of their stack, which goes under the pile (with no
card to give, the slapper is out). A player whose stack is empty is passed over; with
``slap_back_in`` they stay in until the next Jack, and are back in by slapping it first. The
game ends when one player is left, or after ``jacks`` Jacks (the most cards win). Should nobody
have a card left to turn, the pile goes back to whoever turned its last card.

A slap made for a Jack already taken, within its ``slap_time`` and before the next card is
turned, is too late: it costs nothing, and the taker's own second slap is refused.

A turn that is not taken in ``turn_time`` is taken by itself. Across a network, a slap made
earlier may arrive later: the first slap on a Jack waits ``late_window`` for one made before it.
A slap made before its Jack was turned is no slap on it.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace

from audiospoons.engine.cards import Card, standard_pack
from audiospoons.engine.clock import ClockedGame, Route
from audiospoons.engine.commands import Command
from audiospoons.engine.errors import MalformedCommand, NotAllowedNow
from audiospoons.engine.events import Event
from audiospoons.games.slapjack.rules.commands import Slap, Turn
from audiospoons.games.slapjack.rules.events import (
    CardTurned,
    JackMissed,
    JackSlapped,
    LateSlap,
    PileReturned,
    PlayerOut,
    SlapjackOver,
    SlapjackStarted,
    TurnPassed,
    WrongSlap,
)
from audiospoons.games.slapjack.rules.options import SlapjackOptions

JACK = "J"


@dataclass(frozen=True, slots=True)
class TakenJack:
    """The Jack last taken: a slap made from ``turned`` until ``until`` was for it."""

    taker: int
    turned: float
    until: float
    """The end of its slap time, or when the next card was turned, if sooner."""

    def wanted(self, made: float) -> bool:
        """Whether a slap made at ``made`` was for this Jack."""
        return self.turned <= made < self.until


class SlapjackGame(ClockedGame):
    """One game of Slapjack."""

    def __init__(self, players: list[str], options: SlapjackOptions, rng: random.Random,
                 dealer: int = 0, pack: list[Card] | None = None) -> None:
        """``pack`` is the pack in dealing order, top first (tests); else it is shuffled."""
        options.check_players(len(players))
        super().__init__()
        self.names = list(players)
        self.players = len(players)
        self.options = options
        self.dealer = dealer % self.players
        self.rng = rng
        self._pack = list(pack) if pack is not None else None
        self.stacks: list[list[Card]] = [[] for _ in players]
        """Each player's stack, face down: the last card is the top, the next to turn."""
        self.pile: list[Card] = []
        """The pile in the middle: the last card is the top; cards given for a wrong slap go
        under it, face down."""
        self.top: Card | None = None
        """The card turned face up on top of the pile, if any."""
        self.out: set[int] = set()
        self.turn = self.dealer
        self.turn_until: float | None = None
        self.jack_at: float | None = None
        """When the Jack on top of the pile was turned, while it waits for its slap."""
        self.jack_until: float | None = None
        self.claims: dict[int, float] = {}
        """Slaps on the Jack waiting for one made earlier: seat to when it was made."""
        self.claim_until: float | None = None
        self.taken: TakenJack | None = None
        self.jacks_slapped = 0
        self.last_turned: int | None = None
        self.late_window = 0.0
        self.winners: tuple[int, ...] = ()
        self._over = False

    # ----------------------------------------------------------------- the Rules shape

    @property
    def over(self) -> bool:
        return self._over

    def start(self) -> list[Event]:
        pack = self._pack if self._pack is not None else standard_pack()
        if self._pack is None:
            self.rng.shuffle(pack)
        for index, card in enumerate(pack):
            self.stacks[(self.dealer + 1 + index) % self.players].insert(0, card)
        counts = tuple(len(stack) for stack in self.stacks)
        self.turn = (self.dealer + 1) % self.players
        self.turn_until = self.options.turn_time
        return [SlapjackStarted(0.0, tuple(self.names), self.dealer, counts),
                TurnPassed(0.0, self.turn, self.turn_until)]

    def next_deadline(self) -> float | None:
        if self._over:
            return None
        if self.claim_until is not None:
            return self.claim_until
        if self.jack_until is not None:
            return self.jack_until
        return self.turn_until

    def deadline_for(self, seat: int) -> float | None:
        """The turn's time, for the seat whose turn it is and while no Jack waits."""
        if self._over or seat != self.turn or self.jack_until is not None:
            return None
        return self.turn_until

    def in_game(self, seat: int) -> bool:
        return 0 <= seat < self.players and seat not in self.out

    # ----------------------------------------------------------------- commands

    def _route(self, command: Command) -> Route:
        seat = command.seat
        if not 0 <= seat < self.players:
            raise MalformedCommand(f"there is no seat {seat}")
        if isinstance(command, Turn):
            return (lambda: self._verify_turn(seat), lambda: self._take_turn(seat))
        if isinstance(command, Slap):
            pressed = command.pressed_at
            return (lambda: self._verify_slap(seat, pressed),
                    lambda: self._make_slap(seat, pressed))
        raise MalformedCommand(f"Slapjack has no command {type(command).__name__}")

    def _take_turn(self, seat: int) -> list[Event]:
        self._verify_turn(seat)
        return self._turn(seat)

    def _make_slap(self, seat: int, pressed_at: float | None) -> list[Event]:
        self._verify_slap(seat, pressed_at)
        return self._slap(seat, pressed_at)

    def _verify_playing(self, seat: int) -> None:
        name = self.names[seat]
        if self._over:
            raise NotAllowedNow("the game is over", reason="game-over")
        if seat in self.out:
            raise NotAllowedNow(f"{name} is out of the game", reason="out")

    def _verify_turn(self, seat: int) -> None:
        self._verify_playing(seat)
        name = self.names[seat]
        if self.jack_until is not None or self.claims:
            raise NotAllowedNow("a Jack is on the pile: slap it", reason="jack-waiting")
        if seat != self.turn:
            raise NotAllowedNow(f"it is {self.names[self.turn]}'s turn, not {name}'s",
                                reason="not-your-turn")
        if not self.stacks[seat]:
            raise NotAllowedNow(f"{name} has no card to turn", reason="no-cards")

    def _verify_slap(self, seat: int, pressed_at: float | None) -> None:
        self._verify_playing(seat)
        if pressed_at is not None and not 0.0 <= pressed_at <= self.now:
            raise MalformedCommand(f"a slap cannot be made at {pressed_at:g}, after the time it"
                                   " reaches the table or before the game")
        made = self.now if pressed_at is None else pressed_at
        taken = self.taken
        if seat in self.claims or (taken is not None and seat == taken.taker
                                   and taken.wanted(made)):
            raise NotAllowedNow(f"{self.names[seat]} has already slapped this Jack",
                                reason="slapped")

    def _turn(self, seat: int, *, timed_out: bool = False) -> list[Event]:
        card = self.stacks[seat].pop()
        self.pile.append(card)
        self.top = card
        self.last_turned = seat
        if self.taken is not None:
            self.taken = replace(self.taken, until=min(self.taken.until, self.now))
        events: list[Event] = [CardTurned(self.now, seat, card, len(self.stacks[seat]),
                                          len(self.pile), timed_out)]
        if not self.stacks[seat] and not self.options.slap_back_in:
            events += self._put_out(seat)
            if self._over:
                return events
        if card.rank == JACK:
            self.jack_at = self.now
            self.jack_until = self.now + self.options.slap_time
            self.turn_until = None
            return events
        return events + self._pass_turn(seat)

    def _slap(self, seat: int, pressed_at: float | None) -> list[Event]:
        made = self.now if pressed_at is None else pressed_at
        on_jack = self.jack_at is not None and made >= self.jack_at
        if not on_jack and self.taken is not None and self.taken.wanted(made):
            return [LateSlap(self.now, seat, self.taken.taker)]
        if not on_jack:
            return self._wrong_slap(seat)
        if self.late_window <= 0:
            return self._take_pile(seat)
        self.claims[seat] = made
        if self.claim_until is None:
            self.claim_until = self.now + self.late_window
            self.jack_until = None
        return []

    def _wrong_slap(self, seat: int) -> list[Event]:
        stack = self.stacks[seat]
        if not stack:
            return self._put_out(seat)
        self.pile.insert(0, stack.pop())
        events: list[Event] = [WrongSlap(self.now, seat, len(stack), len(self.pile))]
        if not stack and not self.options.slap_back_in:
            return events + self._put_out(seat)
        if not stack and seat == self.turn and self.jack_at is None:
            events += self._pass_turn(seat)
        return events

    # ----------------------------------------------------------------- timers

    def _fire(self, now: float) -> list[Event]:
        if self.claim_until is not None and self.claim_until <= now:
            winner = min(self.claims, key=lambda seat: (self.claims[seat], seat))
            return self._take_pile(winner)
        if self.jack_until is not None and self.jack_until <= now:
            self.jack_at = self.jack_until = None
            assert self.last_turned is not None
            return [JackMissed(now), *self._pass_turn(self.last_turned)]
        if self.turn_until is not None and self.turn_until <= now:
            return self._turn(self.turn, timed_out=True)
        return []

    # ----------------------------------------------------------------- the pile and the turn

    def _take_pile(self, seat: int) -> list[Event]:
        taken = len(self.pile)
        assert self.jack_at is not None
        self.taken = TakenJack(seat, self.jack_at, self.jack_at + self.options.slap_time)
        self.stacks[seat][:0] = self.pile
        self.pile, self.top = [], None
        self.jack_at = self.jack_until = self.claim_until = None
        self.claims = {}
        self.jacks_slapped += 1
        events: list[Event] = [JackSlapped(self.now, seat, taken, len(self.stacks[seat]))]
        for other in range(self.players):
            if other != seat and other not in self.out and not self.stacks[other]:
                events += self._put_out(other)
        if self._over:
            return events
        if self.options.jacks and self.jacks_slapped >= self.options.jacks:
            return events + self._end()
        return events + self._give_turn(seat)

    def _pass_turn(self, after: int) -> list[Event]:
        """The turn goes to the next player with a card to turn; with none left, the pile goes
        back to whoever turned its last card."""
        for step in range(1, self.players + 1):
            seat = (after + step) % self.players
            if seat not in self.out and self.stacks[seat]:
                return self._give_turn(seat)
        seat = next((after + step) % self.players for step in range(self.players)
                    if (after + step) % self.players not in self.out)
        self.stacks[seat][:0] = self.pile
        self.pile, self.top = [], None
        events: list[Event] = [PileReturned(self.now, seat, len(self.stacks[seat]))]
        for other in range(self.players):
            if other != seat and other not in self.out and not self.stacks[other]:
                events += self._put_out(other)
        if self._over:
            return events
        return events + self._give_turn(seat)

    def _give_turn(self, seat: int) -> list[Event]:
        self.turn = seat
        self.turn_until = self.now + self.options.turn_time
        return [TurnPassed(self.now, seat, self.turn_until)]

    def _put_out(self, seat: int) -> list[Event]:
        self.out.add(seat)
        events: list[Event] = [PlayerOut(self.now, seat)]
        left = [other for other in range(self.players) if other not in self.out]
        if len(left) <= 1:
            events += self._end()
        elif self.turn == seat and self.jack_until is None and not self.claims:
            events += self._pass_turn(seat)
        return events

    def _end(self) -> list[Event]:
        counts = tuple(len(stack) for stack in self.stacks)
        most = max(counts[seat] for seat in range(self.players) if seat not in self.out)
        self.winners = tuple(seat for seat in range(self.players)
                             if seat not in self.out and counts[seat] == most)
        self._over = True
        self.turn_until = self.jack_until = self.claim_until = None
        return [SlapjackOver(self.now, self.winners, counts)]
