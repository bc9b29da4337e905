"""Slapjack's options: how long a turn and a Jack wait, and how long the game lasts."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from audiospoons.engine.errors import InvalidOptions
from audiospoons.engine.optionparse import (
    OptionSpec,
    boolean_option,
    describe_options,
    number_option,
    options_from,
)

MIN_PLAYERS = 2
MAX_PLAYERS = 8
"""One pack dealt to eight leaves six or seven cards a stack: few enough to lose quickly."""


@dataclass(frozen=True, slots=True)
class SlapjackOptions:
    """Every option of Slapjack."""

    turn_time: float = 3.0
    slap_time: float = 3.0
    jacks: int = 0
    slap_back_in: bool = True

    @classmethod
    def from_mapping(cls, values: Mapping[str, object]) -> SlapjackOptions:
        """Options from ``key -> value``; unknown keys and bad values raise ``InvalidOptions``."""
        return options_from(cls, SLAPJACK_OPTION_SPECS, values)

    def check_players(self, players: int) -> None:
        if not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise InvalidOptions(f"Slapjack is for {MIN_PLAYERS} to {MAX_PLAYERS} players,"
                                 f" not {players}")

    def describe(self) -> dict[str, str]:
        """Each option's value as it is written in a scenario file."""
        return describe_options(self, SLAPJACK_OPTION_SPECS)


SLAPJACK_OPTION_SPECS: tuple[OptionSpec, ...] = (
    OptionSpec("turn_time", "seconds, 1 to 60",
               "How long a player has to turn a card before it turns by itself.",
               number_option("turn_time", 1.0, maximum=60.0)),
    OptionSpec("slap_time", "seconds, 1 to 60",
               "After a Jack, how long the pile waits for a slap before play goes on.",
               number_option("slap_time", 1.0, maximum=60.0)),
    OptionSpec("jacks", "whole number, 0 for none",
               "The game ends once this many Jacks have been slapped, the most cards winning;"
               " 0 plays on until one player holds every card.",
               number_option("jacks", 0, integer=True)),
    OptionSpec("slap_back_in", "true, false",
               "A player out of cards stays in until the next Jack, and is back in by slapping"
               " it first; off, a player is out with the last card.",
               boolean_option("slap_back_in")),
)
