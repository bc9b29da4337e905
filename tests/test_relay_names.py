"""Player names that would deceive a listener are refused, and ordinary ones still work: the
rules of ``names`` (look-alike names are one name by their UTS #39 skeleton, nothing invisible,
no bot's name, nothing that reads like the game's announcements), a room's names, and the relay
refusing each attack over real TCP sockets on 127.0.0.1 with a message that says why."""

from __future__ import annotations

import random
import re
import tracemalloc
from importlib.resources import files

import pytest
from babel.messages.pofile import read_po
from test_relay import Member, connect, three_seated, until, with_relay
from test_relay_faults import Raw

from audiospoons.bots.levels import Level
from audiospoons.bots.names import BOT_NAMES
from audiospoons.games.spoons.rules.options import Options
from audiospoons.net import confusables, names
from audiospoons.net.relaysettings import RelaySettings
from audiospoons.net.room import Room, Seat
from audiospoons.net.server import Relay

ORDINARY = ("Ann", "Bob", "José", "María José", "Zoë", "O'Brien", "李雷", "Ахмед")
"""Names the relay must take, all in one room."""

LOOK_ALIKES = [
    ("Ann", "\u0410nn"),       # Cyrillic capital A
    ("Ann", "\u04d2nn"),       # Cyrillic capital A with diaeresis
    ("Ann", "ANN"),
    ("Ann", "A.N.N."),
    ("Ann", "\u00c1nn"),       # an accent is not heard
    ("Bob", "B0b"),            # digit zero
    ("Bob", "\u0412ob"),       # Cyrillic capital Ve
    ("Hanna", "\u041danna"),   # Cyrillic capital En, an H only as a capital
    ("Ian", "lan"),            # capital I and small l
    ("Andrew", "\u0410ndrew"),
    ("José", "Jose"),
    ("Zoë", "Zoe"),
    ("O'Brien", "0'Brien"),
    ("María José", "MARIA JOSE"),
]

INVISIBLE = ["\u1160Ann", "Ann\u115f", "An\u3164n", "Ann\uffa0", "An\u034fn", "Ann\ufe0f",
             "Ann\U000e0100", "Ann\u17b4", "Ann\u180b"]
"""Default-ignorable characters that are letters or marks, not control or format characters:
the format ones (U+200B...) were refused already."""

DECEIVING = [
    ("Ann is eliminated", "eliminated"),
    ("host", "host"),
    ("wins", "wins"),
    ("Ann wins the game", "wins"),
    ("Ann grabs a spoon", "grabs"),
    ("Spoons", "spoons"),
    ("Ann is out", "out"),
    ("Round 2", "round"),
    ("Host", "host"),
    ("Ann ready", "ready"),
    ("Players", "players"),
    ("Relay", "relay"),
    ("Ann deals", "deals"),
    ("AnnWins", "wins"),
    ("W\u0456ns", "wins"),     # Cyrillic i
    ("You", "you"),
    ("Ann with 3", "with"),
    ("Ann gana la partida", "gana"),
    ("Ann queda fuera", "queda"),
    ("Ana agarró", "agarró"),
]


# ----------------------------------------------------------------------------- names.py


@pytest.mark.parametrize(("name", "other"), LOOK_ALIKES)
def test_names_that_sound_or_look_alike_are_one_name(name: str, other: str) -> None:
    assert names.same_name(name, other) and names.same_name(other, name)


@pytest.mark.parametrize(("name", "other"), [
    ("Ann", "Anna"), ("José", "María José"), ("ian", "lan"), ("李雷", "李"),
    ("Ахмед", "Ahmed"), ("Bob", "Rob")])
def test_names_that_differ_stay_apart(name: str, other: str) -> None:
    assert not names.same_name(name, other)


def test_ordinary_names_are_kept_as_written_and_told_apart() -> None:
    assert [names.clean_name(name) for name in ORDINARY] == list(ORDINARY)
    more = ["Jean-Luc Picard", "Ana de la Cruz", "Botond", "Robot", "Win Myint", "Victoria",
            "Ji-won", "Sam", "Stephen King", "Rey"]
    assert [names.clean_name(name) for name in more] == more
    assert not any(names.same_name(name, other) for name in ORDINARY for other in ORDINARY
                   if name != other)


@pytest.mark.parametrize("raw", INVISIBLE)
def test_characters_that_show_nothing_are_refused_by_name(raw: str) -> None:
    with pytest.raises(names.BadText, match=r"characters that show nothing, such as U\+"):
        names.clean_name(raw)


@pytest.mark.parametrize(("raw", "word"), DECEIVING)
def test_a_name_that_reads_like_an_announcement_is_refused(raw: str, word: str) -> None:
    with pytest.raises(names.BadText, match=f'may not hold the word "{word}": the game'):
        names.clean_name(raw)


