"""The keys that review what was said, outside a game's own key table: in the menus, the
lobby, text fields and the prompt after a game."""

from __future__ import annotations

from audiospoons.voice.speaker import Speaker

HISTORY_KEYS = {",": "previous", "pageup": "previous", ".": "next", "pagedown": "next",
                "<": "first", "shift+pageup": "first", ">": "last", "shift+pagedown": "last"}
"""Reviewing what was said, as in the game: no menu item starts with these."""
TEXT_HISTORY_KEYS = {label: move for label, move in HISTORY_KEYS.items() if len(label) > 1}
"""Reviewing what was said in a text field, where comma and period are typed."""


def review_history(speaker: Speaker, move: str) -> None:
    """Say a line from the history of what was said (``move``: previous, next, first or
    last), without adding it again."""
    history = speaker.history
    line = {"previous": history.previous, "next": history.next, "first": history.first,
            "last": history.last}[move]()
    speaker.review(line)
