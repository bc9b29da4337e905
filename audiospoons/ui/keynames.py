"""Keys and game actions in words, in the player's language, and what the Keys screen says.
Pure: messages in, text out.

A key label ("ctrl+up", "pageup", ",", "shift+f") is said as the player would name the key:
"Control plus Up arrow", "Page Up", "Comma", "Shift plus F". Several keys are joined with "or"
in the language's own way ("Comma or Page Up").
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from enum import Enum
from typing import Any

from babel.lists import format_list

from audiospoons.keys.key import FUNCTION_KEYS, parse_label
from audiospoons.ui.gamekeys import A, Rebinding, Refusal, SharedAction
from audiospoons.voice.i18n import Messages

ActionNames = Mapping[Any, str]
"""The message id of each of a game's actions' names (``KeyTable.name_ids``)."""


NAME_IDS = {
    "space": "keyname.space", "enter": "keyname.enter", "tab": "keyname.tab",
    "backspace": "keyname.backspace", "escape": "keyname.escape", "up": "keyname.up",
    "down": "keyname.down", "left": "keyname.left", "right": "keyname.right",
    "home": "keyname.home", "end": "keyname.end", "pageup": "keyname.pageup",
    "pagedown": "keyname.pagedown", "insert": "keyname.insert", "delete": "keyname.delete",
    "capslock": "keyname.capslock",
}
"""The message id of each named key that is not a function key nor on the number pad."""

MODIFIER_IDS = {"ctrl": "keyname.ctrl", "alt": "keyname.alt", "shift": "keyname.shift"}

SYMBOL_IDS = {
    "!": "keyname.symbol.exclamation", '"': "keyname.symbol.quote",
    "#": "keyname.symbol.hash", "$": "keyname.symbol.dollar", "%": "keyname.symbol.percent",
    "&": "keyname.symbol.ampersand", "'": "keyname.symbol.apostrophe",
    "(": "keyname.symbol.left-parenthesis", ")": "keyname.symbol.right-parenthesis",
    "*": "keyname.symbol.asterisk", "+": "keyname.symbol.plus", ",": "keyname.symbol.comma",
    "-": "keyname.symbol.minus", ".": "keyname.symbol.period", "/": "keyname.symbol.slash",
    ":": "keyname.symbol.colon", ";": "keyname.symbol.semicolon",
    "<": "keyname.symbol.less", "=": "keyname.symbol.equals", ">": "keyname.symbol.greater",
    "?": "keyname.symbol.question", "@": "keyname.symbol.at",
    "[": "keyname.symbol.left-bracket", "\\": "keyname.symbol.backslash",
    "]": "keyname.symbol.right-bracket", "^": "keyname.symbol.caret",
    "_": "keyname.symbol.underscore", "`": "keyname.symbol.grave",
    "{": "keyname.symbol.left-brace", "|": "keyname.symbol.bar",
    "}": "keyname.symbol.right-brace", "~": "keyname.symbol.tilde",
    "¡": "keyname.symbol.inverted-exclamation", "¿": "keyname.symbol.inverted-question",
}
"""The message id of each symbol said by name rather than as itself."""

KEYPAD_NAMES = {
    "kpdecimal": ".", "kpdivide": "/", "kpmultiply": "*", "kpminus": "-", "kpplus": "+",
    "kpequal": "=", "kpcomma": ",", "kpbegin": "5",
    **{f"kp{digit}": str(digit) for digit in range(10)},
}
"""Number pad keys by the key of the main keyboard they are said as (the others drop "kp":
"kpenter" is said as Enter)."""


def base_name(name: str, m: Messages) -> str:
    """A key's name without modifiers ("pageup", "f5", "q", "kp5") in words."""
    if name.startswith("kp") and len(name) > 2:
        inner = KEYPAD_NAMES.get(name, name[2:])
        return m.tr("keyname.numberpad", key=base_name(inner, m))
    if name in FUNCTION_KEYS:
        return m.tr("keyname.function", number=int(name[1:]))
    if name in NAME_IDS:
        return m.tr(NAME_IDS[name])
    if name in SYMBOL_IDS:
        return m.tr(SYMBOL_IDS[name])
    return name.upper() if len(name) == 1 else name


def key_name(label: str, m: Messages) -> str:
    """The key ``label`` names, in words: "ctrl+up" is "Control plus Up arrow"."""
    try:
        key = parse_label(label)
    except ValueError:
        return base_name(label, m)
    text = base_name(key.name, m)
    held = [modifier for modifier, down in (("shift", key.shift), ("alt", key.alt),
                                            ("ctrl", key.ctrl)) if down]
    for modifier in held:
        text = m.tr("keyname.plus", modifier=m.tr(MODIFIER_IDS[modifier]), key=text)
    return text


