"""A spoken menu as a pure model: keys in, what to say (and what happened) out.

A menu is a list of items: actions (Enter does something), choices among a list of values,
numbers between a minimum and a maximum, and on/off toggles. The keys are the ones blind players
expect from any menu:

- Up and Down move (stopping at the ends, which are said), Home and End jump to the first and the
  last item, a letter jumps to the next item starting with it (again and again cycles through
  them);
- Left and Right change the value of the item under the cursor; Enter or Space chooses an
  action or flips a toggle;
- F2 (or Shift+F1) says what the item does; Escape goes back.

Moving says the item: its label, its value, and where it is ("Speech rate, 175 words per minute,
2 of 7"). Changing a value says only the new value. Nothing here reads a key, speaks or plays a
sound: ``Menu.press`` returns a ``Response`` for the screen to act on.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from audiospoons.voice.i18n import Messages

MOVE_CUE = "menu-move"
SELECT_CUE = "menu-select"
EDGE_CUE = "menu-edge"
"""Moving went round the end of a list: from the last value or item to the first, or back."""
DESCRIBE_KEYS = ("f2", "shift+f1")


def menu_label_of(label: str) -> str:
    """The label of a key as a menu takes it: a letter with Shift is that letter, for
    first-letter jumps."""
    if label.startswith("shift+") and len(label) == len("shift+") + 1:
        return label[-1]
    return label


@dataclass(frozen=True, slots=True)
class ActionItem:
    """An item that does something when chosen."""

    key: str
    label: str
    description: str = ""


@dataclass(frozen=True, slots=True)
class Choice:
    """One value out of a list; ``texts`` are the values as spoken (the values themselves if
    empty). Left and Right go round the list."""

    key: str
    label: str
    values: tuple[str, ...]
    value: str
    texts: tuple[str, ...] = ()
    description: str = ""

    def __post_init__(self) -> None:
        if self.value not in self.values:
            raise ValueError(f"{self.key}: {self.value!r} is not one of {self.values}")
        if self.texts and len(self.texts) != len(self.values):
            raise ValueError(f"{self.key}: one text for each value")

    @property
    def text(self) -> str:
        index = self.values.index(self.value)
        return self.texts[index] if self.texts else self.value

    def stepped(self, direction: int) -> Choice:
        index = (self.values.index(self.value) + direction) % len(self.values)
        return replace(self, value=self.values[index])


@dataclass(frozen=True, slots=True)
class Number:
    """A number from ``minimum`` to ``maximum`` by ``step``; ``say`` turns it into words
    ("175 words per minute"), else it is said as it is."""

    key: str
    label: str
    value: float
    minimum: float
    maximum: float
    step: float
    say: Callable[[float], str] | None = None
    description: str = ""

    def __post_init__(self) -> None:
        if not self.minimum <= self.value <= self.maximum or self.step <= 0:
            raise ValueError(f"{self.key}: {self.value} is not within"
                             f" {self.minimum}..{self.maximum}, or the step is not positive")

    @property
    def text(self) -> str:
        return self.say(self.value) if self.say is not None else f"{self.value:g}"

    def stepped(self, direction: int) -> Number:
        value = round(self.value + direction * self.step, 9)
        return replace(self, value=min(self.maximum, max(self.minimum, value)))


@dataclass(frozen=True, slots=True)
class Toggle:
    """On or off."""

    key: str
    label: str
    value: bool
    description: str = ""

    def stepped(self, direction: int) -> Toggle:
        return replace(self, value=not self.value)


Item = ActionItem | Choice | Number | Toggle


def went_round(item: Item, new: Item, direction: int) -> bool:
    """Whether stepping ``item`` to ``new`` went round a choice's end, last to first or back."""
    if not isinstance(item, Choice) or not isinstance(new, Choice):
        return False
    before, after = item.values.index(item.value), new.values.index(new.value)
    return after < before if direction > 0 else after > before
Check = Callable[[Item], str | None]
"""Given an item with its new value, the reason the value cannot be taken, or None."""


@dataclass(frozen=True, slots=True)
class Response:
    """What a key did: ``speech`` to say (None: nothing new), a ``cue`` to play, the key of the
    action chosen (``activated``), the item whose value changed (``changed``), whether the
    player went ``back``, and whether the menu knew the key at all (``handled``)."""

    speech: str | None = None
    cue: str | None = None
    activated: str | None = None
    changed: Item | None = None
    back: bool = False
    handled: bool = True


def initial(text: str) -> str:
    """The first letter of ``text`` as first-letter navigation compares it: no case, no
    accent ("Él" and "el" both give "e")."""
    stripped = text.lstrip()
    if not stripped:
        return ""
    decomposed = unicodedata.normalize("NFD", stripped[0])
    return "".join(c for c in decomposed if not unicodedata.combining(c)).casefold()


def unstopped(text: str) -> str:
    """``text`` without the full stop that ends it ('... up 50.'), where the place follows it
    after a comma: '... up 50, 1 of 2', not '50., 1 of 2'. An ellipsis is kept."""
    if text.endswith(".") and not text.endswith(".."):
        return text[:-1]
    return text


