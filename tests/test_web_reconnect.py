"""A page that goes and comes back (a reload, a phone waking, a network changing) takes its
session back where it was: over a real WebSocket to a server in this process (so that the held
session's clock can be read), and in a real browser reloaded mid-game."""

from __future__ import annotations

import asyncio
import json
import threading
import time
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from typing import Any

import test_web_browser
from fakes import Lines
from playwright.sync_api import Browser
from test_web import Page
from test_web_browser import CAPTURE, KEPT, hear, open_page
from websockets.asyncio.client import ClientConnection, connect
from websockets.asyncio.server import serve
from websockets.frames import CloseCode
from websockets.typing import Origin

from audiospoons.voice.announcer import Utterance
from audiospoons.voice.speaker import Speaker
from audiospoons.web.admission import Admission
from audiospoons.web.held import HeldSessions, WebSession
from audiospoons.web.server import MESSAGE_LIMIT, WebServer
from audiospoons.web.sessionclock import SessionClock
from audiospoons.web.terminal import WebKeys

STATE_WAIT = 15.0
address, browser = test_web_browser.address, test_web_browser.browser
"""The page served by ``audiospoons web``, and the browser, as the page's own tests have them."""
IN_GAME = {"first_run": False, "players": 3}


class ResumingPage(Page):
    """The page's side, keeping the resume token the server gives it."""

    def __init__(self, socket: ClientConnection) -> None:
        super().__init__(socket)
        self.token: str | None = None
        self.kinds: list[str] = []
        """The type of every message taken, in order."""

    async def take(self, raw: str | bytes) -> None:
        message = json.loads(raw)
        self.kinds.append(message["type"])
        if message["type"] == "resume":
            self.token = message["token"]
        await super().take(raw)


@asynccontextmanager
async def web_server(hold: float, max_sessions: int = 10) -> AsyncIterator[tuple[WebServer,
                                                                                  str]]:
    """A web server in this loop, its sessions held ``hold`` seconds."""
    web = WebServer(Admission(100, max_sessions), held=HeldSessions(hold), loopback=True)
    async with serve(web.play, "127.0.0.1", 0, process_request=web.process_request,
                     max_size=MESSAGE_LIMIT, create_connection=web.connection_kind()) as server:
        port = next(iter(server.sockets)).getsockname()[1]
        yield web, f"http://127.0.0.1:{port}/"


async def open_session(address: str, settings: dict[str, Any] | None = None,
                       resume: object = None) -> ResumingPage:
    socket = await connect(address.replace("http://", "ws://") + "play",
                           origin=Origin(address.rstrip("/")))
    hello: dict[str, Any] = {"type": "hello", "languages": ["en-GB"], "settings": settings}
    if resume is not None:
        hello["resume"] = resume
    await socket.send(json.dumps(hello))
    return ResumingPage(socket)


async def go_away(page: Page) -> None:
    """Close the socket as a browser's page does when it is reloaded or closed."""
    await page.socket.close(CloseCode.GOING_AWAY)


async def until(condition: Callable[[], bool]) -> None:
    deadline = time.monotonic() + STATE_WAIT
    while not condition():
        assert time.monotonic() < deadline
        await asyncio.sleep(0.01)


def only_session(web: WebServer) -> WebSession:
    sessions = set(web.held.by_token.values())
    assert len(sessions) == 1
    return sessions.pop()


async def away_mid_game(web: WebServer, url: str) -> tuple[WebSession, str | None]:
    """A page that starts a game and goes away once it is dealt: its session, held, and the
    page's token."""
    page = await open_session(url, IN_GAME)
    await page.hear("Main menu. Play, 1 of 8")
    await page.press("enter")
    await page.hear("Your cards:")
    held, token = only_session(web), page.token
    await go_away(page)
    await until(lambda: held.socket is None)
    return held, token


