"""``audiospoons serve --web``: the relay knows each browser's player by the address of their
own browser, over real sockets. The browsers connect from addresses of their own on the loopback
network (Linux gives all of 127.0.0.0/8 to it): 127.0.N.x is one address group for the relay,
127.0.M.x another."""

from __future__ import annotations

import asyncio
import contextlib
import json
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from test_online_pty import environment, free_port, wait_for_relay
from test_web import LINE_WAIT, Page
from websockets.asyncio.client import ClientConnection, connect
from websockets.typing import Origin

from audiospoons.net.client import Login, RelayClient, RelayError
from audiospoons.net.protocol import PROTOCOL_VERSION

BROWSERS = 17
"""One more than the connections a relay lets one address hold by default."""


@contextmanager
def relay_with_page(tmp_path: Path, *args: str, log: list[str] | None = None
                    ) -> Iterator[tuple[int, str]]:
    """``serve --web``: the relay's port and the page's address, stopped by its pid (what it
    logged after the page's address then added to ``log``). It keeps no accounts unless
    ``args`` give it a ``--data`` folder."""
    port = free_port()
    accounts = () if "--data" in args else ("--no-accounts",)
    relay = subprocess.Popen([sys.executable, "-m", "audiospoons", "serve", "--port", str(port),
                              "--web", "0", *accounts, *args],
                             env=environment(tmp_path, "relay"), stderr=subprocess.PIPE,
                             text=True)
    try:
        assert relay.stderr is not None
        page_address = None
        deadline = time.monotonic() + LINE_WAIT
        while page_address is None and time.monotonic() < deadline:
            line = relay.stderr.readline()
            if "the page to play in a browser is at " in line:
                page_address = line.rsplit(" at ", 1)[1].strip()
        assert page_address is not None
        wait_for_relay(port)
        yield port, page_address
    finally:
        relay.send_signal(signal.SIGTERM)
        _, logged = relay.communicate(timeout=10)
        if log is not None:
            log.append(logged)


async def browser(page_address: str, source: str, headers: dict[str, str] | None = None
                  ) -> tuple[ClientConnection, Page]:
    """A browser's session, its socket bound to ``source``."""
    socket = await connect(page_address.replace("http://", "ws://") + "play",
                           local_addr=(source, 0), additional_headers=headers,
                           origin=Origin(page_address.rstrip("/")))
    await socket.send(json.dumps({"type": "hello", "languages": ["en-GB"],
                                  "settings": {"first_run": False, "rate": 450}}))
    return socket, Page(socket)


async def play_online(page: Page, port: int, name: str) -> str:
    """Through the menus to the relay the page offers, as ``name``: the line that says how it
    went."""
    await page.hear("Main menu. Play, 1 of 8")
    await page.press("down", "enter")
    await page.hear(f"Relay address, edit text, selected: 127.0.0.1:{port}")
    await page.press("enter")
    await page.hear("Your name, edit text")
    await page.press(*name, "enter")
    await page.hear(f"Password for {name}, edit text, blank")
    await page.press("enter")
    deadline = time.monotonic() + LINE_WAIT
    while time.monotonic() < deadline:
        for line in page.said:
            if line.startswith(("Connected to", "Cannot reach")):
                return line
        await page.take(await asyncio.wait_for(page.socket.recv(), LINE_WAIT))
    raise AssertionError(f"{name} heard neither; heard {page.said}")


def connected(name: str) -> str:
    return f"Connected to 127.0.0.1 as {name}."


TOO_MANY = ("Cannot reach the relay at 127.0.0.1 port {port}: Too many connections from this"
            " address are open to the relay.")


def test_seventeen_browsers_on_seventeen_networks_all_reach_the_relay(tmp_path: Path) -> None:
    """Seventeen browsers, each on a network of its own, are seventeen addresses to the relay,
    not one."""
    with relay_with_page(tmp_path) as (port, page_address):
        async def all_of_them() -> list[str]:
            opened = [await browser(page_address, f"127.0.{number}.2")
                      for number in range(1, BROWSERS + 1)]
            try:
                return list(await asyncio.gather(*(
                    play_online(page, port, f"p{number}")
                    for number, (_, page) in enumerate(opened, 1))))
            finally:
                for socket, _ in opened:
                    await socket.close()

        heard = asyncio.run(all_of_them())
    assert heard == [connected(f"p{number}") for number in range(1, BROWSERS + 1)]