class Menu:
    """A titled list of items with a cursor.

    ``check`` vets every new value before it is taken (the options screen refuses a table that
    cannot be played); with ``wrap`` Up and Down go round instead of stopping at the ends.
    """

    def __init__(self, title: str, items: Sequence[Item], messages: Messages, *,
                 position: int = 0, wrap: bool = False, check: Check | None = None) -> None:
        if not items:
            raise ValueError("a menu needs at least one item")
        keys = [item.key for item in items]
        if len(set(keys)) != len(keys):
            raise ValueError(f"item keys must differ: {keys}")
        self.title = title
        self.items = list(items)
        self.m = messages
        self.position = min(max(position, 0), len(self.items) - 1)
        self.wrap = wrap
        self.check = check

    # ------------------------------------------------------------------ state

    @property
    def current(self) -> Item:
        return self.items[self.position]

    def item(self, key: str) -> Item:
        for item in self.items:
            if item.key == key:
                return item
        raise KeyError(key)

    def put(self, item: Item) -> None:
        """Replace the item with the same key (its new value, or new words)."""
        for index, old in enumerate(self.items):
            if old.key == item.key:
                self.items[index] = item
                return
        raise KeyError(item.key)

    def reset(self, items: Sequence[Item], title: str | None = None,
              messages: Messages | None = None) -> None:
        """New items (and words), keeping the cursor on the item with the same key."""
        key = self.current.key
        self.items = list(items)
        if title is not None:
            self.title = title
        if messages is not None:
            self.m = messages
        keys = [item.key for item in self.items]
        self.position = keys.index(key) if key in keys else min(self.position, len(keys) - 1)

    # ------------------------------------------------------------------ words

    def value_text(self, item: Item) -> str | None:
        if isinstance(item, ActionItem):
            return None
        if isinstance(item, Toggle):
            return self.m.tr("menu.on") if item.value else self.m.tr("menu.off")
        return item.text

    def item_text(self, index: int | None = None) -> str:
        """'Play, 1 of 5', or 'Mono, off, 4 of 7'."""
        where = self.position if index is None else index
        item = self.items[where]
        value = self.value_text(item)
        if value is None:
            return self.m.tr("menu.item", label=unstopped(item.label), position=where + 1,
                             count=len(self.items))
        return self.m.tr("menu.item.value", label=item.label, value=unstopped(value),
                         position=where + 1, count=len(self.items))

    def opening(self) -> str:
        """What to say when the menu opens: its title and the item under the cursor."""
        title = self.title.rstrip()
        stop = "" if title.endswith((".", "?", "!", ":", "…")) else "."
        return f"{title}{stop} {self.item_text()}"

    def description(self) -> str:
        item = self.current
        return item.description or self.m.tr("menu.no.description")

    # ------------------------------------------------------------------ keys

    def press(self, label: str) -> Response:
        """What the key named ``label`` ("up", "f2", "q"...) does."""
        if label in ("up", "down"):
            return self._step(-1 if label == "up" else 1)
        if label == "home":
            return self._jump(0)
        if label == "end":
            return self._jump(len(self.items) - 1)
        if label in ("left", "right"):
            return self._change(-1 if label == "left" else 1)
        if label in ("enter", "space"):
            return self._choose()
        if label == "escape":
            return Response(back=True)
        if label in DESCRIBE_KEYS:
            return Response(speech=self.description())
        if len(label) == 1 and label.isprintable() and not label.isspace():
            return self._letter(label)
        return Response(handled=False)

    def _step(self, direction: int) -> Response:
        target = self.position + direction
        if 0 <= target < len(self.items):
            return self._jump(target)
        if self.wrap:
            return replace(self._jump(target % len(self.items)), cue=EDGE_CUE)
        if direction < 0:
            return Response(speech=self.m.tr("menu.top", item=self.item_text()))
        return Response(speech=self.m.tr("menu.bottom", item=self.item_text()))

    def _jump(self, index: int) -> Response:
        moved = index != self.position
        self.position = index
        return Response(speech=self.item_text(), cue=MOVE_CUE if moved else None)

    def _letter(self, label: str) -> Response:
        letter = initial(label)
        count = len(self.items)
        for offset in range(1, count + 1):
            index = (self.position + offset) % count
            if initial(self.items[index].label) == letter:
                return self._jump(index)
        return Response(speech=self.m.tr("menu.no.letter", letter=label.upper()))

    def _change(self, direction: int) -> Response:
        item = self.current
        if isinstance(item, ActionItem):
            return Response(speech=self.item_text())
        new = item.stepped(direction)
        if new == item:  # a number at its end, or a choice of one
            value = self.value_text(item)
            if not isinstance(item, Number):
                return Response(speech=value)
            if direction < 0:
                return Response(speech=self.m.tr("menu.value.lowest", value=value))
            return Response(speech=self.m.tr("menu.value.highest", value=value))
        return self._take(new, EDGE_CUE if went_round(item, new, direction) else MOVE_CUE)

    def _take(self, new: Item, cue: str = MOVE_CUE) -> Response:
        refusal = self.check(new) if self.check is not None else None
        if refusal is not None:
            return Response(speech=refusal)
        self.put(new)
        return Response(speech=self.value_text(new), cue=cue, changed=new)

    def _choose(self) -> Response:
        item = self.current
        if isinstance(item, ActionItem):
            return Response(cue=SELECT_CUE, activated=item.key)
        if isinstance(item, Toggle):
            return self._take(item.stepped(1))
        return Response(speech=self.m.tr("menu.change.hint"))
