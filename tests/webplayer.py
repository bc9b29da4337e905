"""A player in the page who plays Spoons by ear: each key only on a line heard, never on a guess
of how long the game or the bots take."""

from __future__ import annotations

import time
from dataclasses import dataclass, field

from playwright.sync_api import Page

AGAIN = "Enter to play again"
GAME_WON = ("wins the game!", "win the game!")
EASY_TABLE = ('{"first_run": false, "players": 3, "bots": "easy", "verbosity": "full",'
              ' "options": {"round_pause": "0.5", "hand_size": "3"}}')
"""Kept settings for a short game at which the page's player has time to play: three players,
the slowest bots, every move said, sets of three."""
TOOK = ("You drew", "You picked up")
PASSED = ("You passed", "You discarded")
NOTHING_WAITING = "No card is waiting for you."


def key_for(text: str) -> str | None:
    """The key a player presses on hearing ``text``: grab (Space) on making a set or on another
    hand taking a spoon, pass on the card under the cursor (Enter) on hearing what was taken,
    take a card (Up) when the cards come, one is passed to them or theirs has gone; None for
    anything else."""
    grabbed = text.endswith(("grabbed a spoon!", "grabbed spoons!"))
    if text.startswith("You have four") or (grabbed and not text.startswith("You")):
        return "Space"
    if text.startswith(TOOK):
        return "Enter"
    if text.startswith((*PASSED, "Your cards:")) or text.endswith("passed you a card."):
        return "ArrowUp"
    return None


@dataclass
class Player:
    """Plays games in ``page`` from its ``seen``-th line heard on, noting the keys it pressed.
    Told that no card waits for it, it tries again on the next line it hears."""

    page: Page
    seen: int
    presses: list[str] = field(default_factory=list)
    waiting: bool = False

    def play_game(self, deadline: float) -> int:
        """Play until the game asks to play again; the index of that line."""
        while True:
            lines = [str(text) for text in self.page.evaluate(
                "(seen) => window.__heard.slice(seen).map((line) => line.text)", self.seen)]
            for index, line in enumerate(lines, self.seen):
                if AGAIN in line:
                    self.seen = index + 1
                    return index
                key = key_for(line)
                if key is None and self.waiting:
                    key = "ArrowUp"
                self.waiting = line == NOTHING_WAITING
                if key is not None:
                    self.page.keyboard.press(key)
                    self.presses.append(key)
            self.seen += len(lines)
            assert time.monotonic() < deadline, lines[-10:]
            self.page.wait_for_timeout(30)
