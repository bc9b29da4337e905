"""How numbered spoons are named to one player: by number, or by colour (seed 000's option 3).

Spoon N has the same colour for everyone at the table; what differs from player to player is the
order of the colour menu (see ``ui.spoonmenu``). Past the twentieth colour spoons keep their
numbers.
"""

from __future__ import annotations

from enum import Enum

from audiospoons.voice.i18n import Messages


class SpoonStyle(Enum):
    NUMBERS = "numbers"
    COLOURS = "colours"


COLOUR_IDS = (
    "colour.red", "colour.blue", "colour.green", "colour.yellow", "colour.orange",
    "colour.purple", "colour.pink", "colour.brown", "colour.black", "colour.white",
    "colour.grey", "colour.gold", "colour.silver", "colour.teal", "colour.navy",
    "colour.maroon", "colour.lime", "colour.violet", "colour.beige", "colour.turquoise",
)


def coloured(style: SpoonStyle, spoon: int) -> bool:
    return style is SpoonStyle.COLOURS and 1 <= spoon <= len(COLOUR_IDS)


def spoon_word(m: Messages, spoon: int, style: SpoonStyle) -> str:
    """A spoon in a list: '3', or 'red'."""
    if coloured(style, spoon):
        return m.tr(COLOUR_IDS[spoon - 1])
    return str(spoon)


def spoon_phrase(m: Messages, spoon: int, style: SpoonStyle) -> str:
    """A spoon in a sentence where its colour names it: 'the red spoon'."""
    return m.tr("spoon.coloured", colour=spoon_word(m, spoon, style))
