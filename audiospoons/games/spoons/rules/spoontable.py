"""The round as the classic game's ways of grabbing the spoons (``selection``, ``fighting``) and
its scoring (``scoring``) see it and change it: the one small interface between the game and
those rules, so that none of them reaches into the game's own workings."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from audiospoons.engine.events import Event
from audiospoons.games.spoons.rules.options import Options
from audiospoons.games.spoons.rules.reactiontests import ReactionTests


class SeatState(Protocol):
    """A player's place as those rules read it: who, whether they hold a spoon, their misses."""

    @property
    def name(self) -> str: ...

    @property
    def has_spoon(self) -> bool: ...

    misses: int


class SpoonTable(Protocol):
    """A round of the classic game, for the rules that hand out its spoons and charge its
    misses."""

    @property
    def now(self) -> float: ...

    @property
    def options(self) -> Options: ...

    @property
    def seats(self) -> Sequence[SeatState]: ...

    @property
    def spoons(self) -> int:
        """The spoons still on the table."""

    @property
    def round_spoons(self) -> int:
        """The spoons the round started its grabbing with."""

    @property
    def first_grabber(self) -> int | None: ...

    @property
    def grab_deadline(self) -> float | None:
        """When the grab time limit runs out, if it runs."""

    @property
    def charged(self) -> set[int]:
        """The seats charged a miss this round already."""

    @property
    def teams(self) -> tuple[tuple[int, ...], ...]: ...

    @property
    def counted_rounds(self) -> int: ...

    @property
    def over(self) -> bool: ...

    def active_seats(self) -> list[int]: ...

    def teams_in(self) -> list[tuple[int, ...]]: ...

    def begin_phase_two(self, seat: int) -> list[Event]:
        """The first legitimate grab, by ``seat``: card play stops."""

    def take_spoon(self, seat: int) -> int:
        """``seat`` now holds a spoon; the spoons left on the table."""

    def charge(self, seats: tuple[int, ...], *, at_once: bool = False) -> list[Event]:
        """Charge seats a miss mid-round; the game ends here if too few are left."""

    def eliminate(self, seats: tuple[int, ...], *, at_once: bool = False) -> list[Event]: ...

    def end_round(self, now: float) -> list[Event]: ...

    @property
    def tests(self) -> ReactionTests:
        """The round's reaction tests, running and waiting their turn."""
