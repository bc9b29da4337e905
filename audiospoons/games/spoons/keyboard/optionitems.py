"""The classic game's options screen, in words: every game option, the number of players and the
bots' difficulty, each with its value and a one-line description, and the presets. Pure.

The items are keyed by the option keys of ``OPTION_SPECS`` (plus ``players``, ``bots`` and
``preset``), and ``chosen_values`` reads them back as the text ``Options.from_mapping`` takes. An
option the rules gain before this module has words for it still gets an item, from the rules'
own English description.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from enum import Enum
from typing import Any

from audiospoons.bots.levels import Level
from audiospoons.engine.cards import DeckKind, pack_size
from audiospoons.engine.errors import InvalidOptions
from audiospoons.games.spoons.keyboard.presetnames import PRESET_IDS
from audiospoons.games.spoons.rules.options import (
    NOT_YET_PLAYABLE,
    OPTION_SPECS,
    PLAYERS_MAX,
    PLAYERS_MIN,
    SPECS_BY_KEY,
    DrawVariant,
    NextDealer,
    Options,
    Scoring,
)
from audiospoons.games.spoons.rules.presets import PRESETS, matching_preset, preset_named
from audiospoons.ui.menu import ActionItem, Choice, Item, Number, Toggle
from audiospoons.ui.optionitems import (
    CUSTOM,
    PRESET,
    changed_values,
    parsed_values,
    seconds,
    show,
    table_items,
)
from audiospoons.voice.i18n import Messages

WORDS = ("SPOONS", "SPOON", "PIG", "HORSE", "DONKEY", "TONGUE")
REACT_PAUSES = ("random", "0", "0.5", "1", "1.5", "2", "3", "5")
SECONDS_LIMIT = 60.0


def _limit(m: Messages, value: float) -> str:
    return m.tr("option.nolimit") if value == 0 else seconds(m, value)


def _words(m: Messages) -> dict[str, tuple[str, str]]:
    """Each option's label and one-line description."""
    return {
        "draw": (m.tr("option.draw"), m.tr("option.draw.about")),
        "grabbing": (m.tr("option.grabbing"), m.tr("option.grabbing.about")),
        "reaction_style": (m.tr("option.reactionstyle"), m.tr("option.reactionstyle.about")),
        "react_pause": (m.tr("option.reactpause"), m.tr("option.reactpause.about")),
        "react_timeout": (m.tr("option.reacttimeout"), m.tr("option.reacttimeout.about")),
        "spoons_subtracted": (m.tr("option.spoonssubtracted"),
                              m.tr("option.spoonssubtracted.about")),
        "selection_time": (m.tr("option.selectiontime"), m.tr("option.selectiontime.about")),
        "claim_hold": (m.tr("option.claimhold"), m.tr("option.claimhold.about")),
        "stealer_timeframe": (m.tr("option.stealertimeframe"),
                              m.tr("option.stealertimeframe.about")),
        "grab_time_limit": (m.tr("option.grabtimelimit"), m.tr("option.grabtimelimit.about")),
        "discard_time_limit": (m.tr("option.discardtimelimit"),
                               m.tr("option.discardtimelimit.about")),
        "premature": (m.tr("option.premature"), m.tr("option.premature.about")),
        "announce_phase2": (m.tr("option.announcephase2"), m.tr("option.announcephase2.about")),
        "scoring": (m.tr("option.scoring"), m.tr("option.scoring.about")),
        "word": (m.tr("option.word"), m.tr("option.word.about")),
        "joint_winners_at_two": (m.tr("option.jointwinners"), m.tr("option.jointwinners.about")),
        "next_dealer": (m.tr("option.nextdealer"), m.tr("option.nextdealer.about")),
        "deck": (m.tr("option.deck"), m.tr("option.deck.about")),
        "hand_size": (m.tr("option.handsize"), m.tr("option.handsize.about")),
        "round_pause": (m.tr("option.roundpause"), m.tr("option.roundpause.about")),
        "teams": (m.tr("option.teams"), m.tr("option.teams.about")),
        "signal": (m.tr("option.signal"), m.tr("option.signal.about")),
        "knife_redraw": (m.tr("option.kniferedraw"), m.tr("option.kniferedraw.about")),
        "keep_playing": (m.tr("option.keepplaying"), m.tr("option.keepplaying.about")),
        "waiting_pile": (m.tr("option.waitingpile"), m.tr("option.waitingpile.about")),
        "disputed": (m.tr("option.disputed"), m.tr("option.disputed.about")),
    }


