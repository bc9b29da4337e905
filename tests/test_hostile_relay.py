"""A relay that cannot be trusted: written here, it speaks the protocol to a real ``audiospoons
join`` in a pseudo-terminal and sends what a hostile relay would (escape sequences in names, room
names, chat and errors; a chat line of 900 KB; messages missing fields or with fields of the
wrong type; a seat outside the players). Nothing it sends reaches the terminal raw, nothing is
said at length, and nothing crashes the client: a message that is not as the protocol says is
said as an error, and the lobby and the room go on."""

from __future__ import annotations

import asyncio
import io
import json
import re
import sys
import threading
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from contextlib import asynccontextmanager, contextmanager
from pathlib import Path
from typing import Any

import pexpect
import pytest
from test_online_pty import environment

from audiospoons.app.online import reason_text
from audiospoons.games.razz.rules.events import RoundScored
from audiospoons.games.slapjack.rules.events import LateSlap
from audiospoons.games.spoons.rules.events import (
    GameOver,
    GameStarted,
    Reached,
    RoundEnded,
    RoundStarted,
    SetHeld,
    TeamsFormed,
)
from audiospoons.games.spoons.rules.options import Options
from audiospoons.net.client import BadMessage, MoveRefused, RelayClient, RelayError
from audiospoons.net.reach import Reach, reach_of
from audiospoons.net.relaykinds import RELAY_KINDS, BadRelayMessage, read_event, read_message
from audiospoons.net.wire import encode_event
from audiospoons.voice.i18n import messages

BAD_MESSAGE = "The relay sent a message this game cannot read."
TOKEN = "0123456789abcdef" * 2

CLEAR = "\x1b[2J"
TITLE = "\x1b]0;owned\x07"
CLIPBOARD = "\x1b]52;c;cm0gLXJmIH4=\x07"
C1 = "\x9b2J\x9d0;owned\x9c"
"""Clear the screen, set the window title, write the clipboard (OSC 52), and the same as C1
controls."""
RAW = ("\x1b", "\x07", "\x9b", "\x9c", "\x9d")
"""What none of that may put on the terminal."""
OWN = ("\x1b[>4;1m", "\x1b[>4m")
"""What the client itself sends the terminal: its key reader turns modifyOtherKeys on, then
off."""


class Peer:
    """One connection to the hostile relay, as its script sees it."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.reader, self.writer = reader, writer
        self.heard: list[dict[str, Any]] = []

    async def read(self, kind: str, timeout: float = 15.0) -> dict[str, Any]:
        """The client's next message of ``kind`` (pongs and the rest are kept in ``heard``)."""
        while True:
            line = await asyncio.wait_for(self.reader.readline(), timeout)
            if not line:
                raise ConnectionError(f"the client went before sending {kind}")
            message: dict[str, Any] = json.loads(line)
            self.heard.append(message)
            if message["kind"] == kind:
                return message

    async def send(self, *messages: dict[str, Any] | bytes) -> None:
        for message in messages:
            self.writer.write(message if isinstance(message, bytes)
                              else json.dumps(message).encode("utf-8") + b"\n")
        await self.writer.drain()

    async def hello(self, name: str = "Ann", rooms: list[dict[str, Any]] | None = None) -> None:
        await self.read("hello")
        await self.send({"kind": "hello", "version": 1, "name": name},
                        {"kind": "rooms", "rooms": rooms or []})

    async def until_gone(self) -> None:
        while await self.reader.read(65536):
            pass


Script = Callable[[Peer], Awaitable[None]]


