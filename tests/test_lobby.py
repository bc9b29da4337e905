"""The relay's lobby at the keyboard: the menu of rooms as a pure model, the session's way
through lobby, room and game with a stand-in for the relay, then real relays on 127.0.0.1."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from fakes import Lines, Pressed
from test_online import PipeKeys, heard
from test_online_pty import free_port
from test_relay import with_relay

from audiospoons.app import relayjoin
from audiospoons.app.lobby import Enter, Listed, Lobby, Step, read_room, read_rooms
from audiospoons.app.online import OnlineSession
from audiospoons.app.relayjoin import NAME_REFUSED, PLAYED, UNREACHABLE, join_relay
from audiospoons.app.relaymessages import room_fields
from audiospoons.games.razz.keyboard.keys import RazzAction
from audiospoons.games.razz.keyboard.online import RemoteRazzGame
from audiospoons.games.razz.rules.options import RazzOptions
from audiospoons.games.spoons.keyboard.keys import SpoonsAction
from audiospoons.games.spoons.keyboard.online import RemoteGame
from audiospoons.games.spoons.keyboard.spoonnames import SpoonStyle
from audiospoons.games.spoons.rules.events import GameStarted, RoundStarted
from audiospoons.games.spoons.rules.options import Options
from audiospoons.net import server
from audiospoons.net.client import RelayClient
from audiospoons.net.relaysettings import RelaySettings
from audiospoons.net.wire import encode_event
from audiospoons.ui.seating import SeatPrefs
from audiospoons.voice.announcer import Verbosity
from audiospoons.voice.i18n import messages
from audiospoons.voice.relaywords import refusal_text
from audiospoons.voice.speaker import Speaker

EN = messages("en")
ES = messages("es")

KITCHEN = {"room": 2, "name": "Kitchen", "players": 3, "playing": False, "password": False}
CELLAR = {"room": 3, "name": "Cellar", "players": 1, "playing": True, "password": False}
ATTIC = {"room": 5, "name": "Attic", "players": 2, "playing": False, "password": True}


def lobby_of(*rooms: dict[str, Any], lang: str = "en") -> Lobby:
    lobby = Lobby(messages(lang))
    lobby.update(read_rooms({"rooms": list(rooms)}))
    return lobby


def speech(lobby: Lobby, *labels: str) -> list[str | None]:
    return [lobby.press(label).speech for label in labels]


# ----------------------------------------------------------------------------- the menu


def test_the_rooms_are_read_from_the_relays_list_leaving_out_what_is_not_a_room() -> None:
    rooms = read_rooms({"rooms": [
        KITCHEN, {"room": "4", "name": "x", "players": 1, "playing": False, "password": False},
        {"room": True, "name": "x", "players": 1, "playing": False, "password": False},
        {**KITCHEN, "name": "Again"}, "junk", {**CELLAR, "name": "Cel\u202elar\x07" + "r" * 60},
        {"room": 6, "name": "x", "players": 1, "playing": "no", "password": False}]})
    assert rooms == [Listed(2, "Kitchen", 3, False, False),
                     Listed(3, "Cel lar " + "r" * 32, 1, True, False)]
    assert read_rooms({"rooms": "none"}) == [] == read_rooms({})


def test_the_lobby_opens_with_new_room_and_then_each_room_as_it_stands() -> None:
    assert Lobby(EN).opening() == "Lobby: no rooms open. New room, 1 of 3"
    lobby = lobby_of(KITCHEN, CELLAR, ATTIC)
    assert lobby.opening() == "Lobby: 3 rooms open. New room, 1 of 6"
    assert speech(lobby, "down", "down", "down", "down", "down", "down", "home", "end",
                  "up") == [
        "New Razz Spoons room, 2 of 6",
        "New Slapjack room, 3 of 6",
        "Room 2, Kitchen, 3 players, waiting, 4 of 6",
        "Room 3, Cellar, 1 player, playing, 5 of 6",
        "Room 5, Attic, 2 players, waiting, with a password, 6 of 6",
        "Bottom. Room 5, Attic, 2 players, waiting, with a password, 6 of 6",
        "New room, 1 of 6",
        "Room 5, Attic, 2 players, waiting, with a password, 6 of 6",
        "Room 3, Cellar, 1 player, playing, 5 of 6"]
    assert speech(lobby, "r", "shift+r", "shift+n") == [
        "Room 3, Cellar, 1 player, playing, 5 of 6", "Room 3, Cellar, 1 player, playing, 5 of 6",
        "New room, 1 of 6"], "R says where the cursor is: every room starts with R"
    assert lobby_of(KITCHEN).opening() == "Lobby: 1 room open. New room, 1 of 4"


def test_a_room_that_plays_razz_spoons_says_so_in_each_language() -> None:
    den = {"room": 7, "name": "Den", "players": 2, "playing": False, "password": True,
           "game": "razz"}
    assert read_rooms({"rooms": [den]}) == [Listed(7, "Den", 2, False, True, game="razz")]
    assert speech(lobby_of(den), "end") == [
        "Room 7, Den, 2 players, waiting, with a password, Razz Spoons, 4 of 4"]
    assert speech(lobby_of(den, lang="es"), "end") == [
        "Sala 7, Den, 2 jugadores, esperando, con contraseña, Cucharas Razz, 4 de 4"]


def test_a_room_says_how_many_of_its_players_are_bots() -> None:
    shed = {"room": 8, "name": "Shed", "players": 3, "bots": 2, "playing": False,
            "password": False}
    odd = {**shed, "room": 9, "bots": 7}
    assert read_rooms({"rooms": [shed, odd, {**shed, "room": 10, "bots": "2"}]}) == [
        Listed(8, "Shed", 3, False, False, bots=2), Listed(9, "Shed", 3, False, False, bots=3),
        Listed(10, "Shed", 3, False, False)]
    assert speech(lobby_of(shed), "end") == ["Room 8, Shed, 1 player and 2 bots, waiting, 4 of 4"]
    assert speech(lobby_of({**shed, "players": 4}, lang="es"), "end") == [
        "Sala 8, Shed, 2 jugadores y 2 bots, esperando, 4 de 4"]


def test_f2_says_what_enter_does_on_each_item_and_f1_the_keys() -> None:
    lobby = lobby_of(KITCHEN, CELLAR, ATTIC, {**CELLAR, "room": 7, "password": True})
    assert speech(lobby, "f2", "down", "f2", "down", "f2", "down", "f2", "down", "f2", "down",
                  "f2", "down", "shift+f1")[::2] \
        == [EN.tr("online.lobby.new.about"), EN.tr("online.lobby.newrazz.about"),
            EN.tr("online.lobby.newslapjack.about"),
            "Enter takes a seat in this room.",
            EN.tr("online.lobby.watch.about"),
            "Enter asks for the room's password, then takes a seat.",
            "A game is under way: Enter asks for the room's password, then watches it."]
    help_text = lobby.press("f1").speech
    assert help_text is not None
    assert help_text.startswith(EN.tr("menu.help")) and "Escape leaves the relay." in help_text


def test_enter_makes_a_room_joins_a_waiting_one_watches_a_playing_one_and_escape_leaves() -> None:
    lobby = lobby_of(KITCHEN, CELLAR)
    assert lobby.press("enter") == Step(cue="menu-select", create="spoons")
    lobby.press("down")
    assert lobby.press("enter") == Step(cue="menu-select", create="razz")
    lobby.press("down")
    assert lobby.press("enter") == Step(cue="menu-select", create="slapjack")
    lobby.press("down")
    assert lobby.press("enter").enter == Enter(2, watch=False)
    lobby.press("down")
    assert lobby.press("space").enter == Enter(3, watch=True)
    assert lobby.press("escape") == Step(leave=True)


def test_a_room_with_a_password_asks_for_it_in_a_text_field() -> None:
    lobby = lobby_of(KITCHEN, ATTIC)
    lobby.press("end")
    opened = lobby.press("enter")
    assert (opened.speech, opened.enter) == ("Password of room 5, edit text, blank", None)
    assert lobby.press("enter").speech == "Type the room's password first."
    assert [lobby.press(label).echo for label in ("s", "shift+p", "space", "pageup")] == [
        "s", "capital P", "space", None]
    assert lobby.press("pageup").review == "previous"
    assert lobby.press("f2").echo == "The word the room's host gave out for getting in."
    assert lobby.press("enter") == Step(cue="menu-select", enter=Enter(5, False, "sP "))
    assert lobby.press("up").speech == "Room 2, Kitchen, 3 players, waiting, 4 of 5"
    lobby.press("down")
    lobby.press("enter")
    lobby.press("x")
    assert lobby.press("escape").speech == (
        "Room 5, Attic, 2 players, waiting, with a password, 5 of 5")
    assert lobby.field is None and lobby.press("escape").leave


def test_a_password_typed_while_the_room_began_a_game_watches_the_game() -> None:
    lobby = lobby_of(ATTIC)
    lobby.press("end")
    lobby.press("enter")
    lobby.press("w")
    assert lobby.update(read_rooms({"rooms": [{**ATTIC, "playing": True}, KITCHEN]})) == Step()
    assert lobby.press("enter").enter == Enter(5, True, "w")


def test_a_new_list_keeps_the_cursor_on_its_room_and_says_only_that_rooms_came_or_went() -> None:
    lobby = lobby_of(KITCHEN, CELLAR)
    lobby.press("end")
    assert lobby.update(read_rooms({"rooms": [{**KITCHEN, "players": 4}, CELLAR]})) == Step()
    assert lobby.update(read_rooms({"rooms": [CELLAR]})) == Step(speech="Rooms changed.")
    assert lobby.menu.item_text() == "Room 3, Cellar, 1 player, playing, 4 of 4"
    assert lobby.update(read_rooms({"rooms": [CELLAR, ATTIC]})).speech == "Rooms changed."
    assert lobby.menu.item_text() == "Room 3, Cellar, 1 player, playing, 4 of 5"
    assert lobby.opening() == ("Lobby: 2 rooms open. Room 3, Cellar, 1 player, playing,"
                               " 4 of 5")
    assert lobby.update(read_rooms({"rooms": [ATTIC]})).speech == (
        "Rooms changed. Room 5, Attic, 2 players, waiting, with a password, 4 of 4")
    assert lobby.update(read_rooms({"rooms": []})).speech == (
        "Rooms changed. New Slapjack room, 3 of 3")


def listed(room: dict[str, Any]) -> dict[str, Any]:
    return {"kind": "room_listed", "room": room}


def unlisted(number: int) -> dict[str, Any]:
    return {"kind": "room_unlisted", "room": number}


def test_rooms_listed_and_unlisted_one_by_one_keep_the_list_as_a_whole_list_would() -> None:
    lobby = lobby_of(KITCHEN, CELLAR)
    assert lobby.follow(listed({**KITCHEN, "players": 4})) == Step(), "a room that changed"
    assert [room.players for room in lobby.rooms] == [4, 1], "it keeps its place"
    assert lobby.follow(listed(ATTIC)) == Step(speech="Rooms changed.")
    assert [room.number for room in lobby.rooms] == [2, 3, 5], "a new room comes last"
    assert lobby.rooms == read_rooms({"rooms": [{**KITCHEN, "players": 4}, CELLAR, ATTIC]})
    assert lobby.follow(unlisted(3)) == Step(speech="Rooms changed.")
    assert [room.number for room in lobby.rooms] == [2, 5]
    assert lobby.follow(unlisted(3)) == Step(), "a room no longer listed changes nothing"
    assert lobby.follow({"kind": "rooms", "rooms": [CELLAR]}) == Step(speech="Rooms changed.")
    assert [room.number for room in lobby.rooms] == [3]


def test_a_change_keeps_the_cursor_on_its_room_and_says_where_it_fell_when_that_room_went(
        ) -> None:
    lobby = lobby_of(KITCHEN, CELLAR)
    lobby.press("end")
    assert lobby.follow(listed({**CELLAR, "playing": False})) == Step()
    assert lobby.menu.item_text() == "Room 3, Cellar, 1 player, waiting, 5 of 5"
    assert lobby.follow(listed(ATTIC)).speech == "Rooms changed."
    assert lobby.menu.item_text() == "Room 3, Cellar, 1 player, waiting, 5 of 6"
    assert lobby.follow(unlisted(3)).speech == (
        "Rooms changed. Room 5, Attic, 2 players, waiting, with a password, 5 of 5")
    lobby.press("enter")
    assert lobby.follow(unlisted(2)) == Step(), "nothing is said while a password is typed"


def test_a_change_that_is_not_a_room_changes_nothing() -> None:
    lobby = lobby_of(KITCHEN)
    for junk in (listed({"room": "4", "name": "x", "players": 1, "playing": False,
                         "password": False}),
                 listed("junk"),  # type: ignore[arg-type]  # deliberately a room that is no room
                 unlisted(True),
                 {"kind": "room_unlisted", "room": "2"}, {"kind": "chat"}):
        assert lobby.follow(junk) == Step()
    assert [room.number for room in lobby.rooms] == [2]
    assert read_room({**CELLAR, "players": True}) is None
    assert read_room({**ATTIC, "name": "At\x1b]0;t\x07tic" + "c" * 60}) == Listed(
        5, "At ]0;t tic" + "c" * 29, 2, False, True)


def test_the_lobby_speaks_spanish() -> None:
    lobby = lobby_of(KITCHEN, {**ATTIC, "players": 1, "playing": True}, lang="es")
    assert lobby.opening() == "Vestíbulo: 2 salas abiertas. Sala nueva, 1 de 5"
    assert speech(lobby, "down", "down", "down", "down") == [
        "Sala nueva de Cucharas Razz, 2 de 5",
        "Sala nueva de Slapjack, 3 de 5",
        "Sala 2, Kitchen, 3 jugadores, esperando, 4 de 5",
        "Sala 5, Attic, 1 jugador, jugando, con contraseña, 5 de 5"]
    assert Lobby(ES).opening() == "Vestíbulo: ninguna sala abierta. Sala nueva, 1 de 3"
    assert refusal_text("full", ES) == "Esa sala tiene todos los asientos ocupados."


def test_the_relays_refusals_of_a_room_are_said_in_the_players_words() -> None:
    assert [refusal_text(code, EN) for code in ("password", "name-taken", "full", "playing",
                                               "no-room", "bad-options", None)] == [
        "That is not the room's password.",
        "Someone in that room has a name that sounds like yours.",
        "That room has every seat taken.",
        "That room has just begun a game: Enter now watches it.",
        "That room is no longer open.", None, None]


def test_a_room_of_ones_own_sends_the_preset_apart_and_the_password_if_any() -> None:
    values = {"preset": "pig", "hand_size": "5"}
    assert room_fields(values, None) == {"options": {"hand_size": "5"}, "preset": "pig"}
    assert room_fields({}, "spoons") == {"options": {}, "password": "spoons"}
    assert values == {"preset": "pig", "hand_size": "5"}


# ----------------------------------------------------------------------------- the session


class Relay:
    """Stands in for the relay's connection: keeps what the session sends."""

    def __init__(self, name: str = "Ann", *, account: bool = False) -> None:
        self.name = name
        self.sent: list[tuple[str, dict[str, Any]]] = []
        self.keeps_accounts = account
        self.guest = not account
        self.kept_token: str | None = "kept-token" if account else None

    def send(self, kind: str, **fields: Any) -> None:
        self.sent.append((kind, fields))


