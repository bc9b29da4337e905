"""The menus as a player meets them: ``audiospoons --speech text`` in a real pseudo-terminal,
driven by the bytes a terminal sends for each key, every spoken line checked in order.

The settings live in a temporary folder (``AUDIOSPOONS_CONFIG_DIR``); sound goes to SDL's dummy
driver. Each key is sent only once the line it answers has been heard, as a person would, so
that an Escape is never glued to the next key.
"""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pexpect
import pytest
from test_online_pty import environment, free_port, wait_for_relay

from audiospoons.app.settings import load_settings
from audiospoons.games.spoons.keyboard.keys import SpoonsAction, keymap

ROOT = Path(__file__).resolve().parent.parent
START_TIMEOUT = 30.0
LINE_TIMEOUT = 10.0

KEYS = {
    "up": "\x1b[A", "down": "\x1b[B", "right": "\x1b[C", "left": "\x1b[D",
    "home": "\x1b[H", "end": "\x1b[F", "enter": "\r", "escape": "\x1b", "f1": "\x1bOP",
    "f2": "\x1bOQ", "ctrl+c": "\x03", "insert": "\x1b[2~", "backspace": "\x7f",
}

SPOKEN_CHARACTERS = {".": "dot", ":": "colon", " ": "space"}
"""How the text fields say a typed character that is not a digit nor a small letter."""


TERMINAL_REQUEST = re.compile(r"\x1b\[[<>=?]?[\d;]*[A-Za-z~]")
"""A control sequence the program sends the terminal (the key reader asks for Ctrl+number keys):
the terminal acts on it and shows nothing."""


def printed(output: str) -> str:
    """What the terminal shows of ``output``: its text, without control sequences."""
    return TERMINAL_REQUEST.sub("", output).strip()


class Player:
    """One run of the game in a pty, heard line by line."""

    def __init__(self, config: Path, *args: str) -> None:
        env = {**os.environ, "AUDIOSPOONS_CONFIG_DIR": str(config), "SDL_AUDIODRIVER": "dummy",
               "PYGAME_HIDE_SUPPORT_PROMPT": "1", "LANGUAGE": "en", "LC_ALL": "C.UTF-8",
               "LANG": "C.UTF-8", "TERM": "xterm"}
        self.child = pexpect.spawn(sys.executable, ["-m", "audiospoons", "--speech", "text",
                                                    *args],
                                   cwd=str(ROOT), env=env, encoding="utf-8",
                                   timeout=LINE_TIMEOUT, dimensions=(24, 200))
        self.heard: list[str] = []
        self.first = True

    def hear(self, *lines: str) -> None:
        """The next lines spoken are exactly these."""
        for line in lines:
            timeout = START_TIMEOUT if self.first else LINE_TIMEOUT
            self.first = False
            self.child.expect_exact(line + "\r\n", timeout=timeout)
            self.heard.append(line)
            assert self.child.before is not None
            assert printed(self.child.before) == "", (
                f"heard {self.child.before!r} before {line!r}; so far {self.heard}")

    def press(self, *keys: str) -> None:
        for key in keys:
            self.child.send(KEYS.get(key, key))

    def key(self, key: str, *answer: str) -> None:
        """Press ``key`` and hear ``answer``."""
        self.press(key)
        self.hear(*answer)

    def ends(self, status: int = 0) -> None:
        self.child.expect(pexpect.EOF, timeout=LINE_TIMEOUT)
        assert self.child.before is not None
        assert printed(self.child.before) == "", self.child.before
        self.child.close()
        assert self.child.exitstatus == status, (self.child.exitstatus, self.child.signalstatus)

    def quit(self) -> None:
        self.key("end", "Quit, 8 of 8")
        self.key("enter", "Quit audiospoons? Enter quits, Escape goes back.")
        self.key("enter", "Goodbye.")
        self.ends()


@pytest.fixture
def config(tmp_path: Path) -> Path:
    return tmp_path / "config"


