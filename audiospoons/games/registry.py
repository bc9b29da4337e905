"""Every game audiospoons plays, by name: the one place a game is registered."""

from __future__ import annotations

from audiospoons.engine.errors import RulesError
from audiospoons.games.razz.spec import SPEC as RAZZ
from audiospoons.games.slapjack.spec import SPEC as SLAPJACK
from audiospoons.games.spec import RulesSpec
from audiospoons.games.spoons.spec import SPEC as SPOONS

GAMES: dict[str, RulesSpec] = {spec.name: spec for spec in (SPOONS, RAZZ, SLAPJACK)}
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


def listed_game(name: object) -> RulesSpec:
    """The game a relay's message names; the first game where it names none this program knows
    (an older relay names none for the classic game)."""
    return GAMES[name] if isinstance(name, str) and name in GAMES else GAMES[DEFAULT]


def game_choices() -> str:
    """The games' names with what each is, as English lists them: ``"spoons" (the classic
    game) or "razz" (Razz Spoons)``."""
    named = [f'"{spec.name}" ({spec.title})' for spec in GAMES.values()]
    return ", ".join(named[:-1]) + " or " + named[-1] if len(named) > 1 else named[0]
