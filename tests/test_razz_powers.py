"""Transcripts of Razz Spoons' rules: a fixed deal, timed commands, and the exact events.

Ann, Bob and Cat sit at seats 0, 1 and 2; Cat deals unless a test says otherwise, so Ann plays
first. Every hand is fixed, and so is the top of the stock where a test draws.
"""

from __future__ import annotations

import random

import pytest

from audiospoons.engine.cards import Card, parse_card
from audiospoons.engine.commands import TIE_WINDOW, Command
from audiospoons.engine.errors import MalformedCommand, NotAllowedNow
from audiospoons.games.razz.rules.commands import (
    Announce,
    ChoosePhrase,
    DrawCard,
    GrabSpoon,
    Keep,
    PlayCard,
    SayPhrase,
)
from audiospoons.games.razz.rules.events import (
    CardKept,
    CardPlayed,
    CardsDrawn,
    CountRaised,
    DealStarted,
    DirectionReversed,
    DoubleGrab,
    DrawCause,
    HandDealt,
    KingAimed,
    LastCardAnnounced,
    PhraseChosen,
    PhraseOwed,
    PhraseSaid,
    PhraseWanted,
    RaceOver,
    RazzGameStarted,
    RoundScored,
    RoundWon,
    SpoonFought,
    SpoonsOut,
    SpoonTaken,
    StarterTurned,
    TurnBegan,
    TurnTimeUp,
)
from audiospoons.games.razz.rules.facts import hand_size_for
from audiospoons.games.razz.rules.game import RazzGame
from audiospoons.games.razz.rules.options import RazzOptions
from audiospoons.games.razz.rules.piles import Piles, RazzDeal

NAMES = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jon", "Kim"]
ANN, BOB, CAT = 0, 1, 2


def cards(text: str) -> tuple[Card, ...]:
    return tuple(parse_card(word) for word in text.split())


def c(text: str) -> Card:
    return parse_card(text)


def dealt(hands: dict[int, str], starter: str = "7H", stock: str = "", *, dealer: int = CAT,
          options: RazzOptions | None = None) -> RazzGame:
    """A started game with these hands, the phrase chosen at 0: it is the turn after the
    dealer's."""
    deal = RazzDeal({seat: cards(hand) for seat, hand in hands.items()}, c(starter), cards(stock))
    game = RazzGame(NAMES[:len(hands)], options or RazzOptions(), random.Random(3), dealer, deal)
    game.start()
    game.handle(ChoosePhrase(dealer, "Pickles!"), 0.0)
    return game


def refusal(game: RazzGame, command: Command, at: float) -> str:
    """The reason ``command`` is refused at ``at`` (it must be)."""
    with pytest.raises(NotAllowedNow) as refused:
        game.handle(command, at)
    return refused.value.reason


# --------------------------------------------------------------------- the deal and the phrase

def test_the_deal_waits_for_the_dealer_to_choose_the_phrase_and_the_dealers_left_plays_first(
        ) -> None:
    deal = RazzDeal({0: cards("KH 3C"), 1: cards("4D 5D 9S"), 2: cards("9H 2H")}, c("7H"),
                    cards("AS"))
    game = RazzGame(NAMES[:3], RazzOptions(), random.Random(1), ANN, deal)
    events = game.start()
    assert events == [
        RazzGameStarted(0.0, ("Ann", "Bob", "Cat")),
        DealStarted(0.0, 1, ANN, 2, (2, 3, 2)),
        HandDealt(0.0, ANN, cards("KH 3C")),
        HandDealt(0.0, BOB, cards("4D 5D 9S")),
        HandDealt(0.0, CAT, cards("9H 2H")),
        StarterTurned(0.0, c("7H"), 96),
        PhraseWanted(0.0, ANN),
    ]
    assert [event.seen_by(BOB) for event in events[2:5]] == [None, events[3], None]
    assert events[2].seen_by(None) is None
    assert refusal(game, PlayCard(BOB, c("4D")), 0.5) == "choosing-phrase"
    assert refusal(game, ChoosePhrase(BOB, "Doh!"), 0.5) == "not-dealer"
    for text, reason in (("   ", "phrase-length"), ("x" * 41, "phrase-length"),
                         ("Do\x07h!", "phrase-characters"), ("Doh\u200b", "phrase-characters")):
        with pytest.raises(MalformedCommand) as bad:
            game.handle(ChoosePhrase(ANN, text), 0.5)
        assert bad.value.reason == reason
    assert game.handle(ChoosePhrase(ANN, "  Pickles!  "), 2.0) == [
        PhraseChosen(2.0, ANN, "Pickles!"),
        TurnBegan(2.0, BOB, 1, False, True, None),
    ]
    assert game.phrase == "Pickles!"
    assert refusal(game, ChoosePhrase(ANN, "Doh!"), 2.5) == "phrase-chosen"


