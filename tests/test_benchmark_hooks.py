"""The benchmarks that hook into the relay still reach it: a hook that no longer applies would
leave a benchmark measuring itself."""

from __future__ import annotations

import argparse
import asyncio
import importlib
import logging
import sys
from pathlib import Path
from types import ModuleType

import pytest

from audiospoons.net.server import Relay
from audiospoons.net.serving import serve

BENCHMARKS = Path(__file__).resolve().parent.parent / "benchmarks"
OWN_HELPERS = {"_create_room", "_watch", "_dated"}
"""The fairness relay's own methods, which wrap the relay's answers rather than replace one."""


def fairness() -> ModuleType:
    """``benchmarks/fairness.py``, which imports its report as a module beside it."""
    if str(BENCHMARKS) not in sys.path:
        sys.path.insert(0, str(BENCHMARKS))
    return importlib.import_module("fairness")


def test_the_fairness_relay_overrides_only_what_the_relay_has() -> None:
    judging = fairness().JudgingRelay
    overrides = {name for name, value in vars(judging).items()
                 if callable(value) and not name.startswith("__")} - OWN_HELPERS
    assert "line_floor" in overrides
    assert {name for name in overrides if not hasattr(Relay, name)} == set()


def test_the_fairness_run_gives_the_relay_its_line_floors() -> None:
    """The relay asks the run for each line's floor as its pongs come (``Relay.line_floor``):
    were it to stop asking, the run's simulated lines would never reach its judgement."""
    args = argparse.Namespace(seconds=2.0, games=1, rooms=1, jitter=5.0, liars=0.0,
                              pong_delay=280.0, no_floor=False, seed=3, ping_interval=0.5,
                              no_compensation=False)
    seen = asyncio.run(fairness().run(args))
    assert seen.games >= 1
    assert seen.floors_given >= len(seen.lines)


def test_the_benchmarks_read_the_event_loop_from_the_relays_log(
        caplog: pytest.LogCaptureFixture) -> None:
    """``relay``, ``soak`` and ``cluster`` print the event loop the relay ran on as its log's
    first line says it (``relay.LOOP_SAID``): were the line to change, they would print that
    the relay did not say."""
    if str(BENCHMARKS) not in sys.path:
        sys.path.insert(0, str(BENCHMARKS))
    said = importlib.import_module("relay").LOOP_SAID

    async def listen() -> None:
        ready, stop = asyncio.Event(), asyncio.Event()
        serving = asyncio.create_task(serve("127.0.0.1", 0, ready=ready, stop=stop))
        await asyncio.wait_for(ready.wait(), 10.0)
        stop.set()
        await serving

    with caplog.at_level(logging.INFO, logger="audiospoons.relay"):
        asyncio.run(listen())
    found = [said.search(record.getMessage()) for record in caplog.records]
    assert [match.group(1) for match in found if match] == ["asyncio"]
