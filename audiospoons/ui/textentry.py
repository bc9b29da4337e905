"""A line of text typed at the keyboard, as a pure model: keys in, what to say out.

An edit field as screen reader users know one:

- a printable key types its character, which is said ("dot", "capital A", "space");
- Backspace deletes the character before the cursor and Delete the one under it, saying it;
- Left and Right move the cursor and say the character under it, Home and End go to the start
  and the end of the text; Up or Down reads the whole text;
- Enter accepts the text, Escape goes back; F2 (or Shift+F1) says what the field is for, F1
  the keys.

Text given when the field opens is selected, as it is when a field is reached in a dialog:
typing replaces it, Backspace or Delete clears it, and a movement key keeps it and moves.
Nothing here reads a key or speaks: ``TextField.press`` returns a ``Typed`` to act on.
"""

from __future__ import annotations

from dataclasses import dataclass

from audiospoons.ui.menu import DESCRIBE_KEYS
from audiospoons.voice.i18n import Messages


@dataclass(frozen=True, slots=True)
class Typed:
    """What a key did in a field: ``speech`` to say, the text ``accepted`` (Enter), whether
    the player ``cancelled`` (Escape), and whether the field knew the key (``handled``)."""

    speech: str | None = None
    accepted: str | None = None
    cancelled: bool = False
    handled: bool = True


def typed_character(label: str) -> str | None:
    """The character a key types ("shift+a" types "A", "space" a space), or None for a key
    that types nothing (an arrow, Ctrl+A)."""
    if label in ("space", "shift+space"):
        return " "
    if label.startswith("shift+") and len(label) == len("shift+") + 1:
        char = label[-1]
        upper = char.upper()
        return upper if len(upper) == 1 else char
    if len(label) == 1 and label.isprintable() and not label.isspace():
        return label
    return None


def character_name(char: str, m: Messages) -> str:
    """A character as it is said on its own: a speech engine says nothing for a lone "."."""
    names = {
        " ": m.tr("text.char.space"), ".": m.tr("text.char.dot"),
        ":": m.tr("text.char.colon"), ",": m.tr("text.char.comma"),
        "-": m.tr("text.char.dash"), "_": m.tr("text.char.underscore"),
        "/": m.tr("text.char.slash"), "@": m.tr("text.char.at"),
        "'": m.tr("text.char.apostrophe"), "[": m.tr("text.char.openbracket"),
        "]": m.tr("text.char.closebracket"),
    }
    if char in names:
        return names[char]
    if char != char.lower():
        return m.tr("text.capital", letter=char)
    return char


class TextField:
    """A labelled line of text, at most ``max_length`` characters, with a cursor."""

    def __init__(self, label: str, messages: Messages, text: str = "", *,
                 description: str = "", max_length: int = 100, secret: bool = False) -> None:
        if max_length < 1:
            raise ValueError("a field holds at least one character")
        self.label = label
        self.m = messages
        self.text = text[:max_length]
        self.description = description
        self.max_length = max_length
        self.cursor = len(self.text)
        self.selected = bool(self.text)
        self.secret = secret
        """A password: each character is said as "star", and the text as its length."""

    # ------------------------------------------------------------------ words

    def reading(self) -> str:
        """The whole text (a secret one: how many characters it has), or "blank"."""
        if self.text and self.secret:
            return self.m.ntr("text.secret.length", len(self.text))
        return self.text if self.text else self.m.tr("text.blank")

    def opening(self) -> str:
        """'Your name, edit text, selected: Ann', or 'Your name, edit text, blank'."""
        if self.text:
            return self.m.tr("text.open.filled", label=self.label, text=self.reading())
        return self.m.tr("text.open.empty", label=self.label)

    def _here(self) -> str:
        """The character under the cursor, or the end of the text."""
        if not self.text:
            return self.m.tr("text.blank")
        if self.cursor >= len(self.text):
            return self.m.tr("text.end")
        return self._character(self.text[self.cursor])

    # ------------------------------------------------------------------ keys

    def press(self, label: str) -> Typed:
        """What the key named ``label`` does."""
        if label == "enter":
            return Typed(accepted=self.text)
        if label == "escape":
            return Typed(cancelled=True)
        if label in DESCRIBE_KEYS:
            return Typed(speech=self.description or self.m.tr("menu.no.description"))
        if label == "f1":
            return Typed(speech=self.m.tr("text.help"))
        if label in ("up", "down"):
            return Typed(speech=self.reading())
        if label in ("backspace", "delete"):
            return self._delete(before=label == "backspace")
        if label in ("left", "right", "home", "end"):
            return self._move(label)
        char = typed_character(label)
        if char is None:
            return Typed(handled=False)
        return self._insert(char)

    def _character(self, char: str) -> str:
        return self.m.tr("text.secret.character") if self.secret else character_name(char, self.m)

    def _clear_selection(self) -> bool:
        """Typing or deleting over selected text takes it all away first."""
        if not self.selected:
            return False
        self.selected = False
        self.text, self.cursor = "", 0
        return True

    def _insert(self, char: str) -> Typed:
        self._clear_selection()
        if len(self.text) >= self.max_length:
            return Typed(speech=self.m.ntr("text.full", self.max_length))
        self.text = self.text[:self.cursor] + char + self.text[self.cursor:]
        self.cursor += 1
        return Typed(speech=self._character(char))

    def _delete(self, *, before: bool) -> Typed:
        if self._clear_selection():
            return Typed(speech=self.m.tr("text.blank"))
        if not self.text:
            return Typed(speech=self.m.tr("text.blank"))
        if before:
            if self.cursor == 0:
                return Typed(speech=self.m.tr("text.start"))
            self.cursor -= 1
        elif self.cursor >= len(self.text):
            return Typed(speech=self.m.tr("text.end"))
        gone = self.text[self.cursor]
        self.text = self.text[:self.cursor] + self.text[self.cursor + 1:]
        # "b deleted", not "b": a letter said alone sounds as if it had been typed.
        return Typed(speech=self.m.tr("text.deleted", character=self._character(gone)))

    def _move(self, label: str) -> Typed:
        was_selected, self.selected = self.selected, False
        if label == "home" or (label == "left" and was_selected):
            self.cursor = 0
        elif label == "end" or (label == "right" and was_selected):
            self.cursor = len(self.text)
        elif label == "left":
            if self.cursor == 0:
                return Typed(speech=self.m.tr("text.start"))
            self.cursor -= 1
        elif self.cursor < len(self.text):
            self.cursor += 1
        return Typed(speech=self._here())
