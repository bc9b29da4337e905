"""What the relay writes to a room's connections costs it as little as it can, and carries the
same bytes as ever: a seat's events of one move in one write, an event every seat sees alike
encoded once, and a room's family of games found once for its options."""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from typing import Any

import pytest
from test_relay_fuzz import FakeTransport

from audiospoons.bots.levels import Level
from audiospoons.engine.events import Event
from audiospoons.games.spoons.rules.options import Options
from audiospoons.net import room as room_module
from audiospoons.net.link import Client
from audiospoons.net.protocol import encode
from audiospoons.net.room import Room, Seat
from audiospoons.net.server import Relay
from audiospoons.net.wire import decode_event, encode_event


class WrittenTransport(FakeTransport):
    """Keeps each write, as the socket would be handed it, and when it was closed."""

    def __init__(self) -> None:
        super().__init__()
        self.writes: list[bytes] = []
        self.closed_after: int | None = None
        """How many writes it had been handed when it was closed."""

    def write(self, data: bytes) -> None:
        self.writes.append(data)

    def close(self) -> None:
        super().close()
        self.closed_after = len(self.writes)


class Ears:
    """A member that keeps the lines of the events it is handed."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.lines: list[bytes] = []

    def send(self, kind: str, **fields: Any) -> None:
        """Only events are kept."""

    def send_line(self, line: bytes) -> None:
        """Only events are kept."""

    def send_events(self, lines: Sequence[bytes]) -> None:
        self.lines += lines


def dealt_room(ann: Any, *spectators: Any, seen: list[Event] | None = None) -> Room:
    """Ann and three bots at classic Spoons, dealt at relay time 0 from a fixed seed; every
    event the table has, as it has it, in ``seen``."""
    room = Room(1, "r", ann, Options.from_mapping({"grab_time_limit": "0"}), {})
    if seen is not None:
        room.watchers.append(lambda game, events: seen.extend(events))
    room.seats = [Seat(ann), *(Seat(level=Level.NORMAL, bot_name=name)
                               for name in ("Bob", "Cy", "Di"))]
    room.spectators += spectators
    room.start(0.0, random.Random(7))
    return room


def connection(relay: Relay) -> tuple[Client, WrittenTransport]:
    transport = WrittenTransport()
    return Client(relay, transport, "127.0.0.1"), transport  # type: ignore[arg-type]


def test_what_is_written_while_the_relay_holds_goes_to_each_connection_at_once() -> None:
    relay = Relay(clock=lambda: 0.0)
    (ann, to_ann), (bob, to_bob) = connection(relay), connection(relay)
    with relay.outbox.holding():
        ann.send("pong", t=1)
        bob.send("pong", t=2)
        with relay.outbox.holding():
            ann.send("pong", t=3)
        assert to_ann.writes == [] and to_bob.writes == []
    assert to_ann.writes == [encode("pong", t=1) + encode("pong", t=3)]
    assert to_bob.writes == [encode("pong", t=2)]
    ann.send("pong", t=4)
    assert to_ann.writes[1:] == [encode("pong", t=4)]


def test_a_connection_dropped_while_the_relay_holds_is_written_its_lines_before_it_closes(
        ) -> None:
    relay = Relay(clock=lambda: 0.0)
    ann, to_ann = connection(relay)
    relay.clients.add(ann)
    with relay.outbox.holding():
        ann.error("timeout", "silent too long")
        ann.drop()
        ann.send("pong", t=1)
    assert to_ann.writes == [encode("error", code="timeout", message="silent too long")]
    assert to_ann.closed_after == 1


def test_a_seat_is_written_the_events_of_one_move_at_once_as_the_lines_they_always_were(
        ) -> None:
    relay = Relay(clock=lambda: 0.0)
    ann, written = connection(relay)
    ann.name = "Ann"
    room = dealt_room(ann)
    room.run_until(5.0)
    events = [write for write in written.writes if write.startswith(b'{"kind":"event"')]
    assert events
    lines = [line + b"\n" for write in events for line in write.split(b"\n")[:-1]]
    assert any(write.count(b"\n") > 1 for write in events)
    assert ann.events_sent == len(lines)
    for line in lines:
        event = decode_event(json.loads(line)["event"])
        assert line == encode("event", event=encode_event(event))


def test_an_event_every_seat_sees_alike_is_encoded_once_for_them_all() -> None:
    ann, dee, eve = Ears("Ann"), Ears("Dee"), Ears("Eve")
    seen: list[Event] = []
    room = dealt_room(ann, dee, eve, seen=seen)
    room.run_until(5.0)
    public = {encode("event", event=encode_event(event)) for event in seen
              if event.seen_by(0) is event and event.seen_by(None) is event}
    assert len(public) >= 2
    for line in public:
        handed = [told for ears in (ann, dee, eve) for told in ears.lines if told == line]
        assert len(handed) == 3
        assert all(told is handed[0] for told in handed)


def test_a_room_finds_its_family_of_games_once_for_its_options(
        monkeypatch: pytest.MonkeyPatch) -> None:
    found: list[dict[str, str]] = []
    family_of = room_module.family_of

    def counted(spec: Any, values: dict[str, str]) -> str:
        found.append(dict(values))
        return family_of(spec, values)

    monkeypatch.setattr(room_module, "family_of", counted)
    room = Room(1, "r", Ears("Ann"), Options(), {}, rated=True)
    room.seats = [Seat(Ears(name)) for name in ("Ann", "Bob", "Cy", "Di")]
    for seat in room.seats:
        seat.member.ratings = {"spoons/seed000": 1500}  # type: ignore[union-attr]
    assert [seat["rating"] for seat in room.state()["seats"]] == [1500] * 4
    room.state()
    assert found == [{}]
    room.values["hand_size"] = "3"
    assert room.family == "spoons/custom"
    assert found == [{}, {"hand_size": "3"}]
