"""``simulate``, ``listen`` and ``join`` with ``--game razz``, as a user runs them: a real
process."""

from __future__ import annotations

import argparse
import os
import re
import sys
import time

import pexpect
from test_cli import audiospoons

from audiospoons.commands.optionvalues import play_values
from audiospoons.games.razz.rules.options import EndRule, RazzOptions
from audiospoons.games.registry import GAMES


def test_simulate_razz_reports_the_games_the_same_for_the_same_seed() -> None:
    args = ("simulate", "--game", "razz", "--players", "5", "--games", "3", "--seed", "2")
    first, again = audiospoons(*args), audiospoons(*args)
    assert first.returncode == 0, first.stderr
    report = first.stdout.splitlines()
    assert report[0] == "games: 3"
    assert re.fullmatch(r"rounds: 15", report[1])
    assert re.fullmatch(r"moves: \d+, refused: \d+", report[4])
    assert report[5].startswith("wins per seat (a shared win counts as a share): Seat 1: ")
    assert not any(line.startswith("stuck") for line in report)
    assert first.stdout.splitlines()[:-1] == again.stdout.splitlines()[:-1]
    other = audiospoons(*args[:-1], "3")
    assert other.stdout.splitlines()[2] != report[2]


def test_razz_has_no_presets_and_refuses_the_classic_games_options() -> None:
    result = audiospoons("simulate", "--game", "razz", "--preset", "pig")
    assert result.returncode == 2
    assert "Razz Spoons has no presets: give its options one by one" in result.stderr
    result = audiospoons("listen", "--game", "razz", "--option", "hand_size=3")
    assert result.returncode == 2 and "there is no option 'hand_size'" in result.stderr
    result = audiospoons("simulate", "--game", "razz", "--players", "11")
    assert result.returncode == 2 and "Razz Spoons is for 2 to 10 players, not 11" in (
        result.stderr)


def test_listen_razz_prints_a_whole_game_as_one_seat_hears_it_in_either_language() -> None:
    result = audiospoons("listen", "--game", "razz", "--players", "3", "--seat", "2",
                         "--seed", "2", "--option", "end_at=1")
    assert result.returncode == 0, result.stderr
    lines = [line.split("  ", 2)[2] for line in result.stdout.splitlines()]
    assert lines[0] == "Razz Spoons: you against Andrew and Chris."
    assert "Round 1. Andrew deals. You have 7 cards. 2 spoons on the table." in lines
    assert any(line.startswith("Your cards. ") for line in lines)
    assert any(line.startswith("You play the ") for line in lines)
    assert not any("Britany" in line for line in lines), "your own name is said as you"
    spanish = audiospoons("listen", "--game", "razz", "--players", "3", "--seat", "2",
                          "--seed", "2", "--option", "end_at=1", "--lang", "es")
    assert spanish.stdout.splitlines()[0].endswith("Cucharas Razz: tú contra Andrew y Chris.")
    assert len(spanish.stdout.splitlines()) == len(lines)


def test_join_razz_refuses_the_classic_games_options_before_it_connects() -> None:
    result = audiospoons("join", "127.0.0.1:1", "--name", "Ann", "--game", "razz",
                         "--option", "word=PIG")
    assert result.returncode == 2 and "there is no option 'word'" in result.stderr


def test_listen_razz_speak_says_the_game_as_it_happens() -> None:
    """The first seconds of a spoken bot game: the lines said at the deal come first, in the
    transcript's order, and the first line said later waits for its moment."""
    args = ("listen", "--game", "razz", "--players", "2", "--seed", "3", "--option", "end_at=1")
    printed = audiospoons(*args)
    assert printed.returncode == 0, printed.stderr
    said = [(float(line.split()[0]), line.split("  ", 2)[2])
            for line in printed.stdout.splitlines() if "[sound " not in line]
    at_deal = [text for at, text in said if at == 0.0]
    later_at, later = next((at, text) for at, text in said if at > 0.0)
    child = pexpect.spawn(sys.executable, ["-m", "audiospoons", *args, "--speak", "--speech",
                                           "text"], env={**os.environ, "SDL_AUDIODRIVER":
                                                         "dummy", "PYGAME_HIDE_SUPPORT_PROMPT":
                                                         "1"}, encoding="utf-8", timeout=15)
    try:
        for text in at_deal:
            child.expect_exact(text + "\r\n")
        dealt = time.monotonic()
        child.expect_exact(later + "\r\n", timeout=later_at + 15)
        assert time.monotonic() - dealt >= later_at - 0.5, "a later line waits for its moment"
    finally:
        child.terminate(force=True)


def test_play_razz_takes_the_saved_razz_options_and_the_command_lines_changes() -> None:
    saved = RazzOptions(end=EndRule.POINTS, end_at=50, let_players_err=True).describe()
    given = argparse.Namespace(preset=None, option=["end_at=30", "phrase_window=5"])
    razz = GAMES["razz"]
    assert razz.read_options(play_values(saved, given))[0] == RazzOptions(
        end=EndRule.POINTS, end_at=30, let_players_err=True, phrase_window=5.0)
    assert razz.read_options(play_values({}, given))[0] == RazzOptions(end_at=30,
                                                                       phrase_window=5.0)
