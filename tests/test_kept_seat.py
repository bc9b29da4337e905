"""A seat in a game online outlives the client that held it: its token is kept in the settings
file (by the relay's address and the player's name) from the moment the seat is given until the
game ends or the player leaves it on purpose, and the next start at that relay offers "Back to
your game in room N" first in the lobby. A token the relay no longer honours is said as such and
forgotten.

The lobby and the session are tried with a stand-in for the relay, then a client in a real
pseudo-terminal is killed mid-game and a fresh ``audiospoons join`` takes its seat back from a real
relay on 127.0.0.1."""

from __future__ import annotations

import asyncio
import json
import re
import signal
import subprocess
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pexpect
import pytest
from fakes import Lines
from test_lobby import CELLAR, Relay, press, rooms
from test_online_menu import Relay as MenuRelay
from test_online_menu import keys_for, run_screens
from test_online_pty import environment, free_port, join, wait_for_relay

from audiospoons.app.lobby import SELECT_CUE, Lobby, Step
from audiospoons.app.online import OnlineSession
from audiospoons.app.onlinemenu import JoinRequest, Outcome
from audiospoons.app.settings import Settings, load_settings, save_settings
from audiospoons.engine.cards import parse_card
from audiospoons.games.spoons.rules.events import (
    CardsDealt,
    GameOver,
    GameStarted,
    RoundStarted,
)
from audiospoons.games.spoons.rules.options import Options
from audiospoons.net.wire import encode_event
from audiospoons.ui.keptseats import kept_seat, seat_room, with_seat
from audiospoons.voice.i18n import messages
from audiospoons.voice.speaker import Speaker

EN = messages("en")
OLD = "6-" + "0123456789abcdef" * 2
NEW = "6-" + "fedcba9876543210" * 2
GONE = "That game is over or your seat was given up."
SIX = {"room": 6, "name": "Ann's room", "players": 3, "bots": 2, "playing": True,
       "password": False}
"""The room of the kept seat, as the lobby lists it while its game is played."""
UNREADABLE = "The relay sent a message this game cannot read."


# ----------------------------------------------------------------------------- the settings


def test_a_seat_is_kept_by_the_relays_address_and_the_players_name() -> None:
    seats = with_seat({}, "127.0.0.1", 7000, "Ann", OLD)
    assert seats == {"127.0.0.1:7000 Ann": OLD}
    assert kept_seat(seats, "127.0.0.1", 7000, "ann") == OLD, "a name as the relay compares it"
    assert kept_seat(seats, "127.0.0.1", 7001, "Ann") is None
    assert kept_seat(seats, "127.0.0.1", 7000, "Bob") is None
    seats = with_seat(seats, "::1", 7000, "Ann", NEW)
    assert seats == {"127.0.0.1:7000 Ann": OLD, "[::1]:7000 Ann": NEW}
    assert with_seat(seats, "127.0.0.1", 7000, "Ann", None) == {"[::1]:7000 Ann": NEW}
    assert seat_room(OLD) == 6 and seat_room("12-" + "a" * 32) == 12
    assert seat_room("6-xyz") is None


def test_the_kept_seats_are_saved_and_a_bad_one_resets_them_alone(tmp_path: Path) -> None:
    file = tmp_path / "settings.json"
    kept = Settings(online_name="Ann", online_seats={"127.0.0.1:7000 Ann": OLD})
    save_settings(kept, file)
    assert load_settings(file) == (kept, None)
    data = json.loads(file.read_text())
    data["online_seats"] = {"127.0.0.1:7000 Ann": "not a token"}
    file.write_text(json.dumps(data))
    settings, problem = load_settings(file)
    assert problem == "settings.partial"
    assert settings == Settings(online_name="Ann"), "only the bad value takes its default"


# ----------------------------------------------------------------------------- the lobby


def test_the_lobby_offers_the_kept_game_first_and_enter_asks_for_it_back() -> None:
    lobby = Lobby(EN, back_to=6)
    assert lobby.opening() == "Lobby: no rooms open. Back to your game in room 6, 1 of 4"
    assert lobby.press("down").speech == "New room, 2 of 4"
    assert lobby.press("home").speech == "Back to your game in room 6, 1 of 4"
    assert lobby.press("enter") == Step(cue=SELECT_CUE, rejoin=True)
    lobby.offer(None)
    assert lobby.menu.item_text() == "New room, 1 of 3"


# ----------------------------------------------------------------------------- the session


def kept_session(token: str | None = OLD) -> tuple[OnlineSession, Relay, Lines, list[str | None]]:
    relay, lines = Relay("Ann"), Lines()
    saved: list[str | None] = []
    ann = OnlineSession(relay, EN, Speaker(lines), None, None,  # type: ignore[arg-type]
                        lobby=True, seat=token, on_seat=saved.append)
    return ann, relay, lines, saved