def _value_words(m: Messages) -> dict[str, dict[str, str]]:
    """The words for the values of the options chosen from a list."""
    return {
        "draw": {"draw": m.tr("option.draw.draw"), "discard": m.tr("option.draw.discard"),
                 "either": m.tr("option.draw.either")},
        "grabbing": {"reaction": m.tr("option.grabbing.reaction"),
                     "selection": m.tr("option.grabbing.selection"),
                     "realtime": m.tr("option.grabbing.realtime")},
        "reaction_style": {"first": m.tr("option.reactionstyle.first"),
                           "mash": m.tr("option.reactionstyle.mash")},
        "premature": {"none": m.tr("option.premature.none"),
                      "eliminate": m.tr("option.premature.eliminate"),
                      "letter": m.tr("option.premature.letter"),
                      "void": m.tr("option.premature.void"),
                      "bluff": m.tr("option.premature.bluff")},
        "scoring": {"sudden-death": m.tr("option.scoring.suddendeath"),
                    "letters": m.tr("option.scoring.letters"),
                    "points": m.tr("option.scoring.points")},
        "disputed": {"order": m.tr("option.disputed.order"),
                     "void": m.tr("option.disputed.void")},
        "next_dealer": {"rotate": m.tr("option.nextdealer.rotate"),
                        "first-set": m.tr("option.nextdealer.firstset")},
        "deck": {"standard": m.tr("option.deck.standard"),
                 "two-packs": m.tr("option.deck.twopacks"),
                 "knives": m.tr("option.deck.knives"),
                 "no-stock": m.tr("option.deck.nostock")},
    }


def _with(values: tuple[str, ...], current: str) -> tuple[str, ...]:
    return values if current in values else (*values, current)


def _number(key: str, label: str, about: str, value: float, low: float, high: float,
            step: float, say: Callable[[float], str]) -> Number:
    return Number(key, label, value, min(low, value), max(high, value), step, say, about)


def option_item(spec_key: str, options: Options, m: Messages) -> Item:
    """The item for one game option, showing its value in ``options``."""
    label, about = _words(m).get(spec_key, (spec_key.replace("_", " "),
                                            SPECS_BY_KEY[spec_key].description))
    raw: Any = getattr(options, spec_key)
    shown = options.describe()[spec_key]
    if spec_key in _value_words(m):
        words = _value_words(m)[spec_key]
        refused = NOT_YET_PLAYABLE.get(spec_key, frozenset())
        values = _with(tuple(v for v in words if v not in refused), shown)
        return Choice(spec_key, label, values, shown,
                      tuple(words.get(v, v) for v in values), about)
    if isinstance(raw, bool):
        return Toggle(spec_key, label, raw, about)
    if spec_key == "react_pause":
        values = _with(REACT_PAUSES, shown)
        texts = tuple(m.tr("option.reactpause.random") if v == "random"
                      else seconds(m, float(v)) for v in values)
        return Choice(spec_key, label, values, shown, texts, about)
    if spec_key == "word":
        values = _with(WORDS, shown)
        return Choice(spec_key, label, values, shown, values, about)
    if spec_key == "knife_redraw":
        values = _with(("4", "3", "2", "1"), shown)
        texts = tuple(m.ntr("option.kniferedraw.value", int(v)) for v in values)
        return Choice(spec_key, label, values, shown, texts, about)
    if spec_key == "hand_size":
        values = _with(("3", "4", "5"), shown)
        texts = tuple(m.ntr("option.handsize.value", int(v)) for v in values)
        return Choice(spec_key, label, values, shown, texts, about)
    if spec_key == "react_timeout":
        return _number(spec_key, label, about, float(raw), 0.5, 10.0, 0.5,
                       lambda v: seconds(m, v))
    if spec_key == "spoons_subtracted":
        return _number(spec_key, label, about, float(raw), 1, PLAYERS_MAX - 1, 1, show)
    if spec_key in ("grab_time_limit", "discard_time_limit"):
        return _number(spec_key, label, about, float(raw), 0, SECONDS_LIMIT, 1,
                       lambda v: _limit(m, v))
    if spec_key in ("selection_time", "claim_hold"):
        return _number(spec_key, label, about, float(raw), 1.0, 15.0, 0.5,
                       lambda v: seconds(m, v))
    if spec_key == "stealer_timeframe":
        return _number(spec_key, label, about, float(raw), 0.0, 3.0, 0.25,
                       lambda v: m.tr("option.nodelay") if v == 0 else seconds(m, v))
    if spec_key == "round_pause":
        return _number(spec_key, label, about, float(raw), 0, 10.0, 0.5,
                       lambda v: seconds(m, v))
    if isinstance(raw, Enum):
        values = tuple(member.value for member in type(raw))
        return Choice(spec_key, label, values, shown, (), about)
    return Choice(spec_key, label, (shown,), shown, (), about)


def option_items(options: Options, players: int, bots: str, m: Messages) -> list[Item]:
    """Players and bots first, then every game option in the engine's order."""
    return [*table_items(players, bots, (PLAYERS_MIN, PLAYERS_MAX), m),
            *game_items(options, m)]


def game_items(options: Options, m: Messages) -> list[Item]:
    """The preset, then every game option in the rules' order."""
    return [preset_item(options, m), *(option_item(spec.key, options, m)
                                       for spec in OPTION_SPECS)]


