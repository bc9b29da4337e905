"""The keys that do something now, for a screen that draws them as buttons to touch: each with
the label of the key it presses and its name, as F1 names it, in the player's language. Pure.

Whoever reads the keys offers them (``offer``) before reading, and the key source shows them
where it can (a web page's touch panel); a terminal shows nothing and is offered nothing.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Protocol, runtime_checkable

from audiospoons.ui.gamekeys import A, SharedAction
from audiospoons.ui.keynames import ActionNames, action_name, key_name
from audiospoons.voice.i18n import Messages


class Row(Enum):
    """Where a control goes: the race's key first and largest, then the keys that play, then
    the keys that only tell (status, what was said, help)."""

    RACE = "race"
    PLAY = "play"
    TELL = "tell"


@dataclass(frozen=True, slots=True)
class Control:
    label: str
    """The key's label, sent as the key itself would be ("space", "shift+z")."""
    name: str
    """What it does, as F1 names it (a key's own name where the key is all there is to say)."""
    row: Row


@runtime_checkable
class ControlPanel(Protocol):
    def offer(self, controls: Sequence[Control]) -> None:
        """Show ``controls`` as the keys that do something now."""


def offer(keys: object, controls: Sequence[Control]) -> None:
    """Tell ``keys`` the controls of what is about to read them, if it shows controls."""
    if isinstance(keys, ControlPanel):
        keys.offer(controls)


def game_controls(bindings: Mapping[A, Sequence[str]], order: Iterable[A], names: ActionNames,
                  m: Messages, *, race: A, telling: Collection[A]) -> tuple[Control, ...]:
    """A game's actions that have a key, in F1's ``order`` (F1 itself added, which its own
    list leaves out), each on its first key: ``race`` (grab, slap, react) first, then the
    actions that play, then ``telling`` and the keys every game has (``SharedAction``)."""

    def row(action: A) -> Row:
        if action == race:
            return Row.RACE
        if action in telling or isinstance(action, SharedAction):
            return Row.TELL
        return Row.PLAY

    shown = list(order)
    shown += [action for action in bindings if action is SharedAction.HELP and action not in shown]
    controls = [Control(keys[0], action_name(action, names, m), row(action))
                for action in shown if (keys := bindings.get(action))]
    return tuple(sorted(controls, key=lambda control: list(Row).index(control.row)))


def key_controls(play: Iterable[str], tell: Iterable[str], m: Messages) -> tuple[Control, ...]:
    """Controls named by their keys alone ("Up arrow", "Enter"): those of a menu or a
    question, whose F1 names the keys rather than actions."""
    return (*(Control(label, key_name(label, m), Row.PLAY) for label in play),
            *(Control(label, key_name(label, m), Row.TELL) for label in tell))


HISTORY_LABELS = (",", ".", "<", ">")
"""What was said, in the menus as in a game (``historykeys``)."""


def menu_controls(m: Messages) -> tuple[Control, ...]:
    """A menu's keys (``ui.menu``): move, change, choose, back, the ends; what an item does,
    F1."""
    return key_controls(("up", "down", "left", "right", "enter", "escape", "home", "end"),
                        ("f2", "f1", *HISTORY_LABELS), m)


def answer_controls(m: Messages) -> tuple[Control, ...]:
    """A yes-or-no question's keys: Enter and Escape."""
    return key_controls(("enter", "escape"), HISTORY_LABELS, m)
