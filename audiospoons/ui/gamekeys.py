"""The keys of the game screen: which key does what, by default and as the player set them. Pure.

Keys are named by their label ("space", "shift+pageup", "f7"). The number row is kept for
numbered spoons and the number pad, Insert and CapsLock for screen readers; F1 always says the
keys and Escape always pauses (``FIXED``). Settings may move any other action to another key.

The settings keep only what differs from a game's defaults (its ``KeyTable``): action name to
its key labels, separated by spaces ("slot-4": "q"; "repeat": ", pageup"; "" for no key at
all). ``KeyTable.bindings`` reads them back and ``KeyTable.rebind`` moves an action to a new key,
swapping with the action that had it when that action would be left with none.
"""

from __future__ import annotations

from collections.abc import Container, Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Generic, TypeVar

from audiospoons.keys.key import parse_label


class SharedAction(Enum):
    """The keys every game has, handled the same in every game (``ui.seatkeys``): what was
    said, the sound volume and the speech rate, the keys, the rules and the pause."""

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
    RULES = "rules"
    """Read the rules of this game, line by line."""
    MENU = "menu"


SHARED_KEYS: dict[SharedAction, tuple[str, ...]] = {
    SharedAction.HISTORY_PREVIOUS: (",", "pageup"), SharedAction.HISTORY_NEXT: (".", "pagedown"),
    SharedAction.HISTORY_FIRST: ("<", "shift+pageup"),
    SharedAction.HISTORY_LAST: (">", "shift+pagedown"),
    SharedAction.REPEAT: ("r",), SharedAction.VOLUME_DOWN: ("f7",),
    SharedAction.VOLUME_UP: ("f8",), SharedAction.RATE_DOWN: ("f9",),
    SharedAction.RATE_UP: ("f10",), SharedAction.HELP: ("f1",), SharedAction.RULES: ("shift+f1",),
    SharedAction.MENU: ("escape",),
}
"""The keys of the shared actions, the same in every game."""

SHARED_ACTION_IDS: dict[SharedAction, str] = {
    SharedAction.HISTORY_PREVIOUS: "keys.action.history-previous",
    SharedAction.HISTORY_NEXT: "keys.action.history-next",
    SharedAction.HISTORY_FIRST: "keys.action.history-first",
    SharedAction.HISTORY_LAST: "keys.action.history-last",
    SharedAction.REPEAT: "keys.action.repeat",
    SharedAction.VOLUME_DOWN: "keys.action.volume-down",
    SharedAction.VOLUME_UP: "keys.action.volume-up",
    SharedAction.RATE_DOWN: "keys.action.rate-down",
    SharedAction.RATE_UP: "keys.action.rate-up",
    SharedAction.HELP: "keys.action.help",
    SharedAction.RULES: "keys.action.rules",
    SharedAction.MENU: "keys.action.menu",
}
"""The message id of each shared action's name: the same in every game."""

SHARED_VALUES = frozenset(action.value for action in SharedAction)
"""The shared actions' names, as the settings and the Keys screen name them."""


def shared_keys(*actions: SharedAction) -> dict[SharedAction, tuple[str, ...]]:
    """The keys of ``actions`` (all the shared actions without any), for a game's defaults."""
    return {action: SHARED_KEYS[action] for action in actions or SharedAction}


RESERVED = ("insert", "capslock")
"""Keys a screen reader owns: never bound."""

NUMBER_ROW = tuple(str(digit) for digit in range(10))
"""Kept for grabbing numbered spoons (1 to 10, and with Ctrl 11 to 20)."""

FIXED: dict[SharedAction, str] = {SharedAction.HELP: "f1", SharedAction.MENU: "escape"}
"""Actions that keep their key whatever the settings say, in every game: help and the pause
menu."""


class Refusal(Enum):
    """Why a key cannot be given to an action."""

    SCREEN_READER = "screen-reader"
    """Insert or CapsLock, with or without modifiers."""
    NUMBER_PAD = "number-pad"
    NUMBERED_SPOONS = "numbered-spoons"
    """A key of the number row, with or without modifiers."""
    HELP = "help"
    MENU = "menu"


def refusal(label: str) -> Refusal | None:
    """Why the key named ``label`` cannot be bound to an action, or None if it can."""
    if label in RESERVED:
        return Refusal.SCREEN_READER
    try:
        name = parse_label(label).name
    except ValueError:
        name = label.rpartition("+")[2] or label
    if name in RESERVED:
        return Refusal.SCREEN_READER
    if name.startswith("kp"):
        return Refusal.NUMBER_PAD
    if name in NUMBER_ROW:
        return Refusal.NUMBERED_SPOONS
    if label == FIXED[SharedAction.HELP]:
        return Refusal.HELP
    if label == FIXED[SharedAction.MENU]:
        return Refusal.MENU
    return None


def _usable(label: str) -> str | None:
    """The label in its one spelling, if it names a key that may be bound; else None."""
    try:
        canonical = parse_label(label).label
    except ValueError:
        return None
    return canonical if refusal(canonical) is None else None


A = TypeVar("A", bound=Enum)


