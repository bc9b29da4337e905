"""The options of Razz Spoons: how the game ends, how long a player has to say the phrase, and
whether the keyboard lets a player make the mistakes a table would.

``RazzOptions.from_mapping`` reads ``key -> value`` as a scenario file or the command line writes
them and refuses an unknown key or a bad value with ``InvalidOptions`` saying what is accepted;
``describe`` writes every value back in the same form.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from enum import Enum
from typing import Any

from audiospoons.engine.errors import InvalidOptions
from audiospoons.engine.optionparse import (
    boolean_option,
    enum_option,
    number_option,
    show_option,
)
from audiospoons.games.razz.rules.facts import MAX_PLAYERS, MIN_PLAYERS


class EndRule(Enum):
    """What ends the game: a number of rounds, or a player's total reaching a number of points."""

    ROUNDS = "rounds"
    POINTS = "points"


MIN_TURN_TIME = 2.0
"""The shortest turn time limit (when there is one): time to hear the top card and press a key."""


@dataclass(frozen=True, slots=True)
class RazzOptions:
    """Every option of Razz Spoons."""

    end: EndRule = EndRule.ROUNDS
    end_at: int = 5
    phrase_window: float = 3.0
    let_players_err: bool = False
    turn_time_limit: float = 0.0
    grab_time_limit: float = 5.0
    round_pause: float = 3.0

    @classmethod
    def from_mapping(cls, values: Mapping[str, object]) -> RazzOptions:
        """Options from ``key -> value``; unknown keys and bad values raise ``InvalidOptions``."""
        changes: dict[str, Any] = {}
        for key, raw in values.items():
            spec = SPECS_BY_KEY.get(key)
            if spec is None:
                known = ", ".join(s.key for s in RAZZ_OPTION_SPECS)
                raise InvalidOptions(f"there is no option {key!r}; the options are: {known}")
            changes[key] = spec.parse(raw)
        options = replace(cls(), **changes)
        options.check()
        return options

    def check(self) -> None:
        """Refuse values no table could play (for options made without ``from_mapping``)."""
        for spec in RAZZ_OPTION_SPECS:
            spec.parse(getattr(self, spec.key))

    def check_players(self, players: int) -> None:
        if not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise InvalidOptions(f"Razz Spoons is for {MIN_PLAYERS} to {MAX_PLAYERS} players,"
                                 f" not {players}")

    def describe(self) -> dict[str, str]:
        """Each option's value as it is written in a scenario file."""
        return {spec.key: show_option(getattr(self, spec.key)) for spec in RAZZ_OPTION_SPECS}


@dataclass(frozen=True, slots=True)
class RazzOptionSpec:
    """One option: its key, what it accepts, and a line saying what it does."""

    key: str
    accepts: str
    description: str
    parse: Callable[[object], object]


RAZZ_OPTION_SPECS: tuple[RazzOptionSpec, ...] = (
    RazzOptionSpec("end", "rounds, points",
                   "What ends the game: a number of rounds, or a player reaching a number of"
                   " points. The fewest points win.", enum_option(EndRule, "end")),
    RazzOptionSpec("end_at", "whole number, 1 or more",
                   "How many rounds, or how many points, end the game.",
                   number_option("end_at", 1, integer=True)),
    RazzOptionSpec("phrase_window", "seconds, 1 or more",
                   "How long a player has to say the Razzing Phrase when it is owed.",
                   number_option("phrase_window", 1.0)),
    RazzOptionSpec("let_players_err", "true, false",
                   "Let a player play out of turn or play a card that does not match, for the"
                   " others to razz; off, such plays are refused.",
                   boolean_option("let_players_err")),
    RazzOptionSpec("turn_time_limit", f"seconds, 0 for none, else {MIN_TURN_TIME:g} or more",
                   "How long a turn (or an answer to a King) may last before the game draws for"
                   " the player.", number_option("turn_time_limit", MIN_TURN_TIME, or_zero=True)),
    RazzOptionSpec("grab_time_limit", "seconds, 2 or more",
                   "After a Jack, how long everyone has to grab a spoon; whoever has none by"
                   " then says the phrase and draws two.", number_option("grab_time_limit", 2.0)),
    RazzOptionSpec("round_pause", "seconds",
                   "The pause between the end of a round and the next deal.",
                   number_option("round_pause", 0.0)),
)

SPECS_BY_KEY: dict[str, RazzOptionSpec] = {spec.key: spec for spec in RAZZ_OPTION_SPECS}