@pytest.fixture
def players() -> Iterator[list[Player]]:
    started: list[Player] = []
    yield started
    for player in started:
        if player.child.isalive():
            player.child.terminate(force=True)


def start(players: list[Player], config: Path, *args: str) -> Player:
    player = Player(config, *args)
    players.append(player)
    return player


def skip_welcome(player: Player) -> None:
    player.hear("Welcome to audiospoons. F1 says the keys wherever you are. A short demonstration"
                " round shows how the game goes. Play the demonstration round, 1 of 2")
    player.key("down", "Skip it for now, 2 of 2")
    player.key("enter", "Main menu. Play, 1 of 8")


def saved(config: Path) -> dict[str, object]:
    data = json.loads((config / "settings.json").read_text(encoding="utf-8"))
    assert isinstance(data, dict)
    return data


def test_the_main_menu_by_keys(config: Path, players: list[Player]) -> None:
    player = start(players, config)
    skip_welcome(player)
    player.key("down", "Play online, 2 of 8")
    player.key("down", "Options, 3 of 8")
    player.key("down", "How to play, 4 of 8")
    player.key("end", "Quit, 8 of 8")
    player.key("down", "Bottom. Quit, 8 of 8")
    player.key("home", "Play, 1 of 8")
    player.key("up", "Top. Play, 1 of 8")
    player.key("s", "Settings, 5 of 8")
    player.key("h", "How to play, 4 of 8")
    player.key("x", "Nothing starts with X.")
    player.key("f2", "The rules in short sections, and the demonstration round.")
    player.key("f1", "Up and Down move, Home and End go to the first and last item, and a letter"
               " jumps to the next item starting with it. Enter chooses. F2 says what the item"
               " does. Escape goes back. Comma and period review what was said. Here Escape asks"
               " whether to quit.")
    player.key("enter", "How to play. Rules of Spoons, 1 of 14")
    player.key("t", "The goal, 4 of 14")
    player.key("enter", "Collect four cards of one rank, then grab a spoon. There is one spoon"
               " fewer than players, so someone is left without one and loses the round. The"
               " last player left wins.")
    player.key("escape", "Main menu. How to play, 4 of 8")
    player.key("escape", "Quit audiospoons? Enter quits, Escape goes back.")
    player.key("escape", "How to play, 4 of 8")
    player.quit()
    assert saved(config)["first_run"] is False


def test_how_to_play_reads_a_games_rules_with_the_saved_options_by_keys(
        config: Path, players: list[Player]) -> None:
    """The saved Slapjack options and number of players, read a line at a time."""
    config.mkdir()
    (config / "settings.json").write_text(json.dumps({
        "first_run": False, "players": 3, "slapjack_options": {"jacks": "2", "turn_time": "5"}}),
        encoding="utf-8")
    player = start(players, config)
    player.hear("Main menu. Play, 1 of 8")
    player.key("h", "How to play, 4 of 8")
    player.key("enter", "How to play. Rules of Spoons, 1 of 14")
    player.key("down", "Rules of Razz Spoons, 2 of 14")
    player.key("down", "Rules of Slapjack, 3 of 14")
    player.key("f2", "The game's rules with your saved options, a line at a time: Up and Down"
               " read them, Escape goes back.")
    player.key("enter", "The rules, 7 lines: Up and Down read them, Escape closes them. One"
               " pack is dealt face down round the table: a stack each.")
    player.key("down", "In turn, each player turns the top card of their stack onto the pile."
               " You have 5 seconds to turn yours; then it turns by itself.")
    player.key("end", "After 2 jacks slapped, whoever holds the most cards wins.")
    player.key("down", "Bottom. After 2 jacks slapped, whoever holds the most cards wins.")
    player.key("home", "One pack is dealt face down round the table: a stack each.")
    player.key("up", "Top. One pack is dealt face down round the table: a stack each.")
    player.key("escape", "Rules of Slapjack, 3 of 14")
    player.key("escape", "Main menu. How to play, 4 of 8")
    player.quit()