def room_state(number: int, *seated: str, host: str = "Ann", playing: bool = False,
               name: str = "Ann's room") -> dict[str, Any]:
    return {"kind": "room", "room": number, "name": name, "host": host, "playing": playing,
            "password": False, "spectators": [], "options": Options().describe(),
            "seats": [{"name": who, "bot": None, "ready": False} for who in seated]}


def rooms(*listed: dict[str, Any]) -> dict[str, Any]:
    return {"kind": "rooms", "rooms": list(listed)}


def session(*, lobby: bool = True, name: str = "Ann"
            ) -> tuple[OnlineSession, Relay, Lines]:
    relay, lines = Relay(name), Lines()
    new_rooms = {"spoons": {"options": {"hand_size": "5"}, "preset": "pig"}}
    return OnlineSession(relay, EN, Speaker(lines), None, None,  # type: ignore[arg-type]
                         lobby=lobby, new_rooms=new_rooms), relay, lines


def press(who: OnlineSession, *labels: str) -> None:
    for label in labels:
        who._on_keys([Pressed(label, 1.0)])


def test_new_room_opens_a_room_of_your_own_and_leaving_it_goes_back_to_the_lobby() -> None:
    ann, relay, lines = session()
    ann._on_message(rooms(KITCHEN))
    assert lines.spoken == ["Lobby: 1 room open. New room, 1 of 4"]
    press(ann, "enter", "enter")
    assert relay.sent == [("create_room", {"options": {"hand_size": "5"}, "preset": "pig"})], \
        "a second Enter before the relay answers asks nothing more"
    ann._on_message(room_state(1, "Ann"))
    assert lines.spoken[-1] == "Room 1, Ann's room: Ann, host."
    press(ann, "escape")
    assert relay.sent[-2:] == [("leave_room", {}), ("list_rooms", {})], \
        "the relay tells the lobby's changes only to those in it: the list is asked for again"
    assert lines.spoken[-1] == "You left the room." and not ann.place.left
    ann._on_message(room_state(1, "Ann", "Bob"))
    ann._on_message({"kind": "left", "name": "Bob", "stand_in": True})
    assert lines.spoken[-1] == "You left the room.", "what the room sent before the list is old"
    ann._on_message(rooms(KITCHEN))
    ann._on_message(rooms(KITCHEN))
    assert lines.spoken[-2:] == ["You left the room.", "Lobby: 1 room open. New room, 1 of 4"]
    press(ann, "down", "down", "down")
    assert lines.spoken[-1] == "Room 2, Kitchen, 3 players, waiting, 4 of 4"
    press(ann, "escape")
    assert lines.spoken[-1] == "You left the relay." and ann.place.left


