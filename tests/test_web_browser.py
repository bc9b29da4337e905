"""The page in a real browser: Debian's chromium, headless, driven by Playwright with keys
alone. Every line the page gives the screen reader is read back, from ``ariaNotify`` (captured)
or, where the page is made to do without it, from its live regions."""

from __future__ import annotations

import itertools
import json
import shutil
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, WebSocket, sync_playwright
from webplayer import EASY_TABLE, PASSED, TOOK, Player
from webserver import web_server

LINE_WAIT = 20.0

CAPTURE = """
window.__heard = [];
if (typeof document.ariaNotify === 'function') {
  const notify = document.ariaNotify.bind(document);
  document.ariaNotify = (text, options) => {
    window.__heard.push({text, urgent: (options || {}).priority === 'high', by: 'notify'});
    return notify(text, options);
  };
}
"""
LIVE_REGIONS_ONLY = """
window.__heard = [];
Object.defineProperty(document, 'ariaNotify', {value: undefined});
new MutationObserver((changes) => {
  for (const change of changes) {
    const region = change.target.nodeType === 1 ? change.target : change.target.parentElement;
    if (region && region.classList && region.classList.contains('live') && region.textContent) {
      window.__heard.push({text: region.textContent, urgent: region.classList.contains('urgent'),
                           by: 'live', at: performance.now()});
    }
  }
}).observe(document, {subtree: true, childList: true, characterData: true});
"""
TEST_HOOK = "window.__audiospoonsTest = true;"
"""Set before the page loads, so that the page shows its insides (``window.audiospoons``)."""
KEPT = """
localStorage.setItem('audiospoons.settings', JSON.stringify(%s));
"""


@pytest.fixture(scope="module")
def address(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    # Each page closed leaves its session held for a minute, counted against its network.
    with web_server(tmp_path_factory.mktemp("webpage"), "--max-per-address", "32") as url:
        yield url


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    chromium = shutil.which("chromium")
    assert chromium is not None, "the browser tests need Debian's chromium (apt)"
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=chromium, headless=True)
        yield launched
        launched.close()


def open_page(browser: Browser, address: str, *scripts: str, phone: bool = False,
              hooked: bool = True) -> Page:
    page = (browser.new_page(viewport={"width": 412, "height": 915}, is_mobile=True,
                             has_touch=True) if phone else browser.new_page())
    for script in (TEST_HOOK, *scripts) if hooked else scripts:
        page.add_init_script(script)
    page.goto(address)
    return page


def heard(page: Page, start: int = 0) -> list[dict[str, object]]:
    """The lines the page gave the screen reader, from the ``start``-th on (asking only for
    the new ones keeps a long game's every look cheap)."""
    lines: list[dict[str, object]] = page.evaluate("(start) => window.__heard.slice(start)",
                                                   start)
    return lines


def hear(page: Page, wanted: str | Callable[[str], bool], after: int = 0) -> int:
    """Wait for a line the page gave the screen reader; its index."""
    match = wanted if callable(wanted) else (lambda text: wanted in text)
    deadline = time.monotonic() + LINE_WAIT
    while True:
        lines = heard(page, after)
        for index, line in enumerate(lines, after):
            if match(str(line["text"])):
                return index
        if time.monotonic() > deadline:
            texts = [str(line["text"]) for line in lines]
            raise AssertionError(f"never heard {wanted!r}; heard {texts}")
        page.wait_for_timeout(50)


def test_a_new_player_hears_the_welcome_and_plays_the_demonstration(browser: Browser,
                                                                  address: str) -> None:
    page = open_page(browser, address, CAPTURE)
    assert page.evaluate("typeof document.ariaNotify") == "function"
    assert page.get_attribute("main", "role") == "application"
    start = hear(page, "Welcome to audiospoons.")
    page.keyboard.press("Enter")
    dealt = hear(page, "Your cards: queen of hearts", start)
    page.keyboard.press("h")
    hear(page, "Your hand:", dealt + 1)
    page.keyboard.press("ArrowUp")
    drew = hear(page, "You drew the queen of spades.", dealt)
    page.keyboard.press("f")
    hear(page, "You discarded the five of spades.", drew)
    page.keyboard.press("Space")
    grabbed = hear(page, "You grabbed a spoon!", drew)
    hear(page, lambda text: text.endswith("The practice round is over."), grabbed)
    hear(page, "Main menu", grabbed)
    lines = heard(page)
    assert {line["by"] for line in lines} == {"notify"}
    assert any(line["urgent"] for line in lines if line["text"] == "You grabbed a spoon!")
    log = page.locator("#log li").all_inner_texts()
    assert log == [str(line["text"]) for line in lines]
    kept = page.evaluate("JSON.parse(localStorage.getItem('audiospoons.settings'))")
    assert kept["first_run"] is False
    page.close()


