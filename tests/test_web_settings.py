"""The game's Settings in a browser: every choice of speech or sound keeps the lines and the
cues in the page, the page's own voice is one of the choices, and Tab leaves the game for the
page's other controls and comes back. Chromium, headless, driven by keys alone."""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, WebSocket
from test_web_browser import (
    CAPTURE,
    KEPT,
    LINE_WAIT,
    browser,
    hear,
    heard,
    open_page,
)
from webserver import WebProcess, web_process

__all__ = ["browser"]
"""The browser tests' chromium, a fixture pytest finds here."""

OWN_VOICE = """
speechSynthesis.speak = (utterance) => {
  window.__heard.push({text: utterance.text, urgent: false, by: 'voice'});
};
"""
"""The page's own voice, heard as the screen reader is: each line it would say."""
PLAYED = KEPT % '{"first_run": false}'
KEPT_VOICE = "localStorage.setItem('audiospoons.selfvoicing', 'true');"
MOST_CHOICES = 8


@pytest.fixture
def server(tmp_path: Path) -> Iterator[WebProcess]:
    with web_process(tmp_path) as process:
        yield process


def press(page: Page, key: str, wanted: str | Callable[[str], bool]) -> int:
    """Press ``key`` and wait for a line with ``wanted`` said after it; that line's index."""
    after = len(heard(page))
    page.keyboard.press(key)
    return hear(page, wanted, after)


def said(page: Page, index: int) -> str:
    return str(heard(page)[index]["text"])


def answer(page: Page, key: str, wanted: str | Callable[[str], bool] = bool) -> str:
    """Press ``key``: the line said after it (the first with ``wanted``; by default the first
    that says anything)."""
    return said(page, press(page, key, wanted))


def open_settings(page: Page) -> str:
    """From the main menu to Settings: the line that opens it."""
    hear(page, "Main menu. Play, 1 of 8")
    press(page, "s", "Settings, 5 of 8")
    return answer(page, "Enter", "Speech")


def value_of(line: str) -> str:
    """The value a choice's line says: "Speech, screen reader, 1 of 14" gives "screen reader"."""
    return line.split(", ")[1] if line.count(", ") >= 2 else line


def walk(page: Page, item: str, key: str) -> list[str]:
    """Press ``key`` on the setting ``item`` until its value comes round again (Down and Up
    after each: the line of the next item and of this one again must be heard in the page);
    the values said, in order."""
    line = answer(page, "Home", item)
    first = value_of(line)
    values: list[str] = []
    for _ in range(MOST_CHOICES):
        values.append(answer(page, key))
        press(page, "ArrowDown", ", 2 of ")
        line = answer(page, "ArrowUp", item)
        if value_of(line) == first:
            return values
    raise AssertionError(f"{item} never came back to {first!r}: {values}")


def printed_by(server: WebProcess) -> set[str]:
    """The lines the server wrote to its own terminal."""
    return {*server.stdout.read_text().splitlines(), *server.stderr.read_text().splitlines()}


def test_every_speech_choice_keeps_the_lines_in_the_page(browser: Browser,
                                                         server: WebProcess) -> None:
    page = open_page(browser, server.address, CAPTURE, OWN_VOICE, PLAYED)
    open_settings(page)
    rightwards = walk(page, "Speech, ", "ArrowRight")
    leftwards = walk(page, "Speech, ", "ArrowLeft")
    assert rightwards == ["browser's own voice", "screen reader"]
    assert leftwards == ["browser's own voice", "screen reader"]
    assert printed_by(server).isdisjoint(str(line["text"]) for line in heard(page))
    page.close()


def test_the_page_speaks_with_its_own_voice_when_chosen_and_keeps_the_choice(
        browser: Browser, server: WebProcess) -> None:
    page = open_page(browser, server.address, CAPTURE, OWN_VOICE, PLAYED)
    open_settings(page)
    chosen = press(page, "ArrowRight", "browser's own voice")
    assert heard(page)[chosen]["by"] == "voice"
    moved = press(page, "ArrowDown", "Speech rate")
    assert [line["by"] for line in heard(page)[chosen:moved + 1]] == ["voice"] * (
        moved + 1 - chosen)
    assert page.evaluate("localStorage.getItem('audiospoons.selfvoicing')") == "true"
    page.reload()
    hear(page, "Back in your game.")
    assert {line["by"] for line in heard(page)} == {"voice"}
    press(page, "ArrowUp", "Speech, browser's own voice")
    back = press(page, "ArrowLeft", "screen reader")
    assert heard(page)[back]["by"] == "notify"
    assert page.evaluate("localStorage.getItem('audiospoons.selfvoicing')") == "false"
    page.close()


