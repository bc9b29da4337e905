"""The state of play as a screen shows it to those who see it: the answers of the game's status
keys (the hand, the spoons, the players...), each under the name of its key, as F1 names it.
Pure: the words are the status keys' own, never worded twice.

Whoever reads the keys shows where the player is (``show``) before reading; the key source
shows it where it can (a web page's table), a terminal nowhere.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Protocol, runtime_checkable

from audiospoons.ui.gamekeys import A
from audiospoons.ui.keynames import ActionNames, action_name
from audiospoons.voice.i18n import Messages


@dataclass(frozen=True, slots=True)
class Cell:
    name: str
    """The status key's action, as F1 names it ("Say your hand")."""
    text: str
    """What the key says now."""


@dataclass(frozen=True, slots=True)
class TableView:
    title: str
    """Where the player is: the game, or the menu."""
    cells: tuple[Cell, ...] = ()


@runtime_checkable
class TableScreen(Protocol):
    def show_table(self, view: TableView) -> None:
        """Show ``view`` as where the player is now."""


def show(keys: object, view: TableView) -> None:
    """Tell ``keys`` where the player is, if it shows it."""
    if isinstance(keys, TableScreen):
        keys.show_table(view)


def status_cells(answers: Mapping[A, Callable[[], str | None]], actions: Iterable[A],
                 names: ActionNames, m: Messages, *,
                 extra: Mapping[A, Callable[[], str]] | None = None) -> tuple[Cell, ...]:
    """A cell for each of ``actions`` that answers now: its name and its answer, followed by
    what ``extra`` adds to it (the card under the cursor, after the hand)."""
    cells = []
    for action in actions:
        answer = answers.get(action)
        text = answer() if answer is not None else None
        if not text:
            continue
        more = (extra or {}).get(action)
        cells.append(Cell(action_name(action, names, m),
                          text if more is None else f"{text} {more()}"))
    return tuple(cells)