def test_the_options_screen_by_keys_and_a_setting_that_survives_a_restart(
        config: Path, players: list[Player]) -> None:
    player = start(players, config)
    skip_welcome(player)
    player.key("o", "Options, 3 of 8")
    player.key("enter", "Options. Players, 4 players, 1 of 33")
    player.key("right", "5 players")
    player.key("down", "Bot difficulty, easy, 2 of 33")
    player.key("right", "normal")
    player.key("right", "hard")
    player.key("d", "Draw variant, draw pile, 4 of 33")
    player.key("d", "Discard time limit, no limit, 14 of 33")
    player.key("right", "1 second")
    player.key("right", "2 seconds")
    player.key("d", "Deck, one pack, 21 of 33")
    player.key("left", "Not possible: the no-stock deck has no stock to draw from: choose the"
               " discard pile draw variant first.")
    player.key("right", "two packs")
    player.key("end", "Back, 33 of 33")
    player.key("up", "Restore the defaults, 32 of 33")
    player.key("f2", "Every option back to its default: four players, easy bots.")
    player.key("escape", "Main menu. Options, 3 of 8")
    player.key("s", "Settings, 5 of 8")
    player.key("enter", "Settings. Speech, printed text, 1 of 12")
    player.key("m", "Mono, off, 5 of 12")
    player.key("enter", "on")
    player.key("up", "Sound volume, 80 percent, 4 of 12")
    player.key("left", "70 percent")
    player.key("escape", "Main menu. Settings, 5 of 8")
    player.quit()

    data = saved(config)
    assert (data["players"], data["bots"], data["mono"], data["sound_volume"]) == (
        5, "hard", True, 70)
    assert data["options"] == {"discard_time_limit": "2", "deck": "two-packs"}

    again = start(players, config)
    again.hear("Main menu. Play, 1 of 8")
    again.key("o", "Options, 3 of 8")
    again.key("enter", "Options. Players, 5 players, 1 of 33")
    again.key("down", "Bot difficulty, hard, 2 of 33")
    again.key("end", "Back, 33 of 33")
    again.key("up", "Restore the defaults, 32 of 33")
    again.key("up", "Slapjack options, 31 of 33")
    again.key("up", "Razz Spoons options, 30 of 33")
    again.key("up", "A grab nobody can settle, the first to arrive keeps it, 29 of 33")
    again.key("up", "Cards wait beside a slow player, on, 28 of 33")
    again.key("up", "Keep playing while the spoons go, off, 27 of 33")
    again.key("up", "Cards for a knife, 4 cards, 26 of 33")
    again.key("up", "Signal instead of spoons, off, 25 of 33")
    again.key("up", "Play in teams, off, 24 of 33")
    again.key("up", "Pause between rounds, 3 seconds, 23 of 33")
    again.key("up", "Hand size, 4 cards, 22 of 33")
    again.key("up", "Deck, two packs, 21 of 33")
    again.key("enter", "Left and Right change the value.")
    again.key("escape", "Main menu. Options, 3 of 8")
    again.key("s", "Settings, 5 of 8")
    again.key("enter", "Settings. Speech, printed text, 1 of 12")
    again.key("m", "Mono, on, 5 of 12")
    again.key("escape", "Main menu. Settings, 5 of 8")
    again.quit()


