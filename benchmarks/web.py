"""The game in a browser, measured: the page's size and load time, a key in the page to its line
given to the screen reader and to its cue starting (Debian's chromium, headless, through
Playwright), a key to its line inside the session (from the key reaching the session to its
line leaving it), the WebSocket round trip from a key to the line it brings, and the bytes of a
whole game played by ear (taking, passing on and grabbing as the lines heard say).

It starts ``audiospoons web`` on a free loopback port, as a player would, and stops it at the
end. Prints figures; the goals (the page under 200 KB and interactive in under 1 s, a key's line
out of the session within 5 ms) are printed beside them, never enforced. Run it from the project
folder, in the virtual environment::

    python benchmarks/web.py [--presses 200]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import queue
import selectors
import shutil
import signal
import statistics
import subprocess
import sys
import threading
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from playwright.sync_api import sync_playwright
from websockets.asyncio.client import connect
from websockets.typing import Origin

from audiospoons.web.files import PAGE_FILES
from audiospoons.web.relays import RelayPolicy
from audiospoons.web.session import run_session
from audiospoons.web.terminal import Message, WebKeys

PAGE_PATHS = tuple(path.lstrip("/") for path in PAGE_FILES)
LINE_WAIT = 10.0
"""Seconds the session has to say a key's line before the measure gives up."""
TIMING = """
window.__keys = []; window.__cues = []; window.__lines = [];
document.addEventListener('keydown', () => window.__keys.push(performance.now()), true);
const start = AudioBufferSourceNode.prototype.start;
AudioBufferSourceNode.prototype.start = function (...args) {
  window.__cues.push(performance.now()); return start.apply(this, args);
};
if (typeof document.ariaNotify === 'function') {
  const notify = document.ariaNotify.bind(document);
  document.ariaNotify = (text, options) => {
    window.__lines.push([performance.now(), text]); return notify(text, options);
  };
}
"""
KEPT = ("localStorage.setItem('audiospoons.settings', JSON.stringify({first_run: false,"
        " players: 3, bots: 'expert', verbosity: 'full', options: {round_pause: '0.5'}}));")
GAME = {"first_run": False, "players": 3, "bots": "easy", "verbosity": "full",
        "options": {"round_pause": "0.5"}}
"""A game a player by ear keeps up with: the easy bots, every move said."""


@contextmanager
def web_server() -> Iterator[str]:
    env = {**os.environ, "PYGAME_HIDE_SUPPORT_PROMPT": "1", "SDL_AUDIODRIVER": "dummy"}
    process = subprocess.Popen([sys.executable, "-m", "audiospoons", "web", "--port", "0"],
                               stdout=subprocess.PIPE, text=True, env=env)
    try:
        assert process.stdout is not None
        with selectors.DefaultSelector() as selector:
            selector.register(process.stdout, selectors.EVENT_READ)
            if not selector.select(20):
                raise SystemExit("audiospoons web printed no address")
        yield process.stdout.readline().split("open ", 1)[1].split(" ", 1)[0]
    finally:
        os.kill(process.pid, signal.SIGTERM)
        process.wait(10)


def percentiles(samples: list[float]) -> str:
    ordered = sorted(samples)
    p99 = ordered[min(len(ordered) - 1, round(0.99 * (len(ordered) - 1)))]
    return (f"p50 {statistics.median(ordered):.2f} ms, p99 {p99:.2f} ms,"
            f" worst {ordered[-1]:.2f} ms ({len(ordered)} presses)")


def key_by_ear(text: str) -> str | None:
    """The key a player presses on hearing ``text`` (verbosity full): grab on a set or another's
    grab, pass on the card taken, take a card when the cards come or one has gone. Told that no
    card waits, a player tries again on the next line heard (``play_by_ear``)."""
    grabbed = text.endswith(("grabbed a spoon!", "grabbed spoons!"))
    if text.startswith("You have four") or (grabbed and not text.startswith("You")):
        return "space"
    if text.startswith(("You drew", "You picked up")):
        return "enter"
    if (text.startswith(("You passed", "You discarded", "Your cards:"))
            or text.endswith("passed you a card.")):
        return "up"
    return None


class TimedOutbox:
    """The session's way out, noting when each line and each cue leaves it."""

    def __init__(self) -> None:
        self.lines: queue.Queue[tuple[float, str]] = queue.Queue()
        self.cues: queue.Queue[float] = queue.Queue()

    def send(self, message: Message) -> None:
        if message.get("type") == "say":
            self.lines.put((time.perf_counter(), str(message.get("text"))))
        elif message.get("type") == "cue":
            self.cues.put(time.perf_counter())

    def next_line(self) -> tuple[float, str]:
        return self.lines.get(timeout=LINE_WAIT)

    def next_cue(self) -> float:
        return self.cues.get(timeout=LINE_WAIT)


@dataclass(frozen=True, slots=True)
class Answered:
    """One key in the session: milliseconds to its line leaving it, and to its cue."""

    line_ms: float
    text: str
    cue_ms: float


