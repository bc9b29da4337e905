"""The bot: keeps the rank it holds most of, and moves at a human pace set by its level.

A bot learns the game only from the events its seat may see (``observe``) and proposes its next
command with the time it would happen (``next_move``). It never reads the game's state: what it
remembers of the cards is only what went through its own hand.
"""

from __future__ import annotations

import random
from collections import deque
from dataclasses import replace

from audiospoons.bots.levels import (
    BREAK_PAIR_CHANCE,
    BotPace,
    CardPlay,
    Level,
    Skill,
    skill_for,
)
from audiospoons.engine.cards import Card, DeckKind, copies_of, set_rank
from audiospoons.engine.commands import Command
from audiospoons.engine.events import Event
from audiospoons.games.spoons.rules.commands import Feint, Grab, Pass, React, Signal, Take
from audiospoons.games.spoons.rules.events import (
    CardPassed,
    CardsDealt,
    CardTaken,
    DealerChanged,
    Eliminated,
    EmptySlot,
    GameOver,
    GripSlipped,
    HandPassedOn,
    KnifeDrawn,
    KnifeRedrawn,
    PhaseTwoStarted,
    PrematureGrab,
    Reached,
    ReactCue,
    ReactionTestEnded,
    ReactionTestStarted,
    RoundEnded,
    RoundStarted,
    RoundVoided,
    SetHeld,
    Source,
    SpoonChallenged,
    SpoonChosen,
    SpoonClaimed,
    SpoonContested,
    SpoonGrabbed,
    SpoonSafe,
    SpoonsChanged,
    SpoonsKept,
    StockRecycled,
)
from audiospoons.games.spoons.rules.options import DrawVariant, Options, Premature
from audiospoons.games.spoons.spoonchoice import SpoonChoice

__all__ = ["BREAK_PAIR_CHANCE", "BotPace", "Level", "SimpleBot", "Skill", "make_bot"]

DEAD_RANK = 10.0
"""How much less a rank that can no longer be completed is worth keeping than its count."""

FEINT_CHANCE = 0.005
"""With feints allowed, how often a bot's card move is a feint instead."""

GULLIBLE = 0.3
"""With feints allowed, a bot believes a reach at once with this share of its chance to miss a
silent first grab (``1 - Skill.notice``): an easy bot is fooled by one feint in about seven."""

CARD_MOVES = (CardTaken, CardPassed)
"""A card picked up or passed on: most of what a bot is told (a tuple, as ``isinstance`` takes
one faster than a union built at each call)."""
CARD_PLAY = (Take, Pass)

DOUBT = 3.0
"""With feints allowed, how long a bot that heard a reach and has no card move to test it with
waits (beyond its reaction) before it gambles on a grab."""


