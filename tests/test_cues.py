"""Where each cue comes from: seats spread round the listener, cards in from the right and out to
the left, the spoon from the grabber's seat; and the countdown's ticks."""

from __future__ import annotations

import pytest

from audiospoons.engine.cards import parse_card
from audiospoons.games.spoons.keyboard.cues import CueMapper
from audiospoons.games.spoons.rules.events import (
    CardPassed,
    CardTaken,
    ReactCue,
    Source,
    SpoonGrabbed,
)
from audiospoons.sound.countdown import Countdown
from audiospoons.sound.cue import Cue
from audiospoons.sound.cues import PILE_PAN, STOCK_PAN, seat_pan


def test_the_left_neighbour_is_hard_left_and_the_right_neighbour_hard_right() -> None:
    # Seat 2 passes to seat 3 (its left) and receives from seat 1 (its right).
    pans = [seat_pan(seat, 2, 5) for seat in range(5)]
    assert pans == pytest.approx([1 / 3, 1.0, 0.0, -1.0, -1 / 3])


def test_seats_spread_in_seating_order_for_every_table_size() -> None:
    for players in range(3, 11):
        for listener in range(players):
            order = [(listener + step) % players for step in range(1, players)]
            pans = [seat_pan(seat, listener, players) for seat in order]
            assert pans == sorted(pans) and pans[0] == -1.0 and pans[-1] == 1.0
            assert len(set(pans)) == players - 1


def test_a_spectator_hears_passes_go_leftwards_and_two_players_face_each_other() -> None:
    assert [seat_pan(seat, None, 3) for seat in range(3)] == [1.0, 0.0, -1.0]
    assert seat_pan(1, 0, 2) == 0.0


def test_a_spoon_grab_is_heard_from_the_grabbers_seat() -> None:
    mapper = CueMapper(4)
    assert mapper.cues(SpoonGrabbed(1.0, 1, 2), 0) == [Cue("spoon", -1.0, urgent=True)]
    assert mapper.cues(SpoonGrabbed(1.0, 1, 2), 2) == [Cue("spoon", 1.0, urgent=True)]
    assert mapper.cues(SpoonGrabbed(1.0, 1, 2), 1) == [Cue("spoon", 0.0, urgent=True)]


def test_cards_arrive_from_the_right_and_leave_to_the_left_even_with_neighbours_out() -> None:
    mapper = CueMapper(5)
    from_across = CardPassed(1.0, 2, 0, parse_card("QH"))
    assert mapper.cues(from_across.seen_by(0), 0) == [Cue("card-in", 1.0)]  # type: ignore[arg-type]
    assert mapper.cues(CardPassed(1.0, 0, 3, parse_card("QH")), 0) == [Cue("card-out", -1.0)]


def test_cards_arrive_from_the_right_and_leave_to_the_left() -> None:
    mapper = CueMapper(4)
    passed = CardPassed(1.0, 0, 1, parse_card("QH"))
    assert mapper.cues(passed.seen_by(1), 1) == [Cue("card-in", 1.0)]  # type: ignore[arg-type]
    assert mapper.cues(passed, 0) == [Cue("card-out", -1.0)]
    assert mapper.cues(passed.seen_by(2), 2) == []  # type: ignore[arg-type]
    assert mapper.cues(CardPassed(1.0, 0, None, parse_card("QH")), 0) == [
        Cue("card-out", PILE_PAN)]
    assert mapper.cues(CardTaken(1.0, 0, Source.STOCK, parse_card("2C")), 0) == [
        Cue("card-in", STOCK_PAN)]


def test_the_react_alarm_is_for_the_contenders_only() -> None:
    mapper = CueMapper(4)
    assert mapper.cues(ReactCue(2.0, (1, 3)), 3) == [Cue("react", 0.0, urgent=True)]
    assert mapper.cues(ReactCue(2.0, (1, 3)), 0) == []


def test_the_countdown_ticks_the_last_three_seconds_once_each() -> None:
    countdown = Countdown()
    countdown.set(10.0, 5.0)
    assert countdown.next_tick() == 7.0
    assert countdown.due(7.5) == [7.0]
    assert countdown.due(7.5) == []
    assert countdown.due(20.0) == [8.0, 9.0]


def test_a_countdown_starts_late_without_past_ticks_and_stops_when_the_clock_does() -> None:
    countdown = Countdown()
    countdown.set(10.0, 8.5)
    assert countdown.next_tick() == 9.0
    countdown.set(None, 8.7)
    assert countdown.due(20.0) == []
