"""Transcripts of razzing in Razz Spoons: the last card's announcement, the phrase window,
razzing rightly, wrongly (itself a mistake to razz) and too late, and the mistakes
``let_players_err`` lets a player make.

Ann, Bob and Cat sit at seats 0, 1 and 2; Cat deals, so Ann plays first; the phrase window is
the default three seconds.
"""

from __future__ import annotations

import random

import pytest

from audiospoons.engine.cards import Card, parse_card
from audiospoons.engine.commands import Command
from audiospoons.engine.errors import MalformedCommand, NotAllowedNow, TimeWentBackwards
from audiospoons.games.razz.rules.commands import (
    Announce,
    ChoosePhrase,
    DrawCard,
    PlayCard,
    Razz,
    SayPhrase,
)
from audiospoons.games.razz.rules.events import (
    CardPlayed,
    CardsDrawn,
    DrawCause,
    Fault,
    FaultMade,
    LastCardAnnounced,
    PhraseOwed,
    PhraseSaid,
    RazzCalled,
    TurnBegan,
)
from audiospoons.games.razz.rules.game import RazzGame
from audiospoons.games.razz.rules.options import RazzOptions
from audiospoons.games.razz.rules.piles import RazzDeal

ANN, BOB, CAT = 0, 1, 2
ERRING = RazzOptions(let_players_err=True)


def cards(text: str) -> tuple[Card, ...]:
    return tuple(parse_card(word) for word in text.split())


def c(text: str) -> Card:
    return parse_card(text)


def dealt(hands: dict[int, str], starter: str = "7H", stock: str = "",
          options: RazzOptions | None = None) -> RazzGame:
    deal = RazzDeal({seat: cards(hand) for seat, hand in hands.items()}, c(starter), cards(stock))
    game = RazzGame(["Ann", "Bob", "Cat"], options or RazzOptions(), random.Random(5), CAT, deal)
    game.start()
    game.handle(ChoosePhrase(CAT, "Doh!"), 0.0)
    return game


def refusal(game: RazzGame, command: Command, at: float) -> str:
    with pytest.raises(NotAllowedNow) as refused:
        game.handle(command, at)
    return refused.value.reason


# --------------------------------------------------------------------- one card left

def test_a_player_down_to_one_card_announces_it_before_the_next_player_acts() -> None:
    game = dealt({ANN: "3H 4C", BOB: "5H 6C", CAT: "7C 8D"})
    assert refusal(game, Announce(ANN), 0.5) == "not-one-card"
    assert game.handle(PlayCard(ANN, c("3H")), 1.0) == [
        CardPlayed(1.0, ANN, c("3H"), "H", 1),
        TurnBegan(1.0, BOB, 2, False, True),
    ]
    assert game.handle(Announce(ANN), 1.2) == [LastCardAnnounced(1.2, ANN)]
    assert refusal(game, Announce(ANN), 1.3) == "announced"
    assert game.handle(PlayCard(BOB, c("5H")), 2.0) == [
        CardPlayed(2.0, BOB, c("5H"), "H", 1),
        TurnBegan(2.0, CAT, 3, False, True),
    ]
    assert game.handle(Razz(CAT, ANN), 2.5) == [
        RazzCalled(2.5, CAT, ANN, False),
        FaultMade(2.5, CAT, Fault.WRONG_RAZZ, 3),
    ]


def test_a_last_card_not_announced_before_the_next_player_acts_is_razzed() -> None:
    game = dealt({ANN: "3H 4C", BOB: "5H 6C 7S", CAT: "7C 8D"}, stock="2S 3S")
    game.handle(PlayCard(ANN, c("3H")), 0.0)
    assert game.handle(PlayCard(BOB, c("5H")), 2.0) == [
        FaultMade(2.0, ANN, Fault.NO_ANNOUNCEMENT, 2),
        CardPlayed(2.0, BOB, c("5H"), "H", 2),
        TurnBegan(2.0, CAT, 3, False, True),
    ]
    assert refusal(game, Announce(ANN), 2.1) == "announce-late"
    assert game.handle(Razz(CAT, ANN), 2.5) == [
        RazzCalled(2.5, CAT, ANN, True, Fault.NO_ANNOUNCEMENT),
        PhraseOwed(2.5, ANN, 5.5, DrawCause.RAZZED),
        CardsDrawn(2.5, ANN, cards("2S"), 1, 2, DrawCause.RAZZED),
    ]
    assert refusal(game, Razz(BOB, ANN), 2.6) == "already-razzed"
    assert game.handle(SayPhrase(ANN), 3.0) == [PhraseSaid(3.0, ANN)]


