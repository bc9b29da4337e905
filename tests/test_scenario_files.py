"""The scenario files written from the seeds: each ``tests/scenarios/NAME.toml`` that has a
transcript beside it replays, through ``audiospoons replay``'s own code, to exactly the lines
written there: ``NAME.transcript`` as a spectator hears the game, ``NAME.for-PLAYER.transcript``
as that player does. The transcripts are written from the seeds' words, not from the code."""

from __future__ import annotations

from pathlib import Path

import pytest

from audiospoons.replay.scenario import load_scenario
from audiospoons.replay.transcript import transcript

SCENARIOS = Path(__file__).parent / "scenarios"
WRITTEN = sorted(SCENARIOS.glob("*.transcript"))


def scenario_and_listener(written: Path) -> tuple[Path, str | None]:
    """The scenario file a transcript is of, and who hears it (None: a spectator)."""
    stem, _, listener = written.stem.partition(".for-")
    return written.with_name(f"{stem}.toml"), listener or None


def test_every_transcript_has_its_scenario() -> None:
    assert WRITTEN
    assert [path for path in WRITTEN if not scenario_and_listener(path)[0].exists()] == []


@pytest.mark.parametrize("expected", WRITTEN, ids=[path.stem for path in WRITTEN])
def test_a_scenario_file_replays_to_its_transcript(expected: Path) -> None:
    scenario, listener = scenario_and_listener(expected)
    heard = transcript(load_scenario(scenario), listener)
    assert heard == expected.read_text(encoding="utf-8").splitlines()
