"""The one shape every game's rules have, as the hosts that drive them see it.

A host (the Table at one machine, the relay's rooms, replay, simulation) holds a game only through
``Rules`` and its seats' bots only through ``Bot``, and so never needs to know which game it runs.
Rules are pure: commands and game time in, events out; a refusal raises ``RulesError`` and
changes nothing but the time.
"""

from __future__ import annotations

from typing import Protocol, runtime_checkable

from audiospoons.engine.commands import Command
from audiospoons.engine.events import Event


class OptionDoc(Protocol):
    """One option of a game as ``audiospoons options`` and the README tell it."""

    @property
    def key(self) -> str: ...

    @property
    def accepts(self) -> str: ...

    @property
    def description(self) -> str: ...


class GameOptions(Protocol):
    """A game's options, as the hosts and menus show and check them."""

    def describe(self) -> dict[str, str]: ...

    def check_players(self, players: int) -> None: ...


@runtime_checkable
class Rules(Protocol):
    """A game in play."""

    late_window: float
    """Seconds a grab in a race waits for one made earlier that reached the table later: a host
    whose presses cross a network sets it to its players' round trips; at one table it is 0."""

    @property
    def now(self) -> float:
        """The game time of the last call."""

    @property
    def over(self) -> bool: ...

    @property
    def winners(self) -> tuple[int, ...]:
        """The seats that won, once the game is over."""

    def start(self) -> list[Event]:
        """Seat the players and deal, at time 0."""

    def handle(self, command: Command, now: float) -> list[Event]:
        """Fire what is due by ``now``, then apply ``command``. A refusal raises, and the
        events already fired are kept for the next call."""

    def advance(self, now: float) -> list[Event]:
        """Fire every timer due by ``now``, in time order."""

    def next_deadline(self) -> float | None:
        """The earliest time at which ``advance`` has something to do, if any."""

    def deadline_for(self, seat: int) -> float | None:
        """When the limit now running against ``seat`` runs out, if one is."""

    def verify(self, command: Command) -> None:
        """Raise the ``RulesError`` that ``handle`` would raise for ``command`` now."""

    def allows(self, command: Command) -> bool:
        """Whether ``command`` would be accepted now."""

    def in_game(self, seat: int) -> bool:
        """Whether the seat still plays: one knocked out needs no stand-in."""


@runtime_checkable
class Bot(Protocol):
    """A seat the host plays itself."""

    @property
    def seat(self) -> int: ...

    @property
    def active(self) -> bool:
        """Still in the game: a bot that is out plans nothing more."""

    @property
    def hears_all(self) -> bool:
        """Whether it takes in events that are news only to other seats (``Event.parties``),
        as a bot following the table by ear does; a host hands those to no other bot."""

    def observe(self, event: Event) -> bool:
        """Take in an event as this seat may know it; True if it should plan afresh."""

    def next_move(self) -> tuple[float, Command] | None: ...

    def moved(self, now: float) -> None: ...

    def refused(self, now: float, reason: str = "") -> None: ...

    def wake(self, now: float) -> None:
        """A stand-in, told the game so far, is to move no sooner than game time ``now``."""