def test_a_game_key_chosen_in_settings_is_kept_after_a_restart(config: Path,
                                                              players: list[Player]) -> None:
    player = start(players, config)
    skip_welcome(player)
    player.key("s", "Settings, 5 of 8")
    player.key("enter", "Settings. Speech, printed text, 1 of 12")
    player.key("k", "Keys, 9 of 12")
    player.key("enter", "Keys. Grab a spoon or react, Space, 1 of 34")
    player.key("p", "Pass the card under the cursor, Enter, 2 of 34")
    player.key("p", "Pass your first card, A, 5 of 34")
    player.key("end", "Back, 34 of 34")
    player.key("home", "Grab a spoon or react, Space, 1 of 34")
    player.key("enter", "Press the new key for Grab a spoon or react, or Escape to keep Space.")
    player.key("insert", "Insert belongs to your screen reader. Press another key, or Escape to"
               " keep Space.")
    player.key("5", "The number keys are kept for grabbing numbered spoons. Press another key,"
               " or Escape to keep Space.")
    player.key("f1", "F1 is kept for help. Press another key, or Escape to keep Space.")
    player.key("h", "Grab a spoon or react now uses H. H was Say your hand, which now uses"
               " Space.")
    player.key("down", "Pass the card under the cursor, Enter, 2 of 34")
    player.key("enter", "Press the new key for Pass the card under the cursor, or Escape to keep"
               " Enter.")
    player.key("escape", "Pass the card under the cursor keeps Enter.")
    player.key("p", "Pass your first card, A, 5 of 34")
    player.key("enter", "Press the new key for Pass your first card, or Escape to keep A.")
    player.key("q", "Pass your first card now uses Q.")
    player.key("escape", "Settings. Keys, 9 of 12")
    player.key("escape", "Main menu. Settings, 5 of 8")
    player.quit()
    overrides = {"space": "h", "slot-1": "q", "hand": "space"}
    assert saved(config)["keys"] == overrides

    again = start(players, config)
    again.hear("Main menu. Play, 1 of 8")
    again.key("s", "Settings, 5 of 8")
    again.key("enter", "Settings. Speech, printed text, 1 of 12")
    again.key("k", "Keys, 9 of 12")
    again.key("enter", "Keys. Grab a spoon or react, H, 1 of 34")
    again.key("p", "Pass the card under the cursor, Enter, 2 of 34")
    again.key("p", "Pass your first card, Q, 5 of 34")
    again.key("down", "Pass your second card, S, 6 of 34")
    again.key("s", "Say your hand, Space, 12 of 34")
    again.key("escape", "Settings. Keys, 9 of 12")
    again.key("escape", "Main menu. Settings, 5 of 8")
    again.quit()
    keys = keymap(load_settings(config / "settings.json")[0].keys_of("spoons"))
    assert (keys["h"], keys["q"], keys["space"]) == (SpoonsAction.SPACE, SpoonsAction.SLOT_1,
                                                      SpoonsAction.HAND)
    assert "a" not in keys


def test_a_corrupt_settings_file_is_kept_aside_and_the_player_hears_why(
        config: Path, players: list[Player]) -> None:
    config.mkdir(parents=True)
    (config / "settings.json").write_text('{"rate": "very fast", "mono": tru', encoding="utf-8")
    player = start(players, config)
    player.hear("The settings file was damaged, so it was put aside and the default settings"
                " are used.")
    skip_welcome(player)
    player.quit()
    names = sorted(p.name for p in config.iterdir())
    assert len(names) == 2 and names[0] == "settings.json"
    assert names[1].startswith("settings.json.corrupt-")
    assert (config / names[1]).read_text(encoding="utf-8") == '{"rate": "very fast", "mono": tru'
    assert saved(config)["first_run"] is False


def test_the_language_of_the_menus_is_chosen_in_settings(config: Path,
                                                         players: list[Player]) -> None:
    player = start(players, config)
    skip_welcome(player)
    player.key("s", "Settings, 5 of 8")
    player.key("enter", "Settings. Speech, printed text, 1 of 12")
    player.key("l", "Language, system, 6 of 12")
    player.key("right", "English")
    player.key("right", "Deutsch")
    player.key("right", "Español")
    player.key("down", "Detalle, breve, 7 de 12")
    player.key("escape", "Menú principal. Ajustes, 5 de 8")
    player.key("escape", "¿Salir de audiospoons? Intro sale, Escape vuelve.")
    player.key("enter", "Adiós.")
    player.ends()
    assert saved(config)["language"] == "es"


def test_lang_on_the_command_line_and_ctrl_c(config: Path, players: list[Player]) -> None:
    player = start(players, config, "--lang", "es")
    player.hear("Te damos la bienvenida a audiospoons. F1 dice las teclas estés donde estés."
                " Una ronda corta de demostración enseña cómo va el juego. Jugar la ronda de"
                " demostración, 1 de 2")
    player.key("escape", "Menú principal. Jugar, 1 de 8")
    player.key("c", "Cómo se juega, 4 de 8")
    player.press("ctrl+c")
    player.ends(130)
    assert saved(config)["language"] is None