def test_without_aria_notify_the_lines_go_to_live_regions_spaced_and_rotated(
        browser: Browser, address: str) -> None:
    """A key cuts speech off (the lines still waiting are dropped, as a screen reader's are);
    the lines of a burst, a game's opening, are written at least 150 ms apart, each region in
    turn."""
    page = open_page(browser, address, LIVE_REGIONS_ONLY,
                     KEPT % '{"first_run": false, "players": 3}')
    hear(page, "Main menu. Play, 1 of 8")
    for _ in range(3):
        page.keyboard.press("ArrowDown")
    moved = hear(page, "4 of 8")
    page.wait_for_timeout(300)
    assert str(heard(page)[-1]["text"]).endswith("4 of 8")
    page.keyboard.press("Home")
    home = hear(page, "Play, 1 of 8", moved + 1)
    page.keyboard.press("Enter")
    dealt = hear(page, "Your cards:", home + 1)
    burst = heard(page)[home + 1:dealt + 1]
    assert [str(line["text"]).split(":")[0].split(".")[0] for line in burst][-3:] == [
        "Spoons", "Round 1", "Your cards"]
    gaps = [float(str(b["at"])) - float(str(a["at"])) for a, b in itertools.pairwise(burst)]
    assert min(gaps) >= 140, gaps
    assert all(line["by"] == "live" and not line["urgent"] for line in burst)
    regions = page.locator(".live:not(.urgent)").all_inner_texts()
    assert sum(bool(text) for text in regions) == 3
    page.close()


def test_the_browser_keeps_its_own_shortcuts(browser: Browser, address: str) -> None:
    page = open_page(browser, address, CAPTURE, KEPT % '{"first_run": false}')
    hear(page, "Main menu. Play, 1 of 8")
    labels = page.evaluate("""() => {
        const press = (key, extra) => window.audiospoons.labelOf(
            new KeyboardEvent('keydown', Object.assign({key}, extra || {})));
        return [press('A', {shiftKey: true}), press('<', {shiftKey: true}), press('ArrowUp'),
                press('1', {ctrlKey: true}), press('F5'), press('Tab', {shiftKey: true}),
                press('Insert'), press('Shift', {shiftKey: true}),
                press('5', {code: 'Numpad5'}), press('q', {metaKey: true}),
                press('F1', {shiftKey: true})];
    }""")
    assert labels == ["shift+a", "<", "up", "ctrl+1", "f5", "shift+tab", None, None, None, None,
                      "shift+f1"]
    for shortcut in ("Control+l", "Control+w", "Alt+F4", "F5", "Space", "Shift+F1"):
        taken = page.evaluate(f"""() => {{
            const [mods, key] = [{shortcut.split('+')[:-1]!r},
                                 {shortcut.split('+')[-1].replace('Space', ' ')!r}];
            const event = new KeyboardEvent('keydown', {{key, cancelable: true,
                ctrlKey: mods.includes('Control'), altKey: mods.includes('Alt'),
                shiftKey: mods.includes('Shift')}});
            document.dispatchEvent(event);
            return event.defaultPrevented;
        }}""")
        assert taken is (shortcut in ("F5", "Space", "Shift+F1")), shortcut
    page.close()


def test_a_left_seat_cue_is_heard_on_the_left(browser: Browser, address: str,
                                             tmp_path: Path) -> None:
    page = open_page(browser, address, CAPTURE, KEPT % '{"first_run": false}')
    hear(page, "Main menu. Play, 1 of 8")
    balance = page.evaluate("""async () => {
        const bytes = await (await fetch('/sounds/card-out.wav')).arrayBuffer();
        const probe = new OfflineAudioContext(2, 44100, 44100);
        const buffer = await probe.decodeAudioData(bytes);
        const render = async (pan) => {
            const context = new OfflineAudioContext(2, buffer.length, buffer.sampleRate);
            window.audiospoons.connectCue(context, buffer, pan, 1.0).start();
            const out = await context.startRendering();
            const energy = (channel) => out.getChannelData(channel)
                .reduce((sum, v) => sum + v * v, 0);
            return [energy(0), energy(1)];
        };
        return {left: await render(-1), middle: await render(0), right: await render(1)};
    }""")
    left, middle, right = balance["left"], balance["middle"], balance["right"]
    assert left[0] > 0 and left[1] < left[0] * 1e-6
    assert right[1] > 0 and right[0] < right[1] * 1e-6
    assert abs(middle[0] - middle[1]) < 1e-3 * middle[0]
    page.close()


def test_a_whole_game_against_bots_is_played_by_keys_alone(browser: Browser,
                                                          address: str) -> None:
    """Three players: the page's player takes a card (Up) and passes the card under the cursor
    (Enter) as the game tells them what they took, grabs a spoon (Space) on making a set or on
    hearing another hand take one, and the game plays to its end. However quick the bots were,
    another game is played until the player has taken two cards and passed one."""
    page = open_page(browser, address, CAPTURE, KEPT % EASY_TABLE)
    start = hear(page, "Main menu. Play, 1 of 8")
    page.keyboard.press("Enter")
    player = Player(page, start + 1)
    deadline = time.monotonic() + 300
    while True:
        player.play_game(deadline)
        said = [str(line["text"]) for line in heard(page)]
        if (sum(text.startswith(TOOK) for text in said) >= 2
                and any(text.startswith(PASSED) for text in said)):
            break
        page.keyboard.press("Enter")
    assert any(text.startswith("Round 1.") for text in said)
    assert {"ArrowUp", "Enter"} <= set(player.presses)
    page.keyboard.press("Escape")
    hear(page, "Main menu", len(said))
    page.close()


