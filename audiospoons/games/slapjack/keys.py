"""Slapjack's keys: Space slaps, Enter turns your card, and a few keys say how things stand."""

from __future__ import annotations

from enum import Enum

from audiospoons.ui.gamekeys import SHARED_KEYS, KeyTable, help_order
from audiospoons.ui.keynames import name_actions


class SlapjackAction(Enum):
    """What a key does. Names shared with the other games' actions mean the same."""

    SLAP = "slap"
    TURN = "turn"
    CARDS = "cards"
    PILE = "pile"
    WHOSE = "whose"
    COUNTS = "counts"
    OPTIONS = "options"
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
    MENU = "menu"


DEFAULT_SLAPJACK_KEYS: dict[SlapjackAction, tuple[str, ...]] = {
    **{SlapjackAction(name): keys for name, keys in SHARED_KEYS.items()},
    SlapjackAction.SLAP: ("space",),
    SlapjackAction.TURN: ("enter",),
    SlapjackAction.CARDS: ("c",),
    SlapjackAction.PILE: ("p",),
    SlapjackAction.WHOSE: ("t",),
    SlapjackAction.COUNTS: ("a",),
    SlapjackAction.OPTIONS: ("f5",),
}

FIXED_SLAPJACK: dict[SlapjackAction, str] = {SlapjackAction.HELP: "f1",
                                             SlapjackAction.MENU: "escape"}
"""Actions that keep their key whatever the settings say, as in the other games."""

SLAPJACK_KEYS: KeyTable[SlapjackAction] = KeyTable(SlapjackAction, DEFAULT_SLAPJACK_KEYS,
                                                   FIXED_SLAPJACK)

SLAPJACK_HELP_ORDER = help_order(SlapjackAction, (
    SlapjackAction.SLAP,
    SlapjackAction.TURN,
    SlapjackAction.CARDS,
    SlapjackAction.PILE,
    SlapjackAction.WHOSE,
    SlapjackAction.COUNTS,
    SlapjackAction.OPTIONS,
))
"""Slapjack's actions as F1 says them once keys are moved: the slap first, then the turn,
then what the seat may ask."""

SLAPJACK_TELLING = frozenset({SlapjackAction.CARDS, SlapjackAction.PILE, SlapjackAction.WHOSE,
                              SlapjackAction.COUNTS, SlapjackAction.OPTIONS})
"""The keys that only say how things stand."""

SLAPJACK_ACTION_IDS: dict[SlapjackAction, str] = {
    SlapjackAction.SLAP: "keys.slapjack.slap",
    SlapjackAction.TURN: "keys.slapjack.turn",
    SlapjackAction.CARDS: "keys.slapjack.cards",
    SlapjackAction.PILE: "keys.slapjack.pile",
    SlapjackAction.WHOSE: "keys.slapjack.whose",
    SlapjackAction.COUNTS: "keys.slapjack.counts",
    SlapjackAction.OPTIONS: "keys.action.options",
    SlapjackAction.HISTORY_PREVIOUS: "keys.action.history-previous",
    SlapjackAction.HISTORY_NEXT: "keys.action.history-next",
    SlapjackAction.HISTORY_FIRST: "keys.action.history-first",
    SlapjackAction.HISTORY_LAST: "keys.action.history-last",
    SlapjackAction.REPEAT: "keys.action.repeat",
    SlapjackAction.VOLUME_DOWN: "keys.action.volume-down",
    SlapjackAction.VOLUME_UP: "keys.action.volume-up",
    SlapjackAction.RATE_DOWN: "keys.action.rate-down",
    SlapjackAction.RATE_UP: "keys.action.rate-up",
    SlapjackAction.HELP: "keys.action.help",
    SlapjackAction.RULES: "keys.action.rules",
    SlapjackAction.MENU: "keys.action.menu",
}
"""The message id of each action's name: the other games' where it means the same."""
name_actions(SlapjackAction, SLAPJACK_ACTION_IDS)
