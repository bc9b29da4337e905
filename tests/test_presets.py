"""Presets: named bundles of option values, from the options menu, ``--preset`` and scenarios."""

from __future__ import annotations

import pytest
from test_cli import audiospoons

from audiospoons.engine.errors import InvalidOptions
from audiospoons.games.spoons.keyboard.presetnames import PRESET_IDS
from audiospoons.games.spoons.rules.options import Options, Scoring
from audiospoons.games.spoons.rules.presets import (
    PRESETS,
    matching_preset,
    preset_named,
    with_preset,
)
from audiospoons.games.spoons.scenario import Scenario
from audiospoons.replay.scenario import ScenarioError, parse_scenario
from audiospoons.voice.i18n import messages


def test_each_preset_is_recognised_from_its_values_and_named_in_every_language() -> None:
    assert matching_preset(Options()) is preset_named("seed000")
    for preset in PRESETS:
        assert matching_preset(preset.options()) is preset
        for lang in ("en", "es"):
            name, about = (messages(lang).tr(msgid) for msgid in PRESET_IDS[preset.name])
            assert name and about.endswith(".")
    assert matching_preset(Options.from_mapping({"word": "PIG"})) is None
    assert set(PRESET_IDS) == {preset.name for preset in PRESETS}


def test_options_given_beside_a_preset_override_it() -> None:
    values = with_preset({"preset": "bicycle", "premature": "none"})
    options = Options.from_mapping(values)
    assert (options.scoring, options.word, options.premature.value) == (
        Scoring.LETTERS, "SPOON", "none")
    with pytest.raises(InvalidOptions, match="there is no preset 'poker'; the presets are:"
                       " seed000, classic"):
        with_preset({"preset": "poker"})


def test_a_scenario_names_its_preset_and_a_wrong_name_is_refused_by_line() -> None:
    scenario = parse_scenario('[options]\npreset = "keep-everyone-in"\nround_pause = 1\n'
                              '[table]\nplayers = ["Ann", "Bob"]\n')
    assert isinstance(scenario, Scenario)
    assert scenario.options.scoring is Scoring.POINTS
    assert scenario.options.round_pause == 1.0
    with pytest.raises(ScenarioError, match=r"line 2: \[options\]: there is no preset 'kitchen'"):
        parse_scenario('[options]\npreset = "kitchen"\n[table]\nplayers = ["Ann", "Bob"]\n')


@pytest.mark.parametrize("preset", [p.name for p in PRESETS])
def test_simulate_plays_each_preset(preset: str) -> None:
    result = audiospoons("simulate", "--preset", preset, "--players", "4", "--games", "2")
    assert result.returncode == 0, result.stderr
    assert "games: 2" in result.stdout


def test_an_unknown_preset_is_refused_with_the_list() -> None:
    result = audiospoons("simulate", "--preset", "poker")
    assert result.returncode == 2
    assert "there is no preset 'poker'; the presets are: seed000, classic, bicycle" in result.stderr


def test_the_readme_lists_every_preset_with_the_words_the_menu_says() -> None:
    with open("README.md", encoding="utf-8") as readme:
        text = readme.read()
    english = messages("en")
    for preset in PRESETS:
        about = english.tr(PRESET_IDS[preset.name][1])
        assert f"| `{preset.name}` |" in text and f"| {about} |" in text


def test_play_with_a_preset_sets_the_saved_options_aside() -> None:
    from argparse import Namespace

    from audiospoons.commands.optionvalues import play_values
    from audiospoons.games.registry import GAMES

    saved = {"grabbing": "realtime", "hand_size": "5"}
    assert play_values(saved, Namespace(preset=None, option=["word=PIG"])) == {
        **saved, "word": "PIG"}
    with_preset = play_values(saved, Namespace(preset="party", option=["word=PIG"]))
    assert with_preset == {"preset": "party", "word": "PIG"}
    assert GAMES["spoons"].read_options(with_preset)[1] == {"deck": "two-packs", "word": "PIG"}


@pytest.mark.parametrize("preset", [p.name for p in PRESETS])
def test_every_preset_is_heard_by_ear_to_the_end_of_a_bot_game(preset: str) -> None:
    """What seat 1 hears of a whole bot game with each preset, and the words of its variant."""
    result = audiospoons("listen", "--preset", preset, "--players", "4", "--seed", "1")
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert " win the game!" in lines[-1] or " wins the game!" in lines[-1], lines[-1]
    signal = preset in ("pig", "donkey", "tongue")
    assert any("copied the signal!" in line for line in lines) == signal
    assert any("grabbed a spoon!" in line for line in lines) != signal
    assert any("has a knife:" in line or "A knife!" in line for line in lines) == (
        preset == "knives")