def test_a_page_that_comes_back_finds_its_game_where_it_stood() -> None:
    """While the page is away the game's clock stands still; the page that comes back with the
    token is told it is back, and its keys play on in the same game."""
    gap = 0.5

    async def play() -> None:
        async with web_server(hold=30) as (web, url):
            held, token = await away_mid_game(web, url)
            assert token is not None and len(token) >= 32
            assert held.clock.stopped
            stood, closed_at = held.clock(), time.monotonic()
            await asyncio.sleep(gap)
            assert held.clock() == stood
            back = await open_session(url, None, resume=token)
            heard = await back.hear("Back in your game.")
            assert not held.clock.stopped
            assert (time.monotonic() - closed_at) - (held.clock() - stood) >= gap
            await back.press("h")
            await back.hear("Your hand:", after=heard)
            assert back.token not in (None, token)
            assert only_session(web) is held
            assert web.admission.sessions.total() == 1
            await back.socket.close()

    asyncio.run(play())


def test_a_page_that_comes_back_is_given_the_keys_to_touch_and_the_table_as_they_stand(
        ) -> None:
    """The session sends its keys to touch and its table only when they change: a page that
    comes back is given them with its settings, before it is told it is back."""

    async def play() -> None:
        async with web_server(hold=30) as (web, url):
            _, token = await away_mid_game(web, url)
            back = await open_session(url, None, resume=token)
            await back.hear("Back in your game.")
            told = back.kinds[:back.kinds.index("say")]
            assert "controls" in told and "table" in told
            await back.socket.close()

    asyncio.run(play())


def test_a_page_that_comes_back_hears_the_last_lines_it_missed_in_brief() -> None:
    """What was said while the page was away (a game online goes on) is not all said again:
    the last three lines, after the word that the player is back; the cues are past."""

    async def play() -> None:
        async with web_server(hold=30) as (web, url):
            page = await open_session(url, IN_GAME)
            await page.hear("Main menu. Play, 1 of 8")
            held = only_session(web)
            await go_away(page)
            await until(lambda: held.socket is None)
            for number in range(1, 6):
                held.outbox.send({"type": "say", "text": f"Line {number}.", "urgent": False})
                held.outbox.send({"type": "cue", "seq": number, "name": "card-out",
                                  "pan": 0.0, "volume": 1.0})
            back = await open_session(url, None, resume=page.token)
            heard = await back.hear("Line 5.")
            assert back.said[:heard + 1] == ["Back in your game.", "Line 3.", "Line 4.",
                                             "Line 5."]
            assert not back.cues
            await back.socket.close()

    asyncio.run(play())


def test_a_token_unknown_spent_or_too_long_starts_a_new_session() -> None:
    async def play() -> None:
        async with web_server(hold=30) as (_, url):
            first = await open_session(url, IN_GAME)
            await first.hear("Main menu")
            spent = first.token
            await go_away(first)
            back = await open_session(url, IN_GAME, resume=spent)
            await back.hear("Back in your game.")
            for token in (spent, "not a token", "x" * 10_000, 42):
                fresh = await open_session(url, IN_GAME, resume=token)
                await fresh.hear("Main menu. Play, 1 of 8")
                assert not any("Back in" in line for line in fresh.said)
                await fresh.socket.close()
            await back.socket.close()

    asyncio.run(play())


def test_a_second_page_with_the_token_takes_the_session_from_the_first() -> None:
    async def play() -> None:
        async with web_server(hold=30) as (web, url):
            first = await open_session(url, IN_GAME)
            await first.hear("Main menu")
            second = await open_session(url, None, resume=first.token)
            await second.hear("Back in your game.")
            await first.until_closed()
            assert first.ended
            await second.press("down")
            await second.hear("Play online, 2 of 8")
            assert web.admission.sessions.total() == 1
            await second.socket.close()

    asyncio.run(play())


