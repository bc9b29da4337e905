"""Slapjack's keys: Space slaps, Enter turns your card, and a few keys say how things stand."""

from __future__ import annotations

from enum import Enum

from audiospoons.ui.gamekeys import KeyTable, SharedAction, help_order, shared_keys


class SlapjackAction(Enum):
    """What a key does in Slapjack, besides the shared actions. Names the other games' actions
    have too mean the same."""

    SLAP = "slap"
    TURN = "turn"
    CARDS = "cards"
    PILE = "pile"
    WHOSE = "whose"
    COUNTS = "counts"
    OPTIONS = "options"


DEFAULT_SLAPJACK_KEYS: dict[SlapjackAction | SharedAction, tuple[str, ...]] = {
    SlapjackAction.SLAP: ("space",),
    SlapjackAction.TURN: ("enter",),
    SlapjackAction.CARDS: ("c",),
    SlapjackAction.PILE: ("p",),
    SlapjackAction.WHOSE: ("t",),
    SlapjackAction.COUNTS: ("a",),
    SlapjackAction.OPTIONS: ("f5",),
} | shared_keys()


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
}
"""The message id of each action's name: the other games' where it means the same."""

SLAPJACK_KEYS: KeyTable[SlapjackAction] = KeyTable(SlapjackAction, DEFAULT_SLAPJACK_KEYS,
                                                   SLAPJACK_ACTION_IDS)
