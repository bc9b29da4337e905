"""What a screen reader says of the page in a browser without ``ariaNotify`` (Firefox, Safari),
where the page speaks through its live regions: the virtual screen reader of
``@guidepup/virtual-screen-reader`` (tests/screenreader, bundled for the browser) listens to the
page in Debian's chromium, headless, and moves through it as a screen reader's cursor does.
Playwright's accessibility snapshot shows neither a line's politeness nor the order lines are
announced in."""

from __future__ import annotations

import itertools
import json
import shutil
import subprocess
import time
from pathlib import Path

import pytest
import test_web_browser as in_browser
from playwright.sync_api import Browser, Page, WebSocket
from test_web_browser import KEPT, LINE_WAIT, LIVE_REGIONS_ONLY
from webplayer import EASY_TABLE

address = in_browser.address
browser = in_browser.browser

SCREEN_READER = Path(__file__).parent / "screenreader"
START = """
document.addEventListener('DOMContentLoaded', () => {
  virtual.start({container: document.body});
});
"""
"""The virtual screen reader listens from before the page's first line."""
LIVE = ("polite: ", "assertive: ")
OVER = ("polite: That is Spoons: pass cards until someone holds four of a kind, then everyone"
        " grabs, and whoever is left without a spoon is out. The practice round is over.")
LIVE_HOLD = 20.0
"""How long the page leaves a line in its live region (``LIVE_HOLD_MS`` in speech.js)."""
MOVES = 200
"""More moves than there are things to read on the page, in a game."""


@pytest.fixture(scope="module")
def screen_reader(tmp_path_factory: pytest.TempPathFactory) -> str:
    """The virtual screen reader as one script giving the page ``window.virtual``; its npm
    packages installed from the lock file on a clean checkout."""
    npm = shutil.which("npm")
    assert npm is not None, "the screen reader test needs Node.js and npm to bundle its reader"
    if not (SCREEN_READER / "node_modules").is_dir():
        subprocess.run([npm, "ci", "--no-audit", "--no-fund"], cwd=SCREEN_READER, check=True,
                       timeout=600)
    bundle = tmp_path_factory.mktemp("screenreader") / "virtual.js"
    subprocess.run([str(SCREEN_READER / "node_modules" / ".bin" / "esbuild"), "entry.js",
                    "--bundle", "--format=iife", "--log-level=warning", f"--outfile={bundle}"],
                   cwd=SCREEN_READER, check=True, timeout=120)
    return bundle.read_text(encoding="utf-8")


def open_read(browser: Browser, address: str, screen_reader: str, *scripts: str,
              said: list[str]) -> Page:
    """The page without ``ariaNotify``, read by the virtual screen reader; each line the game
    sends it is added to ``said`` as the screen reader should announce it."""
    page = browser.new_page()

    def received(frame: str | bytes) -> None:
        message = json.loads(frame)
        if message["type"] == "say":
            said.append(f"{'assertive' if message['urgent'] else 'polite'}: {message['text']}")

    def watch(socket: WebSocket) -> None:
        socket.on("framereceived", received)

    page.on("websocket", watch)
    for script in (LIVE_REGIONS_ONLY, screen_reader, START, *scripts):
        page.add_init_script(script)
    page.goto(address)
    return page


def spoken(page: Page) -> list[str]:
    phrases: list[str] = page.evaluate("virtual.spokenPhraseLog()")
    return phrases


def announced(page: Page) -> list[str]:
    """The live regions' announcements. The virtual screen reader also logs a region emptied
    (``"polite: "``), which a screen reader does not say: those are left out."""
    return [phrase for phrase in spoken(page)
            if phrase.startswith(LIVE) and phrase.partition(": ")[2]]


def announce(page: Page, phrase: str) -> None:
    """Wait until the virtual screen reader has announced ``phrase``."""
    deadline = time.monotonic() + LINE_WAIT
    while phrase not in (phrases := spoken(page)):
        assert time.monotonic() < deadline, f"never announced {phrase!r}; said {phrases}"
        page.wait_for_timeout(50)


def browse(page: Page) -> list[str]:
    """What the virtual screen reader says moving through the page from its top to its end."""
    before = len(spoken(page))
    moved: list[str] = []
    while "end of document" not in moved:
        assert len(moved) < MOVES, moved
        page.evaluate("virtual.next()")
        moved = spoken(page)[before:]
    return moved


