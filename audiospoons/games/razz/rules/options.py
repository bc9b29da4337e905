"""The options of Razz Spoons: how the game ends, how long a player has to say the phrase, and
whether the keyboard lets a player make the mistakes a table would.

``RazzOptions.from_mapping`` reads ``key -> value`` as a scenario file or the command line writes
them and refuses an unknown key or a bad value with ``InvalidOptions`` saying what is accepted;
``describe`` writes every value back in the same form.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum

from audiospoons.engine.errors import InvalidOptions
from audiospoons.engine.optionparse import (
    OptionSpec,
    boolean_option,
    describe_options,
    enum_option,
    number_option,
    options_from,
)
from audiospoons.games.razz.rules.facts import MAX_PLAYERS, MIN_PLAYERS


class EndRule(Enum):
    """What ends the game: a number of rounds, or a player's total reaching a number of points."""

    ROUNDS = "rounds"
    POINTS = "points"


MIN_TURN_TIME = 2.0
"""The shortest turn time limit (when there is one): time to hear the top card and press a key."""
SECONDS_MAX = 60.0
"""The longest phrase window, grab time limit and pause between rounds."""
TURN_TIME_MAX = 600.0
"""The longest turn time limit: ten minutes."""


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
        return options_from(cls, RAZZ_OPTION_SPECS, values)

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
        return describe_options(self, RAZZ_OPTION_SPECS)


RAZZ_OPTION_SPECS: tuple[OptionSpec, ...] = (
    OptionSpec("end", "rounds, points",
                   "What ends the game: a number of rounds, or a player reaching a number of"
                   " points. The fewest points win.", enum_option(EndRule, "end")),
    OptionSpec("end_at", "whole number, 1 or more",
                   "How many rounds, or how many points, end the game.",
                   number_option("end_at", 1, integer=True)),
    OptionSpec("phrase_window", f"seconds, 1 to {SECONDS_MAX:g}",
                   "How long a player has to say the Razzing Phrase when it is owed.",
                   number_option("phrase_window", 1.0, maximum=SECONDS_MAX)),
    OptionSpec("let_players_err", "true, false",
                   "Let a player play out of turn or play a card that does not match, for the"
                   " others to razz; off, such plays are refused.",
                   boolean_option("let_players_err")),
    OptionSpec("turn_time_limit",
                   f"seconds, 0 for none, else {MIN_TURN_TIME:g} to {TURN_TIME_MAX:g}",
                   "How long a turn (or an answer to a King) may last before the game draws for"
                   " the player.", number_option("turn_time_limit", MIN_TURN_TIME, or_zero=True,
                                                 maximum=TURN_TIME_MAX)),
    OptionSpec("grab_time_limit", f"seconds, 2 to {SECONDS_MAX:g}",
                   "After a Jack, how long everyone has to grab a spoon; whoever has none by"
                   " then says the phrase and draws two.",
                   number_option("grab_time_limit", 2.0, maximum=SECONDS_MAX)),
    OptionSpec("round_pause", f"seconds, 0 to {SECONDS_MAX:g}",
                   "The pause between the end of a round and the next deal.",
                   number_option("round_pause", 0.0, maximum=SECONDS_MAX)),
)

SPECS_BY_KEY: dict[str, OptionSpec] = {spec.key: spec for spec in RAZZ_OPTION_SPECS}
