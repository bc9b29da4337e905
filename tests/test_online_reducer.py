"""The online sitting's handling of the relay's messages, as a pure reducer: where the player
stands and a message in, where they stand after and the effects out, with no relay, socket or
speaker."""

from __future__ import annotations

from typing import Any

from audiospoons.app.relaymessages import (
    Chore,
    Do,
    ForgetSeat,
    Hand,
    Part,
    Place,
    Say,
    Send,
    Standing,
    bad,
    reduce,
)
from audiospoons.voice.i18n import messages

M = messages("en")
ANN = Standing("Ann")


def seat(name: str, *, ready: bool = False, bot: str | None = None) -> dict[str, Any]:
    return {"name": name, "ready": ready, "bot": bot}


def kitchen(*seats: dict[str, Any], playing: bool = False) -> dict[str, Any]:
    return {"kind": "room", "room": 3, "name": "Kitchen", "host": "Ann", "playing": playing,
            "seats": list(seats), "game": "spoons"}


def test_a_chat_in_the_lobby_is_a_line_said_and_nothing_more() -> None:
    message = {"kind": "chat", "scope": "lobby", "name": "Bob", "text": "hi"}
    standing, effects = reduce(ANN, message, M)
    assert standing == ANN
    assert effects == [Say(M.tr("online.chat.lobby", name="Bob", text="hi"))]


def test_what_the_room_just_left_sends_is_left_out_unsaid() -> None:
    leaving = Standing("Ann", Place(to_lobby=True), playing=True)
    for kind in ("event", "room", "left", "back", "game_started"):
        assert reduce(leaving, {"kind": kind, "name": "Bob"}, M) == (leaving, [])


def test_a_game_s_event_goes_to_the_game_before_anything_else() -> None:
    catching_up = Standing("Ann", playing=True, catching_up="Ann", watching=True)
    event = {"kind": "event", "event": {}}
    assert reduce(catching_up, event, M) == (catching_up, [Hand(Part.GAME, event)])
    back = {"kind": "back", "name": "Ann"}
    assert reduce(catching_up, back, M)[1] == [Hand(Part.CATCH_UP, back)]
    assert reduce(Standing("Ann", watching=True), event, M)[1] == [Hand(Part.WATCHER, event)]


def test_someone_else_coming_back_is_said_but_not_the_player() -> None:
    assert reduce(ANN, {"kind": "back", "name": "Ann"}, M) == (ANN, [])
    assert reduce(ANN, {"kind": "back", "name": "Bob"}, M)[1] == [
        Say(M.tr("online.back.other", name="Bob"))]


def test_a_game_started_is_a_seat_a_game_watched_or_the_seat_asked_back() -> None:
    mine, watched = {"kind": "game_started", "seat": 0}, {"kind": "game_started"}
    assert reduce(ANN, mine, M)[1] == [Hand(Part.SEAT, mine)]
    assert reduce(ANN, watched, M)[1] == [Hand(Part.WATCH, watched)]
    rejoining = Standing("Ann", Place(rejoining=True, asked=True))
    assert reduce(rejoining, mine, M)[1] == [Hand(Part.REJOINED, mine)]


def test_the_room_is_said_when_the_player_comes_in_and_again_only_when_its_seats_change() -> None:
    asked = Standing("Ann", Place(asked=True))
    room = kitchen(seat("Ann", ready=True), seat("Bob"))
    standing, effects = reduce(asked, room, M)
    assert (standing.place.asked, standing.place.room, standing.place.ready) == (False, room, True)
    assert effects == [Say("Room 3, Kitchen: Ann, host; Bob.")]
    assert reduce(standing, kitchen(seat("Ann", ready=True), seat("Bob")), M)[1] == []
    more = kitchen(seat("Ann"), seat("Bob", ready=True))
    standing, effects = reduce(standing, more, M)
    assert standing.place.ready is False
    assert effects == [Say("Room 3, Kitchen: Ann, host; Bob, ready.")]


def test_a_room_asked_for_and_refused_is_said_and_opens_the_lobby() -> None:
    refused = {"kind": "error", "code": "room-full", "message": "the room is full"}
    standing, effects = reduce(Standing("Ann", Place(asked=True)), refused, M)
    assert standing == ANN
    assert effects[1:] == [Do(Chore.OPEN_LOBBY)]
    assert isinstance(effects[0], Say) and effects[0].text


def test_the_relay_shutting_down_stops_the_sitting_and_gives_the_seat_up_even_when_rejoining(
        ) -> None:
    shutdown = {"kind": "error", "code": "shutdown", "message": "bye"}
    standing, effects = reduce(Standing("Ann", Place(rejoining=True)), shutdown, M)
    assert standing.place.stopped and standing.place.rejoining
    assert effects == [ForgetSeat(), Say(M.tr("online.error.shutdown"))]


def test_a_kept_seat_that_is_gone_is_said_forgotten_and_the_lobby_item_said_again() -> None:
    asking = Standing("Ann", Place(rejoining=True, asked=True), lobby=True)
    gone = {"kind": "error", "code": "no-seat", "message": "no such seat"}
    standing, effects = reduce(asking, gone, M)
    assert (standing.place.rejoining, standing.place.asked) == (False, False)
    assert effects == [Say(M.tr("online.seat.gone")), ForgetSeat(), Do(Chore.SAY_LOBBY_ITEM)]


def test_kicked_is_said_then_the_seat_given_up_then_out_of_the_room() -> None:
    effects = reduce(ANN, {"kind": "kicked", "minutes": None}, M)[1]
    assert effects == [Say(M.tr("online.kicked")), ForgetSeat(), Do(Chore.OUT_OF_ROOM)]


def test_a_connection_replaced_or_logged_out_leaves_the_relay() -> None:
    standing, effects = reduce(ANN, {"kind": "error", "code": "replaced", "message": ""}, M)
    assert standing.place.left and effects == [Say(M.tr("online.replaced"))]
    standing, effects = reduce(ANN, {"kind": "logged_out"}, M)
    assert standing.place.left
    assert effects == [Do(Chore.LOGGED_OUT), Say(M.tr("online.logged.out"))]


def test_a_room_that_cannot_be_read_answering_one_asked_for_is_left_and_said() -> None:
    standing, effects = bad(Standing("Ann", Place(asked=True)), "room", M)
    assert standing.place.asked is False
    assert effects[0] == Send("leave_room") and effects[-1] == Do(Chore.OPEN_LOBBY)
    assert effects[1] == Say("The relay sent a message this game cannot read.")


def test_a_message_that_cannot_be_read_otherwise_is_said_and_left_out() -> None:
    assert bad(ANN, "chat", M) == (ANN, [Say("The relay sent a message this game cannot read.")])
    rooms_due = Standing("Ann", Place(to_lobby=True, room=kitchen()), lobby=True)
    standing, effects = bad(rooms_due, "rooms", M)
    assert (standing.place.to_lobby, standing.place.room) == (False, None)
    assert effects[-1] == Do(Chore.SAY_LOBBY_OPENING)
    rejoining = Standing("Ann", Place(rejoining=True))
    assert bad(rejoining, "catch_up", M) == (rejoining, [Do(Chore.SEAT_BACK_FAILED)])
