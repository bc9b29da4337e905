"""The game in a browser, measured: the page's size and load time, a key in the page to its cue
starting (Debian's chromium, headless, through Playwright), the WebSocket round trip from a key
to the line it brings, and the bytes of a whole game.

It starts ``audiospoons web`` on a free loopback port, as a player would, and stops it at the
end. Prints figures; the goals (the page under 200 KB and interactive in under 1 s) are printed
beside them, never enforced. Run it from the project folder, in the virtual environment::

    python benchmarks/web.py [--presses 200]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import selectors
import shutil
import signal
import statistics
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager

from playwright.sync_api import sync_playwright
from websockets.asyncio.client import connect
from websockets.typing import Origin

from audiospoons.web.files import PAGE_FILES

PAGE_PATHS = tuple(path.lstrip("/") for path in PAGE_FILES)
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
        gaps = []
        for index in range(presses):
            page.evaluate("window.__keys = []; window.__cues = []")
            page.keyboard.press("ArrowDown" if index % 2 else "ArrowUp")
            page.wait_for_function("window.__cues.length > 0")
            gaps.append(page.evaluate("window.__cues[0] - window.__keys[0]"))
        print(f"key in the page to its cue starting: {percentiles(gaps)}")
        browser.close()


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
        settings = {"first_run": False, "players": 3, "bots": "expert",
                    "options": {"round_pause": "0.5"}}
        await socket.send(json.dumps({"type": "hello", "languages": ["en"],
                                      "settings": settings}))
        received = sent_bytes = messages = 0

        async def press(label: str) -> None:
            nonlocal sent_bytes
            raw = json.dumps({"type": "key", "label": label})
            sent_bytes += len(raw)
            await socket.send(raw)

        started = time.perf_counter()
        await press("enter")
        while True:
            raw = await socket.recv()
            received += len(raw)
            messages += 1
            message = json.loads(raw)
            text = str(message.get("text", ""))
            if "Enter to play again" in text:
                break
            if text.endswith("grabbed a spoon!") and not text.startswith("You"):
                await press("space")
        seconds = time.perf_counter() - started
        print(f"one game of 3 players: {received / 1024:.1f} KB to the page in {messages}"
              f" messages, {sent_bytes} bytes from it, {seconds:.0f} s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--presses", type=int, default=200)
    args = parser.parse_args()
    with web_server() as address:
        page_figures(address, args.presses)
        asyncio.run(socket_figures(address, args.presses))


if __name__ == "__main__":
    main()