def test_an_act_within_the_grace_of_a_last_card_leaves_the_chance_to_announce_it() -> None:
    """Ann is still hearing "1 card left" when Bob plays, half a second later: she may still
    announce. Had she not, Cat's act once the grace was over would have ended her chance."""
    game = dealt({ANN: "3H 4C", BOB: "5H 6C 7S", CAT: "7C 8D"}, stock="2S 3S")
    game.handle(PlayCard(ANN, c("3H")), 1.0)
    assert game.handle(PlayCard(BOB, c("5H")), 1.5)[0] == CardPlayed(1.5, BOB, c("5H"), "H", 2)
    assert game.handle(Announce(ANN), 2.5) == [LastCardAnnounced(2.5, ANN)]
    late = dealt({ANN: "3H 4C", BOB: "5H 6C 7S", CAT: "7C 8D"}, stock="2S 3S")
    late.handle(PlayCard(ANN, c("3H")), 1.0)
    late.handle(PlayCard(BOB, c("5H")), 1.5)
    assert late.handle(DrawCard(CAT), 3.0)[0] == FaultMade(3.0, ANN, Fault.NO_ANNOUNCEMENT, 3)
    assert refusal(late, Announce(ANN), 3.1) == "announce-late"


def test_razzing_a_player_down_to_one_card_before_their_chance_to_announce_is_over_is_wrong(
        ) -> None:
    game = dealt({ANN: "3H 4C", BOB: "5H 6C", CAT: "7C 8D"}, stock="2S")
    game.handle(PlayCard(ANN, c("3H")), 1.0)
    assert game.handle(Razz(BOB, ANN), 1.1) == [
        RazzCalled(1.1, BOB, ANN, False),
        FaultMade(1.1, BOB, Fault.WRONG_RAZZ, 2),
    ]
    assert game.handle(Announce(ANN), 1.3) == [LastCardAnnounced(1.3, ANN)]


def test_a_wrong_razz_is_a_mistake_that_another_player_razzes_rightly() -> None:
    game = dealt({ANN: "3H 4C", BOB: "5H 6C", CAT: "7C 8D"}, stock="2S 3S")
    game.handle(PlayCard(ANN, c("3H")), 0.5)
    game.handle(Announce(ANN), 0.6)
    assert game.handle(Razz(BOB, ANN), 1.0) == [
        RazzCalled(1.0, BOB, ANN, False),
        FaultMade(1.0, BOB, Fault.WRONG_RAZZ, 2),
    ]
    assert game.cards_held(BOB) == 2
    assert game.handle(Razz(CAT, BOB), 1.5) == [
        RazzCalled(1.5, CAT, BOB, True, Fault.WRONG_RAZZ),
        PhraseOwed(1.5, BOB, 4.5, DrawCause.RAZZED),
        CardsDrawn(1.5, BOB, cards("2S"), 1, 3, DrawCause.RAZZED),
    ]
    assert refusal(game, Razz(ANN, BOB), 1.6) == "already-razzed"
    assert game.handle(SayPhrase(BOB), 2.0) == [PhraseSaid(2.0, BOB)]


# --------------------------------------------------------------------- the phrase window

def test_a_phrase_not_said_within_the_window_is_a_fault_anyone_may_razz() -> None:
    game = dealt({ANN: "KH 4C 5C", BOB: "5H 6C", CAT: "7C 8D"}, stock="2S 3S 4S")
    game.handle(PlayCard(ANN, c("KH"), target=BOB), 1.0)
    assert game.handle(DrawCard(BOB), 2.0)[0] == PhraseOwed(2.0, BOB, 5.0, DrawCause.KING)
    assert game.deadline_for(BOB) == 5.0
    assert game.next_deadline() == 5.0
    assert game.advance(5.0) == [FaultMade(5.0, BOB, Fault.NO_PHRASE, 2)]
    assert game.handle(Razz(ANN, BOB), 5.5) == [
        RazzCalled(5.5, ANN, BOB, True, Fault.NO_PHRASE),
        CardsDrawn(5.5, BOB, cards("4S"), 1, 5, DrawCause.RAZZED),
    ]
    assert game.next_deadline() is None
    assert refusal(game, Razz(CAT, BOB), 6.0) == "already-razzed"


def test_a_phrase_owed_for_another_razz_is_owed_again() -> None:
    game = dealt({ANN: "3H 4C", BOB: "5H 6C 7C", CAT: "6H 8D 9D"}, stock="2S 3S")
    game.handle(PlayCard(ANN, c("3H")), 0.0)
    game.handle(PlayCard(BOB, c("5H")), 2.0)
    assert game.handle(Razz(CAT, ANN), 2.5) == [
        RazzCalled(2.5, CAT, ANN, True, Fault.NO_ANNOUNCEMENT),
        PhraseOwed(2.5, ANN, 5.5, DrawCause.RAZZED),
        CardsDrawn(2.5, ANN, cards("2S"), 1, 2, DrawCause.RAZZED),
    ]
    assert game.handle(SayPhrase(ANN), 5.4) == [PhraseSaid(5.4, ANN)]