def started(token: str) -> dict[str, Any]:
    return {"kind": "game_started", "players": ["Bob", "Ann", "Cy"], "seat": 1,
            "options": Options().describe(), "token": token, "resumed": True, "game_time": 9.0}


def event(happened: object) -> dict[str, Any]:
    return {"kind": "event", "event": encode_event(happened)}  # type: ignore[arg-type]


def test_back_to_your_game_takes_the_seat_back_and_the_game_so_far_is_heard() -> None:
    ann, relay, lines, saved = kept_session()
    ann._on_message(rooms(CELLAR, SIX))
    assert lines.spoken == ["Lobby: 2 rooms open. Back to your game in room 6, 1 of 6"]
    press(ann, "enter", "enter")
    assert relay.sent == [("rejoin", {"token": OLD})], "asked once"
    ann._on_message(started(NEW))
    so_far = [GameStarted(0.0, ("Bob", "Ann", "Cy")), RoundStarted(0.0, 1, 0, 2, (0, 1, 2)),
              CardsDealt(0.0, 1, tuple(map(parse_card, ("QS", "QH", "2C", "5D"))))]
    ann._on_message({"kind": "catch_up", "events": [encode_event(e) for e in so_far]})
    assert lines.spoken[1:] == [], "the game so far is taken in unsaid"
    ann._on_message({"kind": "back", "name": "Ann"})
    assert lines.spoken[1:] == [
        "You are back in the game, round 1.",
        "Your hand: two queens, a two, and a five.", "2 spoons left.",
        "Still in: Bob, you, and Cy."]
    assert saved == [NEW], "the new token is kept: the old one is spent"
    ann._on_message(event(GameOver(5.0, (1,))))
    assert saved == [NEW, None], "a game over is a seat no more"
    assert ann.game is None


def test_a_seat_no_longer_held_is_said_and_forgotten() -> None:
    ann, relay, lines, saved = kept_session()
    ann._on_message(rooms(SIX))
    press(ann, "enter")
    ann._on_message({"kind": "error", "code": "no-seat",
                     "message": "that seat is no longer held for you"})
    assert lines.spoken[1:] == [GONE, "New room, 1 of 4"]
    assert saved == [None]
    assert ann.place.room is None and not ann.place.left
    press(ann, "enter")
    assert relay.sent[-1] == ("create_room", {"options": {}})


@pytest.mark.parametrize("listed", [
    (rooms(), "Lobby: no rooms open. New room, 1 of 3"),
    (rooms(CELLAR), "Lobby: 1 room open. New room, 1 of 4"),
    (rooms({**SIX, "playing": False}), "Lobby: 1 room open. New room, 1 of 4")],
    ids=["no rooms", "not listed", "not playing"])
def test_a_kept_seat_whose_room_the_lobby_lists_as_not_playing_is_forgotten_unsaid(
        listed: tuple[dict[str, Any], str]) -> None:
    ann, relay, lines, saved = kept_session()
    rooms_now, opening = listed
    ann._on_message(rooms_now)
    assert lines.spoken == [opening]
    assert saved == [None] and ann.seat is None
    press(ann, "enter")
    assert relay.sent == [("create_room", {"options": {}})]


def test_the_seat_asked_back_and_a_room_said_unreadable_ends_the_asking() -> None:
    """An error the client cannot read answers "Back to your game": the asking is over, so a
    later refusal of something else (a cluster's room lost, on joining it) is not taken for the
    seat's."""
    ann, _, lines, saved = kept_session()
    ann._on_message(rooms(SIX))
    press(ann, "enter")
    ann._bad("error")
    assert lines.spoken[1:] == [UNREADABLE]
    assert not ann.place.rejoining and not ann.place.asked
    lost = "the game in room 6 was lost: the server that ran it stopped"
    ann._on_message({"kind": "error", "code": "room-lost", "message": lost})
    assert lines.spoken[-1] == lost
    assert saved == [], "the seat is still offered"


BAD_EVENT = {"kind": "catch_up", "events": [encode_event(CardsDealt(0.0, 7, (parse_card("QS"),)))]}
"""A seat's game so far naming a seat that is not at the table."""


@pytest.mark.parametrize("answer", [
    [{**started(NEW), "options": {"hand_size": "99"}}],
    [{**started(NEW), "seat": None}],
    [started(NEW), BAD_EVENT, {"kind": "back", "name": "Ann"}]],
    ids=["options unreadable", "no seat", "game so far unreadable"])
