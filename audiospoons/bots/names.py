"""The names bots are heard by, at a table of bots and at the player's own."""

from __future__ import annotations

BOT_NAMES = ("Andrew", "Britany", "Chris", "Debra", "Ellen", "Frank", "Giana", "Henry", "Ivy",
             "Jack", "Kim", "Leo", "Maya", "Nick", "Olga", "Paul", "Quinn", "Rosa", "Sam",
             "Tina", "Uma", "Victor", "Wendy", "Xavier", "Yara", "Zack")
"""Names to hear bot games with: seed 000's players first, then one for each letter."""


def bot_names(count: int, skip: int = 0) -> list[str]:
    """``count`` distinct names from ``BOT_NAMES`` after the first ``skip``; past the end of
    the list, a letter's name takes a number ("Andrew 2")."""
    names = []
    for index in range(skip, skip + count):
        lap, place = divmod(index, len(BOT_NAMES))
        names.append(BOT_NAMES[place] if lap == 0 else f"{BOT_NAMES[place]} {lap + 1}")
    return names
