"""The marks a developer selects suites by: every test that drives chromium is marked
``browser``, every one that starts redis-server ``redis``, every one on a PostgreSQL of its own
``postgresql``, and no other test is."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MARKS = ("browser", "postgresql", "redis")
RECORDER = '''
import json

def pytest_collection_finish(session):
    with open(__import__("os").environ["MARKS_OUT"], "w") as out:
        json.dump({item.nodeid: sorted(mark.name for mark in item.iter_markers()
                                       if mark.name in ("browser", "postgresql", "redis"))
                   for item in session.items}, out)
'''


def marks_of_every_test(tmp_path: Path) -> dict[str, list[str]]:
    (tmp_path / "markrecorder.py").write_text(RECORDER)
    out = tmp_path / "marks.json"
    env = {**os.environ, "MARKS_OUT": str(out),
           "PYTHONPATH": os.pathsep.join([str(tmp_path), os.environ.get("PYTHONPATH", "")])}
    subprocess.run([sys.executable, "-m", "pytest", "--collect-only", "-q",
                    "-p", "markrecorder", "-p", "no:cacheprovider"],
                   cwd=ROOT, env=env, check=True, capture_output=True, timeout=300)
    marks: dict[str, list[str]] = json.loads(out.read_text())
    return marks


def test_each_test_is_marked_by_the_servers_it_starts(tmp_path: Path) -> None:
    marks = marks_of_every_test(tmp_path)
    marked = {mark: {test for test, names in marks.items() if mark in names} for mark in MARKS}
    files = {mark: {test.split("::")[0] for test in tests} for mark, tests in marked.items()}
    sources = {path.relative_to(ROOT).as_posix(): path.read_text()
               for path in (ROOT / "tests").glob("test_*.py") if path != Path(__file__)}

    assert files["browser"] == {name for name, text in sources.items()
                                if "browser: Browser" in text}
    assert "tests/test_web_browser.py::test_a_whole_game_against_bots_is_played_by_keys_alone" \
        in marked["browser"]
    assert files["redis"] == {name for name, text in sources.items()
                              if "redis_server()" in text}
    postgres = [test for test in marks if test.startswith(
        "tests/test_moderation.py::test_a_ban_lifted_in_the_database_by_another_process")]
    assert {test: "postgresql" in marks[test] for test in postgres} == {
        f"{postgres[0].split('[')[0]}[sqlite]": False,
        f"{postgres[0].split('[')[0]}[postgresql]": True}
    assert not any(marks[test] for test in marks if test.startswith("tests/test_rules"))
