"""The order of the lines the page is given, in a real browser (Debian's chromium, headless,
through Playwright): a game's last lines before the question that follows it; and the
benchmark's hold on a session, which times a key to its line."""

from __future__ import annotations

import time

import test_web_browser as in_browser
from playwright.sync_api import Browser
from test_web_browser import CAPTURE, KEPT, hear, heard, open_page
from webplayer import AGAIN, EASY_TABLE, GAME_WON, Player

from benchmarks.web import LINE_WAIT, key_to_line_in_session

address = in_browser.address
browser = in_browser.browser


def test_a_game_s_last_lines_come_before_the_question_after_it(browser: Browser,
                                                               address: str) -> None:
    """The game's end ("Chris wins the game!") is said before "Enter to play again", and the
    question is said after the game's last lines, not cut off by them."""
    page = open_page(browser, address, CAPTURE, KEPT % EASY_TABLE)
    start = hear(page, "Main menu. Play, 1 of 8")
    page.keyboard.press("Enter")
    player = Player(page, start + 1)
    question = player.play_game(time.monotonic() + 300)
    won = hear(page, lambda text: text.endswith(GAME_WON), start)
    lines = heard(page)
    assert won < question, [line["text"] for line in lines[won - 3:]]
    assert not any(line["urgent"] for line in lines[won:question + 1])
    assert AGAIN in str(lines[question]["text"])
    page.keyboard.press("Escape")
    hear(page, "Main menu", question + 1)
    page.close()


def test_the_benchmark_times_each_key_to_its_line_inside_the_session() -> None:
    """``benchmarks/web.py`` times a key from its reaching the session to its line leaving it,
    through the session's keys and its way out: each menu key is seen to bring its line and its
    cue."""
    samples = key_to_line_in_session(6)
    assert [key.text for key in samples] == ["Play online, 2 of 8", "Play, 1 of 8"] * 3
    assert all(0 <= key.line_ms < LINE_WAIT * 1000 for key in samples)
    assert all(0 <= key.cue_ms < LINE_WAIT * 1000 for key in samples)
