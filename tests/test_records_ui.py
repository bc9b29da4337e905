"""Ratings, leaderboards and past games as a player hears them: the lobby's menus of records
(exact lines), a rating changed after a game, and a past game heard again from "My last games"
over a real relay, line for line as the seat heard it."""

from __future__ import annotations

import asyncio
import os
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from fakes import Lines
from test_accounts import with_accounts
from test_lobby import Relay as FakeRelay
from test_online import PipeKeys, heard
from test_records import play_a_game, registered

from audiospoons.app.lobby import Lobby
from audiospoons.app.online import OnlineSession
from audiospoons.games.keyboards import KEYBOARDS
from audiospoons.net.history import replay_of
from audiospoons.net.names import name_keys
from audiospoons.net.server import Relay
from audiospoons.replay.transcript import heard as heard_at_seat
from audiospoons.voice.announcer import Utterance
from audiospoons.voice.i18n import messages
from audiospoons.voice.speaker import Speaker

EN = messages("en")


@pytest.fixture(autouse=True)
def utc() -> Iterator[None]:
    before = os.environ.get("TZ")
    os.environ["TZ"] = "UTC"
    time.tzset()
    yield
    if before is None:
        del os.environ["TZ"]
    else:
        os.environ["TZ"] = before
    time.tzset()


def test_the_lobby_offers_records_to_a_logged_in_player_and_ratings_to_a_guest() -> None:
    def labels(lobby: Lobby) -> list[str]:
        return [item.label for item in lobby.menu.items]

    assert labels(Lobby(EN, records=True, account=True))[3:] == [
        "Ratings and leaderboards", "My last games", "Log out"]
    assert labels(Lobby(EN, records=True))[3:] == ["Ratings and leaderboards"]
    assert labels(Lobby(EN))[3:] == []


def test_ratings_open_a_leaderboard_and_escape_goes_back_a_menu_at_a_time() -> None:
    lobby = Lobby(EN, records=True, account=True)
    for _ in range(3):
        lobby.press("down")
    assert lobby.press("enter").ask == ("ratings", {})
    step = lobby.show({"kind": "ratings", "families": [
        {"family": "spoons/classic", "players": 12, "rating": 1043, "games": 3, "place": 2},
        {"family": "razz", "players": 1}]})
    assert step.speech == ("Ratings and leaderboards. Spoons, classic: your rating 1043, place 2"
                           " of 12, after 3 games, 1 of 2")
    assert lobby.press("down").speech == "Razz Spoons: 1 rated player, 2 of 2"
    assert lobby.press("up").speech == (
        "Spoons, classic: your rating 1043, place 2 of 12, after 3 games, 1 of 2")
    assert lobby.press("enter").ask == ("leaderboard", {"family": "spoons/classic"})
    step = lobby.show({"kind": "leaderboard", "family": "spoons/classic", "players": 12,
                       "leaders": [{"place": 1, "name": "Bob", "rating": 1090, "games": 1},
                                   {"place": 2, "name": "Ann", "rating": 1043, "games": 3}],
                       "you": {"rating": 1043, "games": 3, "place": 2}})
    assert step.speech == "Leaderboard, Spoons, classic. 1. Bob, 1090, 1 game, 1 of 3"
    assert [lobby.press("down").speech for _ in range(2)] == [
        "2. Ann, 1043, 3 games, 2 of 3", "You: 1043, place 2 of 12, after 3 games, 3 of 3"]
    assert lobby.press("escape").speech == (
        "Spoons, classic: your rating 1043, place 2 of 12, after 3 games, 1 of 2")
    assert lobby.press("escape").speech == "Ratings and leaderboards, 4 of 6"
    empty = lobby.show({"kind": "leaderboard", "family": "spoons/custom", "players": 0,
                        "leaders": []})
    assert empty.speech == ("Leaderboard, Spoons, custom. Nobody is rated in Spoons, custom"
                            " yet, 1 of 2")


