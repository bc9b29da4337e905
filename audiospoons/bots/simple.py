"""A simple bot: keeps the rank it holds most of, and moves at a human pace.

A bot learns the game only from the events its seat may see (``observe``) and proposes its next
command with the time it would happen (``next_move``). It never reads the game's state.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from audiospoons.engine.cards import Card, DeckKind, set_rank
from audiospoons.engine.commands import Command, Grab, Pass, React, Take
from audiospoons.engine.events import (
    CardPassed,
    CardsDealt,
    CardTaken,
    DealerChanged,
    Eliminated,
    Event,
    GameOver,
    HandPassedOn,
    PhaseTwoStarted,
    PrematureGrab,
    ReactCue,
    ReactionTestEnded,
    ReactionTestStarted,
    RoundEnded,
    RoundStarted,
    RoundVoided,
    SetHeld,
    Source,
    SpoonGrabbed,
)
from audiospoons.engine.options import DrawVariant, Options

BREAK_PAIR_CHANCE = 0.15
"""How often a bot passes a card other than its least-held one."""


@dataclass(frozen=True, slots=True)
class Pace:
    """How quickly a bot moves, in seconds: mean and spread of a card move and of a reaction."""

    card_mean: float = 0.7
    card_spread: float = 0.2
    reaction_mean: float = 0.45
    reaction_spread: float = 0.12
    mash_interval: float = 0.16


class SimpleBot:
    """One bot at one seat."""

    def __init__(self, seat: int, options: Options, rng: random.Random,
                 pace: Pace | None = None) -> None:
        self.seat = seat
        self.options = options
        self.rng = rng
        self.pace = pace or Pace()
        self.active = True
        self.hand: list[Card] = []
        self.waiting = 0
        self.playing = False
        self.grab_at: float | None = None
        self.phase_two = False
        self.has_spoon = False
        self.dealer = False
        self.test: tuple[int, ...] = ()
        self.test_mash = False
        self.cue_at: float | None = None
        self.pressed = False
        self.ready_at = 0.0
        self._plan: tuple[float, Command] | None = None
        self._stale = True

    def observe(self, event: Event) -> bool:
        """Take in one event as this seat sees it; True when it changed this seat's plans."""
        me = self.seat
        if isinstance(event, CardTaken) and event.seat != me:
            return False
        if isinstance(event, CardPassed) and event.seat != me and event.to != me:
            return False
        if isinstance(event, RoundStarted):
            self.playing = me in event.seats
            self.dealer = event.dealer == me
            self.hand, self.waiting, self.has_spoon = [], 0, False
            self.grab_at, self.phase_two = None, False
            self._end_test()
        elif isinstance(event, CardsDealt):
            self.hand = list(event.cards)
        elif isinstance(event, CardTaken) and event.seat == me and event.card is not None:
            self.hand.append(event.card)
            if event.source is Source.QUEUE:
                self.waiting -= 1
        elif isinstance(event, CardPassed) and event.seat == me and event.card is not None:
            self.hand.remove(event.card)
            if not self.phase_two and set_rank(self.hand, self.options.set_size) is None:
                self.grab_at = None
        elif isinstance(event, CardPassed) and event.to == me:
            self.waiting += 1
            if self._plan is not None:
                return False
        elif isinstance(event, SetHeld | PhaseTwoStarted):
            self.phase_two = self.phase_two or isinstance(event, PhaseTwoStarted)
            if self.grab_at is None:
                self.grab_at = event.at + self._reaction_time()
        elif isinstance(event, PrematureGrab) and event.seat == me:
            self.grab_at = None
        elif isinstance(event, HandPassedOn) and event.to == me:
            self.waiting += event.cards
        elif isinstance(event, DealerChanged):
            self.dealer = event.dealer == me
        elif isinstance(event, SpoonGrabbed) and event.seat == me:
            self.has_spoon = True
        elif isinstance(event, ReactionTestStarted) and me in event.contenders:
            self.test, self.test_mash, self.cue_at, self.pressed = (
                event.contenders, event.mash, None, False)
        elif isinstance(event, ReactCue) and me in event.contenders:
            self.cue_at = event.at
        elif isinstance(event, ReactionTestEnded) and self.test:
            self._end_test()
        elif isinstance(event, RoundEnded | RoundVoided | GameOver):
            self.playing = False
        elif isinstance(event, Eliminated) and me in event.seats:
            self.active = self.playing = False
        else:
            return False
        self.ready_at = max(self.ready_at, event.at)
        self._stale = True
        return True

    def refused(self, now: float) -> None:
        """The last move was refused: think again a moment later."""
        self.ready_at = now + self._card_time()
        self._stale = True

    def next_move(self) -> tuple[float, Command] | None:
        """The next command this bot means to give, and when."""
        if self._stale:
            self._plan = self._decide()
            self._stale = False
        return self._plan

    def moved(self, now: float) -> None:
        """The planned move was made at ``now``; plan afresh."""
        self.ready_at = now
        self.pressed = True
        self._plan = None
        self._stale = True

    def _decide(self) -> tuple[float, Command] | None:
        if not self.active or not self.playing:
            return None
        me, now = self.seat, self.ready_at
        if self.test:
            return self._react(now)
        if self.has_spoon:
            return None
        if self.grab_at is not None:
            return max(now, self.grab_at), Grab(me)
        size = self.options.hand_size
        if len(self.hand) > size or (self._passes_first() and len(self.hand) == size
                                     and not self.waiting):
            return now + self._card_time(), Pass(me, self._worst_card())
        if self.waiting or self._may_draw():
            return now + self._card_time(), Take(me)
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
        return self.options.deck is DeckKind.NO_STOCK

    def _may_draw(self) -> bool:
        if self.options.deck is DeckKind.NO_STOCK:
            return False
        return self.options.draw is not DrawVariant.DISCARD or self.dealer

    def _worst_card(self) -> Card:
        """Mostly a card of the rank held least (the one picked up first among equals); now and
        then any card outside the rank held most. Without that, two players each holding pairs
        of the same two ranks would keep them for ever and no set could ever be made."""
        counts: dict[str, int] = {}
        for card in self.hand:
            counts[card.rank] = counts.get(card.rank, 0) + 1
        if self.rng.random() < BREAK_PAIR_CHANCE:
            best = max(self.hand, key=lambda c: counts[c.rank]).rank
            others = [c for c in self.hand if c.rank != best]
            if others:
                return self.rng.choice(others)
        return min(self.hand, key=lambda c: counts[c.rank])

    def _card_time(self) -> float:
        return max(0.2, self.rng.gauss(self.pace.card_mean, self.pace.card_spread))

    def _reaction_time(self) -> float:
        return max(0.15, self.rng.gauss(self.pace.reaction_mean, self.pace.reaction_spread))
