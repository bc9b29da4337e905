"""Spoons and Knives (seed 001): the Knives pack, its special cards and their sets, the knife
rule, and the cards' spoken names."""

from __future__ import annotations

from collections import Counter

import pytest
from conftest import replay

from audiospoons.engine.cards import (
    WATCHER_GROUP,
    Card,
    DeckKind,
    build_deck,
    copies_of,
    knives_pack,
    parse_card,
    set_rank,
)
from audiospoons.engine.errors import InvalidOptions, MalformedCommand
from audiospoons.games.keyboards import KEYBOARDS
from audiospoons.games.spoons.rules.options import Options
from audiospoons.replay.scenario import parse_scenario
from audiospoons.replay.transcript import heard
from audiospoons.voice.announcer import Utterance
from audiospoons.voice.cardnames import card_name, rank_count, the_card
from audiospoons.voice.i18n import messages

KNIFE = """
    [options]
    deck = "knives"
    draw = "discard"
    knife_redraw = 2
    [table]
    players = ["Andrew", "Chris", "Ellen"]
    dealer = "Andrew"
    seed = 4
    stock = ["QK", "CRONE", "5D"]
    [table.hands]
    Andrew = ["7H", "7C", "7D", "JOKER"]
    Chris = ["WATCHER-K", "DARKNESS", "OMNIHEDRON", "2S"]
    [script]
    lines = [
        "0.50 Andrew take",
        "0.60 Andrew take",
        "0.70 Andrew pass JOKER",
        "0.80 Andrew pass QK",
        "0.90 Andrew pass 5D",
        "1.20 Chris take",
        "1.50 Chris pass 2S",
    ]
"""


def test_the_pack_holds_every_kind_at_least_four_times() -> None:
    pack = knives_pack()
    assert len(pack) == 89 == len(build_deck(DeckKind.KNIVES, 6))
    kinds = Counter(card.kind for card in pack)
    assert min(kinds.values()) == 4
    assert kinds["Q"] == 5 and kinds["JOKER"] == 4 and kinds[WATCHER_GROUP] == 4
    assert {str(c) for c in pack if c.bears_knives and c.rank in ("HUNTER", "TRAVELER",
                                                                   "WATCHER")} == {
        "HUNTER-DK", "TRAVELER-DK", "WATCHER-K"}
    assert sum(card.bears_knives for card in pack) == 13 + 3
    assert copies_of("Q", DeckKind.KNIVES) == 5 and copies_of("Q", DeckKind.TWO_PACKS) == 8


def test_special_cards_make_sets_only_with_their_own_kind() -> None:
    group = [parse_card(c) for c in ("WATCHER-K", "CRONE", "DARKNESS", "OMNIHEDRON")]
    assert set_rank(group, 4) == WATCHER_GROUP
    jokers = [Card("JOKER", "")] * 3
    assert set_rank([*jokers, parse_card("CRONE")], 4) is None
    assert set_rank([*jokers, Card("JOKER", "")], 4) == "JOKER"
    hunters = [parse_card(c) for c in ("HUNTER-C", "HUNTER-H", "HUNTER-S", "HUNTER-DK")]
    assert set_rank(hunters, 4) == "HUNTER"
    assert set_rank([*hunters[:3], parse_card("TRAVELER-DK")], 4) is None
    assert set_rank([parse_card(c) for c in ("QK", "QH", "QS", "QD")], 4) == "Q"


def test_card_notation_reads_back_and_refuses_cards_the_pack_lacks() -> None:
    for card in knives_pack():
        assert parse_card(str(card)) == card
    for text in ("HUNTER-D", "WATCHER", "JOKER-S", "11K"):
        with pytest.raises(MalformedCommand, match="is not a card"):
            parse_card(text)


@pytest.mark.parametrize(("lang", "names"), [
    ("en", ["the Crone", "the Diamond-Knives Traveler", "the Hunter of spades", "the Joker",
            "the queen of knives", "the Watcher"]),
    ("es", ["la Bruja", "el Viajero de Diamantes y Cuchillos", "el Cazador de picas",
            "el comodín", "la reina de cuchillos", "el Vigía"]),
])
def test_cards_are_named_naturally(lang: str, names: list[str]) -> None:
    m = messages(lang)
    cards = ("CRONE", "TRAVELER-DK", "HUNTER-S", "JOKER", "QK", "WATCHER-K")
    assert [the_card(m, parse_card(c)) for c in cards] == names


