"""A spectator's keys: the status keys a player has answer someone watching a game online too
(on the player's own keys, moved or not), with the history keys and F1; the other keys of the
room keep their meaning. The session is driven with a stand-in for the relay's connection."""

from __future__ import annotations

import asyncio
import re

from fakes import Lines
from test_lobby import CELLAR, Relay, hear_next, in_lobby, press, room_state, rooms
from test_razz_voice import ANDREW, CHRIS, ELLEN, NAMES, Table, c
from test_relay import FAST, connect, with_relay

from audiospoons.app.online import OnlineSession
from audiospoons.app.relayjoin import PLAYED
from audiospoons.engine.events import Event
from audiospoons.games.razz.rules.commands import ChoosePhrase, DrawCard, PlayCard
from audiospoons.games.razz.rules.options import RazzOptions
from audiospoons.games.spoons.rules.events import (
    GameStarted,
    LetterGiven,
    RoundStarted,
    SpoonGrabbed,
)
from audiospoons.games.spoons.rules.options import Options
from audiospoons.net import server
from audiospoons.net.botclient import play_seat
from audiospoons.net.wire import encode_event
from audiospoons.ui.seating import SeatPrefs
from audiospoons.voice.announcer import Verbosity
from audiospoons.voice.i18n import messages
from audiospoons.voice.speaker import Speaker


def watching(game: str, options: dict[str, str], players: list[str], *,
             key_overrides: dict[str, str] | None = None,
             razz_key_overrides: dict[str, str] | None = None, lang: str = "en"
             ) -> tuple[OnlineSession, Lines]:
    """Dee, watching room 3 from the lobby, as its game starts."""
    relay, lines = Relay("Dee"), Lines()
    prefs = SeatPrefs(Verbosity.BRIEF, {"spoons": key_overrides or {},
                                        "razz": razz_key_overrides or {}})
    dee = OnlineSession(relay, messages(lang), Speaker(lines), None, None,  # type: ignore[arg-type]
                        lobby=True, prefs=prefs)
    dee._on_message(rooms(CELLAR))
    press(dee, "down", "down", "down", "enter")
    assert relay.sent == [("spectate", {"room": 3})]
    dee._on_message(room_state(3, *players, playing=True, name="Cellar"))
    dee._on_message({"kind": "game_started", "players": players, "seat": None, "game": game,
                     "options": options})
    return dee, lines


def send(who: OnlineSession, events: list[Event]) -> None:
    for event in events:
        who._on_message({"kind": "event", "event": encode_event(event)})


def said(who: OnlineSession, lines: Lines, *labels: str) -> list[str]:
    """What each key says, one line each."""
    answers = []
    for label in labels:
        before = len(lines.spoken)
        press(who, label)
        assert len(lines.spoken) == before + 1, f"{label} said {lines.spoken[before:]}"
        answers.append(lines.spoken[-1])
    return answers


CLASSIC_EVENTS: list[Event] = [
    GameStarted(0.0, ("Ann", "Bob", "Cy")), RoundStarted(0.0, 2, 0, 2, (0, 1, 2)),
    LetterGiven(0.0, 2, "S"), SpoonGrabbed(1.0, 1, 1, first=True)]


def test_a_spectator_of_spoons_asks_the_spoons_left_who_is_still_in_and_the_options() -> None:
    options = {**Options().describe(), "scoring": "letters"}
    dee, lines = watching("spoons", options, ["Ann", "Bob", "Cy"])
    send(dee, CLASSIC_EVENTS)
    assert said(dee, lines, "f2", "f3") == [
        "1 spoon left.", "Still in: Ann, Bob, and Cy with S."]
    assert said(dee, lines, "f5") == ["Options: Draw variant: draw pile, Spoon grabbing:"
                                      " reaction only, Grabbing too early: refused, and"
                                      " Scoring: letters."]
    assert said(dee, lines, ",", ",", ">") == [
        "Cy takes a letter, and has S.", "Round 2. Ann deals. 2 spoons on the table.",
        "The spoons are going! Bob grabbed a spoon!"], "the answers are not kept in the history"