def test_razzing_a_phrase_still_inside_its_window_is_wrong() -> None:
    game = dealt({ANN: "KH 4C 5C", BOB: "5H 6C", CAT: "7C 8D"}, stock="2S 3S 4S")
    game.handle(PlayCard(ANN, c("KH"), target=BOB), 1.0)
    game.handle(DrawCard(BOB), 2.0)
    assert game.handle(Razz(CAT, BOB), 3.0) == [RazzCalled(3.0, CAT, BOB, False),
                                                FaultMade(3.0, CAT, Fault.WRONG_RAZZ, 2)]
    assert game.cards_held(CAT) == 2


# --------------------------------------------------------------------- two turns

def late_fault() -> RazzGame:
    """Ann fails to announce during turn 2 (Bob's); Cat's play then begins turn 4, Ann's."""
    game = dealt({ANN: "3H 4C", BOB: "5H 6C 7C", CAT: "6H 8D 9D"}, stock="2S 3S")
    game.handle(PlayCard(ANN, c("3H")), 0.0)
    assert game.handle(PlayCard(BOB, c("5H")), 2.0)[0] == FaultMade(
        2.0, ANN, Fault.NO_ANNOUNCEMENT, 2)
    game.handle(PlayCard(CAT, c("6H")), 3.0)
    assert game.turn_number == 4
    return game


def test_a_fault_may_be_razzed_until_the_second_turn_after_its_own_ends() -> None:
    game = late_fault()
    assert game.handle(Razz(CAT, ANN), 3.5)[0] == RazzCalled(3.5, CAT, ANN, True,
                                                             Fault.NO_ANNOUNCEMENT)


def test_razzing_a_fault_more_than_two_turns_old_is_a_wrong_razz() -> None:
    game = late_fault()
    assert game.handle(DrawCard(ANN), 4.0) == [
        CardsDrawn(4.0, ANN, cards("2S"), 1, 2, DrawCause.TURN),
        TurnBegan(4.0, BOB, 5, False, True),
    ]
    assert game.handle(Razz(CAT, ANN), 4.5) == [
        RazzCalled(4.5, CAT, ANN, False),
        FaultMade(4.5, CAT, Fault.WRONG_RAZZ, 5),
    ]
    assert game.handle(Razz(ANN, CAT), 5.0)[0] == RazzCalled(5.0, ANN, CAT, True,
                                                             Fault.WRONG_RAZZ)


def test_razzing_yourself_is_malformed_and_razzing_waits_for_the_phrase() -> None:
    game = dealt({ANN: "3H 4H", BOB: "5H 6C", CAT: "6H 8D"})
    with pytest.raises(MalformedCommand):
        game.handle(Razz(ANN, ANN), 1.0)
    deal = RazzDeal({ANN: cards("3H"), BOB: cards("4H"), CAT: cards("5H")}, c("7H"))
    choosing = RazzGame(["Ann", "Bob", "Cat"], RazzOptions(), random.Random(1), CAT, deal)
    choosing.start()
    assert refusal(choosing, Razz(ANN, BOB), 0.5) == "choosing-phrase"


# --------------------------------------------------------------------- let players err

def test_without_let_players_err_out_of_turn_and_mismatched_moves_are_refused() -> None:
    game = dealt({ANN: "3C 4H", BOB: "5H 9S", CAT: "7C 9D"})
    assert refusal(game, PlayCard(ANN, c("3C")), 1.0) == "no-match"
    assert refusal(game, PlayCard(CAT, c("7C")), 1.0) == "not-your-turn"
    assert refusal(game, DrawCard(BOB), 1.0) == "not-your-turn"


def test_with_let_players_err_a_card_out_of_turn_lies_on_the_pile_without_power() -> None:
    game = dealt({ANN: "3C 4H 5D", BOB: "5H 9S KS", CAT: "7C 9D KD"}, options=ERRING)
    assert game.handle(PlayCard(CAT, c("KD"), target=ANN), 1.0) == [
        CardPlayed(1.0, CAT, c("KD"), "D", 2),
        FaultMade(1.0, CAT, Fault.OUT_OF_TURN, 1),
    ]
    assert (game.to_act(), game.king) == (ANN, None)
    assert game.handle(PlayCard(ANN, c("3C")), 2.0) == [
        CardPlayed(2.0, ANN, c("3C"), "C", 2),
        FaultMade(2.0, ANN, Fault.MISMATCH, 1),
        TurnBegan(2.0, BOB, 2, False, True),
    ]
    assert game.handle(Razz(BOB, CAT), 2.5)[0] == RazzCalled(2.5, BOB, CAT, True,
                                                             Fault.OUT_OF_TURN)
    assert game.handle(Razz(CAT, ANN), 2.6)[0] == RazzCalled(2.6, CAT, ANN, True,
                                                             Fault.MISMATCH)


