"""Shared helpers: run a scenario written inline and get its transcript lines. Every relay the
tests start keeps its accounts in a data folder of the tests' own, never the user's."""

from __future__ import annotations

import atexit
import os
import shutil
import tempfile
import textwrap

import pytest

from audiospoons.replay.scenario import parse_scenario
from audiospoons.replay.transcript import transcript

_DATA_HOME = tempfile.mkdtemp(prefix="audiospoons-data-")
os.environ["XDG_DATA_HOME"] = _DATA_HOME
atexit.register(shutil.rmtree, _DATA_HOME, True)


def replay(scenario: str, listener: str | None = None, *, events: bool = False) -> list[str]:
    return transcript(parse_scenario(textwrap.dedent(scenario)), listener, raw_events=events)


@pytest.fixture
def run_replay() -> object:
    return replay