def test_the_cap_on_one_address_counts_browsers_by_their_own_network(tmp_path: Path) -> None:
    """With two connections allowed an address: two browsers on one network get in, the third
    is told there are too many; a browser on another network, and a player at a terminal on
    the page's own machine, still get in."""
    with relay_with_page(tmp_path, "--max-per-address", "2") as (port, page_address):
        async def four_browsers() -> tuple[list[str], str]:
            heard = []
            sockets = []
            try:
                for source, name in (("127.0.1.2", "ann"), ("127.0.1.3", "bob"),
                                     ("127.0.1.4", "cat"), ("127.0.2.2", "dan")):
                    socket, page = await browser(page_address, source)
                    sockets.append(socket)
                    heard.append(await play_online(page, port, name))
                terminal = await RelayClient.connect("127.0.0.1", port, "eve")
                await terminal.close()
            finally:
                for socket in sockets:
                    await socket.close()
            return heard, terminal.name

        heard, terminal = asyncio.run(four_browsers())
    assert heard == [connected("ann"), connected("bob"),
                     TOO_MANY.format(port=port),
                     connected("dan")]
    assert terminal == "eve"


async def answer_pings(client: RelayClient) -> None:
    """Read what the relay sends ``client`` (answering its pings) until the connection ends."""
    with contextlib.suppress(RelayError):
        while True:
            await client.receive()


def test_a_kick_keeps_out_the_kicked_browsers_network_and_no_other(tmp_path: Path) -> None:
    """A host at a terminal sends a browser's player out of the room: another browser on the
    same network is kept out with them, a browser on another network comes in."""
    with relay_with_page(tmp_path) as (port, page_address):
        async def kick() -> tuple[str, str]:
            host = await RelayClient.connect("127.0.0.1", port, "Hana")
            sockets = []
            try:
                host.send("create_room", name="Den", options={})
                await host.expect("room")
                listening = asyncio.create_task(answer_pings(host))
                said = []
                for source, name in (("127.0.1.2", "ann"), ("127.0.1.3", "bob"),
                                     ("127.0.2.2", "cat")):
                    socket, page = await browser(page_address, source)
                    sockets.append(socket)
                    assert await play_online(page, port, name) == connected(name)
                    await page.hear("Lobby: 1 room open. New room, 1 of 4")
                    await page.press("down", "down", "down")
                    await page.hear("Room 1, Den")
                    await page.press("enter")
                    if name == "ann":
                        await page.hear("Room 1, Den: Hana, host; ann.")
                        host.send("kick", name="ann", minutes=5)
                        await page.hear("The host has sent you out of the room for 5 minutes.")
                        continue
                    index = len(page.said)
                    await page.hear(("Room 1, Den" if name == "cat"
                                     else "The host of that room has sent you away"),
                                    after=index)
                    said.append(page.said[-1])
            finally:
                for socket in sockets:
                    await socket.close()
                listening.cancel()
                await host.close()
            return said[0], said[1]

        bob, cat = asyncio.run(kick())
    assert bob == "The host of that room has sent you away from it."
    assert cat.startswith("Room 1, Den: Hana, host; cat"), cat


