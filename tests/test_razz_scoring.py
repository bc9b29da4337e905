"""Razz Spoons' scoring: what the cards left in hand cost, the next deal, and the game's end by
rounds or by points, the fewest points winning and ties sharing the win."""

from __future__ import annotations

import random

import pytest

from audiospoons.engine.cards import Card, parse_card
from audiospoons.games.razz.rules.commands import ChoosePhrase, PlayCard
from audiospoons.games.razz.rules.events import (
    CardPlayed,
    DealStarted,
    GameWon,
    HandDealt,
    RoundScored,
    RoundWon,
    StarterTurned,
    TurnBegan,
)
from audiospoons.games.razz.rules.facts import card_points
from audiospoons.games.razz.rules.game import RazzGame
from audiospoons.games.razz.rules.options import EndRule, RazzOptions
from audiospoons.games.razz.rules.piles import RazzDeal
from audiospoons.games.razz.rules.razztable import Phase
from audiospoons.games.razz.rules.scoring import game_finished, hand_points, winners

ANN, BOB, CAT = 0, 1, 2
HANDS = {ANN: "3H", BOB: "10C 8D KS 2C AH", CAT: "QD 5S"}
"""Ann goes out at once; Bob is left with 6 + 6 + 4 + 2 + 1 = 19, Cat with 4 + 1 = 5."""


def cards(text: str) -> tuple[Card, ...]:
    return tuple(parse_card(word) for word in text.split())


def dealt(options: RazzOptions) -> RazzGame:
    deal = RazzDeal({seat: cards(hand) for seat, hand in HANDS.items()}, parse_card("7H"))
    game = RazzGame(["Ann", "Bob", "Cat"], options, random.Random(11), CAT, deal)
    game.start()
    game.handle(ChoosePhrase(CAT, "Crumbs!"), 0.0)
    return game


@pytest.mark.parametrize(("text", "points"), [
    ("10H", 6), ("8S", 6), ("KD", 4), ("QC", 4), ("JH", 4), ("2S", 2), ("AC", 1), ("3D", 1),
    ("7H", 1), ("9C", 1)])
def test_tens_and_eights_score_6_face_cards_4_twos_2_the_rest_1(text: str, points: int) -> None:
    assert card_points(parse_card(text)) == points


def test_the_round_ends_when_a_hand_is_empty_and_the_others_score_their_cards() -> None:
    game = dealt(RazzOptions(round_pause=2))
    assert game.handle(PlayCard(ANN, parse_card("3H")), 1.0) == [
        CardPlayed(1.0, ANN, parse_card("3H"), "H", 0),
        RoundWon(1.0, ANN, 1),
        RoundScored(1.0, (0, 19, 5), (0, 19, 5)),
    ]
    assert game.next_deadline() == 3.0
    events = game.advance(3.0)
    assert game.dealer == ANN
    assert events == [
        DealStarted(3.0, 2, ANN, 2, (7, 7, 7)),
        *(HandDealt(3.0, seat, game.hand(seat)) for seat in range(3)),
        StarterTurned(3.0, game.top, 104 - 21 - 1),
        TurnBegan(3.0, BOB, 1, False, True),
    ]


def test_the_game_ends_after_the_agreed_rounds_the_fewest_points_winning() -> None:
    game = dealt(RazzOptions(end_at=1))
    assert game.handle(PlayCard(ANN, parse_card("3H")), 1.0)[-1] == GameWon(
        1.0, (ANN,), (0, 19, 5))
    assert game.over and game.phase is Phase.OVER and game.next_deadline() is None


def test_the_game_ends_when_a_total_reaches_the_agreed_points() -> None:
    game = dealt(RazzOptions(end=EndRule.POINTS, end_at=19))
    assert game.handle(PlayCard(ANN, parse_card("3H")), 1.0)[-1] == GameWon(
        1.0, (ANN,), (0, 19, 5))
    game = dealt(RazzOptions(end=EndRule.POINTS, end_at=20))
    assert game.handle(PlayCard(ANN, parse_card("3H")), 1.0)[-1] == RoundScored(
        1.0, (0, 19, 5), (0, 19, 5))
    assert not game.over


def test_points_rounds_and_shared_wins() -> None:
    assert hand_points(cards("10H 8S KD 2C AS 5D")) == 20
    assert winners((12, 7, 7, 30)) == (1, 2)
    assert winners((0, 0, 0)) == (0, 1, 2)
    rounds = RazzOptions(end_at=3)
    assert not game_finished(rounds, 2, (50, 0)) and game_finished(rounds, 3, (0, 0))
    points = RazzOptions(end=EndRule.POINTS, end_at=40)
    assert not game_finished(points, 9, (39, 0)) and game_finished(points, 1, (40, 0))