def test_a_session_not_taken_back_in_time_ends_and_frees_its_place() -> None:
    """The held session counts against the server's limit while it waits; once the hold is
    over it ends, its place is free, and its token starts a new session."""

    async def play() -> None:
        async with web_server(hold=3, max_sessions=1) as (web, url):
            gone = await open_session(url, IN_GAME)
            await gone.hear("Main menu")
            held = only_session(web)
            await go_away(gone)
            await until(lambda: held.socket is None)
            refused = await open_session(url, IN_GAME)
            await refused.hear("This game server is full.")
            await until(lambda: held.ended and web.admission.sessions.total() == 0)
            assert not held.thread.is_alive()
            late = await open_session(url, IN_GAME, resume=gone.token)
            await late.hear("Main menu. Play, 1 of 8")
            assert not any("Back in" in line for line in late.said)
            await late.socket.close()

    asyncio.run(play())


def test_a_reloaded_page_is_back_in_its_game_and_plays_on(browser: Browser, address: str
                                                         ) -> None:
    page = open_page(browser, address, CAPTURE, KEPT % '{"first_run": false, "players": 3}')
    start = hear(page, "Main menu. Play, 1 of 8")
    page.keyboard.press("Enter")
    hear(page, "Your cards:", start)
    page.reload()
    back = hear(page, "Back in your game.")
    assert not any("Main menu" in str(line["text"]) for line in
                   page.evaluate("window.__heard")[:back])
    page.keyboard.press("h")
    hear(page, "Your hand:", back + 1)
    page.close()


class FakeTime:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_a_game_waiting_on_the_keys_waits_on_while_its_clock_stands_still() -> None:
    """A read of the keys that was to end at a moment of the game's time does not end while
    that time stands still (the page away), however long, and ends once it has run on to that
    moment; a page that never comes back ends the read."""
    real = FakeTime()
    clock = SessionClock(real)
    keys = WebKeys(clock, stopped=lambda: clock.stopped)
    results: list[object] = []

    def read() -> None:
        try:
            results.append(keys.read(0.05))
        except EOFError as error:
            results.append(error)

    with clock.game():
        clock.stop()
        reader = threading.Thread(target=read)
        reader.start()
        reader.join(0.5)
        assert reader.is_alive() and not results
        real.now += 1000
        clock.restart()
        real.now += 1
        reader.join(STATE_WAIT)
        assert results == [[]]
        clock.stop()
        reader = threading.Thread(target=read)
        reader.start()
        keys.close()
        reader.join(STATE_WAIT)
        assert isinstance(results[-1], EOFError)
    keys.release()


class PacedLines(Lines):
    paced = True


class CountedTime(FakeTime):
    """A clock that stands still, counting how often it is read."""

    def __init__(self) -> None:
        super().__init__()
        self.reads = 0

    def __call__(self) -> float:
        self.reads += 1
        return self.now


def test_the_speaker_waits_quietly_on_a_clock_standing_a_hair_before_its_next_line() -> None:
    """The page away, the session's clock may stop a hair before the next line is due: the
    speaker's thread then waits for the clock to run on, without spinning meanwhile."""
    clock = CountedTime()
    output = PacedLines()
    speaker = Speaker(output, clock=clock)
    speaker.say(Utterance("You drew the queen of spades."))
    speaker.say(Utterance("Bot 1 passed a card."))
    with speaker._turn:
        due = speaker.queue.next_at(clock.now)
        assert due is not None
        clock.now = due - 1e-9
        speaker._turn.notify_all()
    time.sleep(0.2)
    before = clock.reads
    time.sleep(0.5)
    assert clock.reads - before < 500, "the speaker's thread spun on a clock standing still"
    said = len(output.spoken)
    clock.now = due
    deadline = time.monotonic() + STATE_WAIT
    while len(output.spoken) == said:
        assert time.monotonic() < deadline, "the clock ran on and the line never came"
        time.sleep(0.01)
    speaker.close()
