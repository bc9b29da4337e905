import dataclasses
from collections import Counter

import pytest

from audiospoons.engine.cards import (
    GROUP_RANKS,
    WATCHER_GROUP,
    Card,
    DeckKind,
    build_deck,
    parse_card,
    set_rank,
)
from audiospoons.engine.errors import MalformedCommand, RulesError


def test_notation_reads_and_writes_every_card_of_the_pack() -> None:
    for card in build_deck(DeckKind.STANDARD, 4):
        assert parse_card(str(card)) == card
    assert parse_card("10h") == Card("10", "H")
    assert str(Card("Q", "S")) == "QS"


@pytest.mark.parametrize("text", ["1H", "11S", "QX", "", "10", "H", "AHS"])
def test_a_card_that_does_not_exist_is_refused_with_the_notation(text: str) -> None:
    with pytest.raises(MalformedCommand, match="as in 10H or QS"):
        parse_card(text)


def test_errors_form_one_hierarchy_of_value_errors() -> None:
    assert issubclass(MalformedCommand, RulesError)
    assert issubclass(RulesError, ValueError)


def test_packs() -> None:
    standard = build_deck(DeckKind.STANDARD, 4)
    assert len(standard) == 52 and len(set(standard)) == 52
    two = Counter(build_deck(DeckKind.TWO_PACKS, 20))
    assert len(two) == 52 and set(two.values()) == {2}
    stripped = build_deck(DeckKind.NO_STOCK, 5)
    assert len(stripped) == 20
    assert Counter(c.rank for c in stripped) == {"A": 4, "2": 4, "3": 4, "4": 4, "5": 4}


def test_a_set_is_four_of_a_rank_whatever_the_suits() -> None:
    hand = [parse_card(c) for c in ("7H", "7C", "KD", "7D", "7S")]
    assert set_rank(hand, 4) == "7"
    assert set_rank(hand[:4], 4) is None
    assert set_rank([parse_card(c) for c in ("QH", "QH", "QS", "QD")], 4) == "Q"
    assert set_rank([parse_card(c) for c in ("3H", "3C", "3D")], 3) == "3"


def test_a_cards_kind_is_kept_with_it_and_its_value_is_its_rank_and_suit_alone() -> None:
    """Hands are counted by kind on every move: the kind is a plain field, worked out once as
    the card is made, and takes no part in how a card is written, compared or ordered."""
    assert "kind" in {field.name for field in dataclasses.fields(Card)}
    for card in build_deck(DeckKind.KNIVES, 4):
        assert card.kind == (WATCHER_GROUP if card.rank in GROUP_RANKS else card.rank)
    assert Card("WATCHER", "K").kind == Card("CRONE", "").kind == WATCHER_GROUP
    assert repr(Card("10", "H")) == "Card(rank='10', suit='H')"
    assert sorted([Card("7", "S"), Card("10", "C"), Card("7", "C")]) == [
        Card("10", "C"), Card("7", "C"), Card("7", "S")]
    assert len({Card("Q", "H"), Card("Q", "H"), Card("Q", "S")}) == 2
