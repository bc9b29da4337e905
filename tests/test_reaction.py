"""The reaction test on its own: pinned timing, false starts, timeouts, mash counts."""

from __future__ import annotations

from audiospoons.games.spoons.rules.events import FalseStart, ReactCue, Reacted, ReactionTestEnded
from audiospoons.games.spoons.rules.reaction import ReactionTest


def first_test() -> ReactionTest:
    return ReactionTest((0, 1, 2), mash=False, start=10.0, pause=1.5, timeout=3.0)


def test_the_cue_plays_after_the_pause_and_the_slowest_press_loses() -> None:
    test = first_test()
    assert test.deadline() == 11.5
    assert test.due(11.4) == []
    assert test.due(11.5) == [ReactCue(11.5, (0, 1, 2))]
    assert test.deadline() == 14.5
    assert test.press(2, 11.75) == [Reacted(11.75, 2, 0.25)]
    assert test.press(0, 11.9) == [Reacted(11.9, 0, 0.4)]
    assert test.press(1, 12.0) == [Reacted(12.0, 1, 0.5),
                                   ReactionTestEnded(12.0, (2, 0, 1), ())]
    assert test.finished and test.deadline() is None


def test_a_press_before_the_cue_is_a_false_start_and_ranks_last() -> None:
    test = first_test()
    assert test.press(1, 10.5) == [FalseStart(10.5, 1)]
    assert test.has_pressed(1)
    test.due(11.5)
    test.press(0, 12.5)
    test.press(2, 12.0)
    assert test.ranking() == (2, 0, 1)
    assert test.finished


def test_whoever_has_not_pressed_by_the_timeout_loses_after_those_who_pressed() -> None:
    test = first_test()
    test.due(11.5)
    test.press(1, 13.0)
    assert test.due(14.49) == []
    assert test.due(14.5) == [ReactionTestEnded(14.5, (1, 0, 2), ())]


def test_when_everyone_jumps_the_gun_the_latest_reach_ranks_best() -> None:
    test = first_test()
    test.press(0, 10.3)
    assert test.press(1, 10.9) == [FalseStart(10.9, 1)]
    assert not test.finished
    events = test.press(2, 11.0)
    assert events == [FalseStart(11.0, 2), ReactionTestEnded(11.0, (2, 1, 0), ())]


def test_mash_counts_presses_from_the_cue_for_three_seconds() -> None:
    test = ReactionTest((0, 1), mash=True, start=0.0, pause=1.0, timeout=3.0)
    assert test.press(0, 0.5) == []
    test.due(1.0)
    for at in (1.1, 1.2, 1.3):
        test.press(0, at)
    for at in (1.05, 1.15, 1.25, 1.35):
        test.press(1, at)
    assert test.deadline() == 4.0
    assert test.due(4.0) == [ReactionTestEnded(4.0, (1, 0), (4, 3))]


def test_mash_ties_go_to_whoever_reached_the_count_first() -> None:
    test = ReactionTest((0, 1), mash=True, start=0.0, pause=1.0, timeout=3.0)
    test.due(1.0)
    test.press(1, 1.5)
    test.press(0, 1.2)
    assert test.due(4.0) == [ReactionTestEnded(4.0, (0, 1), (1, 1))]


def test_a_press_in_the_first_quarter_second_is_taken_as_meant_for_before_the_test() -> None:
    """A second tap of the key that made a steal, or a key pressed as the results were read,
    lands just after the test starts: it is ignored, not a false start."""
    test = first_test()
    assert test.press(0, 10.0) == []
    assert test.press(0, 10.24) == []
    assert test.press(0, 10.25) == [FalseStart(10.25, 0)]
    assert test.press(1, 10.1) == []
    test.due(11.5)
    assert test.press(1, 11.7)[0] == Reacted(11.7, 1, 0.2)


def test_a_press_dated_before_it_arrived_ranks_by_when_it_happened() -> None:
    """Across a network the relay dates each press: seat 0's arrives last but happened first,
    and seat 1's, dated before the cue, is a false start though it arrived after it."""
    test = first_test()
    test.due(11.5)
    assert test.press(2, 11.8) == [Reacted(11.8, 2, 0.3)]
    assert test.press(1, 11.85, pressed_at=11.45) == [FalseStart(11.85, 1)]
    assert test.press(0, 12.1, pressed_at=11.7) == [Reacted(12.1, 0, 0.2),
                                                    ReactionTestEnded(12.1, (0, 2, 1), ())]


def test_a_press_is_never_dated_after_it_arrived() -> None:
    test = first_test()
    test.due(11.5)
    assert test.press(0, 11.9, pressed_at=12.5) == [Reacted(11.9, 0, 0.4)]