def test_a_ban_from_the_relay_holds_for_the_banned_browsers_network_and_no_other(
        tmp_path: Path) -> None:
    """A moderator bans a browser's player from the whole relay: another browser on the same
    network is refused, one on another network plays online."""
    data = str(tmp_path / "data")
    with relay_with_page(tmp_path, "--data", data) as (port, _):
        async def register() -> None:
            mia = await RelayClient.connect(
                "127.0.0.1", port, "Mia", login=Login(password="hunter22", register=True))
            await mia.close()

        asyncio.run(register())
    with relay_with_page(tmp_path, "--data", data, "--admin", "Mia") as (port, page_address):
        async def ban() -> tuple[str, str, str]:
            moderator = await RelayClient.connect(
                "127.0.0.1", port, "Mia", login=Login(password="hunter22"))
            listening = asyncio.create_task(answer_pings(moderator))
            sockets = []
            try:
                heard = []
                for source, name in (("127.0.1.2", "ann"), ("127.0.1.3", "bob"),
                                     ("127.0.2.2", "cat")):
                    socket, page = await browser(page_address, source)
                    sockets.append(socket)
                    heard.append(await play_online(page, port, name))
                    if name == "ann":
                        moderator.send("kick", name="ann", scope="relay", minutes=5)
                        await page.hear("banned you from this relay")
            finally:
                for socket in sockets:
                    await socket.close()
                listening.cancel()
                await moderator.close()
            return heard[0], heard[1], heard[2]

        ann, bob, cat = asyncio.run(ban())
    assert ann == connected("ann")
    assert bob.startswith("Cannot reach the relay") and "banned you from this relay" in bob, bob
    assert cat == connected("cat")


async def raw_hello(port: int, source: str, **fields: object) -> dict[str, object]:
    """A connection of its own from ``source`` that says hello with ``fields``: the relay's
    first answer."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port, local_addr=(source, 0))
    try:
        writer.write(json.dumps({"kind": "hello", "version": PROTOCOL_VERSION, **fields}
                                ).encode() + b"\n")
        answer: dict[str, object] = json.loads(await asyncio.wait_for(reader.readline(),
                                                                      LINE_WAIT))
        return answer
    finally:
        writer.close()


def test_no_header_and_no_message_makes_a_connection_count_as_another_address(
        tmp_path: Path) -> None:
    """With one connection allowed an address: a browser that says it is forwarded for
    another network's address is counted at its own, as is a connection to the relay whose
    hello names another address."""
    with relay_with_page(tmp_path, "--max-per-address", "1") as (port, page_address):
        async def claims() -> tuple[list[str], dict[str, object]]:
            sockets = []
            try:
                heard = []
                for source, name, claimed in (("127.0.1.2", "ann", None),
                                              ("127.0.2.2", "bob", "127.0.1.2"),
                                              ("127.0.2.3", "cat", "127.0.3.2")):
                    socket, page = await browser(
                        page_address, source,
                        None if claimed is None else {"X-Forwarded-For": claimed,
                                                      "Forwarded": f"for={claimed}",
                                                      "X-Real-IP": claimed})
                    sockets.append(socket)
                    heard.append(await play_online(page, port, name))
                answer = await raw_hello(port, "127.0.1.9", name="dan", address="127.0.4.2",
                                         forwarded_for="127.0.4.2")
            finally:
                for socket in sockets:
                    await socket.close()
            return heard, answer

        heard, answer = asyncio.run(claims())
    assert heard == [connected("ann"), connected("bob"), TOO_MANY.format(port=port)]
    assert (answer["kind"], answer["code"]) == ("error", "too-many")


def test_a_page_closed_while_playing_online_lets_its_session_go_quietly(tmp_path: Path) -> None:
    """A browser in the relay's lobby closes its page: its session ends, so that its name is
    free again at once, and nothing of it is logged as an error."""
    log: list[str] = []
    with relay_with_page(tmp_path, log=log) as (port, page_address):
        async def close_and_come_back() -> str:
            socket, page = await browser(page_address, "127.0.1.2")
            assert await play_online(page, port, "ann") == connected("ann")
            await socket.close()
            deadline = time.monotonic() + LINE_WAIT
            while True:
                try:
                    again = await RelayClient.connect("127.0.0.1", port, "ann")
                except RelayError:
                    if time.monotonic() > deadline:
                        raise
                    await asyncio.sleep(0.1)
                    continue
                await again.close()
                return again.name

        assert asyncio.run(close_and_come_back()) == "ann"
    assert "Traceback" not in log[0] and "EOFError" not in log[0], log[0]