class HostileRelay:
    """An asyncio server on 127.0.0.1 (a free port), in a thread of its own, that hands each
    connection to ``script``."""

    def __init__(self, script: Script) -> None:
        self.script = script
        self.port = 0
        self.peers: list[Peer] = []
        self.failures: list[BaseException] = []
        self.loop = asyncio.new_event_loop()
        self.started = threading.Event()
        self.thread = threading.Thread(target=self._run, daemon=True)

    def _run(self) -> None:
        asyncio.set_event_loop(self.loop)
        server = self.loop.run_until_complete(
            asyncio.start_server(self._handle, "127.0.0.1", 0))
        self.port = server.sockets[0].getsockname()[1]
        self.started.set()
        self.loop.run_forever()
        server.close()
        self.loop.run_until_complete(server.wait_closed())
        self.loop.close()

    async def _handle(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        peer = Peer(reader, writer)
        self.peers.append(peer)
        try:
            await self.script(peer)
            await peer.until_gone()
        except (ConnectionError, TimeoutError) as error:
            self.failures.append(error)
        finally:
            writer.close()

    def __enter__(self) -> HostileRelay:
        self.thread.start()
        assert self.started.wait(10), "the hostile relay did not start"
        return self

    def __exit__(self, *exc: object) -> None:
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(10)


@contextmanager
def joined(tmp_path: Path, script: Script) -> Iterator[tuple[pexpect.spawn, io.StringIO,
                                                             HostileRelay]]:
    """``audiospoons join 127.0.0.1:PORT --name Ann --speech text`` in a pseudo-terminal,
    against a hostile relay running ``script``; everything the terminal shows is kept."""
    with HostileRelay(script) as relay:
        child = pexpect.spawn(sys.executable, ["-m", "audiospoons", "join",
                                               f"127.0.0.1:{relay.port}", "--name", "Ann",
                                               "--speech", "text"],
                              env=environment(tmp_path, "Ann"), encoding="utf-8", timeout=15,
                              dimensions=(40, 200), maxread=65536)
        shown = io.StringIO()
        child.logfile_read = shown
        try:
            yield child, shown, relay
        finally:
            child.close(force=True)


def leave(child: pexpect.spawn) -> str:
    """Escape from the lobby: the client leaves the relay and ends well. All it showed."""
    child.send("\x1b")
    child.expect_exact("You left the relay.")
    child.expect(pexpect.EOF, timeout=15)
    child.close()
    assert child.exitstatus == 0, child.before
    return str(child.before)


def assert_nothing_raw(shown: str) -> None:
    for own in OWN:
        shown = shown.replace(own, "")
    for raw in RAW:
        assert raw not in shown, f"{raw!r} reached the terminal"
    assert "Traceback" not in shown, shown[-2000:]


def chat(name: str, text: str) -> dict[str, Any]:
    return {"kind": "chat", "scope": "lobby", "name": name, "text": text}


# ----------------------------------------------------------------------------- in the lobby


def test_escape_sequences_in_names_rooms_chat_and_errors_never_reach_the_terminal(
        tmp_path: Path) -> None:
    async def script(peer: Peer) -> None:
        await peer.hello(rooms=[{"room": 4, "name": f"{TITLE}Den{CLEAR}", "players": 1,
                                 "playing": False, "password": False}])
        await peer.send(chat("\x1b]52;c;eA==\x07Eve\x9b2J", f"hi{CLEAR}{C1} there{TITLE}"),
                        {"kind": "error", "code": f"x{CLEAR}", "message": f"{CLIPBOARD}sorry"},
                        chat("Bob", "last line"))

    with joined(tmp_path, script) as (child, shown, _):
        child.expect_exact("Lobby: 1 room open. New room, 1 of 4")
        child.expect(r"Eve[^\r\n]* says in the lobby: hi[^\r\n]*there")
        child.expect(r"sorry")
        child.expect_exact("Bob says in the lobby: last line")
        child.send("\x1b[B\x1b[B\x1b[B")
        child.expect(r"Room 4, [^\r\n]*Den[^\r\n]*, 1 player, waiting, 4 of 4")
        leave(child)
        assert_nothing_raw(shown.getvalue())


def test_a_chat_line_of_900_kb_is_cut_before_it_is_shown_or_spoken(tmp_path: Path) -> None:
    async def script(peer: Peer) -> None:
        await peer.hello()
        await peer.send(chat("Eve", "spam " * 180_000), chat("Bob", "last line"))

    with joined(tmp_path, script) as (child, shown, _):
        child.expect_exact("Lobby: no rooms open. New room, 1 of 3")
        child.expect(r"Eve says in the lobby: spam[^\r\n]*\r\n", timeout=30)
        said = str(child.after)
        child.expect_exact("Bob says in the lobby: last line", timeout=30)
        leave(child)
        assert len(said) < 400, f"a chat line of {len(said)} characters was said"
        assert len(shown.getvalue()) < 20_000


def test_messages_missing_fields_or_of_the_wrong_types_are_said_and_the_lobby_goes_on(
        tmp_path: Path) -> None:
    async def script(peer: Peer) -> None:
        await peer.hello(rooms=[{"room": 2, "name": "Kitchen", "players": 3,
                                 "playing": False, "password": False}])
        await peer.send(
            {"kind": "chat", "scope": "lobby", "text": "who am I?"},
            {"kind": "chat", "scope": "lobby", "name": ["Eve"], "text": {"x": 1}},
            {"kind": "rooms", "rooms": "all of them"},
            {"kind": "rooms", "rooms": [{"room": "2", "name": 7}]},
            {"kind": "left", "stand_in": True},
            {"kind": "back", "name": None},
            {"kind": "error", "code": 5},
            {"kind": "kicked", "room": 2.5},
            b"this is not JSON\n",
            b'{"kind": "ping"}\n',
            chat("Bob", "last line"))

    with joined(tmp_path, script) as (child, shown, _):
        child.expect_exact("Lobby: 1 room open. New room, 1 of 4")
        child.expect_exact(BAD_MESSAGE)
        child.expect_exact("Bob says in the lobby: last line")
        child.send("\x1b[B\x1b[B\x1b[B")
        child.expect_exact("Room 2, Kitchen, 3 players, waiting, 4 of 4")
        leave(child)
        assert_nothing_raw(shown.getvalue())
        assert shown.getvalue().count(BAD_MESSAGE) >= 9


# ----------------------------------------------------------------------------- in a room


def room(host: str, *seated: str) -> dict[str, Any]:
    return {"kind": "room", "room": 1, "name": "Ann's room", "host": host, "playing": False,
            "password": False, "spectators": [f"{TITLE}Zed"], "game": "spoons",
            "options": Options().describe(),
            "seats": [{"name": who, "bot": None, "ready": False} for who in seated]}


def started(seat: object, players: object = ("Ann", "Andrew")) -> dict[str, Any]:
    return {"kind": "game_started", "players": list(players) if isinstance(players, tuple)
            else players, "seat": seat, "game": "spoons", "options": Options().describe(),
            "token": TOKEN}


def test_a_game_started_with_a_seat_out_of_range_is_said_and_the_room_goes_on(
        tmp_path: Path) -> None:
    async def script(peer: Peer) -> None:
        await peer.hello()
        await peer.read("create_room")
        await peer.send(room("Ann", "Ann", f"Bob{CLEAR}{TITLE}"), started(99),
                        started([0]), started("0"), started(None, players=[1, 2]),
                        started(0, players=[]))
        await peer.read("leave_room")
        await peer.send({"kind": "rooms", "rooms": []})

    with joined(tmp_path, script) as (child, shown, _):
        child.expect_exact("Lobby: no rooms open. New room, 1 of 3")
        child.send("\r")
        child.expect(r"Room 1, Ann's room: Ann, host; Bob[^\r\n]*\.")
        for _ in range(5):
            child.expect_exact(BAD_MESSAGE)
        child.send("r")
        child.expect(r"Room 1, Ann's room: Ann, host; Bob[^\r\n]*\.")
        child.send("\x1b")
        child.expect_exact("You left the room.")
        child.expect_exact("Lobby: no rooms open. New room, 1 of 3")
        leave(child)
        assert_nothing_raw(shown.getvalue())


def test_an_event_naming_a_seat_that_is_not_at_the_table_is_said_and_the_game_goes_on(
        tmp_path: Path) -> None:
    def event(value: Any) -> dict[str, Any]:
        return {"kind": "event", "event": value}

    async def script(peer: Peer) -> None:
        await peer.hello()
        await peer.read("create_room")
        await peer.send(room("Ann", "Ann", "Andrew"), started(0),
                        event(encode_event(GameStarted(0.0, (f"Ann{CLEAR}", "Andrew")))),
                        event(encode_event(RoundStarted(0.0, 1, 99, 1, (0, 1)))),
                        event({**encode_event(RoundStarted(0.0, 1, 0, 1, (0, 1))),
                               "seats": [0, 7]}),
                        event(encode_event(RoundStarted(0.0, 1, 1, 1, (0, 1)))))
        await peer.read("leave_room")
        await peer.send({"kind": "rooms", "rooms": []})

    with joined(tmp_path, script) as (child, shown, _):
        child.expect_exact("Lobby: no rooms open. New room, 1 of 3")
        child.send("\r")
        child.expect_exact("Spoons: you against Andrew.")
        child.expect_exact(BAD_MESSAGE)
        child.expect_exact(BAD_MESSAGE)
        child.expect_exact("Round 1. Andrew deals. 1 spoon on the table.")
        child.send("\x1b")
        child.expect_exact("Press Escape again to leave the game")
        child.send("\x1b")
        child.expect_exact("You left the room.")
        child.expect_exact("Lobby: no rooms open. New room, 1 of 3")
        leave(child)
        assert_nothing_raw(shown.getvalue())


# ----------------------------------------------------------------------------- hello


@pytest.mark.parametrize(("reply", "said", "status"), [
    ({"kind": "hello", "version": 1, "name": 5},
     f"Cannot reach the relay at 127.0.0.1 port {{port}}: {BAD_MESSAGE}", 2),
    ({"kind": "hello", "version": 1},
     f"Cannot reach the relay at 127.0.0.1 port {{port}}: {BAD_MESSAGE}", 2),
    ({"kind": "error", "code": "bad-name", "message": f"no{CLIPBOARD} way"},
     "The relay at 127.0.0.1 does not take the name Ann: no ]52;c;cm0gLXJmIH4= way", 3),
])
def test_a_hello_the_client_cannot_use_ends_join_with_the_reason_said(
        tmp_path: Path, reply: dict[str, Any], said: str, status: int) -> None:
    async def script(peer: Peer) -> None:
        await peer.read("hello")
        await peer.send(reply)

    with joined(tmp_path, script) as (child, shown, relay):
        child.expect(pexpect.EOF, timeout=15)
        child.close()
        text = " ".join(shown.getvalue().split())
        assert said.format(port=relay.port) in text, text
        assert child.exitstatus == status
        assert_nothing_raw(shown.getvalue())


# ----------------------------------------------------------------------------- rejoin


@asynccontextmanager
async def scripted(handle: Callable[[asyncio.StreamReader, asyncio.StreamWriter],
                                    Awaitable[None]]) -> AsyncIterator[int]:
    """A relay on a free port of 127.0.0.1 that answers each connection with ``handle``: its
    port."""
    server = await asyncio.start_server(handle, "127.0.0.1", 0)
    try:
        yield server.sockets[0].getsockname()[1]
    finally:
        server.close()
        await server.wait_closed()


def run_rejoin(*answer: dict[str, Any]) -> None:
    """``RelayClient.rejoin`` against a relay that answers it with ``answer``, then says that
    each name a seat could be given (even one of a bad answer) is back."""

    async def main() -> None:
        async def handle(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
            peer = Peer(reader, writer)
            await peer.hello()
            await peer.read("rejoin")
            await peer.send(*answer, *({"kind": "back", "name": name}
                                       for name in ("Andrew", "A", "Ann")))
            await peer.until_gone()
            writer.close()

        async with scripted(handle) as port:
            client = await RelayClient.connect("127.0.0.1", port, "Ann")
            try:
                await client.rejoin(TOKEN, timeout=3.0)
            finally:
                await client.close()

    asyncio.run(main())


@pytest.mark.parametrize("answer", [
    [started(99)], [started(-1)], [started(None)], [started("0")], [started(True)],
    [{**started(0), "players": "Ann"}], [{k: v for k, v in started(0).items() if k != "seat"}],
    [started(0), {"kind": "catch_up", "events": [{"kind": "RoundStarted", "at": "soon"}]},
     {"kind": "back", "name": "Ann"}],
    [started(0), {"kind": "catch_up", "events": [encode_event(
        RoundStarted(0.0, 1, 5, 1, (0, 1)))]}, {"kind": "back", "name": "Ann"}],
], ids=["seat-99", "seat-minus-1", "no-seat", "seat-text", "seat-true", "players-text",
        "seat-missing", "catch-up-bad-event", "catch-up-seat-out-of-range"])
def test_rejoin_with_an_answer_that_is_not_as_the_protocol_says_is_a_relay_error(
        answer: list[dict[str, Any]]) -> None:
    with pytest.raises(RelayError) as raised:
        run_rejoin(*answer)
    assert "in time" not in str(raised.value), "refused, not waited out"


def test_a_bad_message_is_a_bad_message_error_and_the_next_one_is_read() -> None:
    async def main() -> None:
        async def handle(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
            peer = Peer(reader, writer)
            await peer.hello()
            await peer.send({"kind": "chat", "text": "no name"}, b"[1, 2]\n",
                            {"kind": "news", "text": CLEAR}, {"kind": "ping", "t": 4.5},
                            chat(f"Bob{TITLE}", "hi"))
            await peer.read("pong")
            await peer.until_gone()
            writer.close()

        async with scripted(handle) as port:
            client = await RelayClient.connect("127.0.0.1", port, "Ann")
            assert (await client.receive(3.0))["kind"] == "rooms"
            with pytest.raises(BadMessage) as first:
                await client.receive(3.0)
            assert (first.value.kind, first.value.code) == ("chat", "bad-message")
            with pytest.raises(BadMessage) as second:
                await client.receive(3.0)
            assert second.value.kind is None, "not an object: no kind to tell"
            assert await client.receive(3.0) == {"kind": "chat", "scope": "lobby",
                                                 "name": "Bob ]0;owned", "text": "hi"}, \
                "a kind the client does not know is skipped, a ping answered"
            await client.close()

    asyncio.run(main())


# ----------------------------------------------------------------------------- the schema


def test_every_kind_the_protocol_says_the_relay_sends_has_a_shape() -> None:
    doc = (Path(__file__).resolve().parent.parent / "docs" / "protocol.md").read_text()
    table = doc.split("## Messages from the relay")[1].split("## ")[0]
    documented = set(re.findall(r"^\| `([a-z_]+)` \|", table, re.MULTILINE))
    assert documented and documented <= set(RELAY_KINDS)
    assert {"room_listed", "room_unlisted"} <= set(RELAY_KINDS)


def test_every_text_is_cleaned_and_cut_and_fields_not_known_are_dropped() -> None:
    message = read_message({
        **room(f"Ann{CLEAR}", f"Ann{TITLE}", "B" * 50), "name": f"{C1}Den" + "n" * 80,
        "spectators": [f"{CLIPBOARD}Zed"], "options": {f"word{CLEAR}": f"PIG{TITLE}"},
        "secret": "\x1b]52;c;x\x07"})
    assert message is not None and "secret" not in message
    assert message["host"] == "Ann [2J"
    assert [seat["name"] for seat in message["seats"]] == ["Ann ]0;owned", "B" * 20]
    assert message["name"] == "2J 0;owned Den" + "n" * 26
    assert message["spectators"] == ["]52;c;cm0gLXJmIH4= Z"], "cut to a name's length"
    assert message["options"] == {"word [2J": "PIG ]0;owned"}
    assert len(read_message(chat("Eve", "x" * 900_000))["text"]) == 300  # type: ignore[index]
    error = read_message({"kind": "error", "code": "no-room", "message": "\u202egone\u200b"})
    assert error == {"kind": "error", "code": "no-room", "message": "gone"}
    assert read_message({"kind": "what-is-this", "text": CLEAR}) is None


def test_a_whole_relay_message_as_the_relay_sends_it_is_read_as_sent() -> None:
    for message in (
            {"kind": "hello", "version": 1, "name": "Ann"},
            {"kind": "rooms", "rooms": [{"room": 1, "name": "Den", "players": 3, "bots": 1,
                                         "playing": True, "password": False,
                                         "game": "razz"}]},
            {"kind": "room_listed", "room": {"room": 2, "name": "Den", "players": 0,
                                             "playing": False, "password": True}},
            {"kind": "room_unlisted", "room": 2},
            {**room("Ann", "Ann", "Bob"), "spectators": ["Zed"]},
            {"kind": "left", "name": "Bob", "stand_in": True, "held": 60.0},
            {**started(1), "resumed": True, "game_time": 12.5}, started(None),
            {"kind": "catch_up", "events": [encode_event(RoundStarted(0.0, 1, 0, 1, (0, 1)))]},
            {"kind": "limit", "seconds": None}, {"kind": "limit", "seconds": 2.5},
            {"kind": "refused", "reason": "no-set", "message": "no set"},
            {"kind": "kicked", "room": 1}, {"kind": "back", "name": "Bob"}):
        assert read_message(message) == message


@pytest.mark.parametrize("message", [
    {"kind": "hello", "version": 1},
    {"kind": "hello", "version": True, "name": "Ann"},
    {"kind": "error", "code": 5, "message": "x"},
    {"kind": "ping", "t": "now"},
    {"kind": "ping", "t": 1e300},
    {"kind": "rooms", "rooms": {"room": 1}},
    {"kind": "rooms", "rooms": [{"room": 1, "name": "x", "players": -1, "playing": False,
                                 "password": False}]},
    {"kind": "room_listed", "room": 3},
    {"kind": "room_unlisted", "room": "3"},
    {"kind": "room_unlisted", "room": 1.0},
    {**room("Ann", "Ann"), "seats": [{"name": "Ann", "bot": None}]},
    {**room("Ann", "Ann"), "seats": "Ann"},
    {**room("Ann", "Ann"), "spectators": [None]},
    {**room("Ann", "Ann"), "options": {"word": 3}},
    {**room("Ann", "Ann"), "playing": "no"},
    chat("Eve", "hi") | {"scope": "everyone"},
    {"kind": "chat", "scope": "room", "text": "hi"},
    {"kind": "left", "name": "Bob", "held": -1},
    started(99), started(2), started(-1), started(True), started(1.0), started(0, players=[]),
    started(0, players=["Ann", 2]), {**started(0), "token": "not hex"},
    {k: v for k, v in started(0).items() if k != "options"},
    {"kind": "catch_up", "events": "none"},
    {"kind": "catch_up", "events": [[[[[[1]]]]]]},
    {"kind": "event", "event": {"at": 0.0}},
    {"kind": "event", "event": {"kind": "Reached", "at": float("nan"), "seat": 0}},
    {"kind": "limit"},
    {"kind": "refused", "reason": ["no-set"], "message": "x"},
])
def test_a_message_not_as_the_protocol_says_is_refused_with_its_kind(
        message: dict[str, Any]) -> None:
    with pytest.raises(BadRelayMessage) as raised:
        read_message(message)
    assert raised.value.kind == message["kind"]


def test_an_event_naming_a_seat_not_at_the_table_is_refused_and_one_not_known_skipped() -> None:
    def read(event: Any, players: int = 2) -> Any:
        return read_event(encode_event(event), players)

    assert read(RoundStarted(0.0, 1, 1, 1, (0, 1))) == RoundStarted(0.0, 1, 1, 1, (0, 1))
    for bad in (RoundStarted(0.0, 1, 2, 1, (0, 1)), RoundStarted(0.0, 1, 0, 1, (0, -1)),
                Reached(0.0, 5), TeamsFormed(0.0, ((0, 1), (2, 3))),
                GameOver(0.0, (0,), (1, 2, 3)), RoundScored(0.0, (1,), (1,))):
        with pytest.raises(BadRelayMessage):
            read(bad)
    assert read(GameOver(0.0, (1,), ())) == GameOver(0.0, (1,), ())
    assert read(TeamsFormed(0.0, ((0, 2), (1, 3))), 4) is not None
    assert read_event({"kind": "SomethingNew", "at": 0.0}, 2) is None
    with pytest.raises(BadRelayMessage):
        read_event({"kind": "Reached", "at": 0.0}, 2)
    with pytest.raises(BadRelayMessage):
        read_event("Reached", 2)


def test_a_slap_too_late_names_a_taker_at_the_table() -> None:
    """The taker of a Jack slapped too late reaches the announcer's words as a name."""
    assert read_event(encode_event(LateSlap(0.0, 0, 1)), 2) == LateSlap(0.0, 0, 1)
    with pytest.raises(BadRelayMessage):
        read_event(encode_event(LateSlap(0.0, 0, 2)), 2)


def test_a_round_end_showing_a_set_names_players_at_the_table_and_a_kind_a_set_is_made_of(
        ) -> None:
    """The set shown when a round ends reaches the announcer's words: a seat not at the table, or
    a rank no set is made of (text with braces, say), is refused before it gets there."""
    shown = RoundEnded(0.0, 1, 0, "9", 1, checked=True)
    assert read_event(encode_event(shown), 2) == shown
    assert read_event(encode_event(RoundEnded(0.0, 1, 1, "GROUP")), 2) is not None
    for bad in (RoundEnded(0.0, 1, 2, "9"), RoundEnded(0.0, 1, 0, "9", 3),
                RoundEnded(0.0, 1, 0, "{boom}"), SetHeld(0.0, 0, "11")):
        with pytest.raises(BadRelayMessage):
            read_event(encode_event(bad), 2)


# ----------------------------------------------------------------------------- moves


TICKET = "t" * 40


def moved(port: int, then: dict[str, Any] | None = None, host: str = "127.0.0.1"
          ) -> dict[str, Any]:
    return {"kind": "moved", "host": host, "port": port, "ticket": TICKET,
            **({} if then is None else {"then": then})}


def join_room(tmp_path: Path, port: int) -> pexpect.spawn:
    """``audiospoons join 127.0.0.1:PORT --name Ann --room 4``: it asks for room 4 at once."""
    child = pexpect.spawn(sys.executable, ["-m", "audiospoons", "join", f"127.0.0.1:{port}",
                                           "--name", "Ann", "--room", "4", "--speech", "text"],
                          env=environment(tmp_path, "Ann"), encoding="utf-8", timeout=15,
                          dimensions=(40, 200), maxread=65536)
    child.logfile_read = io.StringIO()
    return child


def test_a_relay_that_sends_the_player_on_and_on_is_followed_three_times_then_refused(
        tmp_path: Path) -> None:
    """Each move is said, and made with the player's own request, not the relay's; the fourth
    for the same request is refused and said, and the client goes no further (it once followed
    19,678 moves in 40 s)."""
    ports: list[int] = []

    async def script(peer: Peer) -> None:
        await peer.read("hello")
        await peer.send({"kind": "hello", "version": 2, "name": "Ann"})
        await peer.read("join_room")
        await peer.send(moved(ports[0], {"kind": "join_room", "room": 4, "password": "x"}))

    with HostileRelay(script) as relay:
        ports.append(relay.port)
        child = join_room(tmp_path, relay.port)
        try:
            for _ in range(3):
                child.expect_exact(f"Moving to 127.0.0.1 port {relay.port}.\r\n")
            child.expect_exact(f"The relay keeps sending you on: not moving to 127.0.0.1 port"
                               f" {relay.port}.\r\n")
            child.expect(pexpect.EOF)
        finally:
            child.close(force=True)
        assert isinstance(child.logfile_read, io.StringIO)
        shown = child.logfile_read.getvalue()
        assert "Traceback" not in shown, shown
        assert len(relay.peers) == 4, len(relay.peers)
        hellos = [next(m for m in peer.heard if m["kind"] == "hello") for peer in relay.peers]
        assert [hello.get("ticket") for hello in hellos] == [None, TICKET, TICKET, TICKET]
        asked = [[m for m in peer.heard if m["kind"] == "join_room"] for peer in relay.peers]
        assert asked == [[{"kind": "join_room", "room": 4}]] * 4


def test_a_move_the_player_did_not_ask_for_is_refused_and_nothing_is_sent_there(
        tmp_path: Path) -> None:
    async def elsewhere(peer: Peer) -> None:
        await peer.read("hello")

    with HostileRelay(elsewhere) as bystander:
        async def script(peer: Peer) -> None:
            await peer.hello()
            await peer.send(moved(bystander.port, {"kind": "chat", "text": "spam from Ann"}))

        with joined(tmp_path, script) as (child, shown, _):
            child.expect_exact(f"The relay sent you to 127.0.0.1 port {bystander.port} without"
                               " your asking: not moving there.")
            child.expect(pexpect.EOF)
            assert "Traceback" not in shown.getvalue()
        assert bystander.peers == []


@pytest.mark.parametrize(("host", "said"), [
    ("127..0.0.1", "The relay sent you to an address that is not one: not moving there."),
    ("0x7f.1", "The relay sent you to an address that is not one: not moving there."),
])
def test_a_move_to_an_address_that_is_not_one_is_refused(tmp_path: Path, host: str,
                                                         said: str) -> None:
    async def script(peer: Peer) -> None:
        await peer.read("hello")
        await peer.send({"kind": "hello", "version": 2, "name": "Ann"})
        await peer.read("join_room")
        await peer.send(moved(7777, {"kind": "join_room", "room": 4}, host=host))

    with HostileRelay(script) as relay:
        child = join_room(tmp_path, relay.port)
        try:
            child.expect_exact(said)
            child.expect(pexpect.EOF)
        finally:
            child.close(force=True)
        assert isinstance(child.logfile_read, io.StringIO)
        assert "Traceback" not in child.logfile_read.getvalue()


@pytest.mark.parametrize("chosen", [Reach.PUBLIC, Reach.PRIVATE])
def test_a_relay_may_not_send_the_player_nearer_their_own_machine_than_they_chose(
        chosen: Reach) -> None:
    """A relay the player reached on the Internet (or on a private network) sends them to
    127.0.0.1, where only their own machine's services listen: refused, and nothing reaches
    that port. Both relays are on 127.0.0.1 here; the place the player chose is set as if they
    had reached it further out."""
    reached: list[bytes] = []

    async def main() -> None:
        async def listener(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
            reached.append(await reader.read(100))
            writer.close()

        async with scripted(listener) as inside:
            async def relay(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
                peer = Peer(reader, writer)
                await peer.read("hello")
                await peer.send({"kind": "hello", "version": 2, "name": "Ann"})
                await peer.read("list_rooms")
                await peer.send(moved(inside, {"kind": "list_rooms"}))
                await peer.until_gone()

            async with scripted(relay) as port:
                client = await RelayClient.connect("127.0.0.1", port, "Ann")
                assert client.reach is Reach.LOOPBACK
                client.reach = chosen
                client.send("list_rooms")
                with pytest.raises(MoveRefused) as refused:
                    await client.expect("rooms", timeout=5.0)
                await client.close()
                assert (refused.value.why, refused.value.host, refused.value.port) == (
                    "nearer", "127.0.0.1", inside)
                assert reason_text(refused.value, messages("en")) == (
                    f"The relay sent you to 127.0.0.1 port {inside}, nearer your own computer"
                    " than the relay you chose: not moving there.")

    asyncio.run(main())
    assert reached == []


@pytest.mark.parametrize(("address", "reach"), [
    ("127.0.0.1", Reach.LOOPBACK), ("127.8.9.1", Reach.LOOPBACK), ("::1", Reach.LOOPBACK),
    ("0.0.0.0", Reach.LOOPBACK), ("::", Reach.LOOPBACK), ("::ffff:127.0.0.1", Reach.LOOPBACK),
    ("10.1.2.3", Reach.PRIVATE), ("172.16.0.1", Reach.PRIVATE), ("192.168.1.1", Reach.PRIVATE),
    ("100.64.0.1", Reach.PRIVATE), ("169.254.169.254", Reach.PRIVATE),
    ("fe80::1%eth0", Reach.PRIVATE), ("fd00::2", Reach.PRIVATE), ("224.0.0.1", Reach.PRIVATE),
    ("::ffff:192.168.1.1", Reach.PRIVATE),
    ("8.8.8.8", Reach.PUBLIC), ("2606:4700::1111", Reach.PUBLIC),
    ("::ffff:8.8.8.8", Reach.PUBLIC),
])
def test_an_address_is_this_machine_a_private_network_or_the_internet(address: str,
                                                                       reach: Reach) -> None:
    assert reach_of(address) is reach
