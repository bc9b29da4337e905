"""The full-game benchmark prints its goal and both ways of measuring a game's cost."""

from __future__ import annotations

import importlib
import re
import sys
from pathlib import Path
from types import ModuleType

import pytest

BENCHMARKS = Path(__file__).resolve().parent.parent / "benchmarks"


def games_per_second() -> ModuleType:
    if str(BENCHMARKS) not in sys.path:
        sys.path.insert(0, str(BENCHMARKS))
    return importlib.import_module("games_per_second")


def test_the_benchmark_prints_the_goal_and_the_cost_of_a_game_through_simulate(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert games_per_second().main(["--games", "4"]) == 0
    out = capsys.readouterr().out
    assert "full 8-player sudden-death game in at most 15 ms of CPU: measured median" in out
    assert re.search(r"^through simulate: 2 8-player games, \d+\.\d\d ms of CPU per game"
                     r" \(mean\)$", out, re.MULTILINE), out
