"""The page holds up where a browser is unfriendly: storage refused, the socket down, a line it
cannot hand on; and it shows its insides to its tests alone."""

from __future__ import annotations

import os
import signal
from pathlib import Path

import test_web_browser
from playwright.sync_api import Browser
from test_web_browser import CAPTURE, KEPT, hear, heard, open_page
from webserver import web_process

address, browser = test_web_browser.address, test_web_browser.browser
"""The page served by ``audiospoons web``, and the browser, as the page's own tests have them."""

NO_STORAGE = """
for (const name of ['localStorage', 'sessionStorage']) {
  Object.defineProperty(window, name, {get() { throw new DOMException('no', 'SecurityError'); }});
}
"""
SCREEN_READER_FAILS = """
document.ariaNotify = () => { throw new TypeError('the screen reader refused the line'); };
"""
ERRORS_KEPT = """
window.__errors = [];
const reportError = console.error.bind(console);
console.error = (...parts) => {
  window.__errors.push(parts.map(String).join(' '));
  reportError(...parts);
};
"""
"""Every error the page reports, kept from before it loads (a listener added once the page is
open could come after the first)."""
RECONNECTING = "The connection to the game was lost. Reconnecting…"


def test_a_browser_that_refuses_storage_still_plays(browser: Browser, address: str) -> None:
    page = open_page(browser, address, NO_STORAGE, CAPTURE)
    start = hear(page, "Welcome to audiospoons.")
    page.keyboard.press("Escape")
    hear(page, "Main menu", start)
    page.close()


def test_a_key_pressed_while_the_game_is_out_of_reach_says_it_is_reconnecting(
        browser: Browser, tmp_path: Path) -> None:
    with web_process(tmp_path) as server:
        page = open_page(browser, server.address, CAPTURE, KEPT % '{"first_run": false}')
        hear(page, "Main menu. Play, 1 of 8")
        os.kill(server.pid, signal.SIGTERM)
        lost = hear(page, RECONNECTING)
        page.keyboard.press("ArrowDown")
        hear(page, RECONNECTING, lost + 1)
        assert page.locator("#status").inner_text() == RECONNECTING
        page.close()


def test_a_line_the_page_cannot_hand_on_is_reported_once(browser: Browser, address: str
                                                        ) -> None:
    page = open_page(browser, address, ERRORS_KEPT, SCREEN_READER_FAILS,
                     KEPT % '{"first_run": false}')
    for lines in (1, 2, 3):
        page.wait_for_function(f"document.querySelectorAll('#log li').length >= {lines}")
        page.keyboard.press("ArrowDown")
    texts: list[str] = page.evaluate("window.__errors")
    assert len(texts) == 1, texts
    assert 'could not handle a "say" message' in texts[0]
    page.close()


def test_the_page_shows_its_insides_only_to_its_tests(browser: Browser, address: str) -> None:
    plain = open_page(browser, address, CAPTURE, KEPT % '{"first_run": false}', hooked=False)
    hear(plain, "Main menu")
    assert plain.evaluate("typeof window.audiospoons") == "undefined"
    plain.close()
    tested = open_page(browser, address, CAPTURE, KEPT % '{"first_run": false}')
    hear(tested, "Main menu")
    assert tested.evaluate("typeof window.audiospoons.labelOf") == "function"
    assert heard(tested)
    tested.close()
