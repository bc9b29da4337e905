"""Cards as words, in the listener's language.

The ranked cards are "queen of hearts" and "the queen of hearts"; the special cards of the Knives
pack are said by their names, with their suit where they bear one ("the Hunter of spades") or
both suits where they bear two ("the Diamond-Knives Traveler").
"""

from __future__ import annotations

from audiospoons.engine.cards import WATCHER_GROUP, Card
from audiospoons.voice.i18n import Messages

RANK_IDS = {"A": "ace", "J": "jack", "Q": "queen", "K": "king", "JOKER": "joker",
            "HUNTER": "hunter", "TRAVELER": "traveler", "ARROW": "arrow",
            "TALISMAN": "talisman", "WATCHER": "watcher", "CRONE": "crone",
            "DARKNESS": "darkness", "OMNIHEDRON": "omnihedron", WATCHER_GROUP: "group"}
SUIT_IDS = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades", "K": "knives"}
NAMED = ("WATCHER", "CRONE", "DARKNESS", "OMNIHEDRON", "JOKER")
"""Special cards said by their name alone, whatever suit they bear."""
ONE_OF_A_KIND = ("HUNTER", "TRAVELER", "ARROW", "TALISMAN")
"""Special cards each of which is the only one of its name and suits: said with "the" even in a
list ("the Hunter of spades"), where a ranked card is not ("two of clubs")."""


def _rank_id(rank: str) -> str:
    return RANK_IDS.get(rank, rank)


def _name(messages: Messages, card: Card, article: str) -> str:
    rank = _rank_id(card.rank)
    if card.rank in ONE_OF_A_KIND:
        article = "the."
    if card.rank in NAMED:
        return messages.tr(f"card.{article}{rank}")
    if len(card.suit) == 2:
        first, second = (messages.tr(f"suit.name.{SUIT_IDS[s]}") for s in card.suit)
        return messages.tr(f"card.{article}{rank}.two", first=first, second=second)
    suit = messages.tr(f"suit.{SUIT_IDS[card.suit]}")
    return messages.tr(f"card.{article}{rank}", suit=suit)


def card_name(messages: Messages, card: Card) -> str:
    """'queen of hearts', 'Crone', 'Diamond-Knives Traveler'."""
    return _name(messages, card, "")


def the_card(messages: Messages, card: Card) -> str:
    """'the queen of hearts', 'the Crone': the article agrees with the card where the language
    needs it."""
    return _name(messages, card, "the.")


def rank_count(messages: Messages, rank: str, count: int) -> str:
    """'four queens', 'a five', 'two Jokers', 'all four of the Watcher's group'; ``rank`` is a
    set's kind."""
    return messages.ntr(f"rank.{_rank_id(rank)}", count,
                        number=messages.tr(f"number.{min(count, 6)}"))
