"""The Razz Spoons options screen's items, in words: each option of ``RazzOptions`` with its
value and a one-line description. Pure.

The items are keyed by the option keys of ``RAZZ_OPTION_SPECS``; ``chosen_razz_values`` reads
them back as the text ``RazzOptions.from_mapping`` takes, and ``saved_razz_options`` turns what
the settings keep into options, leaving out what no longer parses.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from audiospoons.games.razz.rules.options import (
    RAZZ_OPTION_SPECS,
    SPECS_BY_KEY,
    EndRule,
    RazzOptions,
)
from audiospoons.ui.menu import Choice, Item, Number, Toggle
from audiospoons.ui.optionitems import changed_values, parsed_values, seconds, show
from audiospoons.voice.i18n import Messages

MOST_ROUNDS = 20
MOST_POINTS = 500
POINTS_STEP = 5
TURN_LIMITS = ("0", "2", "3", "5", "8", "10", "15", "20", "30", "60")
"""The turn time limits offered: none, or seconds of at least ``MIN_TURN_TIME``."""


def razz_option_items(options: RazzOptions, m: Messages) -> list[Item]:
    """An item for every option of Razz Spoons, in the engine's order."""
    return [razz_option_item(spec.key, options, m) for spec in RAZZ_OPTION_SPECS]


def razz_option_item(key: str, options: RazzOptions, m: Messages) -> Item:
    """The item for one option, showing its value in ``options``."""
    label, about = _words(m)[key]
    if key == "end":
        values = tuple(rule.value for rule in EndRule)
        return Choice(key, label, values, options.end.value,
                      (m.tr("option.razz.end.rounds"), m.tr("option.razz.end.points")), about)
    if key == "end_at":
        return _end_at(options, label, about, m)
    if key == "let_players_err":
        return Toggle(key, label, options.let_players_err, about)
    if key == "turn_time_limit":
        shown = show(options.turn_time_limit)
        values = TURN_LIMITS if shown in TURN_LIMITS else (*TURN_LIMITS, shown)
        texts = tuple(m.tr("option.nolimit") if value == "0" else seconds(m, float(value))
                      for value in values)
        return Choice(key, label, values, shown, texts, about)
    value = float(getattr(options, key))
    low, high, step = {"phrase_window": (1.0, 10.0, 0.5), "grab_time_limit": (2.0, 30.0, 1.0),
                       "round_pause": (0.0, 10.0, 0.5)}[key]
    return Number(key, label, value, min(low, value), max(high, value), step,
                  lambda v: seconds(m, v), about)


def _end_at(options: RazzOptions, label: str, about: str, m: Messages) -> Number:
    value = float(options.end_at)
    if options.end is EndRule.ROUNDS:
        return Number("end_at", label, value, 1, max(MOST_ROUNDS, value), 1,
                      lambda v: m.ntr("option.razz.endat.rounds", int(v)), about)
    return Number("end_at", label, value, min(POINTS_STEP, value), max(MOST_POINTS, value),
                  POINTS_STEP,
                  lambda v: m.ntr("option.razz.endat.points", int(v)), about)


def _words(m: Messages) -> dict[str, tuple[str, str]]:
    """Each option's label and one-line description."""
    return {
        "end": (m.tr("option.razz.end"), m.tr("option.razz.end.about")),
        "end_at": (m.tr("option.razz.endat"), m.tr("option.razz.endat.about")),
        "phrase_window": (m.tr("option.razz.phrasewindow"),
                          m.tr("option.razz.phrasewindow.about")),
        "let_players_err": (m.tr("option.razz.letplayerserr"),
                            m.tr("option.razz.letplayerserr.about")),
        "turn_time_limit": (m.tr("option.razz.turntimelimit"),
                            m.tr("option.razz.turntimelimit.about")),
        "grab_time_limit": (m.tr("option.razz.grabtimelimit"),
                            m.tr("option.razz.grabtimelimit.about")),
        "round_pause": (m.tr("option.razz.roundpause"), m.tr("option.razz.roundpause.about")),
    }


def chosen_razz_values(items: Mapping[str, Item]) -> dict[str, str]:
    """The option values the items show that differ from the defaults."""
    return changed_values(items, RazzOptions().describe())


def saved_razz_options(values: Mapping[str, str]) -> RazzOptions:
    """The Razz Spoons options kept in the settings, leaving out any value that no longer
    parses."""
    parsers = {key: spec.parse for key, spec in SPECS_BY_KEY.items()}
    return replace(RazzOptions(), **parsed_values(values, parsers))


def razz_options_text(options: RazzOptions, m: Messages) -> str:
    """Every option with its value, in words: what F5 says in a game."""
    return m.tr("options.summary", options=m.join(
        [f"{item.label}: {_value_text(item, m)}" for item in razz_option_items(options, m)]))


def _value_text(item: Item, m: Messages) -> str:
    if isinstance(item, Toggle):
        return m.tr("menu.on") if item.value else m.tr("menu.off")
    assert isinstance(item, Choice | Number)
    return item.text
