"""What a Razzing Phrase may be: the text a dealer chooses, as the game will use it."""

from __future__ import annotations

import unicodedata

from audiospoons.engine.errors import MalformedCommand

PHRASE_LENGTH = 40


def clean_phrase(text: str) -> str:
    """The phrase as it will be used: trimmed, 1 to 40 characters, no control or format
    characters (it reaches speech engines as plain text)."""
    phrase = text.strip()
    if not 1 <= len(phrase) <= PHRASE_LENGTH:
        raise MalformedCommand(f"a Razzing Phrase has 1 to {PHRASE_LENGTH} characters, not"
                               f" {len(phrase)}", reason="phrase-length")
    if any(unicodedata.category(char).startswith("C") for char in phrase):
        raise MalformedCommand("a Razzing Phrase holds no control characters",
                               reason="phrase-characters")
    return phrase
