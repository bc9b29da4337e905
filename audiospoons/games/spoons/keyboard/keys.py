"""The classic game's keys: its actions, the keys each has at first, and their names. Pure."""

from __future__ import annotations

from collections.abc import Mapping
from enum import Enum

from audiospoons.ui.gamekeys import KeyTable, Rebinding, SharedAction, shared_keys


class SpoonsAction(Enum):
    """What a key does in the classic game, besides the shared actions."""

    SPACE = "space"
    """Grab a spoon, or react in a reaction test."""
    PASS = "pass"
    CURSOR_LEFT = "cursor-left"
    CURSOR_RIGHT = "cursor-right"
    SLOT_1 = "slot-1"
    SLOT_2 = "slot-2"
    SLOT_3 = "slot-3"
    SLOT_4 = "slot-4"
    SLOT_5 = "slot-5"
    PICK_UP = "pick-up"
    DRAW = "draw"
    HAND = "hand"
    SPOONS = "spoons"
    PLAYERS = "players"
    WAITING = "waiting"
    OPTIONS = "options"
    REACTION = "reaction"
    SPOON_NEXT = "spoon-next"
    """The next spoon in the colour menu."""
    SPOON_PREVIOUS = "spoon-previous"
    FEINT = "feint"
    """Reach for the spoons without taking one, where bluffing is on."""


SLOTS = (SpoonsAction.SLOT_1, SpoonsAction.SLOT_2, SpoonsAction.SLOT_3, SpoonsAction.SLOT_4,
         SpoonsAction.SLOT_5)

ClassicAction = SpoonsAction | SharedAction
"""A key's action in the classic game."""

_PLAY_AND_STATUS_KEYS: dict[ClassicAction, tuple[str, ...]] = {
    SpoonsAction.SPACE: ("space",),
    SpoonsAction.PASS: ("enter",),
    SpoonsAction.CURSOR_LEFT: ("left",),
    SpoonsAction.CURSOR_RIGHT: ("right",),
    SpoonsAction.SLOT_1: ("a",),
    SpoonsAction.SLOT_2: ("s",),
    SpoonsAction.SLOT_3: ("d",),
    SpoonsAction.SLOT_4: ("f",),
    SpoonsAction.SLOT_5: ("g",),
    SpoonsAction.PICK_UP: ("up",),
    SpoonsAction.DRAW: ("down",),
    SpoonsAction.HAND: ("h",),
    SpoonsAction.SPOONS: ("f2",),
    SpoonsAction.PLAYERS: ("f3",),
    SpoonsAction.WAITING: ("f4",),
    SpoonsAction.OPTIONS: ("f5",),
    SpoonsAction.REACTION: ("f6",),
}
_SPOON_MENU_KEYS: dict[ClassicAction, tuple[str, ...]] = {
    SpoonsAction.SPOON_NEXT: ("tab",),
    SpoonsAction.SPOON_PREVIOUS: ("shift+tab",),
    SpoonsAction.FEINT: ("b",),
}
DEFAULT_KEYS = (_PLAY_AND_STATUS_KEYS | shared_keys(
    SharedAction.HISTORY_PREVIOUS, SharedAction.HISTORY_NEXT, SharedAction.HISTORY_FIRST,
    SharedAction.HISTORY_LAST, SharedAction.REPEAT, SharedAction.VOLUME_DOWN,
    SharedAction.VOLUME_UP, SharedAction.RATE_DOWN, SharedAction.RATE_UP,
) | _SPOON_MENU_KEYS | shared_keys(SharedAction.HELP, SharedAction.RULES, SharedAction.MENU))
"""The classic game's keys, in the order the Keys screen lists them: the grab and the hand,
the status keys, what was said and the sound, the spoon menu and the feint, then help, the
rules and the pause."""

ACTION_IDS: dict[SpoonsAction, str] = {
    SpoonsAction.SPACE: "keys.action.space",
    SpoonsAction.PASS: "keys.action.pass",
    SpoonsAction.CURSOR_LEFT: "keys.action.cursor-left",
    SpoonsAction.CURSOR_RIGHT: "keys.action.cursor-right",
    SpoonsAction.SLOT_1: "keys.action.slot-1",
    SpoonsAction.SLOT_2: "keys.action.slot-2",
    SpoonsAction.SLOT_3: "keys.action.slot-3",
    SpoonsAction.SLOT_4: "keys.action.slot-4",
    SpoonsAction.SLOT_5: "keys.action.slot-5",
    SpoonsAction.PICK_UP: "keys.action.pick-up",
    SpoonsAction.DRAW: "keys.action.draw",
    SpoonsAction.HAND: "keys.action.hand",
    SpoonsAction.SPOONS: "keys.action.spoons",
    SpoonsAction.PLAYERS: "keys.action.players",
    SpoonsAction.WAITING: "keys.action.waiting",
    SpoonsAction.OPTIONS: "keys.action.options",
    SpoonsAction.REACTION: "keys.action.reaction",
    SpoonsAction.SPOON_NEXT: "keys.action.spoon-next",
    SpoonsAction.SPOON_PREVIOUS: "keys.action.spoon-previous",
    SpoonsAction.FEINT: "keys.action.feint",
}
"""The message id of each classic action's name."""

CLASSIC_KEYS: KeyTable[SpoonsAction] = KeyTable(SpoonsAction, DEFAULT_KEYS, ACTION_IDS)
"""The classic game's actions and their keys."""



def bindings(overrides: Mapping[str, str] | None = None
             ) -> dict[ClassicAction, tuple[str, ...]]:
    """Every action of the classic game's keys (see ``bind``)."""
    return CLASSIC_KEYS.bindings(overrides)


def keymap(overrides: Mapping[str, str] | None = None) -> dict[str, ClassicAction]:
    """Key label to action, for ``bindings(overrides)``."""
    return CLASSIC_KEYS.keymap(overrides)


def overrides_for(keys: Mapping[ClassicAction, tuple[str, ...]]) -> dict[str, str]:
    """What the settings keep for the classic game's bindings (``KeyTable.overrides_for``)."""
    return CLASSIC_KEYS.overrides_for(keys)


def rebind(overrides: Mapping[str, str], action: ClassicAction, label: str) -> Rebinding:
    """Move a classic game's ``action`` to the key ``label`` (``KeyTable.rebind``)."""
    return CLASSIC_KEYS.rebind(overrides, action, label)
