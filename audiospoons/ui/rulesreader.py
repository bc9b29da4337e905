"""The rules of the game being played, read at the table a line at a time (Shift+F1): Up and
Down move through them, Home and End jump to the first and last line, Escape closes them.

Against bots the game waits while the rules are open, as it does in the pause menu: a player
listening to the rules cannot also listen to the table, and a blind player who stops to read the
rules of a card game at a real table expects the others to wait for them. Online nobody waits:
the rules take only their own keys, every other key plays as usual, and what happens at the
table goes on being said (``RelaySeat``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from audiospoons.ui.controls import key_controls, offer
from audiospoons.ui.player import KeySource
from audiospoons.voice.i18n import Messages
from audiospoons.voice.speaker import Speaker

CLOSE = "escape"


class RulesReader:
    """Lines of rules and the one the player is on."""

    def __init__(self, lines: Sequence[str], m: Messages) -> None:
        self.lines = tuple(lines)
        self.m = m
        self.at = 0

    def opening(self) -> str:
        """How the rules are read, then their first line: said as one line, so that the first
        is not cut off by the second."""
        return " ".join((self.m.ntr("rules.opening", len(self.lines)), self.lines[0]))

    def press(self, label: str) -> str | None:
        """The line a key moves to, the ends said as a menu says them; None for a key that
        does not move through the rules."""
        last = len(self.lines) - 1
        moved = {"up": self.at - 1, "down": self.at + 1, "home": 0, "end": last}.get(label)
        if moved is None:
            return None
        if moved < 0:
            return self.m.tr("menu.top", item=self.lines[0])
        if moved > last:
            return self.m.tr("menu.bottom", item=self.lines[last])
        self.at = moved
        return self.lines[moved]


def read_rules(lines: Sequence[str], speaker: Speaker, m: Messages, keys: KeySource,
               clock: Callable[[], float], resume_after: Callable[[float], None]) -> None:
    """The rules until Escape, the game's clock stopped as in the pause menu (``resume_after``
    is told how long they were open). Any other key says how to read them."""
    reader = RulesReader(lines, m)
    opened_at = clock()
    speaker.review(reader.opening())
    try:
        while True:
            offer(keys, key_controls(("up", "down", "home", "end", CLOSE), (), m))
            for key in keys.read(None):
                speaker.interrupt()
                if key.label == CLOSE:
                    speaker.review(m.tr("game.resumed"))
                    return
                said = reader.press(key.label)
                speaker.review(said if said is not None else m.tr("rules.keys"))
    finally:
        resume_after(clock() - opened_at)
