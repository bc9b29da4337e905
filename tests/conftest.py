"""Shared helpers: run a scenario written inline and get its transcript lines."""

from __future__ import annotations

import textwrap

import pytest

from audiospoons.replay.scenario import parse_scenario
from audiospoons.replay.transcript import transcript


def replay(scenario: str, listener: str | None = None, *, events: bool = False) -> list[str]:
    return transcript(parse_scenario(textwrap.dedent(scenario)), listener, raw_events=events)


@pytest.fixture
def run_replay() -> object:
    return replay