def test_a_seat_given_back_unreadable_is_a_failed_reconnect_and_the_lobby_goes_on(
        answer: list[dict[str, Any]]) -> None:
    ann, relay, lines, saved = kept_session()
    ann._on_message(rooms(SIX))
    press(ann, "enter")
    for message in answer:
        ann._on_message(message)
    assert lines.spoken[1:] == [f"Could not get back to the game: {UNREADABLE}"]
    assert relay.sent[1:] == [("leave_room", {}), ("list_rooms", {})]
    assert saved[-1] is None and ann.game is None and ann.watcher is None
    ann._on_message(rooms())
    assert lines.spoken[-1] == "Lobby: no rooms open. New room, 1 of 3"
    press(ann, "enter")
    assert relay.sent[-1] == ("create_room", {"options": {}})


class Closing(Relay):
    """A stand-in for the relay's connection that can be closed, as a lost one is."""

    async def close(self) -> None:
        self.closed = True


def test_a_room_lost_at_the_table_closes_the_chat_line_and_ends_the_catching_up() -> None:
    """Ann has her seat back and is told the game so far, a chat line open, when the cluster's
    process that ran the room stops: in the lobby her keys are the lobby's, and Enter opens a
    room rather than sending her half line to a room that is gone."""
    relay, lines = Closing("Ann"), Lines()
    saved: list[str | None] = []
    ann = OnlineSession(relay, EN, Speaker(lines), None, None,  # type: ignore[arg-type]
                        lobby=True, seat=OLD, on_seat=saved.append)
    ann._on_message(rooms(SIX))
    press(ann, "enter")
    ann._on_message(started(NEW))
    press(ann, "/", "h")
    again = Closing("Ann")
    asyncio.run(ann._room_lost(again))  # type: ignore[arg-type]
    assert ann._catching_up is None and not ann.place.rejoining and not ann.place.asked
    ann._on_message(rooms())
    assert lines.spoken[-2:] == [
        "The game was lost: the server that ran it stopped. Back to the lobby.",
        "Lobby: no rooms open. New room, 1 of 3"]
    assert saved == [NEW, None]
    press(ann, "x", "enter")
    assert again.sent == [("list_rooms", {}), ("create_room", {"options": {}})]


def test_sent_out_of_the_room_while_the_game_so_far_comes_ends_the_catching_up() -> None:
    ann, relay, _, _ = kept_session()
    ann._on_message(rooms(SIX))
    press(ann, "enter")
    ann._on_message(started(NEW))
    ann._on_message({"kind": "kicked", "room": 6})
    assert ann._catching_up is None and not ann.place.rejoining and ann.game is None
    assert relay.sent[-1] == ("list_rooms", {})


def test_a_seat_is_kept_once_when_the_game_starts_and_forgotten_when_the_player_leaves() -> None:
    ann, _, lines, saved = kept_session(None)
    ann._on_message(rooms())
    assert lines.spoken == ["Lobby: no rooms open. New room, 1 of 3"]
    press(ann, "enter")
    ann._on_message({"kind": "room", "room": 6, "name": "Ann's room", "host": "Ann",
                     "playing": False, "password": False, "spectators": [],
                     "options": Options().describe(),
                     "seats": [{"name": "Ann", "bot": None, "ready": True},
                               {"name": "Andrew", "bot": "normal", "ready": True}]})
    ann._on_message({**started(OLD), "players": ["Ann", "Andrew"], "seat": 0,
                     "resumed": None})
    ann._on_message(event(GameStarted(0.0, ("Ann", "Andrew"))))
    ann._on_message(event(RoundStarted(0.0, 1, 0, 1, (0, 1))))
    assert saved == [OLD]
    press(ann, "escape", "escape")
    assert lines.spoken[-1] == "You left the room."
    assert saved == [OLD, None]
    ann._on_message(rooms())
    assert lines.spoken[-1] == "Lobby: no rooms open. New room, 1 of 3"


def test_play_online_offers_the_seat_kept_for_that_relay_and_name_and_keeps_a_new_one(
        tmp_path: Path) -> None:
    class Seated(MenuRelay):
        def __call__(self, settings: Settings, request: JoinRequest,
                     connected: Callable[[str | None], None]) -> Outcome:
            assert request.seat == OLD
            assert request.on_seat is not None
            connected(None)
            request.on_seat(NEW)
            return super().__call__(settings, request, connected)

    settings = Settings(first_run=False, online_seats={"localhost:7000 Ann": OLD})
    relay = Seated(tmp_path, Outcome.PLAYED)
    run_screens(tmp_path, ["down", "enter", *keys_for("localhost:7000"), "enter",
                           *keys_for("Ann"), "enter", "enter"], settings, play_online=relay)
    assert load_settings(tmp_path / "settings.json")[0].online_seats == {
        "localhost:7000 Ann": NEW}


# ----------------------------------------------------------------------------- real terminals


