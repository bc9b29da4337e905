"""The package in layers: import-linter's contracts in pyproject.toml hold (the layers, the
relay's side never loading the keyboard's, no circle among the modules of a package); no module
imports itself round a circle, none is long, none imports inside a function without saying why,
the command loads only the command it runs, the web session and the command share the screens'
wiring, and no module the games share names a game."""

from __future__ import annotations

import ast
import json
import random
import re
import subprocess
import sys
import tomllib
from pathlib import Path

from audiospoons.games.registry import GAMES

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "audiospoons"
LONGEST = 700
"""The most lines a module may have."""


def module_name(path: Path) -> str:
    return ".".join(path.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__")


def package_modules() -> dict[str, Path]:
    """Every module of the package, by name."""
    return {module_name(path): path for path in sorted(PACKAGE.rglob("*.py"))}


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


def test_the_import_contracts_hold() -> None:
    """import-linter checks every contract that pyproject.toml writes, imports inside functions
    and for the types alone among them, and keeps them all."""
    contracts = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))[
        "tool"]["importlinter"]["contracts"]
    assert {contract["type"] for contract in contracts} >= {"layers", "forbidden",
                                                             "acyclic_siblings"}
    result = subprocess.run([str(Path(sys.executable).parent / "lint-imports"), "--no-cache"],
                            cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stdout + result.stderr
    assert f"Contracts: {len(contracts)} kept, 0 broken." in result.stdout


def test_no_module_imports_itself_round_a_circle() -> None:
    assert circles(import_graph(package_modules())) == []


def test_the_web_session_and_the_command_open_the_menus_by_the_same_wiring() -> None:
    graph = import_graph(package_modules())
    assert "audiospoons.app.wiring" in graph["audiospoons.web.session"]
    assert "audiospoons.app.wiring" in graph["audiospoons.commands.menu"]


LOADED_HERE = "# loaded here:"
"""The comment an import inside a function carries on its line, saying why it is not at the
top: an import circle it breaks, or what it spares loading when it is not needed."""


def imports_in_functions(source: str) -> list[int]:
    """The lines of ``source``'s imports inside a function that do not say why."""
    lines = source.splitlines()
    found: list[int] = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            found.extend(inner.lineno for inner in ast.walk(node)
                         if isinstance(inner, ast.Import | ast.ImportFrom)
                         and LOADED_HERE not in lines[inner.lineno - 1])
    return sorted(set(found))


def test_the_guard_sees_an_import_inside_a_function() -> None:
    source = ("import a\n"
              "def f() -> None:\n"
              "    import b\n"
              "    def g() -> None:\n"
              "        from c import d\n"
              "    import e  # loaded here: it is slow to load\n")
    assert imports_in_functions(source) == [3, 5]
    assert imports_in_functions("from typing import TYPE_CHECKING\n"
                                "if TYPE_CHECKING:\n    import a\n") == []


def test_no_module_imports_inside_a_function_without_saying_why() -> None:
    """A module's imports are at its top, where a reader finds them; the few inside a function
    say why on their line."""
    offenders = {name: lines for name, path in package_modules().items()
                 if (lines := imports_in_functions(path.read_text(encoding="utf-8")))}
    assert offenders == {}


COMMAND_LOADS = """
import json
import sys

from audiospoons.cli import command_module
from audiospoons.cliparser import command_parser

ARGV = ["serve", "--port", "0"]
command_module(command_parser(ARGV).parse_args(ARGV).command)
print(json.dumps(sorted(sys.modules)))
"""

PARSER_WORDS = frozenset({
    "audiospoons.voice", "audiospoons.voice.announcer", "audiospoons.voice.languages",
    "audiospoons.voice.pace", "audiospoons.voice.plaintext", "audiospoons.voice.speech"})
"""The modules of ``voice`` that the command's parser reads its choices from (the speech modes,
the verbosities, the languages), and what they import: words, not speech."""


def test_the_relay_command_loads_no_app_screen_speech_or_sound() -> None:
    """``audiospoons serve`` reads its arguments and loads its own command's module, and with
    them no app, no screens, no page, no keyboard, no speaking, no sound, no pygame."""
    result = subprocess.run([sys.executable, "-c", COMMAND_LOADS], cwd=ROOT, capture_output=True,
                            text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    loaded = json.loads(result.stdout)
    assert "audiospoons.commands.serve" in loaded
    offenders = [name for name in loaded
                 if name.split(".")[0] == "pygame" or ".keyboard" in name
                 or name.startswith(("audiospoons.app", "audiospoons.ui", "audiospoons.sound",
                                     "audiospoons.keys", "audiospoons.replay",
                                     "audiospoons.web"))
                 or (name.startswith("audiospoons.voice") and name not in PARSER_WORDS)]
    assert offenders == []


def modules_loaded_when_listening(*arguments: str) -> set[str]:
    """The modules ``audiospoons serve --port 0 ARGUMENTS`` has loaded when its log says it
    listens (Python's ``-X importtime`` names each as it loads)."""
    relay = subprocess.Popen(
        [sys.executable, "-X", "importtime", "-m", "audiospoons", "serve", "--port", "0",
         *arguments], cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    assert relay.stderr is not None
    loaded: set[str] = set()
    try:
        for line in relay.stderr:
            if "relay listening on" in line:
                break
            if line.startswith("import time:") and "|" in line:
                loaded.add(line.rsplit("|", 1)[1].strip())
        else:
            raise AssertionError("the relay stopped before it listened")
    finally:
        relay.terminate()
        relay.wait(30)
    return loaded


HEAVY_AT_REST = ("sqlalchemy", "alembic", "aiosqlite", "asyncpg", "redis", "babel")
"""What a relay keeps accounts with (SQLAlchemy, Alembic and their drivers), what a cluster's
process meets the others through (Redis), and what reads the message catalogs (Babel)."""


def test_the_relay_without_accounts_or_a_cluster_loads_no_database_redis_or_catalogs(
        tmp_path: Path) -> None:
    """``audiospoons serve --no-accounts``, listening, has loaded none of ``HEAVY_AT_REST``:
    they load with the option that needs them."""
    loaded = modules_loaded_when_listening("--no-accounts", "--data", str(tmp_path))
    assert "audiospoons.net.server" in loaded
    assert sorted(name for name in loaded if name.split(".")[0] in HEAVY_AT_REST) == []


NEEDED_LATER = ("argon2", "platformdirs", "statistics", "importlib.resources",
                "audiospoons.net.client", "audiospoons.net.door")
"""What hashes the passwords of accounts (argon2), finds the user's data folder when no
``--data`` is given (platformdirs), takes the median of a player's round trips (statistics),
reads the table of look-alike characters at the first name (importlib.resources), and lets the
page served beside the relay in (the door, and the client it speaks through)."""


def test_the_relay_at_rest_loads_no_games_rules_and_nothing_it_needs_later(
        tmp_path: Path) -> None:
    """``audiospoons serve --no-accounts --data DIR``, listening, has loaded no game's rules (a
    game's spec loads with the first room of that game, or the first look at its options) and
    none of ``NEEDED_LATER``."""
    loaded = modules_loaded_when_listening("--no-accounts", "--data", str(tmp_path))
    assert "audiospoons.net.server" in loaded
    assert "audiospoons.games.registry" in loaded
    games = sorted(name for name in loaded for game in GAMES
                   if name.startswith(f"audiospoons.games.{game}."))
    assert games == []
    assert sorted(name for name in loaded for later in NEEDED_LATER
                  if name == later or name.startswith(f"{later}.")) == []


def test_no_module_is_long() -> None:
    long = {name: lines for name, path in package_modules().items()
            if (lines := len(path.read_text(encoding="utf-8").splitlines())) > LONGEST}
    assert long == {}


def test_the_games_use_no_simulation() -> None:
    """Simulation plays the games: they name their bots from the bots' own module."""
    offenders = sorted(module_name(path) for path in (PACKAGE / "games").rglob("*.py")
                       if "audiospoons.simulate" in imported(path))
    assert offenders == []


PLAIN_WORDS = frozenset({"spoons"})
"""Game names that are also the things on a table: the spoons are grabbed in more than one
game, so a shared module may speak of them; as a class name's start (``Spoons...``), or a
string that is the name alone, the word still names the game."""


def words_of(identifier: str) -> list[str]:
    """An identifier's words, in small letters: ``RazzKeyTable`` and ``razz_key_table`` are
    both razz, key, table."""
    return [word.lower() for word in re.findall(r"[A-Z]+(?![a-z])|[A-Z]?[a-z]+|\d+", identifier)]


def game_words() -> tuple[frozenset[str], frozenset[str]]:
    """The words that name a game, from the registry: each game's name and the start of its
    rules' class name (``ClassicGame``: classic); and, of these, the class-name starts."""
    names = set(GAMES)
    starts = {name.capitalize() for name in GAMES}
    for spec in GAMES.values():
        options, _ = spec.read_options({})
        seats = [f"Seat {seat}" for seat in range(spec.players[0])]
        rules = spec.deal(seats, options, random.Random(0), 0)
        starts.add(type(rules).__name__.removesuffix("Game"))
    return frozenset(names | {start.lower() for start in starts}), frozenset(starts)


def docstrings(tree: ast.AST) -> set[int]:
    """The ``id`` of each docstring's constant: those of the module, its classes and functions,
    and the strings that follow an assignment to document it."""
    found: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            found.update(id(statement.value) for statement in node.body
                         if isinstance(statement, ast.Expr)
                         and isinstance(statement.value, ast.Constant)
                         and isinstance(statement.value.value, str))
    return found


def identifiers(node: ast.AST) -> list[str]:
    """The names ``node`` gives or uses."""
    if isinstance(node, ast.Name):
        return [node.id]
    if isinstance(node, ast.Attribute | ast.keyword):
        return [node.attr] if isinstance(node, ast.Attribute) else [node.arg or ""]
    if isinstance(node, ast.alias):
        return [*node.name.split("."), node.asname or ""]
    if isinstance(node, ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
        return [node.name]
    if isinstance(node, ast.arg):
        return [node.arg]
    return []


def names_a_game(identifier: str, words: frozenset[str], starts: frozenset[str]) -> bool:
    """A word of a game in the identifier, or a class name that starts as a game's does."""
    own = set(words_of(identifier)) & (words - PLAIN_WORDS)
    return bool(own) or any(identifier.startswith(start) and identifier[len(start):][:1].isupper()
                            for start in starts)


def imports_a_game(node: ast.AST) -> bool:
    """Whether ``node`` imports from a module of one game's own package."""
    module = (node.module or "") if isinstance(node, ast.ImportFrom) else ""
    return any(f"{module}.".startswith(f"audiospoons.games.{game}.") for game in GAMES)


def string_names_a_game(text: str, words: frozenset[str], starts: frozenset[str]) -> bool:
    """A game's name alone, a key or message id with a game's word in it ("game.name.razz"),
    or words that name a game as a name is written ("Razz"; "razz", the call, is a word)."""
    tokens = re.split(r"[^A-Za-z]+", text)
    if text.split() != [text]:
        return bool(set(tokens) & (starts - {word.capitalize() for word in PLAIN_WORDS}))
    return text in GAMES or bool({token.lower() for token in tokens} & (words - PLAIN_WORDS))


def game_names_in(path: Path, words: frozenset[str], starts: frozenset[str]) -> list[str]:
    """Where the module at ``path`` names a game in its code (its docstrings and comments
    aside): ``line: name``."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skipped = docstrings(tree)
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            if id(node) not in skipped and string_names_a_game(node.value, words, starts):
                found.append(f"{node.lineno}: {node.value!r}")
            continue
        if imports_a_game(node):
            found.append(f"{getattr(node, 'lineno', 0)}: from {getattr(node, 'module', '')}")
        found.extend(f"{getattr(node, 'lineno', 0)}: {name}" for name in identifiers(node)
                     if names_a_game(name, words, starts))
    return found


def test_the_guard_knows_a_game_by_its_names() -> None:
    words, starts = game_words()
    assert {"spoons", "razz", "slapjack", "classic"} <= words
    assert names_a_game("RazzKeyTable", words, starts)
    assert names_a_game("CLASSIC_KEYS", words, starts)
    assert names_a_game("SpoonsAction", words, starts)
    assert not names_a_game("NUMBERED_SPOONS", words, starts)
    assert not names_a_game("spoon_names", words, starts)
    assert [imports_a_game(node) for node in ast.parse(
        "from audiospoons.games.spoons.keyboard.keys import A\n"
        "from audiospoons.games.registry import GAMES").body] == [True, False]
    assert string_names_a_game("razz", words, starts)
    assert string_names_a_game("spoons", words, starts)
    assert string_names_a_game("game.name.slapjack", words, starts)
    assert string_names_a_game("New Razz Spoons room", words, starts)
    assert not string_names_a_game("keys.action.spoons", words, starts)
    assert not string_names_a_game("grab spoons razz razzes", words, starts)


def test_no_shared_module_names_a_game() -> None:
    """The games are plugged in by the registry: the layers they share hold each by its spec,
    and name none of them."""
    words, starts = game_words()
    offenders = {module_name(path): found for path in sorted(PACKAGE.rglob("*.py"))
                 if "games" not in path.relative_to(PACKAGE).parts[:1]
                 and (found := game_names_in(path, words, starts))}
    assert offenders == {}
