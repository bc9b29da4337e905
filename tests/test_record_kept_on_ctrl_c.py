"""Ctrl+C in the middle of a game, in a real pseudo-terminal: the program ends, and the reaction
record, with the times of the game left, is in the settings file."""

from __future__ import annotations

import io
import json
import re
import time
from collections.abc import Sequence
from pathlib import Path

import pexpect
import pytest
from conftest import ExpectPattern
from test_play_pty import GAME_SECONDS, PICKED_UP, UP, spawn

from audiospoons.app.screens import Screens
from audiospoons.app.settings import LeftByCtrlC, Settings, load_settings
from audiospoons.games.spoons.rules.reactionfloor import REACTION_FLOOR
from audiospoons.keys.key import Key, parse_label
from audiospoons.voice.speaker import Speaker
from audiospoons.voice.speech import SpeechMode, TextOutput

CTRL_C = "\x03"


def card_to_pass(hand: list[str]) -> int:
    """The slot of a card of the rank the hand holds fewest of: a set is never broken up."""
    return min(range(len(hand)), key=lambda slot: hand.count(hand[slot]))


def test_ctrl_c_after_a_realtime_grab_saves_the_time_heard(tmp_path: Path) -> None:
    """Play realtime fighting until a grab or a fight of yours is timed, pressing as what is said
    calls for: Up when dealt and after each pass, a pass of a card the hand can spare when one is
    drawn, Space when you have a set, when the spoons go and at a fight's cue (never while
    getting ready for it), and a press refused as too soon made again once the reaction floor
    has passed. The time is said, and Ctrl+C then leaves with it saved."""
    child = spawn(tmp_path, "play", "--speech", "text", "--players", "3", "--seed", "4",
                  "--option", "grabbing=realtime", "--option", "hand_size=3",
                  "--option", "announce_phase2=true", "--option", "claim_hold=1.5")
    heard: list[str] = []
    patterns: list[ExpectPattern] = [r"(\d+) milliseconds\.",
                r"You have three \w+!|The spoons are going!|Fight with \w+, react now!",
                r"Too soon to be a reaction", r"Get ready to react!", PICKED_UP,
                r"Your cards: ([^\r]*)\.\r", r"You are eliminated|Enter to play again",
                pexpect.TIMEOUT]
    hand: list[str] = []
    """The ranks of your cards, slot by slot, as said."""
    said_ms = None
    press_again_at: float | None = None
    """When a press refused as too soon may be made again: the floor after it was refused."""
    deadline = time.monotonic() + GAME_SECONDS
    try:
        child.expect_exact("Spoons: you against Britany and Chris.")
        while said_ms is None:
            until = deadline if press_again_at is None else min(deadline, press_again_at)
            found = child.expect(patterns, timeout=max(0.0, until - time.monotonic()))
            heard.append(child.after if isinstance(child.after, str) else "")
            if found == 0:
                assert isinstance(child.match, re.Match)
                said_ms = int(child.match.group(1))
            elif found == 1:
                child.send(" ")
            elif found == 2:
                press_again_at = time.monotonic() + REACTION_FLOOR
            elif found == 3:
                press_again_at = None
            elif found == 4:
                assert isinstance(child.after, str)
                hand.append(child.after.split()[0].lower())
                slot = card_to_pass(hand)
                del hand[slot]
                child.send("asdf"[slot])
                child.send(UP)
            elif found == 5:
                assert isinstance(child.match, re.Match)
                hand = re.findall(r"(\w+) of \w+", child.match.group(1))
                child.send(UP)
            elif found == 6:
                raise AssertionError(f"no time was said before the game ended: {heard[-30:]}")
            elif press_again_at is not None and time.monotonic() < deadline:
                press_again_at = None
                child.send(" ")
            else:
                raise AssertionError(f"no grab in {GAME_SECONDS} s: {heard[-30:]}")
        child.send(CTRL_C)
        child.expect(pexpect.EOF, timeout=20)
    finally:
        child.close(force=True)
    assert child.exitstatus == 130, child.before
    saved = json.loads((tmp_path / "config" / "settings.json").read_text(encoding="utf-8"))
    record = saved["reactions"]
    assert len(record["recent"]) >= 1 and record["games"] == 0, record
    assert any(abs(ms - said_ms) <= 0.5 for ms in record["recent"]), (said_ms, record)


class Enter:
    """One Enter, on Play in the main menu."""

    def __init__(self) -> None:
        self.pressed = False

    def read(self, timeout: float | None) -> Sequence[Key]:
        assert not self.pressed, "the menu reads on after Ctrl+C"
        self.pressed = True
        return [parse_label("enter")]


def test_ctrl_c_in_a_game_from_the_main_menu_saves_the_record_before_it_ends(
        tmp_path: Path) -> None:
    def play(settings: Settings) -> Settings:
        raise LeftByCtrlC(settings.with_reaction(412))

    screens = Screens(Settings(first_run=False), speaker=Speaker(TextOutput(io.StringIO())),
                      keys=Enter(), mixer=None, speech=SpeechMode.TEXT, lang="en",
                      settings_file=tmp_path / "settings.json", play=play)
    with pytest.raises(KeyboardInterrupt):
        screens.run()
    saved, problem = load_settings(tmp_path / "settings.json")
    assert problem is None and saved.reactions.recent == (412.0,)