@pytest.mark.parametrize(("players", "size"), [(2, 5), (3, 7), (4, 7), (5, 6), (6, 6), (7, 5),
                                               (10, 5)])
def test_hands_are_seven_cards_for_three_or_four_players_six_for_five_or_six_else_five(
        players: int, size: int) -> None:
    game = RazzGame(NAMES[:players], RazzOptions(), random.Random(players))
    started = game.start()[1]
    assert started == DealStarted(0.0, 1, 0, players - 1, (size,) * players)
    assert hand_size_for(players) == size
    assert game.piles.in_play(game.hands) == 104


# --------------------------------------------------------------------- plain turns

def test_a_card_matches_by_suit_or_rank_a_draw_ends_the_turn_unless_the_card_can_be_played(
        ) -> None:
    game = dealt({ANN: "3C 9D 4D", BOB: "4H 5S KC", CAT: "9H 2S 3S"}, "7H", "6C 5H 4S")
    assert (game.playable_cards(ANN), game.playable_cards(BOB)) == ([], [])
    assert refusal(game, PlayCard(ANN, c("3C")), 1.0) == "no-match"
    assert refusal(game, PlayCard(ANN, c("5S")), 1.0) == "not-held"
    assert refusal(game, PlayCard(BOB, c("4H")), 1.0) == "not-your-turn"
    assert game.handle(DrawCard(ANN), 1.0) == [
        CardsDrawn(1.0, ANN, cards("6C"), 1, 4, DrawCause.TURN),
        TurnBegan(1.0, BOB, 2, False, True),
    ]
    assert game.playable_cards(BOB) == [c("4H")]
    assert game.handle(PlayCard(BOB, c("4H")), 2.0) == [
        CardPlayed(2.0, BOB, c("4H"), "H", 2),
        TurnBegan(2.0, CAT, 3, False, True),
    ]
    drawn = game.handle(DrawCard(CAT), 3.0)
    assert drawn == [CardsDrawn(3.0, CAT, cards("5H"), 1, 4, DrawCause.TURN, True)]
    assert drawn[0].seen_by(ANN) == CardsDrawn(3.0, CAT, (), 1, 4, DrawCause.TURN, True)
    assert refusal(game, PlayCard(CAT, c("9H")), 3.5) == "play-drawn"
    assert refusal(game, DrawCard(CAT), 3.5) == "already-drawn"
    assert game.handle(Keep(CAT), 4.0) == [CardKept(4.0, CAT),
                                           TurnBegan(4.0, ANN, 4, False, True)]
    assert refusal(game, Keep(ANN), 4.5) == "nothing-drawn"
    assert game.handle(PlayCard(ANN, c("4D")), 5.0) == [
        CardPlayed(5.0, ANN, c("4D"), "D", 3),
        TurnBegan(5.0, BOB, 5, False, True),
    ]
    assert game.handle(DrawCard(BOB), 6.0) == [
        CardsDrawn(6.0, BOB, cards("4S"), 1, 3, DrawCause.TURN, True)]
    assert game.handle(PlayCard(BOB, c("4S")), 6.5) == [
        CardPlayed(6.5, BOB, c("4S"), "S", 2),
        TurnBegan(6.5, CAT, 6, False, True),
    ]


def test_the_stock_run_out_is_the_pile_but_its_top_shuffled() -> None:
    piles = Piles(random.Random(0))
    piles.stock, piles.pile = [c("2C")], list(cards("3C 4C 5C 6C"))
    drawn, turned = piles.draw(3)
    assert (drawn[0], turned, piles.pile) == (c("2C"), 3, [c("6C")])
    assert sorted(drawn[1:] + piles.stock) == sorted(cards("3C 4C 5C"))
    rest = piles.stock[::-1]
    assert piles.draw(5) == (rest, None)
    assert piles.draw(1) == ([], None)