@pytest.mark.parametrize("raw", ["Bot 3", "bot", "BOTS", "Bot3", "B0t 3", "B0T1",
                                 "B\u043et 7", "Ann's Bot", "B.o.t"])
def test_a_name_that_reads_like_a_bots_is_refused(raw: str) -> None:
    with pytest.raises(names.BadText, match="sound like one of the relay's bots"):
        names.clean_name(raw)


@pytest.mark.parametrize(("raw", "why"), [
    ("Ann, Bob", "a list of players would read wrong"),
    ("Ann and Bob", "a list of players would read wrong"),
    ("Ann; Bob", "a list of players would read wrong"),
    ("Ann\u02d0 Bob", "a list of players would read wrong"),   # a letter that looks like ":"
    ("Ann Bea Cy Dee Eve", "at most 4 words"),
    ("\u01c3\u01c3", "a letter or a digit"),                   # letters that look like "!"
])
def test_a_name_that_reads_as_more_than_one_is_refused(raw: str, why: str) -> None:
    with pytest.raises(names.BadText, match=why):
        names.clean_name(raw)


def _announcements() -> list[tuple[str, str, str]]:
    """Each announcement of the catalogs that a name is said in, with what follows the name up
    to a comma, semicolon or colon (a name cannot hold one)."""
    found = []
    for lang in ("en", "es"):
        path = files("audiospoons.locales") / lang / "LC_MESSAGES" / "audiospoons.po"
        with path.open("rb") as catalog:
            for message in read_po(catalog):
                key = message.id if isinstance(message.id, str) else message.id[0]
                if not key or key.startswith(("keys.", "option.", "menu.", "card.", "howto.",
                                              "razz.ask.")):
                    continue
                assert message.string is not None
                texts = [message.string] if isinstance(message.string, str) else message.string
                for text in texts:
                    for placed in re.finditer(r"\{(name|names|others|target|players)\}", text):
                        rest = re.split(r"[,;:]", text[placed.end():])[0]
                        rest = " ".join(re.sub(r"\{\w+\}", " ", rest).split())
                        if re.search(r"\w", rest):
                            found.append((lang, key, rest))
    return found


def test_every_announcement_made_into_a_name_is_refused() -> None:
    """What the catalogs say after a name ("grabbed a spoon!", "quedan fuera.") holds a word
    that no name may hold: a name cannot make an announcement of its own. But for "Ann's
    king" in Razz Spoons' status: King is a family name, and a name may hold it."""
    told = _announcements()
    assert len(told) > 150
    assert [(lang, key, rest) for lang, key, rest in told
            if names.game_word(f"Ann {rest}") is None] == [
        ("en", "razz.status.king.you", "'s king"), ("en", "razz.status.king.other", "'s king")]


def test_a_held_seat_keeps_its_name_from_spectators_until_the_hold_ends() -> None:
    clock = [100.0]
    people = [Member(name) for name in ("Ann", "Bob", "Cy")]
    room = Room(1, "r", people[0], Options.from_mapping({"word": "P"}), {},
                clock=lambda: clock[0])
    room.seats = [Seat(member) for member in people]
    room.start(clock[0], random.Random(1))
    room.seats[2].held_until = clock[0] + 60.0
    room.hand_to_bot(2)
    assert room.name_taken("\u0421y", stand_ins=False), "Cyrillic Es: Cy's seat is held"
    assert room.name_clash("Cy", stand_ins=False) is room.seats[2]
    clock[0] += 61.0
    assert not room.name_taken("Cy", stand_ins=False), "no longer held: Cy may watch"
    assert room.name_taken("Cy"), "but may not sit as a second Cy"


def test_a_bot_is_named_unlike_everyone_in_the_room() -> None:
    host = Member("\u0410ndrew")
    room = Room(1, "r", host, Options.from_mapping({}), {})
    room.seats = [Seat(host)]
    assert room.bot_name() == "Britany", "a Cyrillic Andrew is Andrew"
    room.spectators = [Member(name) for name in BOT_NAMES]
    room.seats.append(Seat(level=Level.NORMAL, bot_name="Bot 3"))
    assert room.bot_name() == "Bot 4", "Bot 3 sits already"


# ----------------------------------------------------------------------------- the relay


@pytest.mark.parametrize(("name", "why"), [
    *[(raw, "characters that show nothing") for raw in INVISIBLE[:4]],
    *[(raw, f'the word "{word}"') for raw, word in DECEIVING],
    ("Bot 3", "relay's bots"),
    ("B0t 3", "relay's bots"),
    ("Ann, Bob", "a list of players"),
])
def test_the_relay_refuses_a_deceiving_name_and_says_why(name: str, why: str) -> None:
    """The relay's answer, and the same connection may then say hello as Ann, and is taken."""

    async def scenario(relay: Relay, port: int) -> None:
        raw = await Raw.open(port)
        raw.line({"kind": "hello", "version": 1, "name": name})
        answer = await raw.next()
        assert (answer["kind"], answer.get("code")) == ("error", "bad-name"), answer
        assert why in answer["message"]
        raw.line({"kind": "hello", "version": 1, "name": "Ann"})
        assert await raw.next() == {"kind": "hello", "version": 1, "name": "Ann",
                                    "hearing": True, "heard": True}
        raw.writer.close()

    with_relay(scenario)


