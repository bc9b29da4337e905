"""What the web server holds and whom it serves, over real sockets: sessions let go of all they
held when their page goes, are capped in all and per network, and end when idle."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

from tests.test_web import LINE_WAIT, Page, session
from tests.webserver import web_process

FULL = "This game server is full"
TOO_MANY = "Too many games are open from your network"
MENU = "Main menu. Play, 1 of 8"
PLAYED = {"first_run": False}


def wait_until(condition: object, what: str) -> None:
    """Wait (a bounded time) for ``condition()`` to hold."""
    assert callable(condition)
    deadline = time.monotonic() + LINE_WAIT
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
        wait_until(lambda: server.threads() <= 4, "the first sessions' threads ended")
        before = server.threads()
        asyncio.run(open_and_close(server.address, 12))
        wait_until(lambda: server.threads() <= before, "the sessions' threads ended")


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