def test_the_turn_time_limit_draws_for_the_player_and_ends_the_turn() -> None:
    game = dealt({ANN: "3C 9D", BOB: "4H 5S", CAT: "9H 2S"}, "7H", "6C 5H",
                 options=RazzOptions(turn_time_limit=4))
    assert game.next_deadline() == 4.0
    assert game.advance(4.0) == [
        TurnTimeUp(4.0, ANN),
        CardsDrawn(4.0, ANN, cards("6C"), 1, 3, DrawCause.TURN),
        TurnBegan(4.0, BOB, 2, False, True, 8.0),
    ]
    assert game.handle(DrawCard(BOB), 5.0) == [
        CardsDrawn(5.0, BOB, cards("5H"), 1, 3, DrawCause.TURN, True)]
    assert game.deadline_for(BOB) == 8.0
    assert game.advance(8.0) == [TurnTimeUp(8.0, BOB), TurnBegan(8.0, CAT, 3, False, True, 12.0)]


# --------------------------------------------------------------------- King

def test_a_king_makes_its_target_say_the_phrase_and_draw_two_then_play_goes_on() -> None:
    game = dealt({ANN: "KH 3C 4C", BOB: "7S 8C 9C", CAT: "5D 6D 7D"}, "7H", "2D 3D")
    with pytest.raises(MalformedCommand):
        game.handle(PlayCard(ANN, c("KH")), 0.5)
    with pytest.raises(MalformedCommand):
        game.handle(PlayCard(ANN, c("KH"), target=ANN), 0.5)
    assert game.handle(PlayCard(ANN, c("KH"), target=BOB), 1.0) == [
        CardPlayed(1.0, ANN, c("KH"), "H", 2),
        KingAimed(1.0, ANN, BOB, 2),
    ]
    assert refusal(game, PlayCard(BOB, c("7S")), 1.5) == "king-or-take"
    assert refusal(game, PlayCard(CAT, c("7D")), 1.5) == "not-your-turn"
    assert refusal(game, DrawCard(ANN), 1.5) == "not-your-turn"
    assert game.handle(SayPhrase(BOB), 2.0) == [
        PhraseSaid(2.0, BOB),
        CardsDrawn(2.0, BOB, cards("2D 3D"), 2, 5, DrawCause.KING),
        TurnBegan(2.0, BOB, 2, False, True),
    ]


def test_taking_a_kings_cards_without_the_phrase_leaves_the_phrase_owed() -> None:
    game = dealt({ANN: "3C KH 4C", BOB: "7S 8C 9C", CAT: "5D 6D 7D"}, "7H", "2D 3D")
    game.handle(PlayCard(ANN, c("KH"), target=CAT), 1.0)
    assert game.handle(DrawCard(CAT), 2.0) == [
        PhraseOwed(2.0, CAT, 5.0, DrawCause.KING),
        CardsDrawn(2.0, CAT, cards("2D 3D"), 2, 5, DrawCause.KING),
        TurnBegan(2.0, BOB, 2, False, True),
    ]
    assert game.handle(SayPhrase(CAT), 4.0) == [PhraseSaid(4.0, CAT)]
    assert refusal(game, SayPhrase(CAT), 4.5) == "no-phrase-owed"


