"""Shift+F1 at a table against bots, in a real pseudo-terminal, by the bytes a terminal sends:
the rules of the game being played, with its options, read a line at a time, and Escape back
to the game."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_play_pty import quit_game, spawn

from audiospoons.games.keyboards import KEYBOARDS
from audiospoons.voice.i18n import messages

SHIFT_F1 = "\x1b[1;2P"
KEYS = {"up": "\x1b[A", "down": "\x1b[B", "home": "\x1b[H", "end": "\x1b[F", "escape": "\x1b"}
EN = messages("en")


@pytest.mark.parametrize(("game", "opening", "options", "last"), [
    ("spoons", "Spoons: you against Britany and Chris.", ("draw=either", "scoring=letters"),
     "Losing a round gives you a letter of SPOONS; with all 6 letters you are out. The last"
     " player left wins."),
    ("razz", "Razz Spoons: you against Britany and Chris.", ("end=points", "end_at=40"),
     "The game ends when someone reaches 40 points; the fewest points win."),
    ("slapjack", "Slapjack: you against Britany and Chris.", ("jacks=3",),
     "After 3 jacks slapped, whoever holds the most cards wins."),
])
def test_shift_f1_reads_this_games_rules_line_by_line(tmp_path: Path, game: str, opening: str,
                                                      options: tuple[str, ...],
                                                      last: str) -> None:
    """The rules of the game with the options it is played with: End reaches the line that
    the options make, and the game waits until Escape."""
    half = KEYBOARDS[game]
    values = dict(option.split("=") for option in options)
    rules = half.rules_lines(half.rules.read_options(values)[0], 3, EN)
    assert rules[-1] == last
    option_args = [arg for option in options for arg in ("--option", option)]
    child = spawn(tmp_path, "play", "--game", game, "--players", "3", "--speech", "text",
                  "--seed", "0", *option_args)
    try:
        child.expect_exact(opening, timeout=20)
        child.send(SHIFT_F1)
        child.expect_exact(f"The rules, {len(rules)} lines: Up and Down read them, Escape"
                           f" closes them. {rules[0]}")
        for key, line in (("down", rules[1]), ("end", last), ("down", f"Bottom. {last}"),
                          ("up", rules[-2]), ("home", rules[0]), ("up", f"Top. {rules[0]}"),
                          ("escape", "Go on.")):
            child.send(KEYS[key])
            child.expect_exact(line)
        quit_game(child)
    finally:
        child.close(force=True)
    assert child.exitstatus == 0
