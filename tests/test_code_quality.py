"""The project's own rules for its code: lint clean, strictly typed, and a pure rules engine."""

from __future__ import annotations

import asyncio
import json
import re
import subprocess
import sys
import tomllib
from pathlib import Path

from test_relay import FAST

from audiospoons.engine.events import Event
from audiospoons.net.botclient import play_seat
from audiospoons.net.client import RelayClient

ROOT = Path(__file__).resolve().parent.parent
ENGINE = ROOT / "audiospoons" / "engine"
GAMES = ROOT / "audiospoons" / "games"
FORBIDDEN = re.compile(
    r"^\s*(import|from)\s+(time|socket|asyncio|select|pygame|pyttsx3|accessible_output2|threading)\b"
    r"|random\.(random|choice|shuffle|randint|uniform|sample)\(|\bprint\(",
    re.MULTILINE,
)


def test_ruff_finds_nothing() -> None:
    folders = [name for name in ("audiospoons", "tests", "benchmarks") if (ROOT / name).is_dir()]
    result = subprocess.run([sys.executable, "-m", "ruff", "check", *folders], cwd=ROOT,
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr


def test_mypy_strict_passes_on_the_package() -> None:
    result = subprocess.run([sys.executable, "-m", "mypy", "--strict", "audiospoons"], cwd=ROOT,
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr


def test_mypy_passes_on_the_tests() -> None:
    """The tests are typed too: their helpers and fakes are checked against the package's
    types (pyproject.toml tells mypy where the tests' and scripts' own modules are). Its cache is
    its own, as the package's strict check, with other options, may run at the same time."""
    result = subprocess.run([sys.executable, "-m", "mypy", "--cache-dir", ".mypy_cache/tests",
                             "tests"], cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr


def pure_modules() -> list[Path]:
    """The modules that must be pure: the engine, every game's rules folder and its bots."""
    folders = [ENGINE, *sorted(GAMES.glob("*/rules"))]
    return [*(path for folder in folders for path in sorted(folder.glob("*.py"))),
            *sorted(GAMES.glob("*/bots.py"))]


def test_the_rules_and_bots_do_no_io_read_no_clock_and_use_no_global_random() -> None:
    modules = pure_modules()
    assert {path.parent.parent.name for path in modules if path.parent.name == "rules"} >= {
        "razz"}
    offenders = [f"{path.relative_to(ROOT)}: {match.group(0).strip()}"
                 for path in modules
                 for match in FORBIDDEN.finditer(path.read_text(encoding="utf-8"))]
    assert offenders == []


def test_every_package_is_installed_by_a_plain_pip_install() -> None:
    """setuptools is given the package list by hand (so that locales/ and sounds/ can be
    mapped in): a package missing from it would import here and fail once installed."""
    listed = set(tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
                 ["tool"]["setuptools"]["packages"])
    found = {".".join(path.parent.relative_to(ROOT).parts)
             for path in (ROOT / "audiospoons").rglob("__init__.py")}
    assert found - listed == set()
    assert {"audiospoons.locales", "audiospoons.sounds"} <= listed


def game_folders() -> list[str]:
    return sorted(path.name for path in GAMES.iterdir() if (path / "__init__.py").is_file())


def names_a_game(text: str, games: list[str]) -> list[str]:
    """Where ``text`` reaches into a game's folder: ``audiospoons.games.<game>`` in an import or
    a module name, or ``from audiospoons.games import <game>``."""
    folder = re.compile(rf"audiospoons\.games\.({'|'.join(games)})\b")
    package = re.compile(r"from\s+audiospoons\.games\s+import\s+\(?([\w\s,]+)")
    found = [match.group(0) for match in folder.finditer(text)]
    for match in package.finditer(text):
        found += [name for name in re.split(r"[\s,]+", match.group(1)) if name in games]
    return found


def test_the_guard_sees_every_way_of_importing_a_game() -> None:
    games = ["razz", "spoons"]
    assert names_a_game("from audiospoons.games.razz.keyboard.keys import X", games)
    assert names_a_game("import audiospoons.games.spoons.spec", games)
    assert names_a_game("from audiospoons.games import registry, razz", games) == ["razz"]
    assert names_a_game('importlib.import_module("audiospoons.games.razz.seats")', games)
    assert names_a_game("from audiospoons.games.registry import GAMES", games) == []
    assert names_a_game("from audiospoons.games.spec import RulesSpec", games) == []


def test_no_module_outside_games_reaches_into_a_game() -> None:
    """The shared layers hold a game by its spec, looked up by name in the registry: only a
    game's own folder (and the registry beside the folders) imports its modules."""
    games = game_folders()
    assert {"razz", "spoons"} <= set(games)
    offenders = [f"{path.relative_to(ROOT)}: {found}"
                 for path in sorted((ROOT / "audiospoons").rglob("*.py"))
                 if GAMES not in path.parents
                 for found in names_a_game(path.read_text(encoding="utf-8"), games)]
    assert offenders == []


def test_a_game_reaches_into_no_other_game() -> None:
    games = game_folders()
    offenders = [f"{path.relative_to(ROOT)}: {found}"
                 for game in games for path in sorted((GAMES / game).rglob("*.py"))
                 for found in names_a_game(path.read_text(encoding="utf-8"),
                                           [other for other in games if other != game])]
    assert offenders == []


RELAY_PROCESS = """
import asyncio, json, sys
from audiospoons.net.server import Relay

async def main():
    relay = Relay()
    server = await asyncio.start_server(relay.handle, "127.0.0.1", 0)
    print(server.sockets[0].getsockname()[1], flush=True)
    await asyncio.get_running_loop().run_in_executor(None, sys.stdin.readline)
    relay.close()
    server.close()
    print(json.dumps(sorted(sys.modules)), flush=True)

asyncio.run(main())
"""
"""A relay in a process of its own: it says its port, serves until a line comes on its input,
then says every module it loaded."""
RELAY_GAME_PARTS = {
    "": ("rules", "spec", "bots", "places", "scenario"),
    "spoons": ("spoonchoice", "spoonslots"),
    "slapjack": ("view",),
}
"""The parts of a game a relay may load: its rules (and their modules), its spec, its bots, its
places at the end and its scenario files' reader (the spec names it); and the pure parts its
bots read: which spoon a Spoons bot reaches for
(``spoonchoice``, ``spoonslots``), and the table as a Slapjack seat knows it (``view``)."""
HEARD_EVERY = 0.25
"""Seconds between the player's ``heard``, well within the relay's rate limit."""


def test_the_relay_loads_no_game_s_keyboard_side() -> None:
    """A game's speech, sounds, keys and seats are its keyboard half (``games/<name>/keyboard``,
    found through ``games.keyboards``): the relay, which runs only the rules, never loads them
    (nor pygame), nor the shared toolkit, speech or sounds; not when it starts, and not after a
    whole game with a player whose client
    says ``hearing`` and then ``heard`` after the events it is sent."""
    relay = subprocess.Popen([sys.executable, "-c", RELAY_PROCESS], cwd=ROOT, text=True,
                             stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    assert relay.stdin is not None and relay.stdout is not None
    try:
        asyncio.run(asyncio.wait_for(play_a_game_saying_heard(int(relay.stdout.readline())),
                                     120.0))
        relay.stdin.write("done\n")
        relay.stdin.flush()
        loaded = json.loads(relay.stdout.readline())
    finally:
        relay.kill()
        relay.wait()
    games = game_folders()
    allowed = [f"audiospoons.games.{game}.{part}" for game in games
               for part in (*RELAY_GAME_PARTS[""], *RELAY_GAME_PARTS.get(game, ()))]
    offenders = [name for name in loaded
                 if ".keyboard" in name or name == "pygame"
                 or name.startswith(("audiospoons.ui", "audiospoons.app", "audiospoons.voice",
                                     "audiospoons.sound", "audiospoons.keys",
                                     "audiospoons.replay"))
                 or (name.count(".") > 2 and name.startswith("audiospoons.games.")
                     and not any(name == part or name.startswith(f"{part}.")
                                 for part in allowed))]
    assert offenders == []


async def play_a_game_saying_heard(port: int) -> None:
    """Ann, whose client says ``hearing``, plays a quick game of Spoons against two bots (a
    bot at her keys), and says ``heard`` as the events come."""
    ann = await RelayClient.connect("127.0.0.1", port, "Ann")
    assert ann.hears
    ann.listen(175, "brief")
    ann.send("create_room", options={"word": "P", "hand_size": "3", "round_pause": "0.2",
                                     "grab_time_limit": "2"})
    ann.send("add_bot")
    ann.send("add_bot")
    await ann.expect("room", where=lambda m: len(m["seats"]) == 3)
    ann.send("start")
    started = await ann.expect("game_started")
    loop = asyncio.get_running_loop()
    said_at = -HEARD_EVERY

    def hearing(event: Event) -> bool:
        nonlocal said_at
        if loop.time() >= said_at + HEARD_EVERY:
            ann.heard()
            said_at = loop.time()
        return False

    result = await play_seat(ann, started, pace=FAST, until=hearing)
    assert result.over and ann.events_heard > 0
    await ann.close()