def test_every_special_card_and_kind_has_words_in_every_language() -> None:
    for lang in ("en", "es"):
        m = messages(lang)
        for card in knives_pack():
            for text in (card_name(m, card), the_card(m, card)):
                assert "{" not in text and "card." not in text and "suit." not in text, text
        for kind in {card.kind for card in knives_pack()}:
            assert "rank." not in rank_count(m, kind, 4)
    assert rank_count(messages("en"), WATCHER_GROUP, 4) == "four of the Watcher's group"
    assert card_name(messages("en"), Card("JOKER", "")) == "a Joker"


def test_a_knife_makes_you_discard_and_draw_anew_before_playing_on() -> None:
    """Andrew draws the queen of knives: he must discard two (picking up is refused meanwhile),
    the second discard draws two new cards at once, and then he passes as usual."""
    assert replay(KNIFE, "Andrew") == [
        '  0.00  Spoons: you against Chris and Ellen.',
        '  0.00  [sound deal pan +0.00]',
        '  0.00  Round 1. You deal. 2 spoons on the table.',
        '  0.00  Your cards: seven of hearts, seven of clubs, seven of diamonds, and a Joker.',
        '  0.50  [sound card-in pan +0.50]',
        '  0.50  You drew the queen of knives.',
        '  0.50  [sound knife pan +0.00]',
        '  0.50  A knife! Discard 2 cards, any you like, then you draw 2 new.',
        '  0.60  refused: Andrew take: Andrew must discard 2 more for the knife first',
        '  0.70  [sound card-out pan -0.50]',
        '  0.70  You discard the Joker; 1 more.',
        '  0.80  [sound card-out pan -0.50]',
        '  0.80  You discard the queen of knives.',
        '  0.80  You draw the Crone and five of diamonds.',
        '  0.90  [sound card-out pan -1.00]',
        '  0.90  You passed the five of diamonds to Chris.',
        '  1.20  Chris picked up a card.',
        '  1.50  Chris passed a card to Ellen.',
        '  1.50  state: round 1, cards in play, 2 spoons on the table, Andrew deals',
        '  1.50  state: Andrew: 4 cards, 0 waiting, hand 7H 7C 7D CRONE',
        '  1.50  state: Chris: 4 cards, 0 waiting',
        '  1.50  state: Ellen: 4 cards, 1 waiting',
    ]


def test_the_table_hears_the_knife_and_not_the_cards() -> None:
    spectator = replay(KNIFE)
    assert '  0.50  [sound knife pan +1.00]' in spectator
    assert '  0.50  Andrew has a knife: 2 cards out and 2 in.' in spectator
    assert '  0.80  Andrew draws 2 new cards.' in spectator
    assert not any("Crone" in line or "knives" in line for line in spectator)


def test_the_discard_time_limit_makes_the_knife_discards_at_random() -> None:
    """The three of knives among the cards drawn anew is another knife, with a clock of its
    own: its discards are the player's to make, and made at random only when it runs out."""
    scenario = """
        [options]
        deck = "knives"
        draw = "discard"
        discard_time_limit = 2
        [table]
        players = ["Andrew", "Chris", "Ellen"]
        seed = 4
        stock = ["TRAVELER-DK"]
        [table.hands]
        Andrew = ["7H", "7C", "2S", "JOKER"]
        [script]
        lines = ["0.20 Andrew take", "0.30 Andrew pass 2S"]
    """
    assert replay(scenario, "Andrew")[12:24] == [
        '  2.30  [sound card-out pan -0.50]',
        '  2.30  Time is up: you discarded the seven of hearts.',
        '  2.30  [sound card-out pan -0.50]',
        '  2.30  Time is up: you discarded the Joker.',
        '  2.30  [sound card-out pan -0.50]',
        '  2.30  Time is up: you discarded the seven of clubs.',
        '  2.30  You draw three of clubs, three of knives, the Traveler of hearts, and ace of'
        ' spades.',
        '  2.30  [sound knife pan +0.00]',
        '  2.30  A knife! Discard 4 cards, any you like, then you draw 4 new.',
        '  3.30  [sound tick pan +0.00]',
        '  4.30  [sound card-out pan -0.50]',
        '  4.30  Time is up: you discarded the Traveler of hearts.',
    ]


