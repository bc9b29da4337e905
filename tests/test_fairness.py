"""Judging a remote press: the client's report where it fits what the relay saw, the relay's
own measure where it does not, the cap on compensation, and false starts."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import astuple

import pytest
from test_relay_fuzz import FakeWriter

from audiospoons.engine.cards import parse_card
from audiospoons.games.spoons.rules.commands import Grab, Pass, React
from audiospoons.games.spoons.rules.events import ReactCue, ReactionTestEnded, SpoonGrabbed
from audiospoons.games.spoons.rules.options import Options
from audiospoons.net.fairness import (
    COMPENSATION_CAP,
    TOLERANCE,
    Judged,
    RoundTrips,
    Source,
    judge,
    late_window,
)
from audiospoons.net.link import Client
from audiospoons.net.play import date_press
from audiospoons.net.room import Room, SeatListener
from audiospoons.net.server import Relay


def trips(*seconds: float) -> RoundTrips:
    measured = RoundTrips()
    for value in seconds:
        measured.add(value)
    return measured


def test_an_honest_report_that_fits_the_round_trip_is_believed() -> None:
    assert judge(10.0, 10.45, 0.25, trips(0.18, 0.2, 0.22)) == Judged(0.25, Source.CLIENT, False)


def test_a_report_that_leaves_too_long_a_trip_gives_way_to_the_relays_measure() -> None:
    """The client claims 0.1 s where the trip would have had to take 0.35 s on a 0.2 s line:
    the relay takes its own measure less the typical round trip."""
    judged = judge(10.0, 10.45, 0.1, trips(0.18, 0.2, 0.22))
    assert judged.source is Source.RELAY
    assert judged.reaction == pytest.approx(0.25)


def test_a_liar_gains_at_most_the_tolerance() -> None:
    line = trips(0.2, 0.2, 0.2)
    truth = 0.25
    arrived = 10.0 + truth + 0.2
    best = min(judge(10.0, arrived, claim / 1000, line).reaction for claim in range(0, 400))
    assert truth - best == pytest.approx(TOLERANCE)


def test_a_report_longer_than_the_whole_span_is_not_believed() -> None:
    judged = judge(10.0, 10.3, 0.5, trips(0.05))
    assert judged.source is Source.RELAY and judged.reaction == pytest.approx(0.25)


def test_compensation_is_capped() -> None:
    judged = judge(10.0, 11.0, None, trips(0.9, 0.9))
    assert judged.reaction == pytest.approx(1.0 - COMPENSATION_CAP)


def test_with_no_round_trip_measured_yet_the_relay_takes_the_whole_span() -> None:
    judged = judge(10.0, 10.4, None, RoundTrips())
    assert astuple(judged) == (pytest.approx(0.4), Source.RELAY, False)


def test_too_quick_a_reaction_is_a_false_start() -> None:
    assert judge(10.0, 10.25, 0.06, trips(0.19)).false_start
    assert judge(10.0, 10.1, None, trips(0.05)).false_start
    assert not judge(10.0, 10.31, 0.11, trips(0.2)).false_start


def test_only_the_last_round_trips_count() -> None:
    measured = trips(*([1.0] * 8), *([0.1] * 8))
    assert measured.typical == 0.1 and measured.slowest == 0.1


class Member:
    name = "Ann"

    def send(self, kind: str, **fields: object) -> None:
        """Nothing is kept."""

    def send_line(self, line: bytes) -> None:
        """Nothing is kept."""

    def send_events(self, lines: Sequence[bytes]) -> None:
        """Nothing is kept."""


def test_the_relay_dates_a_press_from_the_seats_cue_by_the_judgement() -> None:
    """The cue (game time 5.0) went to seat 0 at relay time 100.0 and its press arrived at
    100.45 over a 0.2 s line, the client saying 0.25 s: the press is dated 5.25. One that
    judges too quick is dated just before the cue (a false start), and a command that
    answers no cue is left as it came."""
    relay = Relay(clock=lambda: 100.0)
    client = Client(relay, FakeWriter().transport, "127.0.0.1")  # type: ignore[arg-type]
    for trip in (0.19, 0.2, 0.21):
        client.trips.add(trip)
    room = Room(1, "r", Member(), Options(), {}, clock=relay.clock)
    listener = SeatListener(Member(), 0, relay.clock)
    room.listeners = {0: listener}
    listener.receive([ReactCue(5.0, (0, 1))])
    assert listener.cues.test == (100.0, 5.0)
    dated = date_press(client, room, React(0), 0.25, 100.45)
    assert isinstance(dated, React) and dated.pressed_at == pytest.approx(5.25)
    assert dated == React(0, pressed_at=dated.pressed_at)
    early = date_press(client, room, Grab(0), None, 100.25)
    assert isinstance(early, Grab) and early.pressed_at is not None and early.pressed_at < 5.0
    assert date_press(client, room, Pass(0, parse_card("QS")), 0.2, 100.3) == \
        Pass(0, parse_card("QS"))
    listener.receive([ReactionTestEnded(5.5, (0, 1), ())])
    assert date_press(client, room, React(0), 0.25, 100.45) == React(0)


def test_the_last_spoon_waits_as_long_as_the_slowest_line_can_date_a_press_back() -> None:
    assert late_window([trips(0.05, 0.12), trips(0.08)]) == pytest.approx(0.12 + TOLERANCE)
    assert late_window([trips(0.9)]) == COMPENSATION_CAP
    assert late_window([]) == TOLERANCE


def test_a_race_grab_too_quick_to_be_a_reaction_is_taken_as_it_arrived() -> None:
    """In the race for the spoons, a grab judged a false start gets no compensation: dated
    before the cue it would win; dated on arrival it wins nothing."""
    relay = Relay(clock=lambda: 100.0)
    client = Client(relay, FakeWriter().transport, "127.0.0.1")  # type: ignore[arg-type]
    client.trips.add(0.2)
    room = Room(1, "r", Member(), Options(), {}, clock=relay.clock)
    listener = SeatListener(Member(), 0, relay.clock)
    room.listeners = {0: listener}
    listener.receive([SpoonGrabbed(5.0, 1, 2, True)])
    assert listener.cues.race == (100.0, 5.0)
    assert date_press(client, room, Grab(0), 0.0, 100.21) == Grab(0)
    honest = date_press(client, room, Grab(0), 0.25, 100.45)
    assert isinstance(honest, Grab) and honest.pressed_at == pytest.approx(5.25)
    assert honest == Grab(0, pressed_at=honest.pressed_at)


def test_with_a_floor_from_the_kernel_late_pongs_buy_no_more_than_the_tolerance() -> None:
    """The pings say 330 ms (pongs held back 280 ms), the kernel's quickest trip 50 ms: the
    best a liar can claim, reported or not, is within ``TOLERANCE`` of the truth."""
    line = trips(0.33, 0.33, 0.33)
    line.floor = 0.05
    assert line.slowest == 0.05 and line.typical == pytest.approx(0.05 + TOLERANCE)
    truth = 0.40
    arrived = 10.0 + truth + 0.05
    claims = [None, *(claim / 1000 for claim in range(0, 500))]
    best = min(judge(10.0, arrived, claim, line).reaction for claim in claims)
    assert truth - best == pytest.approx(TOLERANCE)
    without = trips(0.33, 0.33, 0.33)
    assert truth - min(judge(10.0, arrived, claim, without).reaction for claim in claims) == (
        pytest.approx(0.25)), "without it, a quarter of a second"


def test_an_honest_report_on_a_line_whose_trips_vary_is_believed() -> None:
    """A line whose quickest trip is 50 ms and whose trips run 10-20 ms over it, as a line with
    10 ms of jitter each way does: an honest report leaving a trip 18 ms over the quickest is
    believed as it is, not judged 8 ms slower."""
    line = trips(0.06, 0.065, 0.07)
    line.floor = 0.05
    assert judge(10.0, 10.0 + 0.3 + 0.068, 0.3, line) == Judged(0.3, Source.CLIENT, False)


def test_a_floor_above_the_pings_changes_nothing() -> None:
    line = trips(0.02, 0.03)
    line.floor = 0.2
    assert (line.typical, line.slowest) == (0.025, 0.03)