def test_my_last_games_say_when_what_who_your_place_and_rating_and_enter_asks_for_one() -> None:
    lobby = Lobby(EN, records=True, account=True)
    step = lobby.show({"kind": "my_games", "games": [
        {"game": 7, "kind": "spoons", "family": "spoons/pig", "ended_at": 1_780_000_000.0,
         "players": ["Ann", "Andrew", "Bob"], "bots": [False, True, False], "seat": 0,
         "place": 1, "before": 1000, "after": 1052},
        {"game": 5, "kind": "razz", "family": "razz", "ended_at": 1_779_990_000.0,
         "players": ["Ann", "Andrew"], "bots": [False, True], "seat": 0, "place": 2}]})
    assert step.speech == (
        "My last games. 5/28/26, 8:26\u202fPM, Spoons, pig: Ann, Andrew, a bot, and Bob; you"
        " came 1 of 3. Rating 1052, up 52, 1 of 2")
    assert lobby.press("down").speech == (
        "5/28/26, 5:40\u202fPM, Razz Spoons: Ann and Andrew, a bot; you came 2 of 2, 2 of 2")
    assert lobby.press("enter").ask == ("game_record", {"game": 5})


def test_a_rating_changed_a_mute_and_a_timed_kick_are_said() -> None:
    relay, lines = FakeRelay(account=True), Lines()
    session = OnlineSession(relay, EN, Speaker(lines), None, None,  # type: ignore[arg-type]
                            lobby=True)
    for message in (
            {"kind": "rating", "family": "spoons/custom", "rating": 1012, "before": 1030,
             "games": 4, "place": 3},
            {"kind": "muted", "scope": "room", "minutes": 10},
            {"kind": "muted", "scope": "relay", "minutes": 1},
            {"kind": "kicked", "room": 2, "minutes": 30}):
        session._on_message(message)
    assert lines.spoken == [
        "Your rating for Spoons, custom: Rating 1012, down 18.",
        "The host has muted you in this room for 10 minutes.",
        "A moderator has muted you on this relay for 1 minute.",
        "The host has sent you out of the room for 30 minutes."]


def test_a_past_game_is_heard_again_from_my_last_games_as_the_seat_heard_it(
        tmp_path: Path) -> None:
    """Ann plays a game, then opens "My last games" in the lobby at the keyboard and hears it
    again: every line her seat was told, in order, between the replay's first and last
    words."""

    async def scenario(relay: Relay, port: int) -> None:
        ann, bob = await registered(port, "Ann"), await registered(port, "Bob")
        await play_a_game(relay, [ann, bob])
        await ann.expect("rating", timeout=20.0)
        await bob.close()
        lines, keys = Lines(), PipeKeys()
        session = OnlineSession(ann, EN, Speaker(lines), None, keys, lobby=True)
        running = asyncio.create_task(session.run())
        ann.send("list_rooms")
        await heard(lines, "Lobby")
        for label in ("down", "down", "down", "down", "enter"):
            keys.press(label)
        await heard(lines, "My last games.")
        keys.press("enter")
        start = await heard(lines, "Your game of ")
        end = await heard(lines, "End of the game. Back to your last games.", 60.0)
        assert session.replayer is None
        keys.press("escape")
        keys.press("escape")
        keys.press("escape")
        await asyncio.wait_for(running, 5.0)
        keys.close()

        storage = relay.accounts.storage
        assert storage is not None
        account = await storage.account_named(name_keys("Ann"))
        assert account is not None
        found = await storage.games.record_of(1, account.id)
        assert found is not None
        spec, game, script = replay_of(found[0])
        said = [item.text for _, item in heard_at_seat(
            game, script, found[1], KEYBOARDS[spec.name], lang="en",
            verbosity=session.prefs.verbosity)
            if isinstance(item, Utterance)]
        assert lines.spoken[start + 1:end] == said
        assert len(said) > 5

    with_accounts(str(tmp_path / "relay.db"), scenario, timeout=120.0)
