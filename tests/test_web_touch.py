"""The keys to touch on a phone: the game sends the keys that do something now, with their
names as F1 says them, and the page draws them as buttons in a panel fixed at the bottom of
the window, the race's key first and largest. Whole games are played by touch alone."""

from __future__ import annotations

import time

from playwright.sync_api import Browser, FloatRect, Page
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError
from test_web_browser import CAPTURE, KEPT, address, browser, hear, heard
from webpage import PHONE, open_sized

from audiospoons.ui.controls import Control, Row, menu_controls
from audiospoons.voice.i18n import messages
from audiospoons.web.controls import LONGEST_NAME, MOST_CONTROLS, TouchPanel

__all__ = ["address", "browser"]

GAME_WAIT = 600.0
"""Seconds a whole game against bots may take."""
TOUCH_WAIT = 2000
"""Milliseconds a key still offered has to take a touch."""


def tap(page: Page, label: str) -> None:
    page.locator(f'#touch button[data-key="{label}"]').tap()


def buttons(page: Page, row: str) -> list[tuple[str, str]]:
    """The (key, name) of each button of a row of the panel, in order."""
    found: list[list[str]] = page.evaluate(
        """(row) => [...document.querySelectorAll(`#touch .${row} button`)].map(
            (button) => [button.dataset.key, button.querySelector('.name').textContent])""",
        row)
    return [(key, name) for key, name in found]


def wait_for_button(page: Page, label: str) -> None:
    page.locator(f'#touch button[data-key="{label}"]').wait_for(state="visible")


def in_window(box: FloatRect) -> bool:
    """Whether a button's box is wholly within the phone's window."""
    width, height = PHONE
    return (box["y"] >= 0 and box["y"] + box["height"] <= height
            and box["x"] >= 0 and box["x"] + box["width"] <= width)


def touch_if_offered(page: Page, label: str) -> FloatRect | None:
    """Touch the key ``label`` if the panel still offers it: the box its button had, or None
    when the moment passed (the game moved on, and took the key away, before the player's
    finger came down)."""
    button = page.locator(f'#touch button[data-key="{label}"]')
    try:
        box = button.bounding_box(timeout=TOUCH_WAIT)
        if box is None:
            return None
        button.tap(timeout=TOUCH_WAIT)
    except PlaywrightTimeoutError:
        if button.count():
            raise
        return None
    return box


def log_overflows(page: Page) -> bool:
    """Whether the log holds more lines than its place on the screen shows."""
    overflows: bool = page.evaluate(
        "(() => { const log = document.getElementById('log');"
        " return log.scrollHeight > log.clientHeight; })()")
    return overflows


def play_by_touch(page: Page, seen: int, answer: dict[str, str]) -> list[tuple[str, bool]]:
    """Touch the key ``answer`` gives for each line heard (that of the first words in the
    line; "" for none) until the game asks whether to play again: each key touched, and
    whether its button was wholly on the screen, as found, just before."""
    touched: list[tuple[str, bool]] = []
    deadline = time.monotonic() + GAME_WAIT
    while True:
        fresh = [str(line["text"]) for line in heard(page, seen)]
        seen += len(fresh)
        if any("Enter to play again" in text for text in fresh):
            return touched
        for text in fresh:
            key = next((key for words, key in answer.items() if words in text), "")
            if key and (box := touch_if_offered(page, key)) is not None:
                touched.append((key, in_window(box)))
        assert time.monotonic() < deadline, "\n".join(
            str(line["text"]) for line in heard(page)[-40:])
        page.wait_for_timeout(30)


def test_the_menus_offer_their_keys_and_razz_spoons_its_own(browser: Browser,
                                                          address: str) -> None:
    page = open_sized(browser, address, PHONE, CAPTURE,
                      KEPT % '{"first_run": false, "players": 2}')
    start = hear(page, "Main menu. Play, 1 of 8")
    wait_for_button(page, "down")
    assert buttons(page, "play")[:4] == [("up", "Up arrow"), ("down", "Down arrow"),
                                         ("left", "Left arrow"), ("right", "Right arrow")]
    assert ("f1", "F1") in buttons(page, "tell")
    tap(page, "down")
    moved = hear(page, "Play online, 2 of 8", start + 1)
    tap(page, "f1")
    hear(page, "Up and Down move", moved + 1)
    for _ in range(4):
        tap(page, "down")
    razz = hear(page, "Razz Spoons, 6 of 8", moved)
    tap(page, "enter")
    hear(page, "Razz Spoons: you against", razz)
    wait_for_button(page, "z")
    assert buttons(page, "race") == [("space", "Grab a spoon")]
    play = dict(buttons(page, "play"))
    assert {"p": "Say the Razzing Phrase", "l": "Announce your last card"}.items() <= play.items()
    assert {"enter", "down", "up", "left", "right", "k", "z", "shift+z"} <= set(play)
    tell = [key for key, _ in buttons(page, "tell")]
    assert {"h", "t", "f2", "f3", "f4", "f5", "f6", ",", ".", "<", ">", "r", "f1", "shift+f1",
            "escape"} <= set(tell)
    race = page.locator("#touch .race button").bounding_box()
    other = page.locator('#touch button[data-key="p"]').bounding_box()
    assert race is not None and other is not None
    assert race["width"] * race["height"] > 2 * other["width"] * other["height"]
    said = len(heard(page))
    tap(page, "escape")
    hear(page, "Paused", said)
    wait_for_button(page, "q")
    page.close()


