"""What one seat knows in Razz Spoons: views built only from the events each seat was given,
checked against the game's truth after every step of whole bot-only games."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from audiospoons.bots.levels import Level
from audiospoons.engine.cards import Card, parse_card
from audiospoons.engine.events import Event
from audiospoons.games.razz.rules.commands import ChoosePhrase, DrawCard, PlayCard, Razz
from audiospoons.games.razz.rules.events import (
    CardsDrawn,
    DrawCause,
    Fault,
    FaultMade,
    HandDealt,
)
from audiospoons.games.razz.rules.game import RazzGame
from audiospoons.games.razz.rules.options import EndRule, RazzOptions
from audiospoons.games.razz.rules.piles import RazzDeal
from audiospoons.games.razz.rules.razztable import Phase
from audiospoons.games.razz.rules.referee import RAZZ_TURNS
from audiospoons.games.razz.spec import SPEC as RAZZ
from audiospoons.games.razz.view import RazzSeatView, hand_order
from audiospoons.simulate import play_game


def cards(text: str) -> tuple[Card, ...]:
    return tuple(parse_card(word) for word in text.split())


def check(view: RazzSeatView, game: RazzGame) -> None:
    """Everything the view holds against the game's own state."""
    me = view.seat
    assert view.names == game.names
    assert (view.phase, view.round) == (game.phase, game.round)
    assert view.phrase == game.phrase
    assert view.hand == list(game.hand(me))
    assert view.ordered == sorted(game.hand(me), key=hand_order)
    assert 0 <= view.cursor < len(view.ordered) or view.cursor == 0 == len(view.ordered)
    assert view.counts == [game.cards_held(seat) for seat in range(game.players)]
    assert view.totals == game.totals
    if game.phase is Phase.OVER:
        assert (view.over, view.winners) == (True, game.winners)
        return
    if game.phase is Phase.BETWEEN_ROUNDS:
        return
    assert view.dealer == game.dealer
    assert view.top == game.top
    assert view.suit == game.suit
    assert (view.stock, view.pile) == (len(game.piles.stock), len(game.piles.pile))
    assert view.count == game.count
    assert view.clockwise == game.clockwise
    assert view.turn == game.turn_number
    assert view.to_act() == game.to_act()
    if game.phase is Phase.PLAYING:
        assert view.turn_seat == game.turn_seat
        assert view.act_until == game.act_deadline
    assert view.drawn == (game.drawn if game.turn_seat == me else None)
    assert view.drawn_pending == (game.drawn is not None)
    king = game.king
    assert (None if view.king is None else
            (view.king.target, view.king.sender, view.king.count, view.king.opener)) == (
        None if king is None else (king.target, king.sender, king.count, king.opener))
    race = game.race
    assert (view.race is None) == (race is None)
    if view.race is not None and race is not None:
        assert (view.race.holders, view.race.doubles, view.race.fighters, view.race.until) == (
            race.holders, race.doubles, race.fighters, race.until)
        assert view.race.spoons_left == race.spoons_left
    referee = game.referee
    assert {seat: [owed.until for owed in phrases] for seat, phrases in view.owed.items()} \
        == referee.owed
    assert (view.unannounced, view.announced) == (set(referee.unannounced), referee.announced)
    live = [(f.seat, f.fault, f.turn, f.razzed) for f in referee.faults
            if game.turn_number - f.turn <= RAZZ_TURNS]
    assert [(f.seat, f.fault, f.turn, f.razzed) for f in view.faults
            if view.turn - f.turn <= RAZZ_TURNS] == live
    assert [(f.seat, f.fault, f.turn) for f in reversed(view.razzable())] == [
        (f.seat, f.fault, f.turn) for f in referee.faults if f.seat != me and not f.razzed
        and game.turn_number - f.turn <= RAZZ_TURNS]
    assert view.deadline() == game.deadline_for(me)
    assert set(view.playable_cards()) == set(game.playable_cards(me))
    for card in view.playable_cards():
        assert game.allows(PlayCard(me, card, *_aim(view, card)))