def bind(defaults: Mapping[A, tuple[str, ...]], fixed: Container[A],
         overrides: Mapping[str, str] | None = None) -> dict[A, tuple[str, ...]]:
    """Every action's keys, for any game's actions: ``defaults``, with ``overrides`` (action
    name to key labels, separated by spaces) moving actions to other keys. A key taken by an
    override is freed from the action that had it. Unknown actions, the ``fixed`` ones, and
    overrides with no usable key (reserved, the number row, not a key) are ignored; an empty
    override leaves the action without a key."""
    actions = {action: list(keys) for action, keys in defaults.items()}
    by_name = {str(action.value): action for action in defaults}
    for name, value in (overrides or {}).items():
        action = by_name.get(name)
        if action is None or action in fixed:
            continue
        words = value.split()
        labels = list(dict.fromkeys(
            usable for usable in map(_usable, words) if usable is not None))
        if words and not labels:
            continue
        for keys in actions.values():
            for label in labels:
                if label in keys:
                    keys.remove(label)
        actions[action] = labels
    return {action: tuple(keys) for action, keys in actions.items()}


@dataclass(frozen=True, slots=True)
class KeyTable(Generic[A]):
    """A game's key actions, ``own`` and the shared ones: the keys each has at first, in the
    order the Keys screen lists them. Help and the pause menu keep their keys (``FIXED``)."""

    own: type[A]
    defaults: Mapping[A | SharedAction, tuple[str, ...]]
    names: Mapping[A, str]
    """The message id of each of the game's own actions' names (``ui.keynames`` says them)."""

    def __post_init__(self) -> None:
        unnamed = [action for action in self.own if action not in self.names]
        if unnamed:
            raise ValueError(f"actions without a name: {unnamed}")

    @property
    def name_ids(self) -> dict[A | SharedAction, str]:
        """The message id of every action's name, the game's own and the shared ones."""
        ids: dict[A | SharedAction, str] = {action: SHARED_ACTION_IDS[action]
                                            for action in SharedAction}
        ids.update((action, self.names[action]) for action in self.own)
        return ids

    @property
    def actions(self) -> tuple[A | SharedAction, ...]:
        """Every action of the game, as the Keys screen lists them."""
        return tuple(self.defaults)

    @property
    def fixed(self) -> Mapping[SharedAction, str]:
        return FIXED

    def action(self, value: str) -> A | SharedAction:
        """The action called ``value``, as the settings and the Keys screen name it."""
        return SharedAction(value) if value in SHARED_VALUES else self.own(value)

    def bindings(self, overrides: Mapping[str, str] | None = None
                 ) -> dict[A | SharedAction, tuple[str, ...]]:
        """Every action's keys, with ``overrides`` (see ``bind``)."""
        return bind(self.defaults, self.fixed, overrides)

    def keymap(self, overrides: Mapping[str, str] | None = None) -> dict[str, A | SharedAction]:
        """Key label to action, for ``bindings(overrides)``."""
        return {label: action for action, keys in self.bindings(overrides).items()
                for label in keys}

    def overrides_for(self, keys: Mapping[A | SharedAction, tuple[str, ...]]) -> dict[str, str]:
        """What the settings keep for these bindings: the actions whose keys are not the
        default. ``bindings(overrides_for(keys)) == keys`` whenever no key is bound twice."""
        return {str(action.value): " ".join(keys[action]) for action in self.actions
                if action not in self.fixed and tuple(keys[action]) != self.defaults[action]}

    def rebind(self, overrides: Mapping[str, str], action: A | SharedAction, label: str
               ) -> Rebinding:
        """Move ``action`` to the key ``label`` alone. Pressing one of the action's own keys
        changes nothing. Raises ``ValueError`` for a fixed action or a key that ``refusal``
        refuses."""
        if isinstance(action, SharedAction) and action in self.fixed:
            raise ValueError(f"{action.value} always stays on {self.fixed[action]}")
        reason = refusal(label)
        if reason is not None:
            raise ValueError(f"{label!r} cannot be bound: {reason.value}")
        label = parse_label(label).label
        keys = self.bindings(overrides)
        before = keys[action]
        if label in before:
            return Rebinding(action, label, before, self.overrides_for(keys))
        other = next((owner for owner, owned in keys.items() if label in owned), None)
        keys[action] = (label,)
        if other is None:
            return Rebinding(action, label, before, self.overrides_for(keys))
        remaining = tuple(key for key in keys[other] if key != label)
        swapped = not remaining
        keys[other] = before if swapped else remaining
        return Rebinding(action, label, before, self.overrides_for(keys), other, keys[other],
                         swapped)


def help_order(actions: type[A], own: Sequence[A]) -> tuple[A | SharedAction, ...]:
    """A game's actions as F1 says them once keys are moved: the game's ``own``, in the order
    of play (the keys that matter most first), then any of its actions ``own`` leaves out, as
    they are declared, then the shared ones, in their order. F1 itself is left out: the
    player has just pressed it."""
    rest = [action for action in actions if action not in own]
    shared = [action for action in SharedAction if action is not SharedAction.HELP]
    return (*own, *rest, *shared)


def bound_action(keys: Mapping[str, A], label: str) -> A | None:
    """The action of the key ``label`` in ``keys``. A capital letter bound to nothing of its
    own is its small letter, so that Caps Lock, or Shift held, does not silence a game key."""
    action = keys.get(label)
    if action is None and label.startswith("shift+") and len(label) == len("shift+a"):
        return keys.get(label[-1])
    return action


@dataclass(frozen=True, slots=True)
class Rebinding:
    """What moving ``action`` to ``label`` did.

    ``before`` are the action's keys until then; ``other`` the action that had ``label`` (None
    if it was free, or already this action's), which now has ``other_keys``: its remaining keys,
    or, if it had no other, the keys ``action`` had (``swapped``). ``overrides`` are the settings
    to keep."""

    action: Enum
    label: str
    before: tuple[str, ...]
    overrides: dict[str, str]
    other: Enum | None = None
    other_keys: tuple[str, ...] = ()
    swapped: bool = False

    @property
    def changed(self) -> bool:
        return self.label not in self.before
