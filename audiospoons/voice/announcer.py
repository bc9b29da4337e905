"""What one listener hears, in words: the lines every game's announcer gives, and how loud they
are."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum


def sentence_start(text: str) -> str:
    """``text`` with its first letter a capital, after any opening '¡' or '¿'."""
    lead = len(text) - len(text.lstrip("¡¿"))
    return text[:lead] + text[lead:lead + 1].upper() + text[lead + 1:]


class Verbosity(Enum):
    """``full`` says every pass and pick-up; ``brief`` only what changes a decision."""

    FULL = "full"
    BRIEF = "brief"


@dataclass(frozen=True, slots=True)
class Utterance:
    """A line to speak; an ``urgent`` one cuts off whatever is being said."""

    text: str
    urgent: bool = False
