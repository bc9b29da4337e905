"""Razz Spoons against bots in a real pseudo-terminal, by keys alone: the game's speech is read
from the terminal (``--speech text``) and keys are sent back, as a player would."""

from __future__ import annotations

from pathlib import Path

import pexpect
import pytest
from test_play_pty import quit_game, spawn

DOWN = "\x1b[B"
ENTER = "\r"
DEALER_SEEDS = {1: "you", 0: "Britany"}
"""Seeds whose first deal falls to you, and to a bot."""


@pytest.mark.parametrize("seed", sorted(DEALER_SEEDS))
def test_razz_is_played_by_keys_from_the_phrase_to_a_draw(tmp_path: Path, seed: int) -> None:
    child = spawn(tmp_path, "play", "--game", "razz", "--players", "3", "--speech", "text",
                  "--seed", str(seed))
    try:
        child.expect_exact("Razz Spoons: you against Britany and Chris.")
        if DEALER_SEEDS[seed] == "you":
            child.expect_exact("You deal: choose the Razzing Phrase.")
            child.expect_exact("Razzing Phrase, edit text, blank")
            child.send("Bo")
            child.expect_exact("o")
            child.send(ENTER)
            child.expect_exact("The Razzing Phrase is Bo!")
        else:
            child.expect_exact(f"{DEALER_SEEDS[seed]} is choosing the Razzing Phrase.")
            child.expect_exact("The Razzing Phrase is ")
        child.expect(r"Your turn[:,] ", timeout=30)
        child.send("t")
        child.expect_exact("Your turn.")
        child.send(DOWN)
        child.expect(r"You draw ")
        quit_game(child)
    finally:
        child.close(force=True)
    assert child.exitstatus == 0


@pytest.mark.parametrize(("args", "said"), [
    (("--option", "hand_size=3"), "there is no option 'hand_size'"),
    (("--preset", "classic"), "Razz Spoons has no presets: give its options one by one"),
    (("--players", "11"), "Razz Spoons is for 2 to 10 players, not 11"),
])
def test_razz_options_are_checked_before_the_game(tmp_path: Path, args: tuple[str, ...],
                                                   said: str) -> None:
    child = spawn(tmp_path, "play", "--game", "razz", *args)
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 2
    assert said in (child.before or "")