def preset_item(options: Options, m: Messages) -> Choice:
    """The preset these options match, or custom; choosing one sets the options below."""
    matching = matching_preset(options)
    current = matching.name if matching is not None else CUSTOM
    values = _with(tuple(preset.name for preset in PRESETS), current)
    texts = tuple(preset_name(value, m) for value in values)
    return Choice(PRESET, m.tr("menu.options.preset"), values, current, texts,
                  m.tr("menu.options.preset.about"))


def preset_name(name: str, m: Messages) -> str:
    """A preset's name; "custom" for options that match none."""
    return m.tr("preset.custom") if name == CUSTOM else m.tr(PRESET_IDS[name][0])


def preset_about(name: str, m: Messages) -> str:
    """A preset's one-sentence description."""
    return m.tr(PRESET_IDS[name][1])


def preset_values(name: str) -> dict[str, str]:
    """A preset's option values as the settings keep them: those that differ from the
    defaults."""
    defaults = Options().describe()
    shown = preset_named(name).options().describe()
    return {key: value for key, value in shown.items() if value != defaults[key]}


def chosen_values(items: Mapping[str, Item]) -> dict[str, str]:
    """The game option values the items show that differ from the defaults."""
    return changed_values(items, Options().describe())


def saved_options(values: Mapping[str, str]) -> Options:
    """The options saved in the settings, leaving out any value that no longer parses and
    falling back to the defaults if together they cannot be played."""
    parsers = {key: spec.parse for key, spec in SPECS_BY_KEY.items()}
    options = replace(Options(), **parsed_values(values, parsers))
    try:
        options.check()
    except InvalidOptions:
        return Options()
    return options


def table_problem(values: Mapping[str, str], players: int, m: Messages) -> str | None:
    """Why a table of ``players`` cannot be played with these option values, said for the
    player; None if it can."""
    try:
        options = Options.from_mapping(values)
        options.check_players(players)
    except InvalidOptions as error:
        return explain(values, players, error, m)
    return None


def explain(values: Mapping[str, str], players: int, error: InvalidOptions,
            m: Messages) -> str:
    """The engine's refusal, in the player's language where there are words for it."""
    parsed: dict[str, Any] = {}
    for key, raw in values.items():
        spec = SPECS_BY_KEY.get(key)
        if spec is None:
            return str(error)
        try:
            parsed[key] = spec.parse(raw)
        except InvalidOptions:
            return str(error)
    o = replace(Options(), **parsed)
    if o.deck is DeckKind.NO_STOCK and o.draw is not DrawVariant.DISCARD:
        return m.tr("option.invalid.nostock.draw")
    if o.deck is DeckKind.NO_STOCK and o.hand_size != 4:
        return m.tr("option.invalid.nostock.hand")
    if error.reason == "bluff.grabbing":
        return m.tr("option.invalid.bluff.grabbing")
    if error.reason == "signal.grabbing":
        return m.tr("option.invalid.signal.grabbing")
    if error.reason == "signal.mash":
        return m.tr("option.invalid.signal.mash")
    if error.reason == "signal.bluff":
        return m.tr("option.invalid.signal.bluff")
    if o.teams and o.scoring is Scoring.POINTS:
        return m.tr("option.invalid.teams.points")
    if o.teams and o.joint_winners_at_two:
        return m.tr("option.invalid.teams.joint")
    if o.scoring is Scoring.POINTS and o.next_dealer is NextDealer.FIRST_SET:
        return m.tr("option.invalid.points.dealer")
    if o.teams and (players < 4 or players % 2):
        return m.tr("option.invalid.teams.players")
    if players - o.spoons_subtracted < 1:
        return m.tr("option.invalid.nospoon", players=players, subtracted=o.spoons_subtracted)
    if o.deck is DeckKind.NO_STOCK and players > 13:
        return m.tr("option.invalid.nostock.players")
    pack = pack_size(o.deck)
    if o.deck is not DeckKind.NO_STOCK and players * o.hand_size >= pack:
        return m.tr("option.invalid.pack", players=players, cards=o.hand_size, pack=pack)
    return str(error)


ALWAYS_SAID = ("draw", "grabbing", "scoring", "premature")
"""The options a game's summary always names, at their defaults too: those that shape play."""


def options_text(options: Options, players: int, m: Messages) -> str:
    """What F5 says in a game: the options that shape play (how cards are drawn, how spoons
    are grabbed, how a miss counts, what an early grab costs) and any other that is not at
    its default."""
    defaults = Options().describe()
    shown = options.describe()
    parts = []
    for item in option_items(options, players, Level.NORMAL.value, m):
        if isinstance(item, ActionItem) or not (
                item.key in ALWAYS_SAID
                or (item.key in shown and shown[item.key] != defaults[item.key])):
            continue
        if isinstance(item, Toggle):
            value = m.tr("menu.on") if item.value else m.tr("menu.off")
        else:
            value = item.text
        parts.append(f"{item.label}: {value}")
    return m.tr("options.summary", options=m.join(parts))