def test_new_razz_spoons_room_opens_a_room_of_your_own_that_plays_razz_spoons() -> None:
    relay, lines = Relay("Ann"), Lines()
    ann = OnlineSession(relay, EN, Speaker(lines), None, None,  # type: ignore[arg-type]
                        lobby=True, new_rooms={"razz": {"game": "razz",
                                                        "options": {"end_at": "2"}}})
    ann._on_message(rooms(KITCHEN))
    press(ann, "down")
    assert lines.spoken[-1] == "New Razz Spoons room, 2 of 4"
    press(ann, "enter")
    assert relay.sent == [("create_room", {"game": "razz", "options": {"end_at": "2"}})]
    plain, relay_too, _ = session()
    plain._on_message(rooms())
    press(plain, "down", "enter")
    assert relay_too.sent == [("create_room", {"game": "razz", "options": {}})], \
        "a game with no options given has its defaults"


def test_a_refusal_is_said_and_the_player_stays_in_the_lobby() -> None:
    ann, relay, lines = session()
    ann._on_message(rooms(KITCHEN, ATTIC))
    press(ann, "down", "down", "down", "enter")
    assert relay.sent == [("join_room", {"room": 2})]
    ann._on_message({"kind": "error", "code": "full", "message": "that room has all 12 seats"})
    assert lines.spoken[-1] == "That room has every seat taken."
    press(ann, "down", "enter", "o", "k", "enter")
    assert relay.sent[-1] == ("join_room", {"room": 5, "password": "ok"})
    ann._on_message({"kind": "error", "code": "password", "message": "not the password"})
    assert lines.spoken[-1] == "That is not the room's password."
    assert ann.place.room is None and not ann.place.left
    press(ann, "up")
    assert lines.spoken[-1] == "Room 2, Kitchen, 3 players, waiting, 4 of 5"
    ann._on_message({"kind": "error", "code": "no-room", "message": "you are not in a room"})
    assert lines.spoken[-1] == "you are not in a room", "an error nothing asked for is as sent"