def test_the_touch_keys_play_as_the_keys_do(browser: Browser, address: str) -> None:
    """On a phone the keys are buttons too: in a menu, the menu's."""
    page = open_page(browser, address, CAPTURE, KEPT % '{"first_run": false}', phone=True)
    start = hear(page, "Main menu. Play, 1 of 8")
    first = page.locator("#touch button").first
    first.wait_for()
    assert first.get_attribute("data-key") == "up"
    page.locator("#touch button[data-key=down]").tap()
    moved = hear(page, "Play online, 2 of 8", start + 1)
    page.locator("#touch button[data-key=f1]").tap()
    hear(page, "Up and Down move", moved + 1)
    page.close()


def test_a_key_says_how_long_after_the_last_cue_played_it_was_pressed(browser: Browser,
                                                                     address: str) -> None:
    """The page stamps a key on its own clock from the start of the last cue it played, so
    that the game dates the press by when it was made, not by when it arrived."""
    page = open_page(browser, address, CAPTURE, KEPT % '{"first_run": false, "players": 3}')
    sent: list[dict[str, object]] = []
    cues: list[int] = []

    def watch(socket: WebSocket) -> None:
        socket.on("framesent", lambda frame: sent.append(json.loads(frame)))
        socket.on("framereceived", lambda frame: cues.extend(
            [message["seq"]] if (message := json.loads(frame))["type"] == "cue" else []))

    page.on("websocket", watch)
    # a new session, watched from its start: the first one's token, once kept, forgotten
    page.wait_for_function("sessionStorage.getItem('audiospoons.resume') !== null")
    page.evaluate("sessionStorage.clear()")
    page.reload()
    start = hear(page, "Main menu. Play, 1 of 8")
    page.keyboard.press("Enter")
    hear(page, "Your cards:", start)
    page.wait_for_function("window.audiospoons.lastCue() !== null")
    page.evaluate("""window.addEventListener('keydown', (event) => {
        window.__atKey = {cue: window.audiospoons.lastCue(), stamp: event.timeStamp};
    }, true)""")
    page.keyboard.press("h")
    deadline = time.monotonic() + LINE_WAIT
    while not any(message.get("label") == "h" for message in sent):
        assert time.monotonic() < deadline, sent
        page.wait_for_timeout(20)
    at_key = page.evaluate("window.__atKey")
    played = at_key["cue"]
    keys = [message for message in sent if message["type"] == "key"]
    assert keys[0] == {"type": "key", "label": "enter"}
    assert keys[-1]["label"] == "h" and keys[-1]["cue"] == played["seq"]
    assert played["seq"] in cues
    assert float(str(keys[-1]["after"])) == pytest.approx(at_key["stamp"] - played["at"],
                                                          abs=0.002)
    page.close()


def test_a_screen_reader_finds_one_application_its_touch_keys_and_no_log(browser: Browser,
                                                                        address: str) -> None:
    """What chromium's accessibility tree gives a screen reader: one named application region,
    the keys to touch in order (the menu's); the visible log is left out, so no line is read
    twice."""
    page = open_page(browser, address, CAPTURE, KEPT % '{"first_run": false}')
    hear(page, "Main menu. Play, 1 of 8")
    tree = page.locator("body").aria_snapshot()
    assert tree.startswith(
        "- 'application \"audiospoons, the game: F1 names its keys; Tab goes to the keys to"
        " touch.\"':")
    buttons = [line.strip(" -'") for line in tree.splitlines() if "button " in line]
    assert buttons[:6] == ['button "Up arrow"', 'button "Down arrow"', 'button "Left arrow"',
                           'button "Right arrow"', 'button "Enter"', 'button "Escape"']
    assert 'button "F1"' in buttons
    assert "Main menu" not in tree and "listitem" not in tree
    page.close()


def test_a_page_turned_away_by_a_full_server_says_so(browser: Browser,
                                                     tmp_path: Path) -> None:
    with web_server(tmp_path, "--max-sessions", "1") as address:
        first = open_page(browser, address, CAPTURE)
        hear(first, "Welcome to audiospoons.")
        second = open_page(browser, address, CAPTURE)
        refused = hear(second, "This game server is full. Reload the page in a while to try"
                               " again.")
        hear(second, "The game has closed. Reload the page to play again.", refused)
        assert not any("Welcome" in str(line["text"]) for line in heard(second))
        second.close()
        first.close()