def test_a_spectator_of_razz_spoons_asks_whose_turn_the_top_card_the_hands_and_scores() -> None:
    table = Table({ANDREW: "8C 10H 10S 9D", CHRIS: "QH 6H 9D", ELLEN: "7C KS JC"}, "7H",
                  "4H 4D 2C", RazzOptions(end_at=1)).play([
        (ChoosePhrase(ELLEN, "Pickles"), 1.0), (DrawCard(ANDREW), 2.0),
        (PlayCard(ANDREW, c("4H")), 2.5), (PlayCard(CHRIS, c("QH")), 3.0)])
    dee, lines = watching("razz", RazzOptions(end_at=1).describe(), list(NAMES))
    seen = [view for event in table.events if (view := event.seen_by(None)) is not None]
    send(dee, seen)
    assert lines.spoken[-2:] == ["Chris: queen of hearts.", "Reverse!"]
    assert said(dee, lines, "t", "f2", "f3", "f4", "f6") == [
        "Andrew's turn. Play goes counterclockwise.", "The top card is the queen of hearts.",
        "Cards: Andrew 4, Chris 2, and Ellen 3.", "No points yet.",
        "The Razzing Phrase is Pickles!"]
    assert said(dee, lines, "f5")[0].startswith("Options: Game ends by: rounds, Game length:"
                                                " 1 round, ")
    assert said(dee, lines, "f1")[0].endswith(
        " Keys while you watch. Whose turn it is: T. The top card: F2. Every hand's size: F3."
        " The scores: F4. The phrase and who owes it: F6. The game's options: F5. Previous"
        " message: Comma or Page Up. Next message: Period or Page Down. First message: Less"
        " than or Shift plus Page Up. Last message: Greater than or Shift plus Page Down."
        " Slash: chat with the room.")
    press(dee, "d", "space", "p")
    assert said(dee, lines, "enter") == ["You can take a seat once this game is over."]
    relay: Relay = dee.client  # type: ignore[assignment]
    assert relay.sent == [("spectate", {"room": 3})], "no key of a spectator plays"


def test_a_spectators_keys_are_the_players_own_and_f1_names_them() -> None:
    dee, lines = watching("spoons", Options().describe(), ["Ann", "Bob", "Cy"],
                          key_overrides={"spoons": "s"})
    send(dee, CLASSIC_EVENTS)
    assert said(dee, lines, "s") == ["1 spoon left."]
    assert said(dee, lines, "f2") == ["You are watching room 3, Cellar: Ann, host; Bob;"
                                      " Cy."], "F2, no longer the spoons' key, is the room's"
    help_text = said(dee, lines, "f1")[0]
    assert help_text.startswith(messages("en").tr("online.watching.help") + " Keys while you"
                                " watch. Spoons left: S. Who is still in: F3.")
    assert said(dee, lines, "r", "shift+r") == [
        "You are watching room 3, Cellar: Ann, host; Bob; Cy."] * 2, \
        "R, small or capital, still says who is here"


def test_a_spectator_hears_the_answers_in_their_language() -> None:
    dee, lines = watching("spoons", Options().describe(), ["Ann", "Bob", "Cy"], lang="es")
    send(dee, CLASSIC_EVENTS)
    assert said(dee, lines, "f2") == ["Queda 1 cuchara."]
    assert " Teclas mientras miras. Cucharas que quedan: F2. Quién sigue en juego: F3." in said(
        dee, lines, "f1")[0]


def test_in_a_waiting_room_comma_and_period_review_what_was_said() -> None:
    relay, lines = Relay("Ann"), Lines()
    ann = OnlineSession(relay, messages("en"), Speaker(lines), None, None,  # type: ignore[arg-type]
                        lobby=True)
    ann._on_message(rooms())
    press(ann, "enter")
    ann._on_message(room_state(4, "Ann"))
    ann._on_message({"kind": "chat", "scope": "room", "name": "Bob", "text": "hello"})
    assert lines.spoken[-2:] == ["Room 4, Ann's room: Ann, host.", "Bob says: hello"]
    assert said(ann, lines, ",", ".") == ["Room 4, Ann's room: Ann, host.",
                                          "Bob says: hello"]


def test_a_spectator_who_comes_in_mid_game_on_a_real_relay_knows_where_things_stand() -> None:
    """Ann plays Razz Spoons with two bots; Dee comes in from the lobby once the game is under
    way. The relay tells Dee's keyboard the game so far, so F3 already says every hand's
    size and F4 the scores, without anyone's cards being sent."""

    async def scenario(relay: server.Relay, port: int) -> None:
        ann = await connect(port, "Ann")
        ann.send("create_room", game="razz", options={"end_at": "1"})
        await ann.expect("room")
        for _ in range(2):
            ann.send("add_bot")
        await ann.expect("room", where=lambda m: len(m["seats"]) == 3)
        ann.send("start")
        playing = asyncio.create_task(play_seat(ann, await ann.expect("game_started"),
                                                pace=FAST, timeout=80.0))
        dee_run, dee_keys, dee = await in_lobby(port, "Dee")
        dee_keys.press("end")
        dee_keys.press("enter")
        mark = await hear_next(dee, 0, "You are watching room 1, Ann's room, Razz Spoons: Ann,"
                                       " host; Andrew, a bot; Britany, a bot.")
        dee_keys.press("f3")
        dee_keys.press("f4")
        await hear_next(dee, mark, "No points yet.")
        counts = [line for line in dee.spoken[mark:] if line.startswith("Cards: ")]
        assert counts and re.fullmatch(r"Cards: Ann \d+, Andrew \d+, and Britany \d+\.",
                                       counts[0]), counts
        dee_keys.press("escape")
        await hear_next(dee, mark, "You left the room.")
        dee_keys.press("escape")
        assert await asyncio.wait_for(dee_run, 5.0) == PLAYED
        dee_keys.close()
        playing.cancel()
        await ann.close()

    with_relay(scenario)
