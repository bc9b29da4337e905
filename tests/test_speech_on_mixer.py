"""Urgent lines rendered in advance come out of the mixer: heard end to end through the command,
with pygame's mixer on the disk driver and espeak-ng rendering the phrases."""

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


def test_you_grabbed_a_spoon_is_played_from_its_rendering_on_the_mixer(tmp_path: Path) -> None:
    cues_end = sound_ends("text", tmp_path)
    speech_end = sound_ends("tts", tmp_path)
    # The game's cues (the deal, the grabs, the round's end) are over within about a second.
    assert 0.5 < cues_end < 1.5
    # "Andrew grabbed a spoon!" at 0.4 s, cutting off "You grabbed a spoon!", is rendered by
    # espeak-ng and lasts more than a second: live speech would not reach the mixer at all.
    assert speech_end > 0.4 + 1.0 and speech_end > cues_end + 0.3
