"""Shared helpers: run a scenario written inline and get its transcript lines; a database for
the relay's records, SQLite or a real PostgreSQL of the tests' own. Every relay the
tests start keeps its accounts in a data folder of the tests' own, never the user's."""

from __future__ import annotations

import asyncio
import atexit
import os
import re
import shutil
import tempfile
import textwrap
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import TypeAlias

import asyncpg
import pexpect
import pytest
from postgres import Server, postgres_server

from audiospoons.replay.scenario import parse_scenario
from audiospoons.replay.transcript import transcript

_DATA_HOME = tempfile.mkdtemp(prefix="audiospoons-data-")
os.environ["XDG_DATA_HOME"] = _DATA_HOME
atexit.register(shutil.rmtree, _DATA_HOME, True)


ExpectPattern: TypeAlias = (re.Pattern[str] | re.Pattern[bytes] | str | bytes
                             | type[pexpect.EOF] | type[pexpect.TIMEOUT])
"""One of the patterns a pty's ``expect`` looks for: a list of them kept aside for it is a list
of this whole union, as the list it takes is."""


def replay(scenario: str, listener: str | None = None, *, events: bool = False) -> list[str]:
    return transcript(parse_scenario(textwrap.dedent(scenario)), listener, raw_events=events)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark each test by the servers it starts (``browser``, ``postgresql``, ``redis``), so
    that a developer may run those suites apart, or leave them out (``pytest -m 'not
    browser'``)."""
    for item in items:
        names = set(getattr(item, "fixturenames", ()))
        module = vars(getattr(item, "module", None) or object())
        callspec = getattr(item, "callspec", None)
        params = callspec.params if callspec is not None else {}
        if "browser" in names:
            item.add_marker(pytest.mark.browser)
        if ("postgres" in names or params.get("database") == "postgresql"
                or "postgres_server" in module):
            item.add_marker(pytest.mark.postgresql)
        if "redis_server" in module:
            item.add_marker(pytest.mark.redis)


@pytest.fixture
def run_replay() -> object:
    return replay


@pytest.fixture(scope="session")
def postgres() -> Iterator[Server]:
    with postgres_server() as server:
        yield server


def fresh_postgres_database(server: Server) -> str:
    name = f"t_{uuid.uuid4().hex[:12]}"

    async def create() -> None:
        connection = await asyncpg.connect(server.url())
        try:
            await connection.execute(f'CREATE DATABASE "{name}"')
        finally:
            await connection.close()

    asyncio.run(create())
    return server.url(name)


@pytest.fixture(params=["sqlite", "postgresql"])
def database(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "sqlite":
        return str(tmp_path / "data" / "relay.db")
    return fresh_postgres_database(request.getfixturevalue("postgres"))
