"""The relay's package stays in parts: small modules, none importing another that imports it
back, and the relay class imported only by what runs it or extends it."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NET = ROOT / "audiospoons" / "net"
MOST_LINES = 700
RELAY = "audiospoons.net.server"


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def net_modules() -> dict[str, Path]:
    return {module_name(path): path for path in sorted(NET.rglob("*.py"))}


def imports_of(path: Path, known: set[str]) -> set[str]:
    """The modules of ``known`` that ``path`` imports anywhere in it (at the top, in a function
    or for the type checker alone): ``from a.b import c`` names ``a.b.c`` when that is a
    module, else ``a.b``."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module is not None and node.level == 0:
            found.add(node.module)
            found |= {f"{node.module}.{alias.name}" for alias in node.names}
    return found & known - {module_name(path)}


def import_graph() -> dict[str, set[str]]:
    modules = net_modules()
    return {name: imports_of(path, set(modules)) for name, path in modules.items()}


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Each import circle found by a depth-first walk, as the modules around it."""
    found: list[list[str]] = []
    state: dict[str, str] = {}
    path: list[str] = []

    def walk(name: str) -> None:
        state[name] = "open"
        path.append(name)
        for other in sorted(graph[name]):
            if state.get(other) == "open":
                found.append([*path[path.index(other):], other])
            elif other not in state:
                walk(other)
        path.pop()
        state[name] = "done"

    for name in sorted(graph):
        if name not in state:
            walk(name)
    return found


def test_the_circle_finder_finds_a_circle() -> None:
    assert circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c", "a"]]
    assert circles({"a": {"b"}, "b": set()}) == []


def test_no_import_circle_among_the_relay_s_modules() -> None:
    graph = import_graph()
    assert graph.get(RELAY)
    assert circles(graph) == []


def test_only_what_runs_or_extends_the_relay_imports_it() -> None:
    importers = {name for name, imported in import_graph().items() if RELAY in imported}
    assert importers == {"audiospoons.net.serving", "audiospoons.net.cluster.front",
                         "audiospoons.net.cluster.place"}


def test_no_module_of_the_relay_is_over_700_lines() -> None:
    long = {name: lines for name, path in net_modules().items()
            if (lines := len(path.read_text(encoding="utf-8").splitlines())) > MOST_LINES}
    assert long == {}