def test_the_first_run_demonstration_then_a_game_from_the_main_menu(
        config: Path, players: list[Player]) -> None:
    player = start(players, config)
    player.hear("Welcome to audiospoons. F1 says the keys wherever you are. A short demonstration"
                " round shows how the game goes. Play the demonstration round, 1 of 2")
    child = player.child
    player.press("enter")
    child.expect_exact("Press Up to draw it.", timeout=LINE_TIMEOUT)
    player.press("up")
    child.expect_exact("You have four queens!", timeout=LINE_TIMEOUT)
    child.expect_exact("press F, or find it with Left and Right and press Enter.")
    player.press("f")
    child.expect_exact("You discarded the five of spades.")
    child.expect_exact("Press Space.")
    player.press(" ")
    child.expect_exact("You grabbed a spoon!")
    child.expect_exact("The practice round is over.", timeout=30)
    child.expect_exact("Main menu. Play, 1 of 8", timeout=30)
    player.press("enter")
    child.expect_exact("Spoons: you against Britany, Chris, and Debra.", timeout=30)
    player.press("escape")
    child.expect_exact("Paused. Enter or Escape to go on, Q to quit the game.")
    player.press("q")
    child.expect_exact("Quit this game? Y to quit, any other key to go on.")
    player.press("y")
    child.expect_exact("Main menu. Play, 1 of 8", timeout=30)
    player.press("end")
    child.expect_exact("Quit, 8 of 8")
    player.press("enter")
    child.expect_exact("Quit audiospoons? Enter quits, Escape goes back.")
    player.press("enter")
    child.expect_exact("Goodbye.")
    child.expect(pexpect.EOF, timeout=LINE_TIMEOUT)
    child.close()
    assert child.exitstatus == 0
    assert saved(config)["first_run"] is False


def test_a_game_from_the_menu_speaks_the_language_of_lang(config: Path,
                                                          players: list[Player]) -> None:
    player = start(players, config, "--lang", "es")
    child = player.child
    child.expect_exact("Jugar la ronda de demostración, 1 de 2", timeout=START_TIMEOUT)
    player.press("down")
    child.expect_exact("2 de 2")
    player.press("enter")
    child.expect_exact("Menú principal. Jugar, 1 de 8")
    player.press("enter")
    child.expect_exact("Cucharas: tú contra Britany, Chris y Debra.", timeout=30)
    player.press("escape")
    child.expect_exact("En pausa. Intro o Escape para seguir, Q para salir de la partida.")
    player.press("q")
    child.expect_exact("¿Salir de esta partida? S para salir; cualquier otra tecla para seguir.")
    player.press("s")
    child.expect_exact("Menú principal. Jugar, 1 de 8", timeout=30)
    player.press("ctrl+c")
    child.expect(pexpect.EOF, timeout=LINE_TIMEOUT)
    child.close()
    assert saved(config).get("language") is None, "--lang is for this run only"


def type_text(player: Player, text: str) -> None:
    """Type ``text`` into a field, hearing each character said as it is typed."""
    for char in text:
        spoken = SPOKEN_CHARACTERS.get(char, f"capital {char}" if char.isupper() else char)
        player.key(char, spoken)


