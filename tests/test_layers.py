"""The keyboard's side of the game in layers: the web session and the command use the screens,
the screens use neither, no module of theirs imports itself round a circle, and none is long."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "audiospoons"
LONGEST = 700
"""The most lines a module of the screens, or the command, may have."""


def module_name(path: Path) -> str:
    return ".".join(path.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__")


def front_modules() -> dict[str, Path]:
    """The toolkit (``ui``), the screens (``app``), the web session (``web``) and the command
    (``cli``), by name."""
    paths = [*sorted((PACKAGE / "ui").glob("*.py")), *sorted((PACKAGE / "app").glob("*.py")),
             *sorted((PACKAGE / "web").glob("*.py")), PACKAGE / "cli.py"]
    return {module_name(path): path for path in paths}


def imported(path: Path) -> set[str]:
    """Every module ``path`` imports, wherever the import is (in a function, or only for the
    types): ``from a.b import c`` names both ``a.b`` and ``a.b.c``."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module is not None:
            found.add(node.module)
            found.update(f"{node.module}.{alias.name}" for alias in node.names)
    return found


def import_graph(modules: dict[str, Path]) -> dict[str, set[str]]:
    """Each module, and the modules among ``modules`` it imports."""
    return {name: (imported(path) & set(modules)) - {name} for name, path in modules.items()}


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The modules that import one another round a circle, each circle once."""
    found: list[list[str]] = []
    state: dict[str, str] = {}
    path: list[str] = []

    def visit(name: str) -> None:
        state[name] = "open"
        path.append(name)
        for after in sorted(graph[name]):
            if state.get(after) == "open":
                found.append([*path[path.index(after):], after])
            elif after not in state:
                visit(after)
        path.pop()
        state[name] = "done"

    for name in sorted(graph):
        if name not in state:
            visit(name)
    return found


def test_the_guard_sees_a_circle() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert circles(graph) == [["a", "b", "c", "a"]]
    assert circles({"a": {"b"}, "b": set()}) == []


def test_the_screens_the_page_and_the_command_import_round_no_circle() -> None:
    assert circles(import_graph(front_modules())) == []


def test_the_screens_use_neither_the_page_nor_the_command() -> None:
    graph = import_graph(front_modules())
    offenders = sorted(f"{name} imports {other}" for name, others in graph.items()
                       for other in others
                       if (name.startswith(("audiospoons.ui", "audiospoons.app"))
                           and other.startswith(("audiospoons.web", "audiospoons.cli")))
                       or (name.startswith("audiospoons.web") and other == "audiospoons.cli"))
    assert offenders == []


def test_the_web_session_and_the_command_open_the_menus_by_the_same_wiring() -> None:
    graph = import_graph(front_modules())
    assert "audiospoons.app.wiring" in graph["audiospoons.web.session"]
    assert "audiospoons.app.wiring" in graph["audiospoons.cli"]


def test_no_module_of_the_screens_or_the_command_is_long() -> None:
    long = {name: lines for name, path in front_modules().items()
            if not name.startswith("audiospoons.web")
            and (lines := len(path.read_text(encoding="utf-8").splitlines())) > LONGEST}
    assert long == {}


def test_the_games_use_no_simulation() -> None:
    """Simulation plays the games: they name their bots from the bots' own module."""
    offenders = sorted(module_name(path) for path in (PACKAGE / "games").rglob("*.py")
                       if "audiospoons.simulate" in imported(path))
    assert offenders == []
