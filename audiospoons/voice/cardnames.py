"""Cards as words, in the listener's language."""

from __future__ import annotations

from audiospoons.engine.cards import Card
from audiospoons.voice.i18n import Messages

RANK_IDS = {"A": "ace", "J": "jack", "Q": "queen", "K": "king"}
SUIT_IDS = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}


def _rank_id(rank: str) -> str:
    return RANK_IDS.get(rank, rank)


def card_name(messages: Messages, card: Card) -> str:
    """'queen of hearts'."""
    suit = messages.tr(f"suit.{SUIT_IDS[card.suit]}")
    return messages.tr(f"card.{_rank_id(card.rank)}", suit=suit)


def the_card(messages: Messages, card: Card) -> str:
    """'the queen of hearts': the article agrees with the rank where the language needs it."""
    suit = messages.tr(f"suit.{SUIT_IDS[card.suit]}")
    return messages.tr(f"card.the.{_rank_id(card.rank)}", suit=suit)


def rank_count(messages: Messages, rank: str, count: int) -> str:
    """'four queens', 'a five'."""
    return messages.ntr(f"rank.{_rank_id(rank)}", count,
                        number=messages.tr(f"number.{min(count, 6)}"))