def key_to_line_in_session(presses: int) -> list[Answered]:
    """A session of the web server's own, in this process: Up and Down in the main menu, each
    timed from the key reaching the session (``WebKeys.push``) to its line and its cue leaving
    it (``Outbox.send``)."""
    keys, outbox = WebKeys(), TimedOutbox()
    hello: dict[str, object] = {"languages": ["en"], "settings": {"first_run": False}}
    session = threading.Thread(target=run_session, args=(hello, keys, outbox),
                               kwargs={"relays": RelayPolicy()}, daemon=True)
    session.start()
    try:
        outbox.next_line()
        samples = []
        for index in range(presses):
            pressed = time.perf_counter()
            keys.push("down" if index % 2 == 0 else "up")
            said, text = outbox.next_line()
            played = outbox.next_cue()
            samples.append(Answered((said - pressed) * 1000, text, (played - pressed) * 1000))
        return samples
    finally:
        keys.close()
        session.join(LINE_WAIT)
        keys.release()


def page_figures(address: str, presses: int) -> None:
    size = sum(len(urllib.request.urlopen(address + path, timeout=10).read())
               for path in PAGE_PATHS)
    print(f"page: {size / 1024:.1f} KB (html, script, style, manifest, icon; goal under 200 KB)")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=shutil.which("chromium"),
                                             headless=True)
        loads, firsts = [], []
        for _ in range(5):
            page = browser.new_page()
            page.add_init_script(TIMING)
            page.add_init_script(KEPT)
            page.goto(address)
            page.wait_for_function("window.__lines.length > 0")
            loads.append(page.evaluate("performance.getEntriesByType('navigation')[0]"
                                       ".domInteractive"))
            firsts.append(page.evaluate("window.__lines[0][0]"))
            page.close()
        print(f"load: interactive after {statistics.median(loads):.0f} ms, first line said after"
              f" {statistics.median(firsts):.0f} ms (median of 5; goal interactive under 1 s)")
        page = browser.new_page()
        page.add_init_script(TIMING)
        page.add_init_script(KEPT)
        page.goto(address)
        page.wait_for_function("window.__lines.length > 0")
        page.keyboard.press("ArrowDown")
        page.wait_for_function("window.__cues.length > 0")
        page.wait_for_timeout(300)
        cues, lines = [], []
        for index in range(presses):
            page.evaluate("window.__keys = []; window.__cues = []; window.__lines = []")
            page.keyboard.press("ArrowDown" if index % 2 else "ArrowUp")
            page.wait_for_function("window.__cues.length > 0 && window.__lines.length > 0")
            cues.append(page.evaluate("window.__cues[0] - window.__keys[0]"))
            lines.append(page.evaluate("window.__lines[0][0] - window.__keys[0]"))
        print(f"key in the page to its line given to the screen reader: {percentiles(lines)}"
              " (the session's share within 5 ms)")
        print(f"key in the page to its cue starting: {percentiles(cues)}"
              " (the session's share within 5 ms)")
        browser.close()


def session_figures(presses: int) -> None:
    timed = key_to_line_in_session(presses)
    print("key reaching the session to its line leaving it:"
          f" {percentiles([key.line_ms for key in timed])} (goal p99 within 5 ms)")
    print("key reaching the session to its cue leaving it:"
          f" {percentiles([key.cue_ms for key in timed])} (goal p99 within 5 ms)")


async def socket_figures(address: str, presses: int) -> None:
    url = address.replace("http://", "ws://") + "play"
    origin = Origin(address.rstrip("/"))
    async with connect(url, origin=origin) as socket:
        await socket.send(json.dumps({"type": "hello", "languages": ["en"],
                                      "settings": {"first_run": False}}))
        await socket.recv()
        trips = []
        for index in range(presses):
            sent = time.perf_counter()
            await socket.send(json.dumps({"type": "key",
                                          "label": "down" if index % 2 else "up"}))
            while json.loads(await socket.recv())["type"] != "say":
                pass
            trips.append((time.perf_counter() - sent) * 1000)
        print(f"WebSocket round trip, key to its line: {percentiles(trips)}")
    async with connect(url, origin=origin) as socket:
        await socket.send(json.dumps({"type": "hello", "languages": ["en"],
                                      "settings": GAME}))
        received = sent_bytes = messages = 0
        pressed: dict[str, int] = {}

        async def press(label: str) -> None:
            nonlocal sent_bytes
            raw = json.dumps({"type": "key", "label": label})
            sent_bytes += len(raw)
            pressed[label] = pressed.get(label, 0) + 1
            await socket.send(raw)

        started = time.perf_counter()
        await press("enter")
        waiting = False
        while True:
            raw = await socket.recv()
            received += len(raw)
            messages += 1
            message = json.loads(raw)
            if message.get("type") != "say":
                continue
            text = str(message.get("text", ""))
            if "Enter to play again" in text:
                break
            key = key_by_ear(text) or ("up" if waiting else None)
            waiting = text == "No card is waiting for you."
            if key is not None:
                await press(key)
        seconds = time.perf_counter() - started
        keys = ", ".join(f"{label} {count}" for label, count in sorted(pressed.items()))
        print(f"one game of 3 players against easy bots, played by ear ({keys}):"
              f" {received / 1024:.1f} KB to the page in {messages} messages,"
              f" {sent_bytes} bytes from it, {seconds:.0f} s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--presses", type=int, default=200)
    args = parser.parse_args()
    session_figures(args.presses)
    with web_server() as address:
        page_figures(address, args.presses)
        asyncio.run(socket_figures(address, args.presses))


if __name__ == "__main__":
    main()