@contextmanager
def relay_serving(tmp_path: Path) -> Iterator[int]:
    port = free_port()
    relay = subprocess.Popen([sys.executable, "-m", "audiospoons", "serve", "--port",
                              str(port)], env=environment(tmp_path, "relay"),
                             stderr=subprocess.PIPE, text=True)
    try:
        wait_for_relay(port)
        yield port
    finally:
        relay.send_signal(signal.SIGTERM)
        _, log = relay.communicate(timeout=10)
        assert "Traceback" not in log, log


def seats_kept(tmp_path: Path) -> dict[str, str]:
    return dict(load_settings(tmp_path / "Ann" / "settings.json")[0].online_seats)


def test_a_killed_client_is_offered_its_seat_first_and_takes_it_back(tmp_path: Path) -> None:
    children: list[pexpect.spawn] = []
    with relay_serving(tmp_path) as port:
        try:
            ann = join(tmp_path, port, "Ann", "--bots", "2")
            children.append(ann)
            ann.expect(r"Room 1, Ann's room: Ann[^\r]*Andrew, a bot[^\r]*Britany, a bot")
            ann.send("\r")
            ann.expect_exact("Spoons: you against Andrew and Britany.")
            ann.expect(r"Your cards: [^\r]+")
            kept = seats_kept(tmp_path)
            assert list(kept) == [f"127.0.0.1:{port} Ann"]
            assert re.fullmatch(r"1-[0-9a-f]{32}", kept[f"127.0.0.1:{port} Ann"])
            ann.kill(signal.SIGKILL)
            ann.expect(pexpect.EOF)

            again = join(tmp_path, port, "Ann")
            children.append(again)
            again.expect_exact("Connected to 127.0.0.1 as Ann.")
            again.expect_exact("Lobby: 1 room open. Back to your game in room 1, 1 of 6")
            again.send("\r")
            again.expect_exact("You are back in the game, round 1.")
            again.expect(r"Your hand: [^\r]+")
            again.expect_exact("Still in: you, Andrew, and Britany.")
            assert seats_kept(tmp_path) != kept, "the seat's new token is kept"
            again.send("\x1b")
            again.expect_exact("Escape again")
            again.send("\x1b")
            again.expect_exact("You left the room.")
            again.expect_exact("Lobby:")
            assert seats_kept(tmp_path) == {}, "a seat left on purpose is forgotten"
            again.send("\x1b")
            again.expect_exact("You left the relay.")
            again.expect(pexpect.EOF)
        finally:
            for child in children:
                child.close(force=True)


def test_a_stale_seat_is_refused_with_the_reason_and_not_offered_again(tmp_path: Path) -> None:
    """The seat kept is for room 1, whose game is played (Bob's, against a bot), but the relay
    holds no seat for its token: Enter on it says so, and it is forgotten."""
    stale = "1-" + "0123456789abcdef" * 2
    with relay_serving(tmp_path) as port:
        bob = join(tmp_path, port, "Bob", "--bots", "1")
        try:
            bob.expect(r"Room 1, Bob's room: [^\r]*Andrew, a bot")
            bob.send("\r")
            bob.expect_exact("Spoons: you against Andrew.")
            save_settings(Settings(first_run=False,
                                   online_seats={f"127.0.0.1:{port} Ann": stale}),
                          tmp_path / "Ann" / "settings.json")
            ann = join(tmp_path, port, "Ann")
            try:
                ann.expect_exact("Lobby: 1 room open. Back to your game in room 1, 1 of 6")
                ann.send("\r")
                ann.expect_exact(GONE)
                ann.expect_exact("New room, 1 of 5")
                assert seats_kept(tmp_path) == {}
                ann.send("\x1b")
                ann.expect_exact("You left the relay.")
                ann.expect(pexpect.EOF)
            finally:
                ann.close(force=True)
            ann = join(tmp_path, port, "Ann")
            try:
                ann.expect_exact("Lobby: 1 room open. New room, 1 of 5")
            finally:
                ann.close(force=True)
        finally:
            bob.close(force=True)


def test_a_seat_kept_for_a_room_not_playing_is_forgotten_unsaid(tmp_path: Path) -> None:
    with relay_serving(tmp_path) as port:
        save_settings(Settings(first_run=False, online_seats={f"127.0.0.1:{port} Ann": OLD}),
                      tmp_path / "Ann" / "settings.json")
        ann = join(tmp_path, port, "Ann")
        try:
            ann.expect_exact("Lobby: no rooms open. New room, 1 of 4")
            ann.send("\x1b")
            ann.expect_exact("You left the relay.")
            ann.expect(pexpect.EOF)
        finally:
            ann.close(force=True)
        assert seats_kept(tmp_path) == {}
