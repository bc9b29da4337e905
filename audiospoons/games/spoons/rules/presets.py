"""Named presets: the ways people play Spoons, each a bundle of option values (seeds 000, 002
and 004). A preset sets the values it names; every other option keeps its default, and any
option given beside a preset (``--option``, a scenario's ``[options]``) overrides it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from audiospoons.engine.errors import InvalidOptions
from audiospoons.engine.optionparse import PRESET_KEY
from audiospoons.games.spoons.rules.options import Options


@dataclass(frozen=True, slots=True)
class Preset:
    name: str
    values: Mapping[str, str]

    def options(self) -> Options:
        return Options.from_mapping(self.values)


PRESETS: tuple[Preset, ...] = (
    Preset("seed000", {}),
    Preset("classic", {"draw": "discard", "scoring": "letters", "word": "SPOONS"}),
    Preset("bicycle", {"draw": "discard", "scoring": "letters", "word": "SPOON",
                       "premature": "void"}),
    Preset("playmonster", {"draw": "discard", "scoring": "sudden-death"}),
    Preset("keep-everyone-in", {"draw": "discard", "scoring": "points"}),
    Preset("no-stock", {"deck": "no-stock", "draw": "discard"}),
    Preset("party", {"deck": "two-packs"}),
    Preset("pig", {"signal": "true", "draw": "discard", "scoring": "letters", "word": "PIG"}),
    Preset("donkey", {"signal": "true", "draw": "discard", "scoring": "letters",
                      "word": "DONKEY"}),
    Preset("tongue", {"signal": "true", "draw": "discard", "scoring": "letters",
                      "word": "TONGUE"}),
    Preset("knives", {"deck": "knives", "draw": "discard"}),
)
PRESETS_BY_NAME: dict[str, Preset] = {preset.name: preset for preset in PRESETS}


def preset_named(name: str) -> Preset:
    preset = PRESETS_BY_NAME.get(str(name).strip().lower())
    if preset is None:
        known = ", ".join(PRESETS_BY_NAME)
        raise InvalidOptions(f"there is no preset {name!r}; the presets are: {known}")
    return preset


def with_preset(values: Mapping[str, object]) -> dict[str, object]:
    """``values`` with any ``preset`` key replaced by that preset's values, under the others."""
    rest = {key: value for key, value in values.items() if key != PRESET_KEY}
    if PRESET_KEY not in values:
        return rest
    return {**preset_named(str(values[PRESET_KEY])).values, **rest}


def matching_preset(options: Options) -> Preset | None:
    """The preset whose values these options are exactly, if any."""
    shown = options.describe()
    for preset in PRESETS:
        if preset.options().describe() == shown:
            return preset
    return None
