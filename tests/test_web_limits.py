"""What the web server holds and whom it serves, over real sockets: sessions let go of all they
held when their page goes, are capped in all and per network, end when idle, are given to the
page's own origin alone, and reach only the relays the server allows."""

from __future__ import annotations

import asyncio
import json
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest
from test_online_pty import environment, free_port, wait_for_relay
from test_web import LINE_WAIT, Page, session
from webserver import web_process
from websockets.asyncio.client import connect
from websockets.exceptions import InvalidStatus
from websockets.typing import Origin

FULL = "This game server is full"
TOO_MANY = "Too many games are open from your network"
MENU = "Main menu. Play, 1 of 8"
PLAYED = {"first_run": False}


THREADS_WAIT = 60.0
"""Seconds a busy machine may take to end a dozen sessions' threads."""


def wait_until(condition: object, what: str, seconds: float = LINE_WAIT) -> None:
    """Wait (at most ``seconds``) for ``condition()`` to hold."""
    assert callable(condition)
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"never: {what}")
        time.sleep(0.05)


def test_a_closed_page_leaves_no_thread_behind(tmp_path: Path) -> None:
    async def open_and_close(address: str, count: int) -> None:
        for _ in range(count):
            socket_, page = await session(address, PLAYED)
            async with socket_:
                await page.hear(MENU)

    with web_process(tmp_path) as server:
        asyncio.run(open_and_close(server.address, 2))
        wait_until(lambda: server.threads() <= 4, "the first sessions' threads ended",
                   THREADS_WAIT)
        before = server.threads()
        asyncio.run(open_and_close(server.address, 12))
        wait_until(lambda: server.threads() <= before, "the sessions' threads ended",
                   THREADS_WAIT)


def test_one_network_gets_eight_sessions_and_the_ninth_hears_why_not(tmp_path: Path) -> None:
    async def crowd(address: str) -> Page:
        sockets = []
        for _ in range(8):
            socket_, page = await session(address, PLAYED)
            sockets.append(socket_)
            await page.hear(MENU)
        refused_socket, refused = await session(address, PLAYED)
        await refused.hear(TOO_MANY)
        await asyncio.wait_for(refused.until_closed(), LINE_WAIT)
        other_socket, other = await session(address, PLAYED, local_addr=("127.0.5.1", 0))
        await other.hear(MENU)
        for each in (*sockets, refused_socket, other_socket):
            await each.close()
        return refused

    with web_process(tmp_path) as server:
        refused = asyncio.run(crowd(server.address))
    assert refused.ended and MENU not in refused.said
    assert refused.said == ["Too many games are open from your network on this server: close"
                            " one of them, then reload the page."]


def test_a_server_low_on_descriptors_refuses_in_words_and_keeps_serving(
        tmp_path: Path) -> None:
    """With 160 descriptors, sessions from networks of their own are taken until the server
    says it is full; it has not run out, logs next to nothing, and takes a session again once
    one has gone."""

    async def flood(address: str) -> int:
        sockets = []
        for number in range(1, 61):
            socket_, page = await session(address, PLAYED,
                                          local_addr=(f"127.0.{number}.1", 0))
            sockets.append(socket_)
            if FULL in page.said[await page.hear((MENU, FULL))]:
                break
        else:
            raise AssertionError("60 sessions and no word that the server is full")
        await sockets.pop(0).close()
        taken = len(sockets)
        socket_, again = await session(address, PLAYED, local_addr=("127.0.200.1", 0))
        wait = time.monotonic() + LINE_WAIT
        while True:
            if MENU in again.said[await again.hear((MENU, FULL))]:
                break
            if time.monotonic() > wait:
                raise AssertionError("no session again once one had gone")
            socket_, again = await session(address, PLAYED, local_addr=("127.0.200.1", 0))
        for each in (*sockets, socket_):
            await each.close()
        return taken

    with web_process(tmp_path, fd_limit=160) as server:
        taken = asyncio.run(flood(server.address))
        log = server.stderr.read_text()
    assert 10 <= taken <= 30
    assert "out of system resource" not in log and len(log) < 4096, log[-2000:]


def test_a_session_idle_in_the_menus_is_ended_with_a_word(tmp_path: Path) -> None:
    async def idle(address: str) -> Page:
        socket_, page = await session(address, PLAYED)
        async with socket_:
            await page.hear(MENU)
            await page.hear("No key was pressed")
            await asyncio.wait_for(page.until_closed(), LINE_WAIT)
        return page

    with web_process(tmp_path, "--idle-limit", "1") as server:
        page = asyncio.run(idle(server.address))
    assert page.ended
    assert page.said[-1] == ("No key was pressed for a long while, so the game has closed."
                             " Reload the page to play again.")


