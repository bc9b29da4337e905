"""Every game's keyboard half, by name: where the keyboard's side finds how a game is said, heard
and played. The rules halves are ``games.registry``'s, which the relay uses alone."""

from __future__ import annotations

from audiospoons.games.razz.keyboard.side import KEYBOARD as RAZZ
from audiospoons.games.registry import DEFAULT, GAMES
from audiospoons.games.slapjack.keyboard.side import KEYBOARD as SLAPJACK
from audiospoons.games.spoons.keyboard.side import KEYBOARD as SPOONS
from audiospoons.sound.cue import SHARED_CUE_NAMES
from audiospoons.ui.keyboardhalf import KeyboardHalf

KEYBOARDS: dict[str, KeyboardHalf] = {
    half.rules.name: half for half in sorted((SPOONS, RAZZ, SLAPJACK),
                                             key=lambda half: list(GAMES).index(half.rules.name))}
"""The games' keyboard halves, in the order of ``games.registry.GAMES``."""


def listed_keyboard(name: object) -> KeyboardHalf:
    """The keyboard half of the game a relay's message names; the first game's where it names
    none this program knows (an older relay names none for the classic game)."""
    return KEYBOARDS[name] if isinstance(name, str) and name in KEYBOARDS else KEYBOARDS[DEFAULT]


def cue_names() -> tuple[str, ...]:
    """Every sound there is: the shared layers' own, then each game's, each once. The sound
    device loads them, the page's server serves them and ``scripts/make_sounds.py`` makes
    them."""
    names = [*SHARED_CUE_NAMES, *(name for half in KEYBOARDS.values() for name in half.cue_names)]
    return tuple(dict.fromkeys(names))