def test_the_session_follows_rooms_listed_and_unlisted_as_it_follows_whole_lists() -> None:
    ann, relay, lines = session()
    ann._on_message(listed(KITCHEN))
    assert lines.spoken == [], "the lobby opens with the whole list, not a change"
    ann._on_message(rooms(CELLAR))
    assert lines.spoken == ["Lobby: 1 room open. New room, 1 of 4"]
    ann._on_message(listed(KITCHEN))
    ann._on_message(listed({**KITCHEN, "players": 4}))
    ann._on_message(unlisted(3))
    assert lines.spoken[1:] == ["Rooms changed.", "Rooms changed."]
    press(ann, "down", "down", "down")
    assert lines.spoken[-1] == "Room 2, Kitchen, 4 players, waiting, 4 of 4"
    press(ann, "enter")
    ann._on_message(room_state(2, "Bob", "Ann", host="Bob", name="Kitchen"))
    ann._on_message(unlisted(2))
    assert lines.spoken[-1] == "Room 2, Kitchen: Bob, host; Ann.", \
        "in a room, the lobby's changes are kept unsaid"
    press(ann, "escape")
    ann._on_message(listed(ATTIC))
    assert lines.spoken[-1] == "You left the room."
    ann._on_message(rooms(KITCHEN, ATTIC))
    assert lines.spoken[-1] == "Lobby: 2 rooms open. New Slapjack room, 3 of 5", \
        "the cursor is where the change that closed room 2 left it"
    assert relay.sent.count(("list_rooms", {})) == 1


def test_rooms_changed_is_said_in_the_lobby_and_chat_from_the_lobby_is_read_out() -> None:
    ann, _, lines = session()
    ann._on_message(rooms())
    ann._on_message(rooms(KITCHEN))
    ann._on_message(rooms({**KITCHEN, "players": 4}))
    assert lines.spoken == ["Lobby: no rooms open. New room, 1 of 3", "Rooms changed."]
    ann._on_message({"kind": "chat", "scope": "lobby", "name": "Bob", "text": "room 2, anyone?"})
    assert lines.spoken[-1] == "Bob says in the lobby: room 2, anyone?"
    ann._on_message({"kind": "chat", "scope": "room", "name": "Bob", "text": "hi"})
    assert lines.spoken[-1] == "Bob says: hi"