def test_a_king_bounced_twice_adds_one_each_time_and_the_last_target_takes_four() -> None:
    game = dealt({ANN: "KH KS 3C", BOB: "KD 9C 5C", CAT: "5D 6D 7D"}, "7H",
                 "2D 3D 4D 5H")
    assert game.handle(PlayCard(ANN, c("KH"), target=BOB), 1.0) == [
        CardPlayed(1.0, ANN, c("KH"), "H", 2),
        KingAimed(1.0, ANN, BOB, 2),
    ]
    assert game.playable_cards(BOB) == [c("KD")]
    assert refusal(game, PlayCard(BOB, c("KD"), target=CAT), 1.5) == "bounce-sender"
    assert game.handle(PlayCard(BOB, c("KD"), target=ANN), 2.0) == [
        CardPlayed(2.0, BOB, c("KD"), "D", 2),
        KingAimed(2.0, BOB, ANN, 3),
    ]
    assert game.handle(PlayCard(ANN, c("KS"), target=BOB), 3.0) == [
        CardPlayed(3.0, ANN, c("KS"), "S", 1),
        KingAimed(3.0, ANN, BOB, 4),
    ]
    assert game.handle(Announce(ANN), 3.1) == [LastCardAnnounced(3.1, ANN)]
    assert game.handle(SayPhrase(BOB), 4.0) == [
        PhraseSaid(4.0, BOB),
        CardsDrawn(4.0, BOB, cards("2D 3D 4D 5H"), 4, 6, DrawCause.KING),
        TurnBegan(4.0, BOB, 2, False, True),
    ]
    assert (game.top, game.suit) == (c("KS"), "S")


def test_the_time_limit_takes_a_kings_cards_for_its_target() -> None:
    game = dealt({ANN: "KH 3C 4C", BOB: "7S 8C", CAT: "5D 6D"}, "7H", "2D 3D",
                 options=RazzOptions(turn_time_limit=5))
    assert game.handle(PlayCard(ANN, c("KH"), target=BOB), 1.0)[-1] == KingAimed(
        1.0, ANN, BOB, 2, 6.0)
    assert game.advance(6.0) == [
        TurnTimeUp(6.0, BOB),
        PhraseOwed(6.0, BOB, 9.0, DrawCause.KING),
        CardsDrawn(6.0, BOB, cards("2D 3D"), 2, 4, DrawCause.KING),
        TurnBegan(6.0, BOB, 2, False, True, 11.0),
    ]


# --------------------------------------------------------------------- Queen, Ten, Eight

def test_a_queen_reverses_the_direction_of_play() -> None:
    game = dealt({ANN: "QH 3C", BOB: "4C 5C", CAT: "QS 6C"})
    assert game.handle(PlayCard(ANN, c("QH")), 1.0) == [
        CardPlayed(1.0, ANN, c("QH"), "H", 1),
        DirectionReversed(1.0, False),
        TurnBegan(1.0, CAT, 2, False, False),
    ]
    game.handle(Announce(ANN), 1.1)
    assert game.handle(PlayCard(CAT, c("QS")), 2.0) == [
        CardPlayed(2.0, CAT, c("QS"), "S", 1),
        DirectionReversed(2.0, True),
        TurnBegan(2.0, ANN, 3, False, True),
    ]


def test_a_ten_gives_its_player_another_turn() -> None:
    game = dealt({ANN: "10H 10C 3C", BOB: "4C 5C", CAT: "6C 7C"})
    assert game.handle(PlayCard(ANN, c("10H")), 1.0) == [
        CardPlayed(1.0, ANN, c("10H"), "H", 2),
        TurnBegan(1.0, ANN, 2, True, True),
    ]
    assert game.handle(PlayCard(ANN, c("10C")), 2.0) == [
        CardPlayed(2.0, ANN, c("10C"), "C", 1),
        TurnBegan(2.0, ANN, 3, True, True),
    ]
    assert game.handle(PlayCard(ANN, c("3C")), 3.0) == [
        CardPlayed(3.0, ANN, c("3C"), "C", 0),
        RoundWon(3.0, ANN, 1),
        RoundScored(3.0, (0, 2, 2), (0, 2, 2)),
    ]


def test_an_eight_is_wild_and_names_the_suit_to_follow() -> None:
    game = dealt({ANN: "8C 3C 4C", BOB: "9H 9S 4D", CAT: "6C 7C"})
    for bad in (PlayCard(ANN, c("8C")), PlayCard(ANN, c("8C"), suit="X"),
                PlayCard(ANN, c("3C"), suit="S"), PlayCard(ANN, c("3C"), target=BOB)):
        with pytest.raises(MalformedCommand):
            game.handle(bad, 0.5)
    assert game.handle(PlayCard(ANN, c("8C"), suit="S"), 1.0) == [
        CardPlayed(1.0, ANN, c("8C"), "S", 2),
        TurnBegan(1.0, BOB, 2, False, True),
    ]
    assert refusal(game, PlayCard(BOB, c("9H")), 2.0) == "no-match-called"
    with pytest.raises(NotAllowedNow, match=r"the 9H matches neither the suit called \(S\) nor"
                       r" the rank of the 8C"):
        game.handle(PlayCard(BOB, c("9H")), 2.0)
    assert game.handle(PlayCard(BOB, c("9S")), 2.0) == [
        CardPlayed(2.0, BOB, c("9S"), "S", 2),
        TurnBegan(2.0, CAT, 3, False, True),
    ]