class SimpleBot:
    """One bot at one seat. ``level`` sets its pace, attention and card play; ``pace`` or
    ``skill``, when given, replace the level's."""

    hears_all = False
    """Another seat's card moves tell it nothing: it remembers only what goes through its own
    hand."""

    def __init__(self, seat: int, options: Options, rng: random.Random,
                 pace: BotPace | None = None, level: Level = Level.NORMAL,
                 skill: Skill | None = None) -> None:
        self.seat = seat
        self.options = options
        self.rng = rng
        self.level = level
        if skill is None:
            skill = skill_for(level, pace)
        elif pace is not None:
            skill = replace(skill, pace=pace)
        self.skill = skill
        self.pace = skill.pace
        self._card_delay, self._reaction_delay = skill.pace.card, skill.pace.reaction
        self.active = True
        self.seats: list[int] = []
        """The seats in the round, in passing order: a seat passes to the next one."""
        self.hand: list[Card] = []
        self.waiting = 0
        self.playing = False
        self.grab_at: float | None = None
        self.distracted = False
        """It heard the first spoon go but has not taken it in: it plays on until ``grab_at``."""
        self.phase_two = False
        self.has_spoon = False
        self.dealer = False
        self.test: tuple[int, ...] = ()
        self.test_mash = False
        self.cue_at: float | None = None
        self.pressed = False
        self.ready_at = 0.0
        window = max(1, skill.memory)
        self.gone: deque[str] = deque(maxlen=window)
        """The ranks of the cards it last passed on or discarded (with ``MEMORY`` play)."""
        self.received: deque[str] = deque(maxlen=window)
        """The ranks of the cards last passed to it (with ``MEMORY`` play and ``upstream``)."""
        self.spoons = SpoonChoice(seat, options.grabbing)
        self._numbered = self.spoons.numbered
        self.knife_owed = 0
        """Cards it must still discard for a knife (the Knives pack)."""
        self.bluffing = options.premature is Premature.BLUFF
        self.doubt_until: float | None = None
        """It heard a reach that may be a feint: it plays on to find out (a card move refused
        because the spoons are going), or grabs at this time if it has no move to try."""
        self._to_pass: Card | None = None
        self._plan: tuple[float, Command] | None = None
        self._stale = True
        self._hand_size = options.hand_size
        self._no_stock = options.deck is DeckKind.NO_STOCK
        self._waiting_pile = options.waiting_pile
        self._anyone_draws = not self._no_stock and options.draw is not DrawVariant.DISCARD
        """Every seat may draw from the stock (with ``DISCARD`` only the dealer)."""

    # ----------------------------------------------------------------- what the Table calls

    def observe(self, event: Event) -> bool:
        """Take in one event as this seat sees it; True when it changed this seat's plans."""
        if isinstance(event, CARD_MOVES):
            return self._card_moved(event)
        me = self.seat
        if self._numbered:
            self.spoons.observe(event)
        if isinstance(event, RoundStarted):
            self.playing = me in event.seats
            self.seats = list(event.seats)
            self.dealer = event.dealer == me
            self.hand, self.waiting, self.has_spoon = [], 0, False
            self.grab_at, self.distracted, self.phase_two = None, False, False
            self.doubt_until = None
            self.knife_owed = 0
            self.gone.clear()
            self.received.clear()
            self._to_pass = None
            self._end_test()
        elif isinstance(event, CardsDealt):
            self.hand = list(event.cards)
            self._to_pass = None
        elif isinstance(event, KnifeDrawn) and event.seat == me:
            self.knife_owed = event.discards
        elif isinstance(event, KnifeRedrawn) and event.seat == me:
            self.hand += event.cards
            self._to_pass = None
        elif isinstance(event, SetHeld) and event.seat == me:
            self._reach(event.at + self._reaction_time())
        elif isinstance(event, PhaseTwoStarted):
            if event.seat == me or not self.options.announce_phase2:
                return False
            self.phase_two = True
            self._reach(event.at + self._reaction_time())
        elif isinstance(event, SpoonGrabbed | SpoonChosen | SpoonClaimed):
            if not self._hear_spoon(event) and not self._numbered:
                return False
        elif isinstance(event, Reached):
            if event.seat == me or self.phase_two or self.grab_at is not None:
                return False
            if self.rng.random() < GULLIBLE * (1 - self.skill.notice):
                self._reach(event.at + self._reaction_time())
            else:
                self.doubt_until = event.at + self._reaction_time() + DOUBT
        elif isinstance(event, SpoonSafe | SpoonsKept):
            mine = event.seat == me if isinstance(event, SpoonSafe) else me in event.seats
            self.has_spoon = self.has_spoon or mine
        elif isinstance(event, GripSlipped) and event.seat == me:
            self._reach(event.at + self._reaction_time())
        elif isinstance(event, SpoonChallenged | EmptySlot | SpoonContested | SpoonsChanged):
            pass
        elif isinstance(event, PrematureGrab):
            if event.seat == me:
                self.grab_at, self.distracted = None, False
            else:
                self.doubt_until = None
        elif isinstance(event, HandPassedOn) and event.to == me:
            self.waiting += event.cards
        elif isinstance(event, DealerChanged):
            self.dealer = event.dealer == me
        elif isinstance(event, ReactionTestStarted) and me in event.contenders:
            self.test, self.test_mash, self.cue_at, self.pressed = (
                event.contenders, event.mash, None, False)
        elif isinstance(event, ReactCue) and me in event.contenders:
            self.cue_at = event.at
        elif isinstance(event, ReactionTestEnded) and self.test:
            self._end_test()
        elif isinstance(event, RoundEnded | RoundVoided | GameOver):
            self.playing = False
        elif isinstance(event, Eliminated):
            self.seats = [seat for seat in self.seats if seat not in event.seats]
            if me not in event.seats:
                return False
            self.active = self.playing = False
        elif isinstance(event, StockRecycled):
            self.gone.clear()
            return False
        else:
            return False
        return self._heeded(event.at)

    def _card_moved(self, event: CardTaken | CardPassed) -> bool:
        """A card picked up or passed on: news only if it came to or left this seat."""
        me = self.seat
        if event.seat != me and (isinstance(event, CardTaken) or event.to != me):
            return False
        if self._numbered:
            self.spoons.observe(event)
        if event.card is not None and isinstance(event, CardTaken):
            self.hand.append(event.card)
            self._to_pass = None
            if event.source is Source.QUEUE:
                self.waiting -= 1
                self._remember(self.received, event.card)
        elif event.card is not None and event.seat == me:
            self.hand.remove(event.card)
            self.knife_owed = max(0, self.knife_owed - 1)
            self._to_pass = None
            self._remember(self.gone, event.card)
            if self.grab_at is not None and not self.phase_two \
                    and set_rank(self.hand, self.options.set_size) is None:
                self.grab_at = None
        elif isinstance(event, CardPassed) and event.to == me:
            self.waiting += 1
            if not self.options.keep_playing:
                self.doubt_until = None
            if self._plan is not None:
                return False
        else:
            return False
        return self._heeded(event.at)

    def _heeded(self, at: float) -> bool:
        """An event at ``at`` changed what it knows: it plans afresh, no sooner than that."""
        self.ready_at = max(self.ready_at, at)
        self._stale = True
        return True

    def refused(self, now: float, reason: str = "") -> None:
        """The last move was refused: think again a moment later. A bot that missed the first
        spoon may notice now why its card move did nothing; one that doubted a reach knows now
        that it was real."""
        self.ready_at = now + self._card_time()
        if reason == "cards-stopped" and self.doubt_until is not None:
            self.doubt_until = None
            self.phase_two = True
            self._reach(now + self._reaction_time())
        if self.distracted and self.grab_at is not None:
            self._maybe_notice(now)
        self._stale = True

    def next_move(self) -> tuple[float, Command] | None:
        """The next command this bot means to give, and when."""
        if self._stale:
            self._plan = self._decide()
            self._stale = False
        return self._plan

    def wake(self, now: float) -> None:
        """The bot takes a seat over at ``now``, told the round so far: it moves no sooner."""
        self.ready_at = now

    def moved(self, now: float) -> None:
        """The planned move was made at ``now``; plan afresh. A card move that went through
        after a reach shows the reach was a feint, unless card play goes on while the spoons go
        (``keep_playing``)."""
        if self._plan is not None and isinstance(self._plan[1], CARD_PLAY) \
                and not self.options.keep_playing:
            self.doubt_until = None
        self.ready_at = now
        self.pressed = True
        self._plan = None
        self._stale = True

    # ----------------------------------------------------------------- phase 2

    def _reach(self, at: float) -> None:
        """Go for a spoon at ``at`` (or sooner, if it already meant to), attentively."""
        self.grab_at = at if self.grab_at is None else min(self.grab_at, at)
        self.distracted = False

    def _hear_spoon(self, event: SpoonGrabbed | SpoonChosen | SpoonClaimed) -> bool:
        """A reach for the spoons: its own, the silent first one, or a later one (a spoon won,
        chosen or claimed). True if it mattered."""
        if event.seat == self.seat:
            self.has_spoon = self.has_spoon or isinstance(event, SpoonGrabbed)
            return True
        if (event.first or not self.phase_two) and not self.options.announce_phase2:
            self.doubt_until = None
            self.phase_two = True
            after_setter = self._passes_to(event.seat) == self.seat
            skill = self.skill
            chance = skill.notice_after_setter if after_setter else skill.notice
            at = event.at + self._reaction_time()
            if self.rng.random() < chance:
                self._reach(at)
            elif self.grab_at is None:
                self.grab_at = at + skill.distraction.sample(self.rng)
                self.distracted = True
            return True
        if self.distracted and self.grab_at is not None:
            return self._maybe_notice(event.at)
        return False

    def _maybe_notice(self, now: float) -> bool:
        """A fresh chance for a distracted bot to take in that the spoons are going."""
        if self.rng.random() >= self.skill.notice:
            return False
        assert self.grab_at is not None
        self.grab_at = min(self.grab_at, now + self._reaction_time())
        self.distracted = False
        return True

    def _passes_to(self, seat: int) -> int | None:
        """The seat that ``seat`` passes to: the next seat in the round."""
        if seat not in self.seats:
            return None
        return self.seats[(self.seats.index(seat) + 1) % len(self.seats)]

    # ----------------------------------------------------------------- deciding

    def _decide(self) -> tuple[float, Command] | None:
        if not self.active or not self.playing:
            return None
        me, now = self.seat, self.ready_at
        if self.test:
            return self._react(now)
        if self.has_spoon:
            return self._card_move(now) if self._plays_on() else None
        if self.grab_at is None:
            move = self._card_move(now)
            if self.doubt_until is not None and (move is None or move[0] >= self.doubt_until):
                return max(now, self.doubt_until), self._grab()
            if self.bluffing and move is not None and self.doubt_until is None \
                    and self.rng.random() < FEINT_CHANCE:
                return move[0], Feint(me)
            return move
        if self.distracted:
            move = self._card_move(now)
            if move is not None and move[0] < self.grab_at:
                return move
        if not self._numbered:
            return max(now, self.grab_at), self._grab()
        spoon = self.spoons.choose(self.rng)
        if spoon is None:
            return None
        return max(now, self.grab_at), Grab(me, spoon)

    def _plays_on(self) -> bool:
        """With a spoon, it plays on where card play goes on (``keep_playing``), unless passing
        first would break the set it must keep whole."""
        if not self.options.keep_playing:
            return False
        return not (self._passes_first() and set_rank(self.hand, self.options.set_size))

    def _grab(self) -> Command:
        """A reaction-only grab, or in Pig, Donkey and Tongue the signal."""
        return Signal(self.seat) if self.options.signal else Grab(self.seat)

    def _card_move(self, now: float) -> tuple[float, Command] | None:
        size = self._hand_size
        held = len(self.hand)
        may_draw = self._may_draw()
        waiting = self.waiting
        if self._no_stock:
            passes_first = not waiting or not self._waiting_pile
        else:
            passes_first = not self._waiting_pile and (waiting > 0 or may_draw)
        if self.knife_owed or held > size or (passes_first and held == size):
            return now + self._card_delay.sample(self.rng), Pass(self.seat, self._card_to_pass())
        if (waiting or may_draw) and not (self._waiting_pile is False and held >= size):
            return now + self._card_delay.sample(self.rng), Take(self.seat)
        return None

    def _react(self, now: float) -> tuple[float, Command] | None:
        if self.cue_at is None:
            return None
        if self.test_mash:
            return max(now + self.pace.mash_interval * self.rng.uniform(0.8, 1.25),
                       self.cue_at + self._reaction_time()), React(self.seat)
        if self.pressed:
            return None
        return self.cue_at + self._reaction_time(), React(self.seat)

    def _end_test(self) -> None:
        self.test, self.cue_at, self.pressed = (), None, False

    def _passes_first(self) -> bool:
        """Whether it passes from a full hand now, before picking up: with no stock whenever
        nothing waits for it, as everyone passes at once; without a waiting pile (seed 002)
        whenever it has a card to pick up after."""
        if self._no_stock:
            return not self.waiting or not self._waiting_pile
        return not self._waiting_pile and (self.waiting > 0 or self._may_draw())

    def _may_draw(self) -> bool:
        return self._anyone_draws or (self.dealer and not self._no_stock)

    # ----------------------------------------------------------------- the card to pass

    def _card_to_pass(self) -> Card:
        """The card it passes with this hand: chosen once per hand, however often it replans."""
        if self._to_pass is None or self._to_pass not in self.hand:
            self._to_pass = self._choose_pass()
        return self._to_pass

    def _choose_pass(self) -> Card:
        """Mostly a card of the rank worth keeping least (the one picked up first among equals);
        now and then (``Skill.break_pair``) any card outside the rank worth keeping most. Without
        that, two players each holding pairs of the same two ranks would keep them for ever and
        no set could ever be made. An easy bot does that far more often: all it keeps for sure is
        the rank it holds most. Passing first from a hand that holds one card besides that rank
        (two sevens and a king), keeping the rank would pass that one card for ever: then the
        rank itself may go."""
        skill, hand = self.skill, self.hand
        worth = self.rank_worth()
        chance = skill.break_pair
        if skill.play is CardPlay.RANDOMISH:
            chance = 1 - (1 - chance) * (1 - skill.random_pass)
        if self.rng.random() < chance:
            best = max(hand, key=lambda c: worth[c.kind]).kind
            others = [c for c in hand if c.kind != best]
            if len(others) == 1 and len(hand) <= self.options.hand_size:
                others = list(hand)
            if others:
                return self.rng.choice(others)
        return min(hand, key=lambda c: worth[c.kind])

    def rank_worth(self) -> dict[str, float]:
        """How much each rank in hand is worth keeping: the cards held of it; with ``MEMORY``
        play, far less if too few copies are left out of its sight to complete a set, a little
        more for each spare copy, and (``upstream``) for each of it passed to it lately."""
        counts: dict[str, int] = {}
        for card in self.hand:
            counts[card.kind] = counts.get(card.kind, 0) + 1
        if self.skill.play is not CardPlay.MEMORY:
            return {rank: float(held) for rank, held in counts.items()}
        size = self.options.set_size
        recycled_late = self.options.deck is not DeckKind.NO_STOCK
        worth: dict[str, float] = {}
        for rank, held in counts.items():
            copies = copies_of(rank, self.options.deck)
            gone = min(self.gone.count(rank), copies - held) if recycled_late else 0
            spare = copies - held - gone - (size - held)
            if spare < 0:
                worth[rank] = held - DEAD_RANK
                continue
            bonus = 0.1 * min(spare, 4)
            if self.skill.upstream:
                bonus += 0.2 * self.received.count(rank)
            worth[rank] = held + min(bonus, 0.9)
        return worth

    def _remember(self, ranks: deque[str], card: Card) -> None:
        if self.skill.play is CardPlay.MEMORY:
            ranks.append(card.kind)

    # ----------------------------------------------------------------- timing

    def _card_time(self) -> float:
        return self._card_delay.sample(self.rng)

    def _reaction_time(self) -> float:
        return self._reaction_delay.sample(self.rng)


def make_bot(seat: int, options: Options, rng: random.Random,
             level: Level = Level.NORMAL, pace: BotPace | None = None) -> SimpleBot:
    """A bot of this level at this seat (moving at ``pace`` instead of the level's, if given)."""
    return SimpleBot(seat, options, rng, pace, level)
