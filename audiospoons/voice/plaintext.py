"""Text from players (names, chat) made safe for every speech engine.

Control and format characters (bidi overrides, zero-width joiners) are removed, runs of white
space become one space, and angle brackets go, so that no engine that guesses at markup (SAPI
does) finds a tag. The length is capped so that one name cannot drown the game.
"""

from __future__ import annotations

import unicodedata

NAME_LIMIT = 20
CHAT_LIMIT = 200
DROPPED_CATEGORIES = {"Cc", "Cf", "Co", "Cs", "Cn"}


def plain_text(text: str, limit: int = CHAT_LIMIT) -> str:
    """``text`` with only printable characters and single spaces, at most ``limit`` long."""
    kept = []
    for char in unicodedata.normalize("NFC", text):
        category = unicodedata.category(char)
        if category.startswith("Z") or char in "\t\n\r<>":
            kept.append(" ")
        elif category not in DROPPED_CATEGORIES:
            kept.append(char)
    return " ".join("".join(kept).split())[:limit].rstrip()


def plain_name(name: str) -> str:
    """A player's name as it is spoken: plain text, at most ``NAME_LIMIT`` characters."""
    return plain_text(name, NAME_LIMIT)