def keys_text(labels: Sequence[str], m: Messages) -> str:
    """Keys in words, joined by "or"; "no key" for none."""
    if not labels:
        return m.tr("keys.none")
    return format_list([key_name(label, m) for label in labels], style="or", locale=m.locale)


def keys_or_none(labels: Sequence[str], m: Messages) -> str | None:
    """Keys in words as ``keys_text`` says them, or None for an action left without a key."""
    return keys_text(labels, m) if labels else None


def action_name(action: Enum, names: ActionNames, m: Messages) -> str:
    """A game's action in words, by the message ids of its game's ``names``."""
    return m.tr(names[action])


def key_items(keys: Mapping[A, Sequence[str]], actions: Iterable[A], names: ActionNames,
              m: Messages) -> list[str]:
    """Each of ``actions`` that has a key in ``keys``, in turn, with its keys: "Say your hand:
    Q."."""
    return [m.tr("keys.help.item", action=action_name(action, names, m),
                 keys=keys_text(labels, m))
            for action in actions if (labels := keys.get(action))]


def moved_keys_text(keys: Mapping[A, Sequence[str]], actions: Iterable[A], names: ActionNames,
                    m: Messages) -> str:
    """F1 once the player has moved some keys: each of ``actions`` (in the order F1 says them,
    ``gamekeys.help_order``) that has a key, with the keys it has now."""
    return items_text(key_items(keys, actions, names, m), m)


def items_text(items: Sequence[str], m: Messages) -> str:
    """F1's list of keys (``key_items``), as one line."""
    return m.tr("help.game.moved", keys=" ".join(items))


def item_text(action: Enum, labels: Sequence[str], names: ActionNames, m: Messages) -> str:
    """An action and its keys, as the Keys screen lists it: "Grab a spoon or react, Space"."""
    return m.tr("keys.item", action=action_name(action, names, m), keys=keys_text(labels, m))


def fixed_text(action: Enum, m: Messages) -> str:
    """Why help and the pause menu keep their keys."""
    if action is SharedAction.HELP:
        return m.tr("keys.fixed.help")
    return m.tr("keys.fixed.menu")


def prompt_text(action: Enum, labels: Sequence[str], names: ActionNames, m: Messages) -> str:
    """'Press the new key for Pass your fourth card, or Escape to keep F.'"""
    if not labels:
        return m.tr("keys.prompt.none", action=action_name(action, names, m))
    return m.tr("keys.prompt", action=action_name(action, names, m), keys=keys_text(labels, m))


def kept_text(action: Enum, labels: Sequence[str], names: ActionNames, m: Messages) -> str:
    """Escape at the prompt: nothing changes."""
    if not labels:
        return m.tr("keys.kept.none", action=action_name(action, names, m))
    return m.tr("keys.kept", action=action_name(action, names, m), keys=keys_text(labels, m))


def refusal_text(reason: Refusal, label: str, labels: Sequence[str], m: Messages) -> str:
    """Why the key ``label`` was refused, then what to do instead (``labels``: the keys the
    action keeps meanwhile)."""
    key = key_name(label, m)
    if reason is Refusal.SCREEN_READER:
        why = m.tr("keys.refused.screenreader", key=key)
    elif reason is Refusal.NUMBER_PAD:
        why = m.tr("keys.refused.numberpad")
    elif reason is Refusal.NUMBERED_SPOONS:
        why = m.tr("keys.refused.numbers")
    elif reason is Refusal.HELP:
        why = m.tr("keys.refused.help", key=key)
    else:
        why = m.tr("keys.refused.menu", key=key)
    again = (m.tr("keys.again", keys=keys_text(labels, m)) if labels
             else m.tr("keys.again.none"))
    return f"{why} {again}"


def rebinding_text(change: Rebinding, names: ActionNames, m: Messages) -> str:
    """What a new key did: "Pass the card under the cursor now uses F. F was Pass your fourth
    card, which now uses Enter." """
    action, key = action_name(change.action, names, m), key_name(change.label, m)
    if not change.changed:
        return m.tr("keys.same", action=action, key=key)
    done = m.tr("keys.set", action=action, key=key)
    if change.other is None:
        return done
    other = action_name(change.other, names, m)
    if not change.other_keys:
        lost = m.tr("keys.taken.none", key=key, other=other)
    elif change.swapped:
        lost = m.tr("keys.taken.swapped", key=key, other=other,
                    keys=keys_text(change.other_keys, m))
    else:
        lost = m.tr("keys.taken.kept", key=key, other=other,
                    keys=keys_text(change.other_keys, m))
    return f"{done} {lost}"