def test_razz_spoons_is_played_to_its_end_by_touch_alone(browser: Browser, address: str) -> None:
    """Two players, one round: the page's player plays a card they can play (Up, then Enter),
    else draws (Down) and keeps what they drew, announces their last card (L), says the phrase
    when they owe it or take a King's or a count's cards (P), and grabs when the spoons are out
    (Space)."""
    kept = ('{"first_run": false, "players": 2, "bots": "expert", "verbosity": "full",'
            ' "razz_options": {"end_at": "1", "round_pause": "0.5"}}')
    page = open_sized(browser, address, PHONE, CAPTURE, KEPT % kept)
    start = hear(page, "Main menu. Play, 1 of 8")
    wait_for_button(page, "end")
    tap(page, "end")
    tap(page, "up")
    tap(page, "up")
    razz = hear(page, "Razz Spoons, 6 of 8", start)
    tap(page, "enter")
    opened = hear(page, "Razz Spoons: you against", razz)
    touched = play_by_touch(page, opened, {
        "Your turn": "up", ", playable, ": "enter", "; 1 card left.": "l",
        "You have no card to play": "down",
        ": play it, or keep it.": "down", "take the cards": "p", "aims the king at you": "p",
        "bounces the king back to you": "p",
        "Say the phrase!": "p", "Spoons! Grab one!": "space", "Which suit": "enter",
        "Send the King's cards": "enter"})
    said = [str(line["text"]) for line in heard(page)]
    assert any(text.startswith("The Razzing Phrase is") for text in said)
    assert any(text.startswith("You play the") for text in said)
    assert {"up", "enter", "down"} <= {key for key, _ in touched}
    assert all(shown for _, shown in touched)
    tap(page, "escape")
    hear(page, "Main menu", len(said))
    page.close()


def test_spoons_is_played_to_its_end_by_touch_alone_the_grab_always_in_reach(
        browser: Browser, address: str) -> None:
    """Three players: the page's player draws (Down) and passes the card under the cursor
    (Enter) as the game tells them what they drew, grabs a spoon (Space) on making a set or on
    hearing another hand take one, and the game plays to its end; every key touched was on
    the screen, the grab too once the log had grown taller than its place on the screen."""
    kept = ('{"first_run": false, "players": 3, "verbosity": "full", "bots": "expert",'
            ' "options": {"round_pause": "0.5"}}')
    page = open_sized(browser, address, PHONE, CAPTURE, KEPT % kept)
    start = hear(page, "Main menu. Play, 1 of 8")
    wait_for_button(page, "enter")
    tap(page, "enter")
    dealt = hear(page, "Your cards:", start)
    wait_for_button(page, "space")
    assert buttons(page, "race") == [("space", "Grab a spoon or react")]
    tap(page, "down")
    touched = play_by_touch(page, dealt, {
        "You grabbed": "", "You have four": "space", "grabbed a spoon!": "space",
        "grabbed spoons!": "space", "You drew": "enter", "You discarded": "down",
        "Your cards:": "down"})
    assert {"down", "enter", "space"} <= {key for key, _ in touched}
    assert all(shown for _, shown in touched)
    assert log_overflows(page)
    said = len(heard(page))
    tap(page, "escape")
    hear(page, "Main menu", said)
    page.close()


class Sent:
    def __init__(self) -> None:
        self.messages: list[dict[str, object]] = []

    def send(self, message: dict[str, object]) -> None:
        self.messages.append(message)


def test_the_keys_are_sent_when_they_change_and_never_more_than_a_panel_holds() -> None:
    sent = Sent()
    panel = TouchPanel(sent)
    menu = menu_controls(messages("en"))
    panel.offer(menu)
    panel.offer(menu)
    assert len(sent.messages) == 1
    assert sent.messages[0]["controls"] == [
        {"label": control.label, "name": control.name, "row": "play" if index < 8 else "tell"}
        for index, control in enumerate(menu)]
    panel.offer([Control("x", "n" * 500, Row.PLAY)] * 100)
    flood = sent.messages[-1]["controls"]
    assert isinstance(flood, list) and len(flood) == MOST_CONTROLS
    assert all(len(control["name"]) == LONGEST_NAME for control in flood)