def test_the_starting_discard_has_no_power() -> None:
    game = dealt({ANN: "3C 4C", BOB: "5C 6C", CAT: "7C 9C"}, "2H")
    assert (game.count, game.suit, game.to_act()) == (0, "H", ANN)
    game = dealt({ANN: "3C 4C", BOB: "5C 6C", CAT: "7C 9C"}, "8D")
    assert (game.suit, game.to_act()) == ("D", ANN)


# --------------------------------------------------------------------- Two: the count

def test_a_two_starts_a_count_of_twos_and_aces_and_the_first_who_cannot_play_draws_it(
        ) -> None:
    game = dealt({ANN: "2H 3C 4C", BOB: "9H AS 5C", CAT: "2C 6D 7D"}, "7H",
                 "2D 3D 4D 5D 6H")
    assert game.handle(PlayCard(ANN, c("2H")), 1.0) == [
        CardPlayed(1.0, ANN, c("2H"), "H", 2),
        CountRaised(1.0, ANN, 2),
        TurnBegan(1.0, BOB, 2, False, True),
    ]
    assert refusal(game, PlayCard(BOB, c("9H")), 2.0) == "count-only"
    assert game.handle(PlayCard(BOB, c("AS")), 2.0) == [
        CardPlayed(2.0, BOB, c("AS"), "S", 2),
        CountRaised(2.0, BOB, 3),
        TurnBegan(2.0, CAT, 3, False, True),
    ]
    assert game.handle(PlayCard(CAT, c("2C")), 3.0) == [
        CardPlayed(3.0, CAT, c("2C"), "C", 2),
        CountRaised(3.0, CAT, 5),
        TurnBegan(3.0, ANN, 4, False, True),
    ]
    assert refusal(game, PlayCard(ANN, c("3C")), 4.0) == "count-only"
    assert game.handle(SayPhrase(ANN), 4.0) == [
        PhraseSaid(4.0, ANN),
        CardsDrawn(4.0, ANN, cards("2D 3D 4D 5D 6H"), 5, 7, DrawCause.COUNT),
        TurnBegan(4.0, BOB, 5, False, True),
    ]
    assert game.count == 0
    assert game.handle(PlayCard(BOB, c("5C")), 5.0) == [
        CardPlayed(5.0, BOB, c("5C"), "C", 1),
        TurnBegan(5.0, CAT, 6, False, True),
    ]


def test_drawing_when_facing_the_count_takes_it_and_the_phrase_is_owed() -> None:
    game = dealt({ANN: "2H 3C 4C", BOB: "9H 5C", CAT: "6D 7D"}, "7H", "2D 3D")
    game.handle(PlayCard(ANN, c("2H")), 1.0)
    assert game.handle(DrawCard(BOB), 2.0) == [
        PhraseOwed(2.0, BOB, 5.0, DrawCause.COUNT),
        CardsDrawn(2.0, BOB, cards("2D 3D"), 2, 4, DrawCause.COUNT),
        TurnBegan(2.0, CAT, 3, False, True),
    ]


# --------------------------------------------------------------------- Jack: the spoons

JACK_HANDS = {ANN: "JH 3C 4C", BOB: "9C 5C", CAT: "6D 7D"}
JACK_STOCK = "2D 3D"


