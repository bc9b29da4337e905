"""Every game audiospoons plays, by name: the one place a game is registered.

A game's rules (its spec, and all its spec imports: events, commands, bots) load the first time
the game is looked up, so that a relay at rest, or one whose rooms all play one game, loads no
other game's."""

from __future__ import annotations

import importlib
from collections.abc import Iterator, Mapping
from typing import Protocol, cast

from audiospoons.engine.errors import RulesError
from audiospoons.games.spec import RulesSpec

SPEC_MODULES: dict[str, str] = {
    "spoons": "audiospoons.games.spoons.spec",
    "razz": "audiospoons.games.razz.spec",
    "slapjack": "audiospoons.games.slapjack.spec",
}
"""Each game's name, and the module that holds its ``SPEC``."""


class SpecModule(Protocol):
    """What a game's spec module is: its rules half, as ``SPEC``."""

    @property
    def SPEC(self) -> RulesSpec: ...


class Games(Mapping[str, RulesSpec]):
    """The games by name, in ``SPEC_MODULES``' order; each game's rules load the first time it
    is looked up."""

    def __init__(self) -> None:
        self._loaded: dict[str, RulesSpec] = {}

    def __getitem__(self, name: str) -> RulesSpec:
        spec = self._loaded.get(name)
        if spec is None:
            module = cast(SpecModule, importlib.import_module(SPEC_MODULES[name]))
            spec = self._loaded[name] = module.SPEC
        return spec

    def __iter__(self) -> Iterator[str]:
        return iter(SPEC_MODULES)

    def __len__(self) -> int:
        return len(SPEC_MODULES)

    def __contains__(self, name: object) -> bool:
        return name in SPEC_MODULES


GAMES: Mapping[str, RulesSpec] = Games()
"""The games, in the order the menus and the help list them; the first is the default."""

DEFAULT = next(iter(GAMES))


class UnknownGame(RulesError):
    """A game name that no game has."""


def game_named(name: str) -> RulesSpec:
    """The game called ``name``; ``UnknownGame`` says which games there are."""
    try:
        return GAMES[name]
    except KeyError:
        raise UnknownGame(f"game must be {game_choices()}, not {name!r}") from None


def default_game() -> RulesSpec:
    """The first game, loaded now."""
    return GAMES[DEFAULT]


def listed_game(name: object) -> RulesSpec:
    """The game a relay's message names; the first game where it names none this program knows
    (an older relay names none for the classic game)."""
    return GAMES[name] if isinstance(name, str) and name in GAMES else GAMES[DEFAULT]


def game_choices() -> str:
    """The games' names with what each is, as English lists them: ``"spoons" (the classic
    game) or "razz" (Razz Spoons)``."""
    named = [f'"{spec.name}" ({spec.title})' for spec in GAMES.values()]
    return ", ".join(named[:-1]) + " or " + named[-1] if len(named) > 1 else named[0]
