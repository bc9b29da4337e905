"""What a seat can do in Razz Spoons, as data. The time travels beside a command, not inside.

The names differ from the classic game's commands even in lower case, as the wire keys on them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from audiospoons.engine.cards import Card
from audiospoons.engine.commands import Command, TimedPress


@dataclass(frozen=True, slots=True)
class ChoosePhrase(Command):
    """The dealer's Razzing Phrase for the game: 1 to 40 characters once trimmed."""

    text: str


@dataclass(frozen=True, slots=True)
class PlayCard(Command):
    """Play ``card``. A King names its ``target`` (a bounce names who sent it); an Eight names
    the new ``suit``; no other card takes either."""

    card: Card
    target: int | None = None
    suit: str | None = None


@dataclass(frozen=True, slots=True)
class DrawCard(Command):
    """Draw in your turn; facing a King or a count, take the cards (then say the phrase)."""


@dataclass(frozen=True, slots=True)
class Keep(Command):
    """Keep the playable card just drawn, and end the turn."""


@dataclass(frozen=True, slots=True)
class SayPhrase(Command):
    """Say the Razzing Phrase: when it is owed, or to take a King's or a count's cards."""


@dataclass(frozen=True, slots=True)
class GrabSpoon(TimedPress):
    """Grab a spoon after a Jack. ``pressed_at``: the game time of the press when it happened
    before the command reached the table (dated by the relay, never by a client)."""

    answers: ClassVar[tuple[str, ...]] = ("race",)
    pressed_at: float | None = None


@dataclass(frozen=True, slots=True)
class Announce(Command):
    """Announce that you have one card left."""


@dataclass(frozen=True, slots=True)
class Razz(Command):
    """Razz ``target`` for a mistake."""

    target: int
