"""``audiospoons web`` over real sockets: the page's files by HTTP, and a session over the
WebSocket driven by keys alone, as the page drives it."""

from __future__ import annotations

import asyncio
import json
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from test_online_pty import environment, free_port, join, wait_for_relay
from webserver import web_server
from websockets.asyncio.client import ClientConnection, connect
from websockets.typing import Origin

from audiospoons.sound.assets import sound_path
from audiospoons.web.files import PAGE_FILES

LINE_WAIT = 15.0


@pytest.fixture(scope="module")
def address(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with web_server(tmp_path_factory.mktemp("web")) as url:
        yield url


def fetch(url: str) -> tuple[int, str, bytes]:
    try:
        with urllib.request.urlopen(url, timeout=10) as response:
            return response.status, response.headers["Content-Type"], response.read()
    except urllib.error.HTTPError as error:
        return error.code, "", b""


def test_the_page_and_the_cue_sounds_are_served_and_nothing_else(address: str) -> None:
    status, kind, body = fetch(address)
    assert (status, kind) == (200, "text/html; charset=utf-8")
    assert b'role="application"' in body and b'aria-live="assertive"' in body
    assert fetch(address + "app.js")[:2] == (200, "text/javascript; charset=utf-8")
    status, kind, body = fetch(address + "sounds/spoon.wav")
    assert (status, kind, body) == (200, "audio/wav", sound_path("spoon").read_bytes())
    for path in ("sounds/nothing.wav", "page/index.html", "../pyproject.toml", "app.jsx",
                 "sounds/%2e%2e/spoon.wav"):
        assert fetch(address + path)[0] == 404, path


class Page:
    """The page's side of the socket: it says hello, presses keys and hears what comes."""

    def __init__(self, socket: ClientConnection) -> None:
        self.socket = socket
        self.said: list[str] = []
        self.cues: list[dict[str, Any]] = []
        self.settings: list[dict[str, Any]] = []
        self.ended = False

    async def press(self, *labels: str) -> None:
        for label in labels:
            await self.socket.send(json.dumps({"type": "key", "label": label}))

    async def hear(self, wanted: str | tuple[str, ...], *, after: int = 0) -> int:
        """Wait for a line containing ``wanted`` (or any of them), among those from index
        ``after``; its index."""
        deadline = time.monotonic() + LINE_WAIT
        choices = (wanted,) if isinstance(wanted, str) else wanted
        while True:
            for index, line in enumerate(self.said[after:], after):
                if any(choice in line for choice in choices):
                    return index
            left = deadline - time.monotonic()
            try:
                if left <= 0:
                    raise TimeoutError
                await self.take(await asyncio.wait_for(self.socket.recv(), left))
            except TimeoutError:
                raise AssertionError(f"never heard {wanted!r}; heard {self.said[after:]}"
                                     ) from None

    async def take(self, raw: str | bytes) -> None:
        message = json.loads(raw)
        if message["type"] == "say":
            self.said.append(message["text"])
        elif message["type"] == "cue":
            self.cues.append(message)
        elif message["type"] == "settings":
            self.settings.append(message["settings"])
        elif message["type"] == "end":
            self.ended = True

    async def until_closed(self) -> None:
        async for raw in self.socket:
            await self.take(raw)


async def session(address: str, settings: dict[str, Any] | None,
                  languages: list[str] | None = None, **options: Any
                  ) -> tuple[ClientConnection, Page]:
    """A session as the page served at ``address`` opens one (``options`` for ``connect``)."""
    socket = await connect(address.replace("http://", "ws://") + "play",
                           origin=Origin(address.rstrip("/")), **options)
    await socket.send(json.dumps({"type": "hello", "languages": languages or ["en-GB"],
                                  "settings": settings}))
    return socket, Page(socket)


def test_a_browser_walks_the_menus_plays_a_game_against_bots_and_quits(address: str) -> None:
    async def play() -> Page:
        socket, page = await session(address, {"first_run": False, "players": 3})
        async with socket:
            await page.hear("Main menu. Play, 1 of 8")
            await page.press("down")
            await page.hear("Play online, 2 of 8")
            await page.press("up", "enter")
            start = await page.hear("Your cards:")
            assert any(cue["name"] == "deal" for cue in page.cues)
            await page.press("h")
            await page.hear("Your hand:", after=start + 1)
            await page.press("escape")
            paused = await page.hear("Paused.")
            await page.press("q")
            await page.hear("Quit this game?", after=paused)
            await page.press("y")
            back = await page.hear("Main menu", after=paused)
            await page.press("escape")
            await page.hear("Quit audiospoons?", after=back)
            await page.press("enter")
            await asyncio.wait_for(page.until_closed(), LINE_WAIT)
        return page

    page = asyncio.run(play())
    assert page.ended


def test_the_settings_a_browser_changes_come_back_for_it_to_keep(address: str) -> None:
    async def play() -> Page:
        socket, page = await session(address, {"first_run": False})
        async with socket:
            await page.hear("Main menu. Play, 1 of 8")
            await page.press("s")
            await page.hear("Settings")
            await page.press("enter")
            opened = await page.hear("Settings.")
            await page.press("down", "right")
            await page.hear("words per minute", after=opened + 1)
            deadline = time.monotonic() + LINE_WAIT
            while not page.settings and time.monotonic() < deadline:
                await page.take(await asyncio.wait_for(socket.recv(), LINE_WAIT))
        return page

    page = asyncio.run(play())
    assert page.settings and page.settings[-1]["rate"] != 175
    assert page.settings[-1]["first_run"] is False


def test_what_the_page_cannot_mean_is_left_out_and_the_session_goes_on(address: str) -> None:
    async def play() -> Page:
        socket, page = await session(address, {"first_run": False})
        async with socket:
            await page.hear("Main menu. Play, 1 of 8")
            for junk in ("not json", "[1, 2]", json.dumps({"type": "key", "label": "hyper+q"}),
                         json.dumps({"type": "key", "label": 7}),
                         json.dumps({"type": "key", "label": "x" * 500}),
                         json.dumps({"type": "settings", "settings": {}})):
                await socket.send(junk)
            await page.press("down")
            await page.hear("Play online, 2 of 8")
        return page

    page = asyncio.run(play())
    assert page.said == ["Main menu. Play, 1 of 8", "Play online, 2 of 8"]


def test_unreadable_kept_settings_are_said_and_the_defaults_play(address: str) -> None:
    async def play() -> Page:
        socket, page = await session(address, {"rate": "fast", "first_run": False},
                                     languages=["es-ES", "en"])
        async with socket:
            await page.hear("bienvenida")
        return page

    page = asyncio.run(play())
    assert page.said[0] == ("No se han podido leer los ajustes que guardaba este navegador: se"
                            " usan los ajustes predeterminados.")
    assert page.said[1].startswith("Te damos la bienvenida a audiospoons.")


def test_a_connection_that_never_says_hello_is_closed(address: str) -> None:
    async def wait() -> bool:
        socket = await connect(address.replace("http://", "ws://") + "play",
                               origin=Origin(address.rstrip("/")))
        async with socket:
            await socket.send(json.dumps({"type": "key", "label": "enter"}))
            try:
                await asyncio.wait_for(socket.recv(), LINE_WAIT)
            except Exception:
                return True
        return False

    assert asyncio.run(wait())


def test_the_page_is_small(address: str) -> None:
    total = sum(len(fetch(address + path.lstrip("/"))[2]) for path in PAGE_FILES)
    assert total < 200 * 1024


def test_the_page_can_be_added_to_a_home_screen(address: str) -> None:
    status, kind, body = fetch(address + "manifest.webmanifest")
    assert (status, kind) == (200, "application/manifest+json")
    manifest = json.loads(body)
    assert manifest["start_url"] == "/" and manifest["display"] == "standalone"
    for icon in manifest["icons"]:
        status, kind, body = fetch(address + icon["src"].lstrip("/"))
        assert (status, kind) == (200, icon["type"]) and body.startswith(b"<svg")


def test_a_browser_and_a_terminal_play_one_game_at_a_relay(address: str,
                                                           tmp_path: Path) -> None:
    """The browser's player types the relay's address and a name, opens a room; a player at a
    terminal joins it; the browser starts the game and both hear it begin, each as their own
    seat. The relay cannot tell the browser's seat from the terminal's."""
    port = free_port()
    relay = subprocess.Popen([sys.executable, "-m", "audiospoons", "serve", "--port", str(port)],
                             env=environment(tmp_path, "relay"), stderr=subprocess.PIPE,
                             text=True)
    bob = None
    try:
        wait_for_relay(port)

        async def play() -> Page:
            nonlocal bob
            socket, page = await session(address, {"first_run": False})
            async with socket:
                await page.hear("Main menu. Play, 1 of 8")
                await page.press("down", "enter")
                await page.hear("Relay address, edit text")
                await page.press(*f"127.0.0.1:{port}", "enter")
                await page.hear("Your name, edit text")
                await page.press("shift+a", "n", "n", "enter")
                await page.hear("Password for Ann, edit text, blank")
                await page.press("enter")
                await page.hear("Connected to 127.0.0.1 as Ann.")
                await page.hear("Lobby: no rooms open. New room")
                await page.press("enter")
                await page.hear("Room 1, Ann's room: Ann, host.")
                bob = join(tmp_path, port, "Bob", "--room", "1")
                bob.expect_exact("Room 1, Ann's room: Ann, host; Bob.")
                bob.send("\r")
                bob.expect_exact("You are ready.")
                await page.hear("Ann, host; Bob, ready.")
                await page.press("enter")
                await page.hear("Spoons: you against Bob.")
                bob.expect_exact("Spoons: you against Ann.")
                await page.hear("Your cards:")
                bob.expect_exact("Your cards:")
                await page.press("escape")
                await page.hear("Games online do not pause.")
                await page.press("escape")
                await page.hear("You left the room.")
                await page.hear("Lobby: 1 room open.")
            return page

        page = asyncio.run(play())
        assert not any("cannot" in line for line in page.said)
    finally:
        if bob is not None:
            bob.close(force=True)
        relay.send_signal(signal.SIGTERM)
        relay.communicate(timeout=10)


def test_a_relay_serves_the_page_beside_it_and_play_online_offers_it_alone(
        tmp_path: Path) -> None:
    port = free_port()
    relay = subprocess.Popen([sys.executable, "-m", "audiospoons", "serve", "--port", str(port),
                              "--web", "0"], env=environment(tmp_path, "relay"),
                             stderr=subprocess.PIPE, text=True)
    try:
        assert relay.stderr is not None
        page_address = None
        deadline = time.monotonic() + LINE_WAIT
        while page_address is None and time.monotonic() < deadline:
            line = relay.stderr.readline()
            if "the page to play in a browser is at " in line:
                page_address = line.rsplit(" at ", 1)[1].strip()
        assert page_address is not None and page_address.startswith("http://127.0.0.1:")
        assert fetch(page_address)[0] == 200

        async def play() -> Page:
            socket, page = await session(page_address, {"first_run": False})
            async with socket:
                await page.hear("Main menu. Play, 1 of 8")
                await page.press("down", "enter")
                await page.hear(f"Relay address, edit text, selected: 127.0.0.1:{port}")
                await page.press(*f"127.0.0.1:{port + 1}", "enter")
                await page.hear(f"This page plays online only at 127.0.0.1:{port}.")
                await page.press(*f"127.0.0.1:{port}", "enter")
                await page.hear("Your name, edit text")
                await page.press("b", "o", "b", "enter")
                await page.hear("Password for bob, edit text, blank")
                await page.press("enter")
                await page.hear("Connected to 127.0.0.1 as bob.")
            return page

        asyncio.run(play())
    finally:
        relay.send_signal(signal.SIGTERM)
        relay.communicate(timeout=10)
    assert relay.returncode == 0