def test_a_page_that_kept_its_own_voice_before_any_choice_in_settings_keeps_it(
        browser: Browser, server: WebProcess) -> None:
    """The page's voice, once switched on at the page itself, until the game's Settings chose."""
    page = open_page(browser, server.address, CAPTURE, OWN_VOICE, PLAYED, KEPT_VOICE)
    assert "Speech, browser's own voice" in open_settings(page)
    assert {line["by"] for line in heard(page)} == {"voice"}
    page.close()


def test_every_sound_choice_keeps_the_cues_coming_to_the_page(browser: Browser,
                                                             server: WebProcess) -> None:
    """After each change, its line and its cue come to the page."""
    received: list[dict[str, object]] = []

    def watch(socket: WebSocket) -> None:
        socket.on("framereceived", lambda frame: received.append(json.loads(frame)))

    page = open_page(browser, server.address, CAPTURE, OWN_VOICE, PLAYED)
    page.on("websocket", watch)
    page.reload()
    open_settings(page)
    for item in ("Speech, ", "Speech volume, ", "Sound volume, ", "Mono, "):
        line = answer(page, "Home", "Speech, ")
        while not line.startswith(item):
            line = answer(page, "ArrowDown", " of ")
        for key in ("ArrowLeft", "ArrowRight", "ArrowLeft", "ArrowRight"):
            start = len(received)
            answer(page, key)
            wait_for_cue_after_change(page, received, start)
    assert printed_by(server).isdisjoint(str(line["text"]) for line in heard(page))
    page.close()


def wait_for_cue_after_change(page: Page, received: list[dict[str, object]],
                              start: int) -> None:
    """Wait for the cue of a change: the session sends it after the settings it saved (the
    line may come before the cue or after it, as the speech is paced), all after ``start``."""
    deadline = time.monotonic() + LINE_WAIT
    while True:
        kinds = [str(message["type"]) for message in received[start:]]
        if "settings" in kinds and "cue" in kinds[kinds.index("settings"):]:
            return
        assert time.monotonic() < deadline, received[start:]
        page.wait_for_timeout(50)


def focused(page: Page) -> str:
    """The id of the element with the focus ("" for one without)."""
    return str(page.evaluate("document.activeElement ? document.activeElement.id : ''"))


def test_tab_leaves_the_game_for_the_page_keys_and_shift_tab_comes_back(
        browser: Browser, server: WebProcess) -> None:
    sent: list[dict[str, object]] = []
    page = open_page(browser, server.address, CAPTURE, PLAYED)
    page.on("websocket", lambda socket: socket.on(
        "framesent", lambda frame: sent.append(json.loads(frame))))
    page.reload()
    start = hear(page, "Main menu. Play, 1 of 8")
    page.wait_for_selector("#touch button")
    assert focused(page) == "game"
    page.keyboard.press("Tab")
    assert focused(page) != "game"
    assert page.evaluate(
        "document.activeElement === document.querySelector('#touch button')"), \
        "Tab goes to the first of the keys to touch"
    press(page, "ArrowDown", "Play online, 2 of 8")
    page.keyboard.press("Shift+Tab")
    assert focused(page) == "game"
    press(page, "ArrowDown", "Options, 3 of 8")
    assert [message["label"] for message in sent if message["type"] == "key"] == ["down", "down"]
    assert len(heard(page)) == start + 3
    page.close()


def test_a_key_to_touch_keeps_the_focus_when_the_keys_change(browser: Browser,
                                                              server: WebProcess) -> None:
    """A player on one of the keys to touch stays on the keys when a game begins and offers
    others: on the same key where it is still offered, else the first, never back to the
    page."""
    page = open_page(browser, server.address, CAPTURE, PLAYED)
    start = hear(page, "Main menu. Play, 1 of 8")
    page.wait_for_selector("#touch button[data-key='up']")
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.dataset.key") == "up"
    page.keyboard.press("Enter")
    hear(page, "you against", start)
    page.wait_for_selector("#touch button[data-key='space']")
    assert page.evaluate("document.querySelector('#touch').contains(document.activeElement)"
                         " && document.activeElement.tagName === 'BUTTON'")
    page.close()


def test_the_game_says_what_it_is_when_the_focus_comes_back(browser: Browser,
                                                           server: WebProcess) -> None:
    """A screen reader reads the region's name, in the player's language; the page's own voice
    says it."""
    page = open_page(browser, server.address, CAPTURE, OWN_VOICE, PLAYED, KEPT_VOICE)
    start = hear(page, "Main menu. Play, 1 of 8")
    name = "audiospoons, the game: F1 names its keys; Tab goes to the keys to touch."
    assert page.get_attribute("#game", "aria-label") == name
    page.keyboard.press("Tab")
    page.keyboard.press("Shift+Tab")
    back = hear(page, name, start + 1)
    assert heard(page)[back]["by"] == "voice"
    page.close()
