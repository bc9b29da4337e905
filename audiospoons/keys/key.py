"""A key press: what was pressed, with which modifiers, and when it was read.

A key's ``label`` ("ctrl+shift+up", "f7", "<", "space") is its id in keymaps and settings, and
``parse_label`` reads one back. Modifiers are written in one fixed order (ctrl, alt, shift), so
that a key has exactly one label.

Names are lower case. A printable character is named by itself ("a", "1", ",", "<"), except that
an upper-case letter is its lower-case letter with Shift ("A" is "shift+a"); a symbol that needs
Shift on the keyboard is just the symbol ("<", not "shift+,"), because which symbols need Shift
depends on the keyboard layout; so there is no such label as "shift+1". Keys that print nothing
have names (``NAMED_KEYS``). Keys of the number pad, where the terminal tells them apart, are
named "kp..." so that a keymap leaves them to the screen reader.
"""

from __future__ import annotations

from dataclasses import dataclass

MODIFIERS = ("ctrl", "alt", "shift")
"""The modifiers, in the order labels write them."""

FUNCTION_KEYS = tuple(f"f{number}" for number in range(1, 13))

KEYPAD_KEYS = (
    *(f"kp{digit}" for digit in range(10)),
    "kpdecimal", "kpdivide", "kpmultiply", "kpminus", "kpplus", "kpenter", "kpequal", "kpcomma",
    "kpleft", "kpright", "kpup", "kpdown", "kppageup", "kppagedown", "kphome", "kpend",
    "kpinsert", "kpdelete", "kpbegin",
)

NAMED_KEYS = frozenset({
    "space", "enter", "tab", "backspace", "escape",
    "up", "down", "left", "right", "home", "end", "pageup", "pagedown", "insert", "delete",
    *FUNCTION_KEYS, *KEYPAD_KEYS,
})
"""Every key name that is not a single printable character."""

ALIASES = {
    "esc": "escape", "return": "enter", "bs": "backspace", "del": "delete", "ins": "insert",
    "pgup": "pageup", "pgdn": "pagedown", "pgdown": "pagedown", "arrowup": "up",
    "arrowdown": "down", "arrowleft": "left", "arrowright": "right",
}
"""Other spellings ``parse_label`` accepts for a key name (hand-edited settings)."""

MODIFIER_ALIASES = {"ctrl": "ctrl", "control": "ctrl", "alt": "alt", "meta": "alt",
                    "option": "alt", "shift": "shift"}


def fold_case(char: str) -> tuple[str, bool]:
    """A typed character as a key name and whether it implies Shift: "A" is ("a", True).

    Only characters with a one-character lower case fold; any other character is its own name.
    """
    lower = char.lower()
    if lower != char and len(lower) == 1:
        return lower, True
    return char, False


def _is_character_name(name: str) -> bool:
    return len(name) == 1 and name.isprintable() and name != " " and fold_case(name)[0] == name


@dataclass(frozen=True, slots=True)
class Key:
    """One key press. ``at`` is ``time.monotonic()`` right after the read that completed it."""

    name: str
    ctrl: bool = False
    shift: bool = False
    alt: bool = False
    at: float = 0.0

    def __post_init__(self) -> None:
        if self.name in NAMED_KEYS:
            return
        if not _is_character_name(self.name):
            raise ValueError(f"not a key name: {self.name!r}")
        if self.shift and self.name.lower() == self.name.upper():
            raise ValueError(f"Shift is part of the symbol {self.name!r}: no shift+ on it")

    @property
    def label(self) -> str:
        """The key's id: modifiers in the order ctrl, alt, shift, then the name."""
        held = [name for name, down in zip(MODIFIERS, (self.ctrl, self.alt, self.shift),
                                           strict=True) if down]
        return "+".join((*held, self.name))

    def __str__(self) -> str:
        return self.label


def parse_label(text: str) -> Key:
    """The key a label names (``at`` is 0). Accepts modifiers in any order and any case, the
    spellings in ``ALIASES``, "+" as a key ("ctrl++"), and an upper-case letter as that letter with
    Shift. Raises ``ValueError`` for anything else."""
    text = text.strip()
    if not text:
        raise ValueError("an empty key label")
    if text == "+":
        parts = ["+"]
    elif text.endswith("++"):
        parts = [*text[:-2].split("+"), "+"]
    else:
        parts = text.split("+")
    *modifier_words, name = parts
    held: set[str] = set()
    for word in modifier_words:
        modifier = MODIFIER_ALIASES.get(word.strip().lower())
        if modifier is None:
            raise ValueError(f"not a modifier: {word!r} in {text!r}")
        if modifier in held:
            raise ValueError(f"{modifier} twice in {text!r}")
        held.add(modifier)
    name = name.strip()
    if not name:
        raise ValueError(f"no key name in {text!r}")
    shift = False
    if len(name) == 1:
        name, shift = fold_case(name)
    else:
        name = name.lower()
        name = ALIASES.get(name, name)
    return Key(name, ctrl="ctrl" in held, shift=shift or "shift" in held, alt="alt" in held)
