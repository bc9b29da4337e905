"""The words for the presets: each preset's name and one-sentence description, by preset name
(the presets themselves are ``engine.presets``)."""

from __future__ import annotations

PRESET_IDS = {
    "seed000": ("preset.seed000", "preset.seed000.about"),
    "classic": ("preset.classic", "preset.classic.about"),
    "bicycle": ("preset.bicycle", "preset.bicycle.about"),
    "playmonster": ("preset.playmonster", "preset.playmonster.about"),
    "keep-everyone-in": ("preset.keep-everyone-in", "preset.keep-everyone-in.about"),
    "no-stock": ("preset.no-stock", "preset.no-stock.about"),
    "party": ("preset.party", "preset.party.about"),
    "pig": ("preset.pig", "preset.pig.about"),
    "donkey": ("preset.donkey", "preset.donkey.about"),
    "tongue": ("preset.tongue", "preset.tongue.about"),
    "knives": ("preset.knives", "preset.knives.about"),
}
"""Each preset's name and one-sentence description, by preset name."""
