"""A whole game against bots, played by keys alone in a real pseudo-terminal, as a player would
play it: the game's speech is read from the terminal (``--speech text``) and keys are sent back."""

from __future__ import annotations

import json
import os
import random
import re
import sys
import time
from pathlib import Path

import pexpect
from conftest import ExpectPattern

UP = "\x1b[A"
ESCAPE = "\x1b"
GAME_SECONDS = 240
REALTIME_WORDS = r"Holding a spoon\.|\w+ is safe\.|You are safe\.|\w+ and \w+ are fighting\.\.\."
"""Lines only realtime fighting says."""
PICKED_UP = r"(?m)^[A-Z][a-z]+ of (?:clubs|diamonds|hearts|spades)\.\r$"
"""What brief speech (the default at the table) says when you pick up a card: its name."""
IDLE_SECONDS = 0.15
"""How long the player waits on silence before pressing Up to draw again: Up with no card to
take says nothing, so a short wait keeps the game moving at the bots' pace."""
QUICK = ("--bots", "expert", "--option", "deck=two-packs")
"""Quick bots and two packs, in which a set of three comes sooner: a game played by keys to its
end lasts seconds rather than minutes."""


def spawn(tmp_path: Path, *args: str) -> pexpect.spawn:
    env = dict(os.environ, SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1",
               LANG="C.UTF-8", AUDIOSPOONS_CONFIG_DIR=str(tmp_path / "config"),
               HOME=str(tmp_path))
    env.pop("LANGUAGE", None)
    env.pop("LC_ALL", None)
    return pexpect.spawn(sys.executable, ["-m", "audiospoons", *args], env=env,
                         encoding="utf-8", timeout=10, dimensions=(40, 200))


def quit_game(child: pexpect.spawn) -> None:
    """Escape, Q, Y: the pause menu's way out of a game, to the end of the program."""
    child.send(ESCAPE)
    child.expect_exact("Paused. Enter or Escape to go on, Q to quit the game.")
    child.send("q")
    child.expect_exact("Quit this game? Y to quit, any other key to go on.")
    child.send("y")
    child.expect(pexpect.EOF, timeout=20)


def test_a_short_game_is_played_to_the_end_by_keys_alone(tmp_path: Path) -> None:
    child = spawn(tmp_path, "play", "--speech", "text", "--players", "3", "--seed", "11",
                  "--option", "hand_size=3", "--option", "grab_time_limit=3",
                  "--option", "round_pause=1", *QUICK)
    rng = random.Random(5)
    heard: list[str] = []
    passes = grabs = 0
    deadline = time.monotonic() + GAME_SECONDS
    try:
        child.expect_exact("Spoons: you against Britany and Chris.")
        while time.monotonic() < deadline:
            found = child.expect([r"You have three \w+!", r"grabbed a spoon!", r"Time is up",
                                  r"Enter to play again, Escape to quit\.", PICKED_UP,
                                  pexpect.TIMEOUT], timeout=IDLE_SECONDS)
            heard.append(child.after if isinstance(child.after, str) else "")
            if found in (0, 1):
                child.send(" ")
                grabs += 1
            elif found == 3:
                break
            elif found == 4:
                child.send(rng.choice("asdf"))
                passes += 1
            else:
                child.send(UP)
        else:
            raise AssertionError(f"the game did not end in {GAME_SECONDS} s: {heard[-20:]}")
        child.send(ESCAPE)
        child.expect(pexpect.EOF, timeout=20)
    finally:
        child.close(force=True)
    transcript = (child.before or "")
    assert child.exitstatus == 0, transcript
    assert passes > 0 and grabs > 0
    assert any("win" in line for line in heard) or "Enter to play again" in heard[-1]