def test_a_jack_puts_the_spoons_out_and_the_one_left_without_says_the_phrase_and_draws_two(
        ) -> None:
    game = dealt(JACK_HANDS, "7H", JACK_STOCK)
    assert game.handle(PlayCard(ANN, c("JH")), 1.0) == [
        CardPlayed(1.0, ANN, c("JH"), "H", 2),
        SpoonsOut(1.0, ANN, 2, 6.0),
    ]
    assert refusal(game, PlayCard(BOB, c("9C")), 1.2) == "spoons-out"
    assert refusal(game, DrawCard(BOB), 1.2) == "spoons-out"
    assert game.handle(GrabSpoon(BOB), 1.4) == [SpoonTaken(1.4, BOB, 1)]
    assert game.handle(GrabSpoon(ANN), 1.5) == [SpoonTaken(1.5, ANN, 0)]
    assert game.next_deadline() == 1.5 + TIE_WINDOW
    settled = 1.5 + TIE_WINDOW
    assert game.advance(2.0) == [
        RaceOver(settled, (CAT,), False),
        PhraseOwed(settled, CAT, settled + 3.0, DrawCause.SPOONS),
        CardsDrawn(settled, CAT, cards("2D 3D"), 2, 4, DrawCause.SPOONS),
        TurnBegan(settled, BOB, 2, False, True),
    ]
    assert refusal(game, GrabSpoon(CAT), 2.1) == "no-race"


def test_a_seat_that_grabs_twice_draws_instead_of_the_one_left_without() -> None:
    game = dealt(JACK_HANDS, "7H", JACK_STOCK)
    game.handle(PlayCard(ANN, c("JH")), 1.0)
    assert game.handle(GrabSpoon(BOB), 1.4) == [SpoonTaken(1.4, BOB, 1)]
    assert game.handle(GrabSpoon(BOB), 1.45) == [DoubleGrab(1.45, BOB)]
    assert refusal(game, GrabSpoon(BOB), 1.5) == "grabbed-twice"
    assert game.handle(GrabSpoon(CAT), 1.6) == [SpoonTaken(1.6, CAT, 0)]
    settled = 1.6 + TIE_WINDOW
    assert game.advance(2.0) == [
        RaceOver(settled, (BOB,), False),
        PhraseOwed(settled, BOB, settled + 3.0, DrawCause.SPOONS),
        CardsDrawn(settled, BOB, cards("2D 3D"), 2, 4, DrawCause.SPOONS),
        TurnBegan(settled, BOB, 2, False, True),
    ]


def test_two_hands_on_the_last_spoon_within_the_tie_window_both_draw() -> None:
    game = dealt(JACK_HANDS, "7H", JACK_STOCK + " 4D 5D")
    game.handle(PlayCard(ANN, c("JH")), 1.0)
    game.handle(GrabSpoon(BOB), 1.4)
    assert game.handle(GrabSpoon(CAT), 1.5) == [SpoonTaken(1.5, CAT, 0)]
    assert game.handle(GrabSpoon(ANN), 1.5005) == [SpoonFought(1.5005, (CAT, ANN))]
    settled = 1.5 + TIE_WINDOW
    assert game.advance(2.0) == [
        RaceOver(settled, (ANN, CAT), False),
        PhraseOwed(settled, ANN, settled + 3.0, DrawCause.SPOONS),
        CardsDrawn(settled, ANN, cards("2D 3D"), 2, 4, DrawCause.SPOONS),
        PhraseOwed(settled, CAT, settled + 3.0, DrawCause.SPOONS),
        CardsDrawn(settled, CAT, cards("4D 5D"), 2, 4, DrawCause.SPOONS),
        TurnBegan(settled, BOB, 2, False, True),
    ]


def test_a_grab_pressed_within_the_tie_window_but_arriving_later_still_fights() -> None:
    game = dealt(JACK_HANDS, "7H", JACK_STOCK + " 4D 5D")
    game.handle(PlayCard(ANN, c("JH")), 1.0)
    game.handle(GrabSpoon(BOB), 1.4)
    game.handle(GrabSpoon(CAT, pressed_at=1.4995), 1.5)
    assert game.next_deadline() == 1.4995 + TIE_WINDOW
    assert game.handle(GrabSpoon(ANN, pressed_at=1.49), 1.5) == [SpoonFought(1.5, (CAT, ANN))]