def test_ordinary_names_sit_together_and_their_look_alikes_neither_sit_nor_watch() -> None:
    async def scenario(relay: Relay, port: int) -> None:
        people = [await connect(port, name) for name in ORDINARY]
        assert [person.name for person in people] == list(ORDINARY)
        host = people[0]
        host.send("create_room", name="Kitchen")
        room = (await host.expect("room"))["room"]
        for person in people[1:]:
            person.send("join_room", room=room)
            await person.expect("room")
        host.send("add_bot")
        state = await host.expect("room", where=lambda m: len(m["seats"]) == 9)
        assert [seat["name"] for seat in state["seats"]] == [*ORDINARY, "Andrew"]
        for name, other in [*LOOK_ALIKES[:7], *LOOK_ALIKES[9:]]:
            twin = await connect(port, other)
            for kind in ("join_room", "spectate"):
                twin.send(kind, room=room)
                refused = await twin.expect("error", "room")
                assert refused.get("code") == "name-taken", (other, kind, refused["kind"])
                assert refused["message"].endswith(f"sounds or looks the same as yours: {name}")
            await twin.close()
            await until(lambda: len(relay.clients) == len(people))
        for person in people:
            await person.close()

    with_relay(scenario)


def test_a_bots_name_is_not_a_persons_and_a_look_alike_host_gets_another_bot() -> None:
    async def scenario(relay: Relay, port: int) -> None:
        ann = await connect(port, "Ann")
        ann.send("create_room")
        room = (await ann.expect("room"))["room"]
        ann.send("add_bot")
        await ann.expect("room", where=lambda m: [s["name"] for s in m["seats"]]
                         == ["Ann", "Andrew"])
        twin = await connect(port, "\u0410ndrew")
        twin.send("join_room", room=room)
        refused = await twin.expect("error", "room")
        assert refused.get("code") == "name-taken", refused["kind"]
        assert refused["message"].endswith(": Andrew")
        twin.send("create_room")
        await twin.expect("room")
        twin.send("add_bot")
        state = await twin.expect("room", where=lambda m: len(m["seats"]) == 2)
        assert [seat["name"] for seat in state["seats"]] == ["\u0410ndrew", "Britany"]
        for client in (ann, twin):
            await client.close()

    with_relay(scenario)


def test_no_one_may_watch_under_the_name_of_a_seat_held_for_its_player() -> None:
    """Cy's connection dies mid-game and the seat is held for Cy: a new Cy, or a Cyrillic one,
    may not come in to watch as Cy while it is held, and may once it is not."""

    async def scenario(relay: Relay, port: int) -> None:
        (ann, bob, cy), room, _ = await three_seated(port, {"word": "PIG"})
        cy.writer.transport.abort()
        seat = relay.rooms[room].seats[2]
        await until(lambda: seat.held_until is not None)
        for name in ("Cy", "\u0421y", "CY"):
            twin = await connect(port, name)
            twin.send("spectate", room=room)
            refused = await twin.expect("error", "game_started")
            assert refused.get("code") == "name-taken", (name, refused["kind"])
            assert "holds a seat for Cy, whose connection was lost" in refused["message"]
            await twin.close()
        await until(lambda: not relay.rooms[room].held(seat))
        assert relay.rooms[room].playing
        back = await connect(port, "Cy")
        back.send("spectate", room=room)
        watching = await back.expect("game_started")
        assert watching["seat"] is None and watching["players"] == ["Ann", "Bob", "Cy"]
        for client in (ann, bob, back):
            await client.close()

    with_relay(scenario, settings=RelaySettings(seat_hold=3.0))


def test_the_look_alike_table_is_read_line_by_line_not_held_whole_as_it_is_read() -> None:
    """The relay reads Unicode's table of look-alike characters at its first name: the table
    it keeps is all that reading it costs, not the whole file and its lines besides."""
    confusables.prototypes.cache_clear()
    tracemalloc.start()
    try:
        table = confusables.prototypes()
        kept, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert table["\u0430"] == "a"
    assert peak < 2 * kept


def test_a_name_checked_keeps_one_entry_in_the_keys_kept_whatever_its_pieces() -> None:
    """The relay keeps each name's keys once worked out, for the names it meets again; the
    pieces of a name it checks for the game's words are not kept, so that each connection's
    name costs it one entry."""
    names.game_word("warm")
    names.name_keys.cache_clear()
    assert names.clean_name("Fern Gully 7") == "Fern Gully 7"
    assert names.name_keys.cache_info().currsize == 1