def _aim(view: RazzSeatView, card: Card) -> tuple[int | None, str | None]:
    target = None
    if card.rank == "K":
        target = view.king.sender if view.facing_king and view.king else \
            view.others_in_turn_order()[0]
    return target, ("C" if card.rank == "8" else None)


GAMES = [
    (2, RazzOptions(), 1, Level.NORMAL),
    (2, RazzOptions(), 26, Level.EASY),
    (3, RazzOptions(let_players_err=True), 2, Level.EASY),
    (3, RazzOptions(turn_time_limit=2.0, phrase_window=1.0), 3, Level.EASY),
    (4, RazzOptions(end=EndRule.POINTS, end_at=40, let_players_err=True), 4, Level.EASY),
    (5, RazzOptions(grab_time_limit=2.0), 5, Level.HARD),
    (6, RazzOptions(let_players_err=True, turn_time_limit=2.0), 2, Level.EASY),
    (10, RazzOptions(end_at=2), 7, Level.NORMAL),
]


@pytest.mark.parametrize(("players", "options", "seed", "level"), GAMES)
def test_every_seats_view_matches_the_game_after_every_step_of_a_bot_game(
        players: int, options: RazzOptions, seed: int, level: Level) -> None:
    views = [RazzSeatView(seat) for seat in range(players)]
    kinds: Counter[str] = Counter()

    def watch(game: RazzGame, events: list[Event]) -> None:
        for event in events:
            kinds[type(event).__name__] += 1
            for view in views:
                seen = event.seen_by(view.seat)
                if seen is not None:
                    view.observe(seen)
        for view in views:
            check(view, game)

    record = play_game(players, options, seed, watch, level=level, game=RAZZ)
    assert not record.stuck and record.winners
    assert kinds["GameWon"] == 1 and kinds["TurnBegan"] > 20
    assert all(view.over and view.winners == record.winners for view in views)


def test_the_games_checked_meet_every_kind_of_moment() -> None:
    """The games above are worth checking: between them they hold every power, the race, the
    phrase owed and missed, razzing right and wrong, a timed-out turn and a reshuffled pile."""
    kinds: Counter[str] = Counter()
    faults: Counter[Fault] = Counter()
    causes: Counter[DrawCause] = Counter()

    def watch(game: RazzGame, events: list[Event]) -> None:
        for event in events:
            kinds[type(event).__name__] += 1
            if isinstance(event, FaultMade):
                faults[event.fault] += 1
            elif isinstance(event, CardsDrawn):
                causes[event.cause] += 1

    for players, options, seed, level in GAMES:
        play_game(players, options, seed, watch, level=level, game=RAZZ)
    for kind in ("KingAimed", "CountRaised", "DirectionReversed", "SpoonsOut", "SpoonTaken",
                 "DoubleGrab", "RaceOver", "PhraseOwed", "PhraseSaid", "LastCardAnnounced",
                 "RazzCalled", "TurnTimeUp", "PileTurnedOver", "RoundScored"):
        assert kinds[kind] > 0, kind
    assert set(faults) == set(Fault) - {Fault.OUT_OF_TURN}, "bots never play out of turn"
    assert set(causes) == set(DrawCause)