def test_a_last_grab_dated_long_before_it_arrived_settles_the_race_when_it_arrives() -> None:
    """Online, the relay dates a press back by the line's delay: the tie window of the last
    spoon may have ended before the grab reached the game, and the race settles at once."""
    game = dealt(JACK_HANDS, "7H", JACK_STOCK + " 4D 5D")
    game.handle(PlayCard(ANN, c("JH")), 1.0)
    game.handle(GrabSpoon(BOB), 1.4)
    assert game.handle(GrabSpoon(CAT, pressed_at=1.45), 1.5) == [SpoonTaken(1.5, CAT, 0)]
    assert game.next_deadline() == 1.5
    assert game.advance(1.5)[0] == RaceOver(1.5, (ANN,), False)


def test_with_a_late_window_a_spoon_goes_to_the_grab_made_first_not_the_first_to_arrive(
        ) -> None:
    """Online, the relay gives the race a late window: Bob's grab arrives first, but Cat's,
    made before it, arrives later. The first spoon waits the window from Bob's arrival for
    such a grab, and the spoons go in the order the grabs were made."""
    game = dealt(JACK_HANDS, "7H", JACK_STOCK + " 4D 5D")
    game.late_window = 0.125
    game.handle(PlayCard(ANN, c("JH")), 1.0)
    assert game.handle(GrabSpoon(BOB), 1.25) == []
    assert game.handle(GrabSpoon(CAT, pressed_at=1.125), 1.3125) == []
    assert game.handle(GrabSpoon(ANN), 1.34375) == []
    assert game.next_deadline() == 1.375
    assert game.advance(1.5) == [
        SpoonTaken(1.375, CAT, 1),
        SpoonTaken(1.375, BOB, 0),
        RaceOver(1.375, (ANN,), False),
        PhraseOwed(1.375, ANN, 4.375, DrawCause.SPOONS),
        CardsDrawn(1.375, ANN, cards("2D 3D"), 2, 4, DrawCause.SPOONS),
        TurnBegan(1.375, BOB, 2, False, True),
    ]


def test_with_a_late_window_grabs_made_within_the_tie_window_fight_for_the_last_spoon(
        ) -> None:
    game = dealt(JACK_HANDS, "7H", JACK_STOCK + " 4D 5D")
    game.late_window = 0.125
    game.handle(PlayCard(ANN, c("JH")), 1.0)
    game.handle(GrabSpoon(BOB, pressed_at=1.125), 1.25)
    game.handle(GrabSpoon(CAT), 1.3125)
    assert game.advance(1.375) == [SpoonTaken(1.375, BOB, 1)]
    assert game.next_deadline() == 1.4375, "Cat's grab waits the window from its arrival"
    assert game.handle(GrabSpoon(ANN, pressed_at=1.312), 1.40625) == []
    assert game.handle(GrabSpoon(CAT), 1.41) == [DoubleGrab(1.41, CAT)]
    assert game.advance(1.5)[:3] == [
        SpoonTaken(1.4375, ANN, 0), SpoonFought(1.4375, (ANN, CAT)),
        RaceOver(1.4375, (ANN, CAT), False)]


def test_when_the_grab_time_runs_out_everyone_without_a_spoon_draws() -> None:
    game = dealt(JACK_HANDS, "7H", JACK_STOCK + " 4D 5D")
    game.handle(PlayCard(ANN, c("JH")), 1.0)
    game.handle(GrabSpoon(BOB), 1.4)
    assert game.advance(6.0) == [
        RaceOver(6.0, (ANN, CAT), True),
        PhraseOwed(6.0, ANN, 9.0, DrawCause.SPOONS),
        CardsDrawn(6.0, ANN, cards("2D 3D"), 2, 4, DrawCause.SPOONS),
        PhraseOwed(6.0, CAT, 9.0, DrawCause.SPOONS),
        CardsDrawn(6.0, CAT, cards("4D 5D"), 2, 4, DrawCause.SPOONS),
        TurnBegan(6.0, BOB, 2, False, True),
    ]


def test_a_last_card_ends_the_round_before_its_power() -> None:
    game = dealt({ANN: "JH", BOB: "9C 5C", CAT: "6D KD"})
    assert game.handle(PlayCard(ANN, c("JH")), 1.0) == [
        CardPlayed(1.0, ANN, c("JH"), "H", 0),
        RoundWon(1.0, ANN, 1),
        RoundScored(1.0, (0, 2, 5), (0, 2, 5)),
    ]
    assert game.race is None
    assert refusal(game, GrabSpoon(BOB), 1.2) == "between-rounds"
