"""The project's own rules for its code: lint clean, strictly typed, and a pure rules engine."""

from __future__ import annotations

import re
import subprocess
import sys
import tomllib
from pathlib import Path

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


def test_the_relay_loads_no_game_s_keyboard_side() -> None:
    """A game's speech, sounds, keys and seats load from its ``front`` module when first asked
    for: the relay, which runs only the rules, never loads them (nor pygame)."""
    check = ("import sys, audiospoons.net.server\n"
             "print(sorted(m for m in sys.modules if m.endswith('.front') or m == 'pygame'"
             " or m.startswith(('audiospoons.ui', 'audiospoons.voice', 'audiospoons.sound'))))")
    result = subprocess.run([sys.executable, "-c", check], cwd=ROOT, capture_output=True,
                            text=True)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "[]"