def test_the_winner_is_said_before_the_offer_to_play_again(tmp_path: Path) -> None:
    """The offer to play again: > says the game's last line again, the winner, and any other
    key but Enter and Escape says the offer again."""
    child = spawn(tmp_path, "play", "--speech", "text", "--players", "2", "--seed", "3",
                  "--option", "hand_size=3", "--option", "grab_time_limit=2", *QUICK)
    try:
        child.expect_exact("Spoons: you against Britany.")
        child.expect(r"(You win|Britany wins) the game!", timeout=GAME_SECONDS)
        assert isinstance(child.match, re.Match)
        winner = child.match.group(0)
        child.expect_exact("Enter to play again, Escape to quit.")
        child.send(">")
        child.expect_exact(winner)
        child.send("x")
        child.expect_exact("Enter to play again, Escape to quit.")
        child.send("\r")
        child.expect_exact("Spoons: you against Britany.")
        child.send(ESCAPE)
        child.expect_exact("Paused. Enter or Escape to go on, Q to quit the game.")
        child.send("q")
        child.expect_exact("Quit this game? Y to quit, any other key to go on.")
        child.send("y")
        child.expect(pexpect.EOF, timeout=20)
    finally:
        child.close(force=True)
    assert child.exitstatus == 0
    saved = json.loads((tmp_path / "config" / "settings.json").read_text(encoding="utf-8"))
    assert saved["reactions"]["games"] == 1, "the game played to the end counts, not the one quit"


def test_a_realtime_fighting_game_is_played_by_number_keys_alone(tmp_path: Path) -> None:
    """Realtime fighting in a real terminal: a set grabs spoon 1 by its number key; the spoons
    going (announced) or a lost grip sends a number key for a spoon; a fight is answered with
    Space."""
    child = spawn(tmp_path, "play", "--speech", "text", "--players", "3", "--seed", "4",
                  "--option", "grabbing=realtime", "--option", "hand_size=3",
                  "--option", "announce_phase2=true",
                  "--option", "claim_hold=1.5", "--option", "round_pause=1", *QUICK)
    rng = random.Random(7)
    heard: list[str] = []
    keys: list[str] = []
    deadline = time.monotonic() + GAME_SECONDS
    patterns: list[ExpectPattern] = [
        r"You have three \w+!", r"The spoons are going!|Your grip loosens and slips\.",
        r"Fight with \w+, react now!", REALTIME_WORDS,
        r"Enter to play again, Escape to quit\.", PICKED_UP, pexpect.TIMEOUT]
    try:
        child.expect_exact("Spoons: you against Britany and Chris.")
        while time.monotonic() < deadline:
            found = child.expect(patterns, timeout=IDLE_SECONDS)
            heard.append(child.after if isinstance(child.after, str) else "")
            if found == 4:
                break
            key = {0: "1", 1: rng.choice("12"), 2: " ", 5: rng.choice("asd"), 6: UP}.get(found)
            if key is not None:
                child.send(key)
                keys.append(key)
        else:
            raise AssertionError(f"the game did not end in {GAME_SECONDS} s: {heard[-20:]}")
        child.send(ESCAPE)
        child.expect(pexpect.EOF, timeout=20)
    finally:
        child.close(force=True)
    assert child.exitstatus == 0, child.before
    assert {"1", "2"} & set(keys), heard[-30:]
    assert any(re.fullmatch(REALTIME_WORDS, line) or line.startswith(("Fight with", "Your grip"))
               for line in heard), heard[-30:]


