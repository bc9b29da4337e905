"""A key from the page is dated by when it was pressed, as the page says, within the bounds the
relay sets on a remote client's word."""

from __future__ import annotations

import pytest

from audiospoons.net.fairness import COMPENSATION_CAP, TOLERANCE
from audiospoons.web.presstime import CUES_KEPT, PressTimes


def measured(*trips: float, floor: float | None = None) -> PressTimes:
    times = PressTimes()
    for trip in trips:
        times.trips.add(trip)
    times.trips.floor = floor
    return times


def test_a_press_is_dated_by_the_page_s_report_when_the_trip_fits() -> None:
    times = measured(0.080, 0.100, 0.090)
    cue = times.cue_sent(10.0)
    assert times.pressed_at(10.500, cue, 420.0) == pytest.approx(10.420)


def test_a_report_that_leaves_no_time_for_the_trip_is_not_believed() -> None:
    times = measured(0.080, 0.100, 0.090)
    cue = times.cue_sent(10.0)
    assert times.pressed_at(10.500, cue, 200.0) == pytest.approx(10.500 - 0.090)
    assert times.pressed_at(10.500, cue, 600.0) == pytest.approx(10.500 - 0.090)


def test_the_least_trip_the_line_has_shown_bounds_what_is_believed() -> None:
    times = measured(0.300, 0.300, floor=0.050)
    cue = times.cue_sent(10.0)
    assert times.pressed_at(10.500, cue, 500.0 - 50.0 - 1000 * TOLERANCE) == pytest.approx(
        10.450 - TOLERANCE)
    assert times.pressed_at(10.500, cue, 300.0) == pytest.approx(10.500 - 0.050 - TOLERANCE)


def test_no_press_is_dated_back_more_than_the_cap() -> None:
    times = measured(2.0, 2.0)
    cue = times.cue_sent(10.0)
    assert times.pressed_at(13.0, cue, 1000.0) == pytest.approx(13.0 - COMPENSATION_CAP)
    assert times.pressed_at(13.0, 999, None) == pytest.approx(13.0 - COMPENSATION_CAP)


@pytest.mark.parametrize("after", [None, -5, True, "420", float("nan"), float("inf"), 10**400])
def test_a_report_that_is_no_count_of_milliseconds_is_left_out(after: object) -> None:
    times = measured(0.080, 0.100, 0.090)
    cue = times.cue_sent(10.0)
    assert times.pressed_at(10.500, cue, after) == pytest.approx(10.500 - 0.090)


@pytest.mark.parametrize("cue", [None, 0, 7, "1", 1.0, True])
def test_a_key_naming_no_cue_sent_is_dated_a_typical_trip_back(cue: object) -> None:
    times = measured(0.080, 0.100, 0.090)
    times.cue_sent(10.0)
    assert times.pressed_at(10.500, cue, 420.0) == pytest.approx(10.500 - 0.090)


def test_only_the_latest_cues_are_kept() -> None:
    times = measured(0.080)
    first = times.cue_sent(1.0)
    for moment in range(CUES_KEPT):
        times.cue_sent(2.0 + moment)
    assert times.pressed_at(100.0, first, 0.0) == pytest.approx(100.0 - 0.080)
