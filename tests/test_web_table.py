"""The table to see, for low-vision players and sighted friends: the state of play the status
keys speak, large, beside the log and above the keys to touch, hidden from screen readers.
Screenshots at a desktop's and a phone's size are written where the test keeps its files."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser, FloatRect, Page
from test_web_browser import CAPTURE, address, browser, hear, heard
from webpage import DESKTOP, PHONE, open_sized

from audiospoons.ui.tableview import Cell, TableView
from audiospoons.web.table import LONGEST_NAME, LONGEST_TEXT, LONGEST_TITLE, MOST_CELLS, PageTable

__all__ = ["address", "browser"]

LOG_NUMBERS = 10
"""The log holds at least this many lines before it is looked at: two-digit numbers."""

Box = FloatRect


def press(page: Page, size: tuple[int, int], key: str, label: str) -> None:
    """A key, touched on a phone, typed at a desktop."""
    if size == PHONE:
        page.locator(f'#touch button[data-key="{label}"]').tap()
    else:
        page.keyboard.press(key)


def box_of(page: Page, selector: str) -> Box:
    box = page.locator(selector).bounding_box()
    assert box is not None, selector
    return box


def overlap(a: Box, b: Box) -> bool:
    return (a["x"] < b["x"] + b["width"] and b["x"] < a["x"] + a["width"]
            and a["y"] < b["y"] + b["height"] and b["y"] < a["y"] + a["height"])


def clipped_cells(page: Page) -> list[str]:
    """The table's parts whose words are wider than their place."""
    found: list[str] = page.evaluate("""() => [...document.querySelectorAll(
        '#table .cell, #table .cell *')].filter((part) => part.scrollWidth > part.clientWidth)
        .map((part) => part.textContent)""")
    return found


def log_number_room(page: Page) -> tuple[float, float]:
    """The width the log's highest number needs ("12."), and the room its list leaves it."""
    room: list[float] = page.evaluate("""() => {
        const log = document.getElementById('log');
        const last = log.lastElementChild;
        const probe = document.createElement('span');
        probe.style.font = getComputedStyle(last).font;
        probe.style.position = 'absolute';
        probe.textContent = `${log.childElementCount}.`;
        document.body.append(probe);
        const needed = probe.getBoundingClientRect().width;
        probe.remove();
        return [needed, parseFloat(getComputedStyle(log).paddingLeft)];
    }""")
    return room[0], room[1]


@pytest.mark.parametrize("size", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_the_table_shows_the_hand_heard_large_apart_and_hidden_from_screen_readers(
        browser: Browser, address: str, tmp_path: Path, size: tuple[int, int]) -> None:
    """The demonstration round: its cards are dealt as they always are, and nobody takes a
    spoon until the player has drawn."""
    page = open_sized(browser, address, size, CAPTURE)
    start = hear(page, "Welcome to audiospoons.")
    page.wait_for_function("document.getElementById('status').textContent.length > 0")
    assert str(heard(page)[start]["text"]).startswith(page.locator("#status").inner_text())
    press(page, size, "Enter", "enter")
    dealt = hear(page, "Your cards: queen of hearts", start)
    page.locator("#table .cell").first.wait_for()
    assert page.locator("#status").inner_text() == "Spoons"
    while (lines := len(heard(page))) < LOG_NUMBERS:
        press(page, size, "F3", "f3")
        hear(page, lambda _: True, lines)
    asked = len(heard(page))
    press(page, size, "h", "h")
    answered = hear(page, "Your hand:", asked)
    said = str(heard(page)[answered]["text"])
    assert page.locator("#log li").nth(answered).get_attribute("class") != "urgent"
    cells = dict(zip(page.locator("#table .cell .name").all_inner_texts(),
                     page.locator("#table .cell .text").all_inner_texts(), strict=True))
    assert cells["Say your hand"].startswith(said), (cells, said)
    assert dealt < asked

    shot = tmp_path / f"table-{size[0]}x{size[1]}.png"
    page.screenshot(path=str(shot))
    print(f"screenshot: {shot}")

    table, touch, log = (box_of(page, selector) for selector in ("#table", "#touch", "#log"))
    assert not overlap(table, touch) and not overlap(table, log) and not overlap(log, touch), (
        table, touch, log)
    assert touch["y"] + touch["height"] <= size[1] + 1
    assert clipped_cells(page) == []
    needed, room = log_number_room(page)
    assert needed <= room, (needed, room)

    tree = page.locator("body").aria_snapshot()
    besides_keys = "\n".join(line for line in tree.splitlines() if "button" not in line)
    for shown in (*cells, *cells.values(), page.locator("#status").inner_text()):
        assert shown not in besides_keys, (shown, tree)
    page.close()


class Sent:
    def __init__(self) -> None:
        self.messages: list[dict[str, object]] = []

    def send(self, message: dict[str, object]) -> None:
        self.messages.append(message)


def test_the_table_is_sent_when_it_changes_and_bounded_in_size() -> None:
    sent = Sent()
    table = PageTable(sent)
    view = TableView("Spoons", (Cell("Spoons left", "3 spoons left."),))
    table.show_table(view)
    table.show_table(TableView("Spoons", (Cell("Spoons left", "3 spoons left."),)))
    assert sent.messages == [{"type": "table", "title": "Spoons", "cells": [
        {"name": "Spoons left", "text": "3 spoons left."}]}]
    table.show_table(TableView("t" * 500, (Cell("n" * 500, "x" * 5000),) * 50))
    flood = sent.messages[-1]
    cells = flood["cells"]
    assert isinstance(cells, list) and len(cells) == MOST_CELLS
    assert len(str(flood["title"])) == LONGEST_TITLE
    assert all(len(cell["name"]) == LONGEST_NAME and len(cell["text"]) == LONGEST_TEXT
               for cell in cells)
