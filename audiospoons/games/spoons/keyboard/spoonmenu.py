"""The colour menu of spoons (seed 000's option 3): the numbered spoons as colours, in an order
of this player's own, shuffled afresh each round, since most people would press Enter on the
first item at once. Tab and Shift+Tab move through it; the grab key takes the colour you are on.
Pure: the caller gives the random source.
"""

from __future__ import annotations

import random

from audiospoons.games.spoons.keyboard.spoonnames import SpoonStyle, spoon_word
from audiospoons.voice.i18n import Messages


class ColourMenu:
    """One player's colour menu for the spoons of a round."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.order: list[int] = []
        self.focus = 0
        self.heard = False
        """The player has heard where the focus is since the deal."""

    def deal(self, spoons: int) -> None:
        """A new round (or a new number of spoons): a fresh order, the focus on its first."""
        self.order = list(range(1, spoons + 1))
        self.rng.shuffle(self.order)
        self.focus = 0
        self.heard = False

    @property
    def spoon(self) -> int | None:
        """The spoon the focus is on."""
        return self.order[self.focus] if self.order else None

    def move(self, step: int) -> None:
        """Move the focus, round the ends; the first move of a round only says where the focus
        is, so that the first colour is heard before any other."""
        if self.order and self.heard:
            self.focus = (self.focus + step) % len(self.order)
        self.heard = True

    def item_text(self, m: Messages) -> str:
        """'Red, 2 of 4'."""
        if self.spoon is None:
            return m.ntr("spoons.left", 0)
        text = m.tr("spoon.menu.item", colour=spoon_word(m, self.spoon, SpoonStyle.COLOURS),
                    position=self.focus + 1, count=len(self.order))
        return text[:1].upper() + text[1:]