def test_with_let_players_err_a_draw_out_of_turn_is_one_card_and_a_fault() -> None:
    game = dealt({ANN: "3C 4H", BOB: "5H 9S", CAT: "7C 9D"}, stock="2S", options=ERRING)
    assert game.handle(DrawCard(CAT), 1.0) == [
        CardsDrawn(1.0, CAT, cards("2S"), 1, 3, DrawCause.TURN),
        FaultMade(1.0, CAT, Fault.OUT_OF_TURN, 1),
    ]
    assert game.to_act() == ANN


def test_with_let_players_err_a_wrong_card_on_the_count_leaves_the_count_standing() -> None:
    game = dealt({ANN: "2H 3C 4C", BOB: "9H 5C 6C", CAT: "6D 7D"}, stock="2D 3D",
                 options=ERRING)
    game.handle(PlayCard(ANN, c("2H")), 1.0)
    assert game.handle(PlayCard(BOB, c("9H")), 2.0) == [
        CardPlayed(2.0, BOB, c("9H"), "H", 2),
        FaultMade(2.0, BOB, Fault.MISMATCH, 2),
        TurnBegan(2.0, CAT, 3, False, True),
    ]
    assert game.handle(SayPhrase(CAT), 3.0) == [
        PhraseSaid(3.0, CAT),
        CardsDrawn(3.0, CAT, cards("2D 3D"), 2, 4, DrawCause.COUNT),
        TurnBegan(3.0, ANN, 4, False, True),
    ]


def test_with_let_players_err_a_last_card_must_still_be_played_in_turn_and_match() -> None:
    game = dealt({ANN: "3C 4H", BOB: "5H 9S", CAT: "7C"}, options=ERRING)
    assert refusal(game, PlayCard(CAT, c("7C")), 1.0) == "last-card"
    game.handle(PlayCard(ANN, c("4H")), 1.0)
    game.handle(Announce(ANN), 1.1)
    game.handle(PlayCard(BOB, c("5H")), 2.0)
    assert refusal(game, PlayCard(CAT, c("7C")), 3.0) == "last-card"


def test_timers_fired_before_a_refused_command_are_kept_for_the_next_call() -> None:
    game = dealt({ANN: "KH 4C 5C", BOB: "5H 6C", CAT: "7C 8D"}, stock="2S 3S")
    game.handle(PlayCard(ANN, c("KH"), target=BOB), 1.0)
    game.handle(DrawCard(BOB), 2.0)
    assert refusal(game, SayPhrase(BOB), 6.0) == "phrase-late"
    assert game.advance(6.0) == [FaultMade(5.0, BOB, Fault.NO_PHRASE, 2)]
    with pytest.raises(TimeWentBackwards):
        game.advance(5.5)


def test_a_phrase_said_after_its_window_closed_is_too_late() -> None:
    game = dealt({ANN: "KH 4C 5C", BOB: "5H 6C", CAT: "7C 8D"}, stock="2S 3S 4S")
    game.handle(PlayCard(ANN, c("KH"), target=BOB), 1.0)
    game.handle(DrawCard(BOB), 2.0)
    game.advance(5.0)
    assert refusal(game, SayPhrase(BOB), 5.1) == "phrase-late"
    assert refusal(game, SayPhrase(CAT), 5.1) == "no-phrase-owed"
    assert refusal(game, SayPhrase(BOB), 6.0) == "phrase-late"
    game.handle(PlayCard(BOB, c("5H")), 7.0)
    assert game.handle(Razz(CAT, BOB), 7.5)[0] == RazzCalled(7.5, CAT, BOB, True,
                                                              Fault.NO_PHRASE)
    assert refusal(game, SayPhrase(BOB), 8.0) == "no-phrase-owed", "razzed: no longer late"


def test_a_missed_phrase_is_too_late_only_while_it_may_be_razzed() -> None:
    game = dealt({ANN: "KH 4C 5C 6C", BOB: "5H 6H 7H", CAT: "5C 8D 9D"}, stock="2S 3S 4S")
    game.handle(PlayCard(ANN, c("KH"), target=BOB), 1.0)
    game.handle(DrawCard(BOB), 2.0)
    assert game.advance(5.0) == [FaultMade(5.0, BOB, Fault.NO_PHRASE, 2)]
    game.handle(PlayCard(BOB, c("5H")), 6.0)
    game.handle(PlayCard(CAT, c("5C")), 7.0)
    assert refusal(game, SayPhrase(BOB), 7.5) == "phrase-late"
    game.handle(PlayCard(ANN, c("4C")), 8.0)
    assert refusal(game, SayPhrase(BOB), 8.5) == "no-phrase-owed"