def test_the_demonstration_is_announced_in_order_each_line_once_a_grab_assertively(
        browser: Browser, address: str, screen_reader: str) -> None:
    """Every line the game sends is announced once, in the order sent, none lost; the grabs
    (urgent) through an assertive region, the rest politely; an answer to a key, which cuts
    off what is being said, assertively too."""
    said: list[str] = []
    page = open_read(browser, address, screen_reader, said=said)
    announce(page, "polite: Welcome to audiospoons. F1 says the keys wherever you are. A short"
                   " demonstration round shows how the game goes. Play the demonstration round,"
                   " 1 of 2")
    page.keyboard.press("Enter")
    announce(page, "polite: Your cards: queen of hearts, queen of clubs, queen of diamonds, and"
                   " five of spades.")
    page.keyboard.press("ArrowUp")
    announce(page, "polite: You drew the queen of spades.")
    page.keyboard.press("f")
    announce(page, "polite: You discarded the five of spades.")
    page.keyboard.press("Space")
    announce(page, "assertive: You grabbed a spoon!")
    announce(page, OVER)
    announce(page, "polite: Main menu. Play, 1 of 8")
    page.keyboard.press("ArrowDown")
    announce(page, "assertive: Play online, 2 of 8")
    lines = announced(page)
    assert lines == said
    assert lines[:7] == [
        "polite: Welcome to audiospoons. F1 says the keys wherever you are. A short"
        " demonstration round shows how the game goes. Play the demonstration round, 1 of 2",
        "polite: Spoons: you against Britany, Chris, and Debra.",
        "polite: Round 1. You deal. 3 spoons on the table.",
        "polite: Your cards: queen of hearts, queen of clubs, queen of diamonds, and five of"
        " spades.",
        "polite: You drew the queen of spades.",
        "polite: You discarded the five of spades.",
        "assertive: You grabbed a spoon!"]
    assert [line for line in lines if line.startswith("assertive: ")] == [
        "assertive: You grabbed a spoon!", "assertive: Debra grabbed a spoon!",
        "assertive: Britany grabbed a spoon!", "assertive: Play online, 2 of 8"]
    assert lines[-3:] == [OVER, "polite: Main menu. Play, 1 of 8", "assertive: Play online, 2 of 8"]
    page.close()


def test_moving_through_the_page_reads_the_game_and_its_keys_never_a_line_shown(
        browser: Browser, address: str, screen_reader: str) -> None:
    """A screen reader's cursor moved through the page finds the game's region and the keys to
    touch, and no line the page has said: the log and the table are hidden from it, and a live
    region does not keep its line once it has been announced."""
    said: list[str] = []
    page = open_read(browser, address, screen_reader, KEPT % '{"first_run": false}', said=said)
    announce(page, "polite: Main menu. Play, 1 of 8")
    page.keyboard.press("ArrowDown")
    announce(page, "assertive: Play online, 2 of 8")
    page.wait_for_function("[...document.querySelectorAll('.live')].every((r) => !r.textContent)",
                           polling=100, timeout=(LIVE_HOLD + LINE_WAIT) * 1000)
    moved = browse(page)
    assert moved[:9] == [
        "card game, audiospoons, the game: F1 names its keys; Tab goes to the keys to touch.",
        "heading, audiospoons, level 1", "status", "status", "status", "alert", "alert",
        "alert", "navigation, Keys to touch"]
    buttons = [phrase for phrase in moved if phrase.startswith("button, ")]
    assert buttons[:6] == ["button, Up arrow", "button, Down arrow", "button, Left arrow",
                           "button, Right arrow", "button, Enter", "button, Escape"]
    assert "button, F1" in buttons
    shown = page.locator("#log li").all_inner_texts()
    assert shown == ["Main menu. Play, 1 of 8", "Play online, 2 of 8"]
    assert not [phrase for phrase in moved if any(line in phrase for line in shown)]
    assert not [phrase for phrase in moved if phrase.startswith(LIVE)]
    page.close()


def test_in_a_game_the_table_is_not_read_and_a_line_only_in_its_live_region(
        browser: Browser, address: str, screen_reader: str) -> None:
    """In a game the table shows the hand, the spoons and who is still in, and the log fills:
    the screen reader's cursor reads neither; a line of the game is found only in a live region
    that announced it."""
    said: list[str] = []
    page = open_read(browser, address, screen_reader, KEPT % EASY_TABLE, said=said)
    announce(page, "polite: Main menu. Play, 1 of 8")
    page.keyboard.press("Enter")
    page.wait_for_function("document.querySelectorAll('#table .cell').length >= 3",
                           polling=50, timeout=LINE_WAIT * 1000)
    table = set(page.locator("#status, #table .text").all_inner_texts())
    moved = browse(page)
    table |= set(page.locator("#status, #table .text").all_inner_texts())
    assert any(text.startswith("Your hand: ") for text in table), table
    assert not table & set(moved)
    shown = set(page.locator("#log li").all_inner_texts())
    read = [(region, line) for region, line in itertools.pairwise(moved) if line in shown]
    assert read
    assert {region for region, _ in read} <= {"status", "alert"}, read
    page.close()