def test_a_playing_room_is_watched_heard_from_outside_and_left_with_one_escape() -> None:
    cy, relay, lines = session(name="Cy")
    cy._on_message(rooms(CELLAR))
    press(cy, "down", "down", "down", "enter")
    assert relay.sent == [("spectate", {"room": 3})]
    cy._on_message(room_state(3, "Ann", "Bob", playing=True, name="Cellar"))
    assert lines.spoken[-1] == "You are watching room 3, Cellar: Ann, host; Bob."
    press(cy, "enter")
    assert lines.spoken[-1] == "You can take a seat once this game is over."
    cy._on_message({"kind": "game_started", "players": ["Ann", "Bob"], "seat": None,
                    "options": Options().describe()})
    for event in (GameStarted(0.0, ("Ann", "Bob")), RoundStarted(0.0, 1, 0, 1, (0, 1))):
        cy._on_message({"kind": "event", "event": encode_event(event)})
    assert lines.spoken[-2:] == ["Spoons for Ann and Bob.",
                                 "Round 1. Ann deals. 1 spoon on the table."]
    press(cy, "f1")
    assert lines.spoken[-1].startswith(EN.tr("online.watching.help") + " Keys while you watch.")
    press(cy, "escape")
    assert relay.sent[-2:] == [("leave_room", {}), ("list_rooms", {})] and cy.watcher is None
    cy._on_message(rooms(CELLAR))
    assert lines.spoken[-1] == "Lobby: 1 room open. Room 3, Cellar, 1 player, playing, 4 of 4"


def test_between_games_a_spectators_enter_takes_a_seat() -> None:
    cy, relay, lines = session(name="Cy")
    cy._on_message(rooms(KITCHEN))
    press(cy, "down", "down", "down", "enter")
    cy._on_message(room_state(2, "Ann", name="Kitchen"))
    assert lines.spoken[-1] == "You are watching room 2, Kitchen: Ann, host."
    press(cy, "enter")
    assert relay.sent[-1] == ("take_seat", {})
    cy._on_message(room_state(2, "Ann", "Cy", name="Kitchen"))
    assert lines.spoken[-1] == "Room 2, Kitchen: Ann, host; Cy."


def test_a_game_the_relay_could_not_go_on_with_is_said_and_the_room_heard_again() -> None:
    bob, relay, lines = session(name="Bob")
    bob._on_message(rooms(KITCHEN))
    press(bob, "down", "down", "down", "enter")
    bob._on_message(room_state(2, "Ann", "Bob", name="Kitchen", playing=True))
    bob._on_message({"kind": "game_started", "players": ["Ann", "Bob"], "seat": 1,
                     "options": Options().describe(), "token": "0" * 32})
    assert bob.game is not None
    bob._on_message({"kind": "error", "code": "room-failed",
                     "message": "the game in this room failed"})
    assert bob.game is None
    assert lines.spoken[-1] == ("The game in this room stopped: the relay met a fault. You are"
                                " back in the room.")
    bob._on_message(room_state(2, "Ann", "Bob", name="Kitchen"))
    assert lines.spoken[-1] == "Room 2, Kitchen: Ann, host; Bob."
    press(bob, "enter")
    assert relay.sent[-1] == ("ready", {"ready": True}), "keys are the room's again"


def test_a_room_s_seats_are_set_off_from_each_other_so_a_role_is_not_heard_as_a_person(
        ) -> None:
    """'Ann, the host and Bob' sounded like three people: each seat is set off as a whole, with
    its role and its rating inside it."""
    state = room_state(1, "Ann", "Bob", "Cy")
    state["seats"][1].update(bot="normal")
    state["seats"][2]["ready"] = True
    ann, _, lines = session()
    ann._on_message(rooms())
    press(ann, "enter")
    ann._on_message(state)
    assert lines.spoken[-1] == "Room 1, Ann's room: Ann, host; Bob, a bot; Cy, ready."
    state = {**state, "seats": [{**seat, "rating": rating} for seat, rating
                                in zip(state["seats"], (1043, 1000, 987), strict=True)]}
    ann._on_message(state)
    assert lines.spoken[-1] == ("Room 1, Ann's room: Ann, host, rated 1043; Bob, a bot, rated"
                                " 1000; Cy, ready, rated 987.")
    relay, spanish = Relay("Ann"), Lines()
    ana = OnlineSession(relay, ES, Speaker(spanish), None, None,  # type: ignore[arg-type]
                        lobby=True, new_rooms={"spoons": {"options": {}}})
    ana._on_message(rooms())
    press(ana, "enter")
    ana._on_message(state)
    assert spanish.spoken[-1] == ("Sala 1, Ann's room: Ann, quien organiza, valoración 1043;"
                                  " Bob, un bot, valoración 1000; Cy, listo, valoración 987.")


def test_a_player_who_goes_is_said_as_the_relay_tells_it_and_one_already_out_as_gone() -> None:
    ann, _, lines = session()
    ann._on_message(rooms())
    press(ann, "enter")
    ann._on_message(room_state(1, "Ann", "Bob", "Cy", "Dee"))
    for left in ({"kind": "left", "name": "Bob", "stand_in": True, "held": 60.0},
                 {"kind": "left", "name": "Cy", "stand_in": True},
                 {"kind": "left", "name": "Dee"}):
        ann._on_message(left)
    assert lines.spoken[-3:] == [
        "Bob has lost the connection; a bot plays for them until they are back.",
        "Cy has left the game; a bot plays on for them.",
        "Dee has left."]


def test_the_host_starting_too_soon_hears_who_is_not_ready_in_their_language() -> None:
    ann, relay, lines = session()
    ann._on_message(rooms())
    press(ann, "enter")
    state = room_state(1, "Ann", "Bob", "Cy")
    state["seats"][2]["ready"] = True
    ann._on_message({**state, "game": "razz"})
    assert lines.spoken[-1] == "Room 1, Ann's room, Razz Spoons: Ann, host; Bob; Cy, ready."
    press(ann, "enter")
    assert relay.sent[-1] == ("start", {})
    ann._on_message({"kind": "error", "code": "not-ready", "message": "not ready yet: Bob"})
    assert lines.spoken[-1] == "Not everyone is ready yet: Bob."