def test_play_online_from_the_main_menu_a_room_opened_and_joined_from_the_lobby(
        tmp_path: Path, config: Path, players: list[Player]) -> None:
    """Ann opens a room from the lobby; Bob, at another keyboard, hears it in the lobby's list
    and joins it; each leaves the room for the lobby, then the relay for the main menu, and
    the address and the name are offered again the next time."""
    port, closed = free_port(), free_port()
    relay = subprocess.Popen([sys.executable, "-m", "audiospoons", "serve", "--port", str(port)],
                             env=environment(tmp_path, "relay"), stderr=subprocess.PIPE,
                             text=True)
    try:
        wait_for_relay(port)
        player = start(players, config)
        skip_welcome(player)
        player.key("down", "Play online, 2 of 8")
        player.key("enter", "Relay address, edit text, blank")
        player.key("enter", "Type the relay's address first.")
        player.hear("Relay address, edit text, blank")
        type_text(player, f"127.0.0.1:{closed}")
        player.key("enter", "Your name, edit text, blank")
        type_text(player, "Ann")
        player.key("enter", "Password for Ann, edit text, blank")
        player.key("enter", f"Connecting to 127.0.0.1, port {closed}.")
        player.child.expect(re.escape(f"Cannot reach the relay at 127.0.0.1 port {closed}: ")
                            + r"[^\r]+\r\n")
        assert player.child.before is not None
        assert printed(player.child.before) == ""
        player.hear("Check the address and the name: Enter on each tries again, Escape goes back.",
                    f"Relay address, edit text, selected: 127.0.0.1:{closed}")
        player.key("end", "End of the text.")
        for digit in reversed(str(closed)):
            player.key("backspace", f"{digit} deleted")
        type_text(player, str(port))
        player.key("up", f"127.0.0.1:{port}")
        player.key("enter", "Your name, edit text, selected: Ann")
        player.key("enter", "Password for Ann, edit text, blank")
        player.key("enter", f"Connecting to 127.0.0.1, port {port}.")
        player.hear("Connected to 127.0.0.1 as Ann.", "Lobby: no rooms open. New room, 1 of 4")
        data = saved(config)
        assert (data["online_address"], data["online_name"]) == (f"127.0.0.1:{port}", "Ann"), \
            "saved as soon as the relay takes the name"
        player.key("f2", "A room of your own, with your options, and you its host: the others"
                   " find it in this list and join you.")
        player.key("enter", "Room 1, Ann's room: Ann, host.")

        bob = start(players, tmp_path / "bob")
        skip_welcome(bob)
        bob.key("down", "Play online, 2 of 8")
        bob.key("enter", "Relay address, edit text, blank")
        type_text(bob, f"127.0.0.1:{port}")
        bob.key("enter", "Your name, edit text, blank")
        type_text(bob, "Bob")
        bob.key("enter", "Password for Bob, edit text, blank")
        bob.key("enter", f"Connecting to 127.0.0.1, port {port}.")
        bob.hear("Connected to 127.0.0.1 as Bob.", "Lobby: 1 room open. New room, 1 of 5")
        bob.key("down", "New Razz Spoons room, 2 of 5")
        bob.key("down", "New Slapjack room, 3 of 5")
        bob.key("down", "Ratings and leaderboards, 4 of 5")
        bob.key("down", "Room 1, Ann's room, 1 player, waiting, 5 of 5")
        bob.key("enter", "Room 1, Ann's room: Ann, host; Bob.")
        player.hear("Room 1, Ann's room: Ann, host; Bob.")
        bob.key("escape", "You left the room.",
                "Lobby: 1 room open. Room 1, Ann's room, 1 player, waiting, 5 of 5")
        player.hear("Room 1, Ann's room: Ann, host.")
        bob.key("escape", "You left the relay.", "Main menu. Play online, 2 of 8")
        bob.quit()

        player.key("escape", "You left the room.", "Lobby: no rooms open. New room, 1 of 4")
        player.key("escape", "You left the relay.", "Main menu. Play online, 2 of 8")
        player.quit()

        again = start(players, config)
        again.hear("Main menu. Play, 1 of 8")
        again.key("down", "Play online, 2 of 8")
        again.key("enter", f"Relay address, edit text, selected: 127.0.0.1:{port}")
        again.key("enter", "Your name, edit text, selected: Ann")
        again.key("escape", f"Relay address, edit text, selected: 127.0.0.1:{port}")
        again.key("escape", "Main menu. Play online, 2 of 8")
        again.quit()
    finally:
        relay.send_signal(signal.SIGTERM)
        _, log = relay.communicate(timeout=10)
    assert relay.returncode == 0, log
    assert "Traceback" not in log, log


