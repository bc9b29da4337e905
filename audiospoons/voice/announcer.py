"""What one listener hears, in words: the lines every game's announcer gives, and how loud they
are."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from typing import TYPE_CHECKING

from audiospoons.engine.events import Event
from audiospoons.voice.pace import LASTING, LinePace
from audiospoons.voice.plaintext import plain_name

if TYPE_CHECKING:
    from audiospoons.voice.i18n import Messages


def sentence_start(text: str) -> str:
    """``text`` with its first letter a capital, after any opening '¡' or '¿'."""
    lead = len(text) - len(text.lstrip("¡¿"))
    return text[:lead] + text[lead:lead + 1].upper() + text[lead + 1:]


SENTENCE_OPENING = re.compile(r"(^|[.?!؟…]\s+)([¡¿]*)(\w)")
"""The first letter of a sentence: at the start, or after a sentence's end and a space."""


def sentences_started(text: str) -> str:
    """``text`` with a capital at the start of each of its sentences: a word put in where a
    language's sentence begins ('... name? diamonds.') takes one there, and only there."""
    return SENTENCE_OPENING.sub(lambda found: found[1] + found[2] + found[3].upper(), text)


class Verbosity(Enum):
    """``full`` says every pass and pick-up; ``brief`` only what changes a decision."""

    FULL = "full"
    BRIEF = "brief"


@dataclass(frozen=True, slots=True)
class Utterance:
    """A line to speak; an ``urgent`` one cuts off whatever is being said; ``pace`` says how
    long it stays worth saying and what it has to do with the lines around it."""

    text: str
    urgent: bool = False
    pace: LinePace = LASTING


def seat_names(players: Sequence[str], messages: Messages) -> tuple[str, ...]:
    """The players' names as they are spoken ('Player 3' for a name with nothing sayable)."""
    return tuple(plain_name(name) or messages.tr("player.unnamed", number=seat + 1)
                 for seat, name in enumerate(players))


class EventAnnouncer:
    """What every game's announcer shares: the players' names as they are said, and a line,
    urgent or not, for each event the game has words for (``_text``)."""

    def __init__(self, players: Sequence[str], messages: Messages, verbosity: Verbosity) -> None:
        self.players = seat_names(players, messages)
        self.m = messages
        self.verbosity = verbosity

    def announce(self, event: Event, listener: int | None) -> list[Utterance]:
        """The lines ``listener`` (a seat, or None for a spectator) hears for ``event``."""
        text = self._text(event, listener)
        if text is None:
            return []
        return [Utterance(sentence_start(text), urgent=self._urgent(event, listener),
                          pace=self._pace(event, listener))]

    def _text(self, event: Event, you: int | None) -> str | None:
        """The words for ``event`` as ``you`` hear it, or None for an event not said."""
        raise NotImplementedError

    def _urgent(self, event: Event, listener: int | None) -> bool:
        """Whether the line cuts off whatever is being said."""
        return False

    def _pace(self, event: Event, listener: int | None) -> LinePace:
        """How long the line stays worth saying, and what it has to do with its neighbours."""
        return LASTING
