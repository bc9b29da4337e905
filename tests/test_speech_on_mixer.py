"""Built-in speech comes out of the mixer, alongside the cues: heard end to end through the
command, with pygame's mixer on the disk driver and espeak-ng rendering the lines."""

from __future__ import annotations

import array
import os
import subprocess
import sys
import textwrap
from pathlib import Path

SCENARIO = textwrap.dedent("""
    [options]
    grab_time_limit = 0
    [table]
    players = ["Andrew", "Chris", "Ellen"]
    dealer = "Andrew"
    seed = 7
    [table.hands]
    Chris = ["7H", "7C", "7D", "7S"]
    [script]
    lines = ["0.30 Chris grab", "0.40 Andrew grab"]
""")
AUDIBLE = 300
RATE = 44100


def sound_ends(speech: str, tmp_path: Path) -> float:
    """When the mixer's output for the scenario heard by Chris last rises above ``AUDIBLE``, in
    seconds from its start."""
    scenario = tmp_path / "game.toml"
    scenario.write_text(SCENARIO, encoding="utf-8")
    out = tmp_path / f"{speech}.raw"
    env = dict(os.environ, SDL_AUDIODRIVER="disk", SDL_DISKAUDIOFILE=str(out),
               PYGAME_HIDE_SUPPORT_PROMPT="1", HOME=str(tmp_path), LANG="C.UTF-8")
    result = subprocess.run(
        [sys.executable, "-m", "audiospoons", "replay", str(scenario), "--listener", "Chris",
         "--speak", "--speech", speech], capture_output=True, text=True, timeout=60, env=env,
        stdin=subprocess.DEVNULL)
    assert result.returncode == 0, result.stderr
    samples = array.array("h", out.read_bytes())
    last = max((index for index, value in enumerate(samples) if abs(value) > AUDIBLE),
               default=0)
    return last // 2 / RATE


def test_spoken_lines_are_rendered_and_played_on_the_mixer(tmp_path: Path) -> None:
    cues_end = sound_ends("text", tmp_path)
    speech_end = sound_ends("tts", tmp_path)
    # The game's cues (the deal, the grabs, the round's end) are over within about a second.
    assert 0.5 < cues_end < 1.5
    # The game's lines ("Spoons: you against...", "You grabbed a spoon!", ...) rendered by
    # espeak-ng last many seconds; live speech would not reach the mixer at all.
    assert speech_end > cues_end + 3.0
