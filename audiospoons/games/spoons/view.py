"""What one seat knows of the table, built from the events it was given: pure.

The local player's status keys and hand cursor read this, never the game itself, so that a seat
at the keyboard knows exactly what a seat over the network would.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from audiospoons.engine.cards import Card
from audiospoons.engine.events import Event
from audiospoons.games.spoons.rules.events import (
    CardPassed,
    CardsDealt,
    CardTaken,
    ContestKind,
    DealerChanged,
    Eliminated,
    FalseStart,
    GameOver,
    GameStarted,
    HandPassedOn,
    KnifeRedrawn,
    LetterGiven,
    PhaseTwoStarted,
    PointAdded,
    ReactCue,
    Reacted,
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
    SpoonGrabbed,
    SpoonSafe,
    SpoonsChanged,
    SpoonsKept,
    TeamsFormed,
)
from audiospoons.games.spoons.spoonslots import SpoonSlots


@dataclass(slots=True)
class PlayerState:
    name: str
    active: bool = True
    letters: str = ""
    points: int = 0
    has_spoon: bool = False


@dataclass(slots=True)
class SeatView:
    """The table as ``seat`` knows it."""

    seat: int
    players: list[PlayerState] = field(default_factory=list)
    hand: list[Card] = field(default_factory=list)
    waiting: int = 0
    round: int = 0
    dealer: int = 0
    spoons: int = 0
    playing: bool = False
    phase_two: bool = False
    phase_two_at: float | None = None
    set_at: float | None = None
    test: tuple[int, ...] = ()
    """The contenders of the reaction test this seat is in, if it is in one."""
    test_kind: ContestKind | None = None
    """What this seat's test is for: a fight, a contested spoon, or a race."""
    cued: bool = False
    """The cue of this seat's test has come: a press now is no false start."""
    jumped: bool = False
    """This seat pressed too soon in its test, and has no press left to make."""
    cue_at: float | None = None
    partner: int | None = None
    """This seat's partner, playing in teams."""
    reached: bool = False
    """This seat has reached for a numbered spoon this round (its reaction time is taken)."""
    over: bool = False
    winners: tuple[int, ...] = ()
    reaction_times: list[float] = field(default_factory=list)
    """This seat's reaction times, newest last: to a grab or a react cue."""
    spoon_slots: SpoonSlots = field(default_factory=lambda: SpoonSlots(0))

    def __post_init__(self) -> None:
        self.spoon_slots = SpoonSlots(self.seat)

    @property
    def me(self) -> PlayerState:
        return self.players[self.seat]

    def observe(self, event: Event) -> None:
        me = self.seat
        self.spoon_slots.observe(event)
        if isinstance(event, GameStarted):
            self.players = [PlayerState(name) for name in event.players]
        elif isinstance(event, TeamsFormed):
            self.partner = next((seat for team in event.teams if me in team
                                 for seat in team if seat != me), None)
        elif isinstance(event, RoundStarted):
            self.round, self.dealer, self.spoons = event.round, event.dealer, event.spoons
            self.playing = me in event.seats
            self.hand, self.waiting = [], 0
            self.phase_two, self.phase_two_at, self.set_at = False, None, None
            self.test, self.cue_at, self.reached = (), None, False
            self._test_over()
            for player in self.players:
                player.has_spoon = False
        elif isinstance(event, CardsDealt):
            self.hand = list(event.cards)
        elif isinstance(event, CardTaken) and event.seat == me and event.card is not None:
            self.hand.append(event.card)
            if event.source is Source.QUEUE:
                self.waiting = max(0, self.waiting - 1)
        elif isinstance(event, CardPassed):
            if event.seat == me and event.card is not None and event.card in self.hand:
                self.hand.remove(event.card)
            if event.to == me:
                self.waiting += 1
        elif isinstance(event, HandPassedOn) and event.to == me:
            self.waiting += event.cards
        elif isinstance(event, KnifeRedrawn) and event.seat == me:
            self.hand += event.cards
        elif isinstance(event, SetHeld) and event.seat == me:
            self.set_at = event.at
        elif isinstance(event, PhaseTwoStarted):
            self.phase_two, self.phase_two_at = True, event.at
        elif isinstance(event, SpoonGrabbed | SpoonSafe):
            self.players[event.seat].has_spoon = True
            self.spoons = event.spoons_left
            if isinstance(event, SpoonGrabbed) and event.seat == me and event.spoon is None:
                self._grabbed(event)
        elif isinstance(event, SpoonsKept):
            for seat in event.seats:
                self.players[seat].has_spoon = True
            self.spoons = event.spoons_left
        elif isinstance(event, SpoonChosen | SpoonClaimed | SpoonChallenged):
            if event.seat == me and not self.reached:
                self.reached = True
                first = isinstance(event, SpoonChosen | SpoonClaimed) and event.first
                started = self.set_at if first else self.phase_two_at
                if started is not None:
                    self.reaction_times.append(event.at - started)
        elif isinstance(event, SpoonsChanged):
            self.spoons = event.spoons
        elif isinstance(event, DealerChanged):
            self.dealer = event.dealer
        elif isinstance(event, ReactionTestStarted) and me in event.contenders:
            self.test, self.cue_at = event.contenders, None
            self._test_over()
            self.test_kind = event.contest
        elif isinstance(event, ReactCue) and me in event.contenders:
            self.cue_at, self.cued = event.at, True
        elif isinstance(event, FalseStart) and event.seat == me:
            self.jumped = True
        elif isinstance(event, Reacted) and event.seat == me and self.cue_at is not None:
            self.reaction_times.append(event.after)
            self.cue_at = None
        elif isinstance(event, ReactionTestEnded) and set(event.ranking) == set(self.test):
            self.test, self.cue_at = (), None
            self._test_over()
        elif isinstance(event, LetterGiven):
            self.players[event.seat].letters = event.letters
        elif isinstance(event, PointAdded):
            self.players[event.seat].points = event.points
        elif isinstance(event, Eliminated):
            for seat in event.seats:
                self.players[seat].active = False
            self.playing = self.playing and me not in event.seats
        elif isinstance(event, RoundEnded | RoundVoided):
            self.playing = False
        elif isinstance(event, GameOver):
            self.over, self.winners, self.playing = True, event.winners, False

    def _test_over(self) -> None:
        self.test_kind, self.cued, self.jumped = None, False, False

    def _grabbed(self, event: SpoonGrabbed) -> None:
        """A grab's reaction time: from the first grab, or from your own set if you were first
        (``Reacted`` gives it in reaction tests)."""
        started = self.set_at if event.first else self.phase_two_at
        if self.test or started is None:
            return
        self.reaction_times.append(event.at - started)