@pytest.mark.parametrize("origin", ["http://evil.example", "null", None])
def test_a_page_of_another_site_gets_no_session(tmp_path: Path, origin: str | None) -> None:
    async def attempt(address: str) -> int:
        try:
            async with connect(address.replace("http://", "ws://") + "play",
                               origin=None if origin is None else Origin(origin)) as socket_:
                await socket_.send(json.dumps({"type": "hello", "settings": PLAYED}))
                await socket_.recv()
        except InvalidStatus as refused:
            return refused.response.status_code
        return 101

    with web_process(tmp_path) as server:
        assert asyncio.run(attempt(server.address)) == 403


def upgrade_status(port: int, host: str, origin: str) -> bytes:
    """The status line the server answers a WebSocket upgrade asking for ``host`` with."""
    with socket.create_connection(("127.0.0.1", port), timeout=LINE_WAIT) as raw:
        raw.sendall(f"GET /play HTTP/1.1\r\nHost: {host}\r\nOrigin: {origin}\r\n"
                    "Upgrade: websocket\r\nConnection: Upgrade\r\n"
                    "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
                    "Sec-WebSocket-Version: 13\r\n\r\n".encode())
        return raw.recv(4096).split(b"\r\n", 1)[0]


def test_a_site_that_points_its_name_at_this_machine_gets_no_session(tmp_path: Path) -> None:
    """DNS rebinding: evil.example made to resolve to 127.0.0.1, its page asking for itself.
    A name the server was told to allow is let in."""
    with web_process(tmp_path, "--allow-origin", "http://spoons.example:8080") as server:
        port = int(server.address.rsplit(":", 1)[1].strip("/"))
        assert upgrade_status(port, f"evil.example:{port}",
                              f"http://evil.example:{port}") == b"HTTP/1.1 403 Forbidden"
        assert upgrade_status(port, f"localhost:{port}", f"http://localhost:{port}"
                              ) == b"HTTP/1.1 101 Switching Protocols"
        assert upgrade_status(port, "spoons.example:8080", "http://spoons.example:8080"
                              ) == b"HTTP/1.1 101 Switching Protocols"


def test_play_online_reaches_only_the_relays_the_server_allows(tmp_path: Path) -> None:
    """Addresses not allowed are refused before any connection, in the same words whether
    nothing answers there or something does; the allowed relay is offered and reached."""
    relay_port, closed_port = free_port(), free_port()
    relay = subprocess.Popen([sys.executable, "-m", "audiospoons", "serve", "--port",
                              str(relay_port)], env=environment(tmp_path, "relay"),
                             stderr=subprocess.DEVNULL)
    listener = socket.create_server(("127.0.0.1", 0))
    listener.setblocking(False)
    open_port = listener.getsockname()[1]
    refusal = f"This page plays online only at 127.0.0.1:{relay_port}."

    async def scan(address: str) -> Page:
        socket_, page = await session(address, PLAYED)
        async with socket_:
            await page.hear(MENU)
            await page.press("down", "enter")
            await page.hear(f"Relay address, edit text, selected: 127.0.0.1:{relay_port}")
            heard = 0
            for port in (closed_port, open_port, 22):
                await page.press(*f"127.0.0.1:{port}", "enter")
                heard = await page.hear(refusal, after=heard) + 1
            await page.press(*f"localhost:{relay_port}", "enter")
            heard = await page.hear(refusal, after=heard) + 1
            await page.press(*f"127.0.0.1:{relay_port}", "enter")
            await page.hear("Your name, edit text")
            await page.press("b", "o", "b", "enter")
            await page.hear("Password for bob, edit text, blank")
            await page.press("enter")
            await page.hear("Connected to 127.0.0.1 as bob.")
        return page

    try:
        wait_for_relay(relay_port)
        with web_process(tmp_path, "--relays", f"127.0.0.1:{relay_port}") as server:
            page = asyncio.run(scan(server.address))
        with pytest.raises(BlockingIOError):
            listener.accept()
    finally:
        listener.close()
        relay.terminate()
        relay.wait(10)
    assert not any("answers" in line or "closed the connection" in line for line in page.said)


def test_a_game_paused_and_left_is_ended_as_the_menus_are(tmp_path: Path) -> None:
    async def pause_and_leave(address: str) -> Page:
        socket_, page = await session(address, {"first_run": False, "players": 3})
        async with socket_:
            await page.hear(MENU)
            await page.press("enter")
            dealt = await page.hear("Your cards:")
            await page.press("escape")
            paused = await page.hear("Paused.", after=dealt)
            await page.hear("No key was pressed", after=paused)
            await asyncio.wait_for(page.until_closed(), LINE_WAIT)
        return page

    with web_process(tmp_path, "--idle-limit", "3") as server:
        assert asyncio.run(pause_and_leave(server.address)).ended