def test_a_razz_spoons_game_online_has_the_razz_keys_moved_in_settings() -> None:
    relay, lines = Relay("Bob"), Lines()
    bob = OnlineSession(relay, EN, Speaker(lines), None, None,  # type: ignore[arg-type]
                        prefs=SeatPrefs(Verbosity.BRIEF, {"razz": {"draw": "x"}}))
    bob._on_message({"kind": "game_started", "players": ["Ann", "Bob"], "seat": 1,
                     "game": "razz", "options": RazzOptions().describe(), "token": "0" * 32})
    game = bob.game
    assert isinstance(game, RemoteRazzGame)
    assert game.keys.keys["x"] is RazzAction.DRAW and "d" not in game.keys.keys
    help_text = game._help_text()
    assert help_text.startswith("Your keys. ") and "keep the card drawn: X." in help_text
    assert help_text.endswith("A game online cannot pause: Escape twice leaves it.")


def test_leaving_a_game_goes_back_to_the_lobby_and_being_kicked_too() -> None:
    bob, relay, lines = session(name="Bob")
    bob._on_message(rooms(KITCHEN))
    press(bob, "down", "down", "down", "enter")
    bob._on_message(room_state(2, "Ann", "Bob", name="Kitchen"))
    bob._on_message({"kind": "game_started", "players": ["Ann", "Bob"], "seat": 1,
                     "options": Options().describe(), "token": "0" * 32})
    assert bob.game is not None
    press(bob, "escape", "escape")
    assert relay.sent[-2:] == [("leave_room", {}), ("list_rooms", {})]
    assert bob.game is None and not bob.place.left
    bob._on_message({"kind": "event", "event": encode_event(GameStarted(0.0, ("Ann", "Bob")))})
    bob._on_message(rooms(KITCHEN))
    assert lines.spoken[-2:] == ["You left the room.",
                                 "Lobby: 1 room open. Room 2, Kitchen, 3 players, waiting,"
                                 " 4 of 4"]
    press(bob, "enter")
    bob._on_message(room_state(2, "Ann", "Bob", name="Kitchen"))
    bob._on_message({"kind": "kicked", "room": 2})
    assert relay.sent[-1] == ("list_rooms", {})
    bob._on_message(rooms(KITCHEN))
    assert lines.spoken[-2:] == ["The host has taken you out of the room.",
                                 "Lobby: 1 room open. Room 2, Kitchen, 3 players, waiting,"
                                 " 4 of 4"]
    assert not bob.place.left


BAD = "The relay sent a message this game cannot read."


def test_a_message_from_the_relay_that_cannot_be_used_is_said_and_the_session_goes_on() -> None:
    ann, relay, lines = session()
    ann._bad("rooms")
    assert lines.spoken == [BAD, "Lobby: no rooms open. New room, 1 of 3"], \
        "a list that should have opened the lobby opens it with what it had"
    ann._on_message(rooms(KITCHEN))
    press(ann, "down", "down", "down", "enter")
    ann._bad("room")
    assert relay.sent[-2:] == [("join_room", {"room": 2}), ("leave_room", {})], \
        "a room asked for that cannot be read is left"
    assert lines.spoken[-1] == BAD and not ann.place.asked and ann.place.room is None
    press(ann, "enter")
    assert relay.sent[-1] == ("join_room", {"room": 2}), "Enter asks again"
    ann._on_message(room_state(2, "Bob", "Ann", host="Bob", name="Kitchen"))
    ann._on_message({"kind": "game_started", "players": ["Bob", "Ann"], "seat": 1,
                     "options": {"hand_size": "many"}, "token": "0" * 32})
    assert lines.spoken[-1] == BAD and ann.game is None, "options no game here plays"
    ann._on_message({"kind": "game_started", "players": ["Bob"], "seat": 0,
                     "options": Options().describe()})
    ann._on_message({"kind": "event", "event": encode_event(RoundStarted(0.0, 1, 4, 1, (0,)))})
    assert lines.spoken[-1] == BAD and ann.game is not None, "the game goes on"
    ann._on_message({"kind": "event", "event": {"kind": "FromANewerRelay", "at": 0.0}})
    assert lines.spoken[-1] == BAD and lines.spoken.count(BAD) == 4, "a new kind is skipped"
    ann._bad("chat")
    assert lines.spoken[-1] == BAD and ann.game is not None


def test_a_spectator_takes_in_what_it_can_of_a_catch_up_with_a_bad_event() -> None:
    cy, _, lines = session(name="Cy")
    cy._on_message(rooms(CELLAR))
    press(cy, "down", "down", "down", "enter")
    cy._on_message(room_state(3, "Ann", "Bob", playing=True, name="Cellar"))
    cy._on_message({"kind": "game_started", "players": ["Ann", "Bob"], "seat": None,
                    "options": Options().describe()})
    cy._on_message({"kind": "catch_up", "events": [
        encode_event(GameStarted(0.0, ("Ann", "Bob"))), encode_event(RoundStarted(0.0, 1, 7, 1,
                                                                                  (0, 1))),
        encode_event(RoundStarted(0.0, 2, 1, 1, (0, 1)))]})
    assert lines.spoken[-1] == BAD and cy.watcher is not None
    press(cy, "f3")
    assert lines.spoken[-1] == "Still in: Ann and Bob.", "the watcher still answers its keys"


def test_a_player_who_asked_for_a_room_leaves_the_relay_with_it() -> None:
    bob, relay, lines = session(lobby=False, name="Bob")
    bob.enter_room(2)
    bob._on_message(rooms(KITCHEN))
    bob._on_message(room_state(2, "Ann", "Bob", name="Kitchen"))
    assert lines.spoken == ["Room 2, Kitchen: Ann, host; Bob."]
    press(bob, "escape")
    assert relay.sent[-1] == ("leave_room", {}) and bob.place.left