def test_pig_is_played_by_ear_the_signal_given_and_copied_with_space(tmp_path: Path) -> None:
    """The pig preset in a real terminal, for a round: no spoons; a set gives the signal with
    Space, a copy heard from another seat is copied with Space, and the last to copy takes a
    letter."""
    child = spawn(tmp_path, "play", "--speech", "text", "--players", "3", "--seed", "2",
                  "--preset", "pig", "--option", "hand_size=3",
                  "--option", "grab_time_limit=3", *QUICK)
    rng = random.Random(3)
    heard: list[str] = []
    signals = 0
    deadline = time.monotonic() + GAME_SECONDS
    patterns: list[ExpectPattern] = [r"You have three \w+!", r"\w+ copied the signal!",
                r"takes? a letter, and ha(?:s|ve) \w", r"Enter to play again, Escape to quit\.",
                PICKED_UP, pexpect.TIMEOUT]
    try:
        child.expect_exact("Spoons: you against Britany and Chris.")
        while time.monotonic() < deadline:
            found = child.expect(patterns, timeout=IDLE_SECONDS)
            heard.append(child.after if isinstance(child.after, str) else "")
            if found in (0, 1):
                child.send(" ")
                signals += 1
            elif found in (2, 3):
                break
            elif found == 4:
                child.send(rng.choice("asd"))
            elif found == 5:
                child.send(UP)
        else:
            raise AssertionError(f"no round ended in {GAME_SECONDS} s: {heard[-20:]}")
        quit_game(child)
    finally:
        child.close(force=True)
    assert child.exitstatus == 0, child.before
    assert signals > 0
    assert "letter" in heard[-1], heard[-30:]
    assert not any("spoon" in line for line in heard), heard[-30:]


def test_a_knife_is_answered_with_the_pass_keys_in_a_real_terminal(tmp_path: Path) -> None:
    """The knives preset: a card bearing Knives asks for discards, made with A, and the new
    cards are said."""
    child = spawn(tmp_path, "play", "--speech", "text", "--players", "3", "--seed", "5",
                  "--bots", "normal", "--preset", "knives", "--option", "knife_redraw=2")
    heard: list[str] = []
    deadline = time.monotonic() + GAME_SECONDS
    patterns: list[ExpectPattern] = [
        r"A knife! Discard 2 cards", r"You discard [^;]+; 1 more\.", r"You draw [^\r]+\.",
        PICKED_UP, r"Knives?\.\r", pexpect.TIMEOUT]
    try:
        child.expect_exact("Spoons: you against Britany and Chris.")
        while time.monotonic() < deadline:
            found = child.expect(patterns, timeout=0.5)
            heard.append(child.after if isinstance(child.after, str) else "")
            if found in (0, 1):
                child.send("a")
            elif found == 2:
                break
            elif found in (3, 4):
                child.send("a")
            else:
                child.send(UP)
        else:
            raise AssertionError(f"no knife came in {GAME_SECONDS} s: {heard[-20:]}")
        quit_game(child)
    finally:
        child.close(force=True)
    assert child.exitstatus == 0, child.before
    assert any(line.startswith("You discard") for line in heard), heard[-20:]


def test_the_first_volume_key_steps_from_the_saved_sound_volume(tmp_path: Path) -> None:
    """F7 on a saved 70 percent turns it down to 60, and F8 back up to 70."""
    config = tmp_path / "config"
    config.mkdir()
    (config / "settings.json").write_text(json.dumps({"first_run": False,
                                                      "sound_volume": 70}))
    child = spawn(tmp_path, "play", "--speech", "text", "--players", "3", "--seed", "11")
    try:
        child.expect_exact("Spoons: you against Britany and Chris.")
        child.send("\x1b[18~")
        child.expect_exact("Sound volume 60 percent.")
        child.send("\x1b[19~")
        child.expect_exact("Sound volume 70 percent.")
        quit_game(child)
    finally:
        child.close(force=True)
    assert child.exitstatus == 0, child.before


def test_quitting_a_game_started_from_the_command_line_says_it_was_left(tmp_path: Path) -> None:
    child = spawn(tmp_path, "play", "--speech", "text", "--players", "3", "--seed", "11")
    try:
        child.expect_exact("Spoons: you against Britany and Chris.")
        child.send(ESCAPE)
        child.expect_exact("Paused. Enter or Escape to go on, Q to quit the game.")
        child.send("q")
        child.expect_exact("Quit this game? Y to quit, any other key to go on.")
        child.send("y")
        child.expect_exact("You left the game.")
        child.expect(pexpect.EOF, timeout=20)
    finally:
        child.close(force=True)
    assert child.exitstatus == 0, child.before