def test_a_set_of_the_watchers_group_is_heard_and_lets_you_grab() -> None:
    scenario = """
        [options]
        deck = "knives"
        draw = "discard"
        [table]
        players = ["Andrew", "Chris", "Ellen"]
        seed = 4
        stock = ["CRONE"]
        [table.hands]
        Andrew = ["WATCHER-K", "DARKNESS", "OMNIHEDRON", "2S"]
        [script]
        lines = ["0.20 Andrew take", "0.40 Andrew pass 2S", "0.70 Andrew grab"]
    """
    lines = replay(scenario, "Andrew")
    assert "  0.20  You have four of the Watcher's group!" in lines
    assert '  0.70  You grabbed a spoon!' in lines


def test_the_pack_leaves_a_stock_for_up_to_twenty_two_players() -> None:
    options = Options.from_mapping({"deck": "knives"})
    options.check_players(22)
    with pytest.raises(InvalidOptions, match="leave no stock in a pack of 89; use fewer players"):
        options.check_players(23)


def test_a_list_of_cards_says_the_for_the_one_of_a_kind_special_cards() -> None:
    m = messages("en")
    cards = [parse_card(c) for c in ("JOKER", "HUNTER-DK", "ARROW-S", "2C", "DARKNESS")]
    assert m.join([card_name(m, card) for card in cards]) == (
        "a Joker, the Diamond-Knives Hunter, the Arrow of spades, two of clubs, and the"
        " Darkness")


def test_without_a_waiting_pile_a_knife_discards_and_redraws_no_more_than_the_hand_holds() -> None:
    """Passing first, a three-card hand holds three when the knife arrives: with knife_redraw 4
    it discards those three and draws three, and plays on with a hand of three."""
    scenario = """
        [options]
        deck = "knives"
        draw = "discard"
        hand_size = 3
        knife_redraw = 4
        waiting_pile = false
        [table]
        players = ["Andrew", "Chris", "Ellen"]
        dealer = "Andrew"
        seed = 4
        stock = ["QK", "5D", "6D", "7D"]
        [table.hands]
        Andrew = ["7H", "7C", "JOKER"]
        [script]
        lines = [
            "0.50 Andrew pass JOKER",
            "0.60 Andrew draw",
            "0.70 Andrew pass 7H",
            "0.80 Andrew pass 7C",
            "0.90 Andrew pass QK",
        ]
    """
    assert replay(scenario, "Andrew")[6:] == [
        '  0.60  [sound card-in pan +0.50]',
        '  0.60  You drew the queen of knives.',
        '  0.60  [sound knife pan +0.00]',
        '  0.60  A knife! Discard 3 cards, any you like, then you draw 3 new.',
        '  0.70  [sound card-out pan -0.50]',
        '  0.70  You discard the seven of hearts; 2 more.',
        '  0.80  [sound card-out pan -0.50]',
        '  0.80  You discard the seven of clubs; 1 more.',
        '  0.90  [sound card-out pan -0.50]',
        '  0.90  You discard the queen of knives.',
        '  0.90  You draw five of diamonds, six of diamonds, and seven of diamonds.',
        '  0.90  state: round 1, cards in play, 2 spoons on the table, Andrew deals',
        '  0.90  state: Andrew: 3 cards, 0 waiting, hand 5D 6D 7D',
        '  0.90  state: Chris: 3 cards, 1 waiting',
        '  0.90  state: Ellen: 3 cards, 0 waiting',
    ]


def test_your_knife_is_urgent_and_another_s_is_news() -> None:
    """A knife is a call to act at once for its holder: the line cuts off what is being said;
    the others hear of it as news."""
    scenario = parse_scenario(KNIFE)

    def knife_lines(name: str) -> list[Utterance]:
        return [said for _, said in heard(scenario.new_game(), scenario.script,
                                          scenario.seat_of(name), KEYBOARDS[scenario.game])
                if isinstance(said, Utterance) and "knife" in said.text.lower()
                and not said.text.startswith("You drew")]

    assert [(said.text, said.urgent) for said in knife_lines("Andrew")] == [
        ("A knife! Discard 2 cards, any you like, then you draw 2 new.", True)]
    assert [said.urgent for said in knife_lines("Chris")] == [False]