def test_a_room_asked_for_and_refused_opens_the_lobby() -> None:
    bob, relay, lines = session(lobby=False, name="Bob")
    bob.enter_room(9, password="x")
    assert relay.sent == [("join_room", {"room": 9, "password": "x"})]
    bob._on_message(rooms(KITCHEN))
    bob._on_message({"kind": "error", "code": "no-room", "message": "there is no room 9"})
    assert relay.sent[-1] == ("list_rooms", {})
    bob._on_message(rooms(KITCHEN))
    assert lines.spoken == ["That room is no longer open.",
                            "Lobby: 1 room open. New room, 1 of 4"]
    press(bob, "down", "down", "down", "enter")
    bob._on_message(room_state(2, "Ann", "Bob", name="Kitchen"))
    press(bob, "escape")
    assert not bob.place.left, "once in the lobby, leaving a room goes back to it"


# ----------------------------------------------------------------------------- a real relay


async def in_lobby(port: int, name: str, **kwargs: Any
                   ) -> tuple[asyncio.Task[int], PipeKeys, Lines]:
    """``name`` at a keyboard, through ``join_relay`` into the relay's lobby."""
    keys, lines = PipeKeys(), Lines()
    task = asyncio.create_task(join_relay(
        "127.0.0.1", port, name, room=None, values={"preset": "pig"}, bots=0, messages=EN,
        speaker=Speaker(lines), sounds=None, keys=keys, **kwargs))
    await heard(lines, "Lobby:")
    return task, keys, lines


