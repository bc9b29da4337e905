"""The keys of the game screen: which key does what, by default. Pure.

Keys are named by their label ("space", "shift+pageup", "f7"). The number row is kept for
numbered spoons and the number pad, Insert and CapsLock for screen readers. Settings may move any
action to another key.
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import Enum


class Action(Enum):
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
    HISTORY_PREVIOUS = "history-previous"
    HISTORY_NEXT = "history-next"
    HISTORY_FIRST = "history-first"
    HISTORY_LAST = "history-last"
    REPEAT = "repeat"
    VOLUME_DOWN = "volume-down"
    VOLUME_UP = "volume-up"
    RATE_DOWN = "rate-down"
    RATE_UP = "rate-up"
    HELP = "help"
    MENU = "menu"


SLOTS = (Action.SLOT_1, Action.SLOT_2, Action.SLOT_3, Action.SLOT_4, Action.SLOT_5)

DEFAULT_KEYS: dict[Action, tuple[str, ...]] = {
    Action.SPACE: ("space",),
    Action.PASS: ("enter",),
    Action.CURSOR_LEFT: ("left",),
    Action.CURSOR_RIGHT: ("right",),
    Action.SLOT_1: ("a",),
    Action.SLOT_2: ("s",),
    Action.SLOT_3: ("d",),
    Action.SLOT_4: ("f",),
    Action.SLOT_5: ("g",),
    Action.PICK_UP: ("up",),
    Action.DRAW: ("down",),
    Action.HAND: ("h",),
    Action.SPOONS: ("f2",),
    Action.PLAYERS: ("f3",),
    Action.WAITING: ("f4",),
    Action.OPTIONS: ("f5",),
    Action.REACTION: ("f6",),
    Action.HISTORY_PREVIOUS: (",", "pageup"),
    Action.HISTORY_NEXT: (".", "pagedown"),
    Action.HISTORY_FIRST: ("<", "shift+pageup"),
    Action.HISTORY_LAST: (">", "shift+pagedown"),
    Action.REPEAT: ("r",),
    Action.VOLUME_DOWN: ("f7",),
    Action.VOLUME_UP: ("f8",),
    Action.RATE_DOWN: ("f9",),
    Action.RATE_UP: ("f10",),
    Action.HELP: ("f1",),
    Action.MENU: ("escape",),
}

RESERVED = ("insert", "capslock")
"""Keys a screen reader owns: never bound."""


def keymap(overrides: Mapping[str, str] | None = None) -> dict[str, Action]:
    """Key label to action: the defaults, with ``overrides`` (action name to key label) moving
    an action to another key. A key taken by an override is freed from its old action, and a
    reserved or unknown override is ignored."""
    actions = {action: list(keys) for action, keys in DEFAULT_KEYS.items()}
    by_name = {action.value: action for action in Action}
    for name, label in (overrides or {}).items():
        action = by_name.get(name)
        if action is None or label in RESERVED or label.startswith("kp"):
            continue
        for keys in actions.values():
            if label in keys:
                keys.remove(label)
        actions[action] = [label]
    return {label: action for action, keys in actions.items() for label in keys}
