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
PAUSE = 0.2
"""Seconds of quiet that part two stretches of sound."""


def sounds_heard(speech: str, tmp_path: Path) -> list[tuple[float, float]]:
    """The stretches of the mixer's output for the scenario heard by Chris above ``AUDIBLE``, as
    (start, end) in seconds from its start, parted where it is quiet for ``PAUSE`` or more."""
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
    stretches: list[tuple[float, float]] = []
    for index, value in enumerate(samples):
        if abs(value) <= AUDIBLE:
            continue
        moment = index // 2 / RATE
        if stretches and moment - stretches[-1][1] < PAUSE:
            stretches[-1] = (stretches[-1][0], moment)
        else:
            stretches.append((moment, moment))
    return stretches


def test_spoken_lines_are_rendered_and_played_on_the_mixer(tmp_path: Path) -> None:
    cues = sounds_heard("text", tmp_path)
    # Two stretches of cues: round 1's (the deal, the grabs, the round's end), over within
    # about a second; then, after the round pause, round 2's deal. The replay stops there, but
    # only once that deal has been heard to its end, not cut off as the device closes.
    assert len(cues) == 2, cues
    (first_start, first_end), (deal_start, deal_end) = cues
    assert 0.5 < first_end - first_start < 1.5
    assert deal_start - first_end > 2.0
    assert deal_end - deal_start > 0.25
    # The game's lines ("Spoons: you against...", "You grabbed a spoon!", ...) rendered by
    # espeak-ng last many seconds; live speech would not reach the mixer at all.
    speech_end = sounds_heard("tts", tmp_path)[-1][1]
    assert speech_end > deal_end + 3.0