async def hear_next(lines: Lines, after: int, text: str) -> int:
    """Where ``text`` is said, at ``after`` or later."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + 20.0
    while loop.time() < deadline:
        for index in range(after, len(lines.spoken)):
            if lines.spoken[index] == text:
                return index
        await asyncio.sleep(0.02)
    raise AssertionError(f"never heard {text!r} after line {after}; heard"
                         f" {lines.spoken[after:]}")


def test_one_opens_a_room_from_the_lobby_and_another_hears_it_and_joins_it() -> None:
    async def scenario(relay: server.Relay, port: int) -> None:
        saved: list[str] = []
        ann_run, ann_keys, ann = await in_lobby(port, "Ann",
                                                on_connected=lambda token: saved.append("Ann"))
        assert saved == ["Ann"]
        bob_run, bob_keys, bob = await in_lobby(port, "Bob")
        assert ann.spoken[:2] == ["Connected to 127.0.0.1 as Ann.",
                                  "Lobby: no rooms open. New room, 1 of 3"]
        ann_keys.press("enter")
        await hear_next(ann, 2, "Room 1, Ann's room: Ann, host.")
        mark = await hear_next(bob, 2, "Rooms changed.")
        bob_keys.press("down")
        bob_keys.press("down")
        bob_keys.press("down")
        await hear_next(bob, mark, "Room 1, Ann's room, 1 player, waiting, 4 of 4")
        bob_keys.press("enter")
        await hear_next(bob, mark, "Room 1, Ann's room: Ann, host; Bob.")
        await hear_next(ann, 2, "Room 1, Ann's room: Ann, host; Bob.")
        options = relay.rooms[1].options
        assert isinstance(options, Options) and options.signal, "the room has the preset given"
        bob_keys.press("escape")
        mark = await hear_next(bob, mark, "You left the room.")
        await hear_next(bob, mark, "Lobby: 1 room open. Room 1, Ann's room, 1 player, waiting,"
                                   " 4 of 4")
        await hear_next(ann, 2, "Room 1, Ann's room: Ann, host.")
        bob_keys.press("escape")
        assert await asyncio.wait_for(bob_run, 5.0) == PLAYED
        assert bob.spoken[-1] == "You left the relay."
        ann_keys.press("escape")
        mark = await hear_next(ann, 2, "You left the room.")
        await hear_next(ann, mark, "Lobby: no rooms open. New room, 1 of 3")
        ann_keys.press("escape")
        assert await asyncio.wait_for(ann_run, 5.0) == PLAYED
        assert relay.rooms == {}
        ann_keys.close()
        bob_keys.close()

    with_relay(scenario)


def test_the_lobby_opens_a_razz_spoons_room_with_its_own_options_on_a_real_relay() -> None:
    async def scenario(relay: server.Relay, port: int) -> None:
        ann_run, ann_keys, ann = await in_lobby(
            port, "Ann", other_games={"razz": {"end": "points", "end_at": "30"}})
        ann_keys.press("down")
        await hear_next(ann, 0, "New Razz Spoons room, 2 of 3")
        ann_keys.press("enter")
        await hear_next(ann, 0, "Room 1, Ann's room, Razz Spoons: Ann, host.")
        room = relay.rooms[1]
        assert room.game.name == "razz"
        assert room.options.describe()["end"] == "points"
        assert room.options.describe()["end_at"] == "30"
        ann_keys.press("escape")
        mark = await hear_next(ann, 0, "You left the room.")
        await hear_next(ann, mark, "Lobby: no rooms open. New Razz Spoons room, 2 of 3")
        ann_keys.press("home")
        ann_keys.press("enter")
        mark = await hear_next(ann, mark, "Room 2, Ann's room: Ann, host.")
        options = relay.rooms[2].options
        assert relay.rooms[2].game.name == "spoons" and isinstance(options, Options) \
            and options.signal, \
            "New room is the classic game, with the values (a preset) given for it"
        ann_keys.press("escape")
        await hear_next(ann, mark, "You left the room.")
        ann_keys.press("escape")
        assert await asyncio.wait_for(ann_run, 5.0) == PLAYED
        ann_keys.close()

    with_relay(scenario)


def test_a_room_with_a_password_joined_then_watched_from_the_lobby() -> None:
    async def scenario(relay: server.Relay, port: int) -> None:
        ann = await RelayClient.connect("127.0.0.1", port, "Ann")
        ann.send("create_room", name="Attic", password="spoons", options={"word": "PIG"})
        await ann.expect("room")
        cy_run, cy_keys, cy = await in_lobby(port, "Cy")
        assert cy.spoken[-1] == "Lobby: 1 room open. New room, 1 of 4"
        cy_keys.press("down")
        cy_keys.press("down")
        cy_keys.press("down")
        await hear_next(cy, 0, "Room 1, Attic, 1 player, waiting, with a password, 4 of 4")
        cy_keys.press("enter")
        await hear_next(cy, 0, "Password of room 1, edit text, blank")
        for label in ("f", "o", "r", "k", "s", "enter"):
            cy_keys.press(label)
        mark = await hear_next(cy, 0, "That is not the room's password.")
        cy_keys.press("enter")
        for label in ("s", "p", "o", "o", "n", "s", "enter"):
            cy_keys.press(label)
        await hear_next(cy, mark, "Room 1, Attic: Ann, host; Cy.")
        cy_keys.press("escape")
        await hear_next(cy, mark, "Lobby: 1 room open. Room 1, Attic, 1 player, waiting,"
                                  " with a password, 4 of 4")
        cy_keys.press("escape")
        assert await asyncio.wait_for(cy_run, 5.0) == PLAYED

        ann.send("add_bot")
        await ann.expect("room", where=lambda m: len(m["seats"]) == 2)
        ann.send("start")
        await ann.expect("game_started")
        dee_run, dee_keys, dee = await in_lobby(port, "Dee")
        dee_keys.press("end")
        await hear_next(dee, 0, "Room 1, Attic, 1 player and 1 bot, playing, with a password,"
                                " 4 of 4")
        dee_keys.press("enter")
        for label in ("s", "p", "o", "o", "n", "s", "enter"):
            dee_keys.press(label)
        await hear_next(dee, 0, "You are watching room 1, Attic: Ann, host; Andrew,"
                                " a bot.")
        assert [member.name for member in relay.rooms[1].spectators] == ["Dee"]
        dee_keys.press("escape")
        await hear_next(dee, 0, "Lobby: 1 room open. Room 1, Attic, 1 player and 1 bot,"
                                " playing, with a password, 4 of 4")
        assert relay.rooms[1].spectators == []
        dee_keys.press("escape")
        assert await asyncio.wait_for(dee_run, 5.0) == PLAYED
        await ann.close()
        cy_keys.close()
        dee_keys.close()

    with_relay(scenario)


def test_a_name_the_relay_refuses_is_told_from_a_relay_that_cannot_be_reached() -> None:
    async def scenario(relay: server.Relay, port: int) -> None:
        lines, keys, saved = Lines(), PipeKeys(), []
        common: dict[str, Any] = {
            "room": None, "values": {}, "bots": 0, "messages": EN, "speaker": Speaker(lines),
            "sounds": None, "keys": keys, "on_connected": lambda: saved.append(True)}
        assert await join_relay("127.0.0.1", port, "Ann\u200b", **common) == NAME_REFUSED
        assert lines.spoken[-1].startswith("The relay at 127.0.0.1 does not take the name Ann")
        closed = free_port()
        assert await join_relay("127.0.0.1", closed, "Ann", **common) == UNREACHABLE
        assert lines.spoken[-1] == (f"Cannot reach the relay at 127.0.0.1 port {closed}:"
                                    " nothing answers there. Is the relay running, and is the"
                                    " port right?")
        assert saved == []
        keys.close()

    with_relay(scenario)


def test_a_full_relay_is_said_in_the_players_words() -> None:
    async def scenario(relay: server.Relay, port: int) -> None:
        lines, keys = Lines(), PipeKeys()
        common: dict[str, Any] = {
            "room": None, "values": {}, "bots": 0, "messages": EN, "speaker": Speaker(lines),
            "sounds": None, "keys": keys}
        holder = await RelayClient.connect("127.0.0.1", port, "Cy")
        assert await join_relay("127.0.0.1", port, "Ann", **common) == UNREACHABLE
        assert lines.spoken[-1] == (f"Cannot reach the relay at 127.0.0.1 port {port}: The relay"
                                    " has as many players as it can take: try again in a while.")
        await holder.close()
        keys.close()

    with_relay(scenario, settings=RelaySettings(max_connections=1))


def test_join_relay_gives_a_game_the_players_keys_and_spoon_style(
        monkeypatch: pytest.MonkeyPatch) -> None:
    sessions: list[OnlineSession] = []

    class Kept(OnlineSession):
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            sessions.append(self)

    monkeypatch.setattr(relayjoin, "OnlineSession", Kept)

    async def scenario(relay: server.Relay, port: int) -> None:
        keys, lines = PipeKeys(), Lines()
        run = asyncio.create_task(join_relay(
            "127.0.0.1", port, "Ann", room=None, values={"word": "PIG", "round_pause": "0.2"},
            bots=2, messages=EN, speaker=Speaker(lines), sounds=None, keys=keys,
            prefs=SeatPrefs(Verbosity.BRIEF, {"spoons": {"slot-1": "q"}}, "colours")))
        await heard(lines, "Room 1, Ann's room: Ann, host; Andrew, a bot; Britany")
        keys.press("enter")
        await heard(lines, "Your cards:")
        [ann] = sessions
        assert isinstance(ann.game, RemoteGame)
        assert ann.game.keys["q"] is SpoonsAction.SLOT_1 and "a" not in ann.game.keys
        assert ann.game.player.spoon_style is SpoonStyle.COLOURS
        keys.press("escape")
        keys.press("escape")
        await heard(lines, "You left the room.")
        assert await asyncio.wait_for(run, 5.0) == PLAYED, "asked for bots: no lobby"
        keys.close()

    with_relay(scenario)
