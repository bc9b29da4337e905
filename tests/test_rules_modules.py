"""Each game's rules stay in parts: small modules, pure (importing only the engine and their own
game's rules), none importing another that imports it back."""

from __future__ import annotations

from pathlib import Path

from test_net_modules import circles, imports_of, module_name

ROOT = Path(__file__).resolve().parent.parent
GAMES = ROOT / "audiospoons" / "games"
MOST_LINES = 700


def rules_folders() -> list[Path]:
    return sorted(path.parent for path in GAMES.glob("*/rules/__init__.py"))


def rules_modules(folder: Path) -> dict[str, Path]:
    return {module_name(path): path for path in sorted(folder.rglob("*.py"))}


def all_modules() -> set[str]:
    package = ROOT / "audiospoons"
    return {module_name(path) for path in package.rglob("*.py")}


def test_every_game_has_its_rules_folder() -> None:
    names = {folder.parent.name for folder in rules_folders()}
    assert {"spoons", "razz", "slapjack"} <= names


def test_no_rules_module_is_over_700_lines() -> None:
    long = {name: lines for folder in rules_folders()
            for name, path in rules_modules(folder).items()
            if (lines := len(path.read_text(encoding="utf-8").splitlines())) > MOST_LINES}
    assert long == {}


def test_the_rules_import_only_the_engine_and_their_own_game_s_rules() -> None:
    known = all_modules()
    strays: dict[str, set[str]] = {}
    for folder in rules_folders():
        own = module_name(folder / "__init__.py")
        for name, path in rules_modules(folder).items():
            allowed = {"audiospoons", "audiospoons.games", own}
            stray = {other for other in imports_of(path, known)
                     if other not in allowed and not other.startswith(("audiospoons.engine",
                                                                       f"{own}."))}
            if stray:
                strays[name] = stray
    assert strays == {}


def test_no_import_circle_among_a_game_s_rules() -> None:
    for folder in rules_folders():
        modules = rules_modules(folder)
        graph = {name: imports_of(path, set(modules)) for name, path in modules.items()}
        assert len(graph) > 1
        assert circles(graph) == []