def test_a_seat_sees_only_its_own_cards_and_everyones_counts() -> None:
    deal = RazzDeal({0: cards("3C 9D 4D"), 1: cards("4H 5S KC"), 2: cards("9H 2S 3S")},
                    parse_card("7H"), cards("6C 5H 4S"))
    game = RazzGame(["Ann", "Bob", "Cat"], RazzOptions(), random.Random(3), 2, deal)
    views = [RazzSeatView(seat) for seat in range(3)]

    def feed(events: list[Event]) -> None:
        for event in events:
            for view in views:
                seen = event.seen_by(view.seat)
                if seen is not None:
                    view.observe(seen)

    start = game.start()
    assert sum(isinstance(event.seen_by(1), HandDealt) for event in start) == 1
    feed(start)
    assert views[2].chooser == 2 and views[0].phase is Phase.CHOOSING
    feed(game.handle(ChoosePhrase(2, "Pickles!"), 0.0))
    feed(game.handle(DrawCard(0), 1.0))
    assert views[0].hand == list(cards("3C 9D 4D 6C"))
    assert views[1].hand == list(cards("4H 5S KC"))
    assert [view.counts for view in views] == [[4, 3, 3]] * 3
    assert views[1].to_act() == 1 and views[1].playable_cards() == [parse_card("4H")]
    for view in views:
        check(view, game)


def test_the_cursor_keeps_its_card_and_goes_to_a_playable_card_just_drawn() -> None:
    deal = RazzDeal({0: cards("9S 3C 4D KS"), 1: cards("4H 5S KC 5C")}, parse_card("7H"),
                    cards("7C"))
    game = RazzGame(["Ann", "Bob"], RazzOptions(), random.Random(1), 1, deal)
    view = RazzSeatView(0)
    for event in [*game.start(), *game.handle(ChoosePhrase(1, "Doh!"), 0.0)]:
        seen = event.seen_by(0)
        if seen is not None:
            view.observe(seen)
    assert view.ordered == list(cards("3C 4D 9S KS"))
    assert view.move_cursor(2) == parse_card("9S")
    assert view.move_cursor(5) == parse_card("KS") and view.move_cursor(-9) == parse_card("3C")
    assert view.next_playable() is None and view.under_cursor == parse_card("3C")
    view.cursor_to(1)
    for event in game.handle(DrawCard(0), 1.0):
        seen = event.seen_by(0)
        if seen is not None:
            view.observe(seen)
    assert view.drawn == parse_card("7C") and view.under_cursor == parse_card("7C")
    assert view.ordered == list(cards("3C 7C 4D 9S KS"))
    assert view.playable_cards() == [parse_card("7C")]
    view.cursor_to(2)
    for event in game.handle(PlayCard(0, parse_card("7C")), 2.0):
        seen = event.seen_by(0)
        if seen is not None:
            view.observe(seen)
    assert view.under_cursor == parse_card("4D") and view.drawn is None
    assert view.top == parse_card("7C") and view.turn_seat == 1


def test_a_razz_marks_the_oldest_live_mistake_of_its_target_and_a_wrong_razz_marks_none(
        ) -> None:
    options = RazzOptions(let_players_err=True)
    deal = RazzDeal({0: cards("3C 9D 4D"), 1: cards("4H 5S KC"), 2: cards("9H 2S 3S")},
                    parse_card("7H"), cards("6C 5H 4S 8C"))
    game = RazzGame(["Ann", "Bob", "Cat"], options, random.Random(3), 2, deal)
    view = RazzSeatView(2)
    for event in [*game.start(), *game.handle(ChoosePhrase(2, "Doh!"), 0.0),
                  *game.handle(PlayCard(0, parse_card("3C")), 1.0)]:
        seen = event.seen_by(2)
        if seen is not None:
            view.observe(seen)
    assert [(f.seat, f.fault) for f in view.razzable()] == [(0, Fault.MISMATCH)]
    assert view.latest_razzable() == 0
    for event in game.handle(Razz(2, 1), 2.0) + game.handle(Razz(2, 0), 3.0):
        seen = event.seen_by(2)
        if seen is not None:
            view.observe(seen)
    assert view.razzable() == []
    assert [(f.seat, f.fault, f.razzed) for f in view.faults] == [
        (0, Fault.MISMATCH, True), (2, Fault.WRONG_RAZZ, False)]
    assert not view.owes(2) and view.owes(0) and view.counts == [3, 3, 3]
    check(view, game)
