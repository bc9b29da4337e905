"""The scenario files written from the seeds: each ``tests/scenarios/NAME.toml`` that has a
``NAME.transcript`` beside it replays, through ``audiospoons replay``'s own code, to exactly the
lines written there. The transcripts are written from the seeds' words, not from the code."""

from __future__ import annotations

from pathlib import Path

import pytest

from audiospoons.replay.scenario import load_scenario
from audiospoons.replay.transcript import transcript

SCENARIOS = Path(__file__).parent / "scenarios"
WRITTEN = sorted(SCENARIOS.glob("*.transcript"))


def test_every_transcript_has_its_scenario() -> None:
    assert WRITTEN
    assert [path for path in WRITTEN if not path.with_suffix(".toml").exists()] == []


@pytest.mark.parametrize("expected", WRITTEN, ids=[path.stem for path in WRITTEN])
def test_a_scenario_file_replays_to_its_transcript(expected: Path) -> None:
    heard = transcript(load_scenario(expected.with_suffix(".toml")))
    assert heard == expected.read_text(encoding="utf-8").splitlines()