def test_a_name_registered_online_logs_in_by_itself_the_next_time(
        tmp_path: Path, config: Path, players: list[Player]) -> None:
    """Ann gives a password with her name: the relay registers it and gives a login, which is
    kept; the next time her name logs in by itself, and a guest asking for her name is asked
    for its password, a wrong one refused and the right one taken."""
    port = free_port()
    relay = subprocess.Popen([sys.executable, "-m", "audiospoons", "serve", "--port", str(port),
                              "--data", str(tmp_path / "relay-data")],
                             env=environment(tmp_path, "relay"), stderr=subprocess.PIPE,
                             text=True)
    try:
        wait_for_relay(port)
        player = start(players, config)
        skip_welcome(player)
        player.key("down", "Play online, 2 of 8")
        player.key("enter", "Relay address, edit text, blank")
        type_text(player, f"127.0.0.1:{port}")
        player.key("enter", "Your name, edit text, blank")
        type_text(player, "Ann")
        player.key("enter", "Password for Ann, edit text, blank")
        for char in "secret1":
            player.key(char, "star")
        player.key("up", "7 characters")
        player.key("enter", f"Connecting to 127.0.0.1, port {port}.")
        player.hear("Connected to 127.0.0.1 as Ann.",
                    "Ann is registered on this relay: next time you are logged in by yourself.",
                    "Lobby: no rooms open. New room, 1 of 6")
        address = f"127.0.0.1:{port}"
        logins = saved(config)["online_logins"]
        assert isinstance(logins, dict)
        assert list(logins) == [f"{address} Ann"]
        player.key("escape", "You left the relay.", "Main menu. Play online, 2 of 8")
        player.quit()

        again = start(players, config)
        again.hear("Main menu. Play, 1 of 8")
        again.key("down", "Play online, 2 of 8")
        again.key("enter", f"Relay address, edit text, selected: {address}")
        again.key("enter", "Your name, edit text, selected: Ann")
        again.key("enter", f"Connecting to 127.0.0.1, port {port}.")
        again.hear("Connected to 127.0.0.1 as Ann.", "Logged in as Ann.",
                   "Lobby: no rooms open. New room, 1 of 6")
        again.key("escape", "You left the relay.", "Main menu. Play online, 2 of 8")
        again.quit()

        other = start(players, tmp_path / "other")
        skip_welcome(other)
        other.key("down", "Play online, 2 of 8")
        other.key("enter", "Relay address, edit text, blank")
        type_text(other, address)
        other.key("enter", "Your name, edit text, blank")
        type_text(other, "Ann")
        other.key("enter", "Password for Ann, edit text, blank")
        other.key("enter", f"Connecting to 127.0.0.1, port {port}.")
        other.hear("Ann is a registered player's name: type its password, or go back and"
                   " choose another name.", "Password for Ann, edit text, blank")
        for _ in "wrong12":
            other.key("w", "star")
        other.key("enter", f"Connecting to 127.0.0.1, port {port}.")
        other.hear("That name and password do not match an account.",
                   "Password for Ann, edit text, blank")
        for _ in "secret1":
            other.key("s", "star")
        other.key("backspace", "star deleted")
        other.key("1", "star")
        other.key("enter", f"Connecting to 127.0.0.1, port {port}.")
        other.hear("That name and password do not match an account.",
                   "Password for Ann, edit text, blank")
        for char in "secret1":
            other.key(char, "star")
        other.key("enter", f"Connecting to 127.0.0.1, port {port}.")
        other.hear("Connected to 127.0.0.1 as Ann.", "Logged in as Ann.",
                   "Lobby: no rooms open. New room, 1 of 6")
        other.key("escape", "You left the relay.", "Main menu. Play online, 2 of 8")
        other.quit()
    finally:
        relay.send_signal(signal.SIGTERM)
        _, log = relay.communicate(timeout=10)
    assert relay.returncode == 0, log
    assert "Traceback" not in log, log
