"""A round of Razz Spoons as the checks on a move read it: where the round stands, a King's
demand, and the small shape ``RazzTable`` through which they read the game."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Protocol

from audiospoons.engine.cards import Card
from audiospoons.games.razz.rules.options import RazzOptions
from audiospoons.games.razz.rules.race import SpoonRace
from audiospoons.games.razz.rules.referee import Referee


class Phase(Enum):
    CHOOSING = "choosing"
    """The first deal is out; the dealer chooses the Razzing Phrase."""
    PLAYING = "playing"
    RACE = "race"
    """A Jack put the spoons out."""
    BETWEEN_ROUNDS = "between rounds"
    OVER = "over"


@dataclass(frozen=True, slots=True)
class KingDemand:
    """``target`` must take ``count`` cards or bounce them to ``sender``; ``opener`` played the
    first King, and play goes on from them."""

    target: int
    sender: int
    count: int
    opener: int


class RazzTable(Protocol):
    """The round as the checks on a move see it."""

    @property
    def options(self) -> RazzOptions: ...

    @property
    def names(self) -> Sequence[str]: ...

    @property
    def players(self) -> int: ...

    @property
    def hands(self) -> Sequence[Sequence[Card]]: ...

    @property
    def phase(self) -> Phase: ...

    @property
    def dealer(self) -> int: ...

    @property
    def turn_seat(self) -> int: ...

    @property
    def turn_number(self) -> int: ...

    @property
    def top(self) -> Card: ...

    @property
    def suit(self) -> str:
        """The suit to follow: the top card's, or the one an Eight named."""

    @property
    def count(self) -> int:
        """The count being raised by twos and aces, or 0."""

    @property
    def drawn(self) -> Card | None:
        """The playable card the turn's player just drew."""

    @property
    def king(self) -> KingDemand | None: ...

    @property
    def race(self) -> SpoonRace | None: ...

    @property
    def referee(self) -> Referee: ...

    def to_act(self) -> int | None:
        """Who the game waits for: a King's target, or the player whose turn it is."""
