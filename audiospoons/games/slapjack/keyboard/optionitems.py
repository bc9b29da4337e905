"""The Slapjack options screen's items, in words: each option with its value and a one-line
description. Pure."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from audiospoons.games.slapjack.rules.options import SLAPJACK_OPTION_SPECS, SlapjackOptions
from audiospoons.ui.menu import Choice, Item, Number, Toggle
from audiospoons.ui.optionitems import changed_values, parsed_values, seconds
from audiospoons.voice.i18n import Messages

MOST_JACKS = 20


def slapjack_option_items(options: SlapjackOptions, m: Messages) -> list[Item]:
    """An item for every option of Slapjack, in the engine's order."""
    words = {
        "turn_time": (m.tr("option.slapjack.turntime"), m.tr("option.slapjack.turntime.about")),
        "slap_time": (m.tr("option.slapjack.slaptime"), m.tr("option.slapjack.slaptime.about")),
        "jacks": (m.tr("option.slapjack.jacks"), m.tr("option.slapjack.jacks.about")),
        "slap_back_in": (m.tr("option.slapjack.slapbackin"),
                         m.tr("option.slapjack.slapbackin.about")),
    }
    items: list[Item] = []
    for spec in SLAPJACK_OPTION_SPECS:
        label, about = words[spec.key]
        if spec.key == "slap_back_in":
            items.append(Toggle(spec.key, label, options.slap_back_in, about))
        elif spec.key == "jacks":
            jacks = float(options.jacks)
            items.append(Number(spec.key, label, jacks, 0, max(MOST_JACKS, jacks), 1,
                                lambda v: m.tr("option.slapjack.jacks.all") if v == 0
                                else m.ntr("option.slapjack.jacks.count", int(v)), about))
        else:
            value = float(getattr(options, spec.key))
            items.append(Number(spec.key, label, value, min(1.0, value), max(10.0, value), 0.5,
                                lambda v: seconds(m, v), about))
    return items


def chosen_slapjack_values(items: Mapping[str, Item]) -> dict[str, str]:
    """The option values the items show that differ from the defaults."""
    return changed_values(items, SlapjackOptions().describe())


def saved_slapjack_options(values: Mapping[str, str]) -> SlapjackOptions:
    """The options kept in the settings, leaving out any value that no longer parses."""
    parsers = {spec.key: spec.parse for spec in SLAPJACK_OPTION_SPECS}
    return replace(SlapjackOptions(), **parsed_values(values, parsers))


def slapjack_options_text(options: SlapjackOptions, m: Messages) -> str:
    """Every option with its value, in words: what F5 says in a game."""
    parts = []
    for item in slapjack_option_items(options, m):
        if isinstance(item, Toggle):
            value = m.tr("menu.on") if item.value else m.tr("menu.off")
        else:
            assert isinstance(item, Choice | Number)
            value = item.text
        parts.append(f"{item.label}: {value}")
    return m.tr("options.summary", options=m.join(parts))
