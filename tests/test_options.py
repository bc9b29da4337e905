from dataclasses import fields

import pytest

from audiospoons.engine.errors import InvalidOptions
from audiospoons.games.spoons.rules.options import OPTION_SPECS, Options, Scoring


def test_every_option_field_has_a_documented_key_and_the_readme_lists_it() -> None:
    assert [s.key for s in OPTION_SPECS] == [f.name for f in fields(Options)]
    with open("README.md", encoding="utf-8") as readme:
        text = readme.read()
    for spec in OPTION_SPECS:
        assert f"| `{spec.key}` |" in text


def test_defaults_are_seed_000s() -> None:
    assert Options().describe() == {
        "draw": "draw", "grabbing": "reaction", "selection_time": "5", "claim_hold": "3",
        "stealer_timeframe": "0", "reaction_style": "first",
        "react_pause": "random", "react_timeout": "3", "spoons_subtracted": "1",
        "grab_time_limit": "10", "discard_time_limit": "0", "premature": "none",
        "announce_phase2": "false", "scoring": "sudden-death", "word": "SPOONS",
        "joint_winners_at_two": "false", "next_dealer": "rotate", "deck": "standard",
        "hand_size": "4", "round_pause": "3", "teams": "false", "signal": "false",
        "knife_redraw": "4", "keep_playing": "false", "waiting_pile": "true", "disputed": "order",
    }


def test_values_are_read_from_text_and_from_toml_values() -> None:
    options = Options.from_mapping({"scoring": "letters", "word": "pig", "grab_time_limit": 5,
                                    "announce_phase2": True, "react_pause": "1.5"})
    assert options.scoring is Scoring.LETTERS
    assert options.word == "PIG"
    assert options.grab_time_limit == 5.0
    assert options.announce_phase2 is True
    assert options.react_pause == 1.5


@pytest.mark.parametrize(("values", "message"), [
    ({"colour": "red"}, "there is no option 'colour'"),
    ({"draw": "steal"}, "draw = 'steal' is not one of: draw, discard, either"),
    ({"spoons_subtracted": "0"}, "spoons_subtracted must be 1 or more"),
    ({"spoons_subtracted": "1.5"}, "whole number"),
    ({"hand_size": "6"}, "hand_size must be one of 3, 4, 5"),
    ({"grab_time_limit": "soon"}, "is not a number"),
    ({"grab_time_limit": "nan"}, "is not a number"),
    ({"announce_phase2": "maybe"}, "is not true or false"),
    ({"word": "two words"}, "use one word"),
    ({"claim_hold": "0"}, "claim_hold must be 0.5 or more"),
    ({"stealer_timeframe": "-1"}, "stealer_timeframe must be 0 or more"),
    ({"deck": "no-stock"}, "set draw = discard"),
    ({"react_pause": "1e308"}, "react_pause must be 10 or less, not '1e308'"),
    ({"round_pause": 1e300}, "round_pause must be 60 or less, not 1e[+]300"),
    ({"grab_time_limit": "601"}, "grab_time_limit must be 600 or less"),
    ({"scoring": "points", "next_dealer": "first-set"}, "next_dealer must be rotate"),
])
def test_bad_values_are_refused_with_a_clear_message(values: dict[str, object],
                                                      message: str) -> None:
    with pytest.raises(InvalidOptions, match=message):
        Options.from_mapping(values)


@pytest.mark.parametrize(("players", "values", "message"), [
    (14, {}, "14 players with 4 cards each need 56 cards"),
    (13, {}, "leave no stock in a pack of 52; use two packs or fewer players"),
    (3, {"spoons_subtracted": 3}, "leaves no spoon"),
    (1, {}, "at least two players"),
    (14, {"deck": "no-stock", "draw": "discard"}, "at most 13 players"),
    (26, {"deck": "two-packs"}, "pack of 104; use fewer players"),
])
def test_impossible_tables_are_refused(players: int, values: dict[str, object],
                                       message: str) -> None:
    with pytest.raises(InvalidOptions, match=message):
        Options.from_mapping(values).check_players(players)


def test_possible_tables_pass() -> None:
    Options().check_players(12)
    Options.from_mapping({"deck": "two-packs"}).check_players(25)
    Options.from_mapping({"deck": "no-stock", "draw": "discard"}).check_players(13)
    Options.from_mapping({"spoons_subtracted": 2}).check_players(3)


def test_every_time_option_has_a_maximum_its_description_gives() -> None:
    """A pause or a limit of 1e300 seconds would stall the game for ever: every time option
    names its range, and a value past it is refused saying so."""
    timed = [spec for spec in OPTION_SPECS if spec.accepts.startswith("seconds")]
    assert len(timed) == 8
    for spec in timed:
        assert " to " in spec.accepts or "up to" in spec.accepts, spec.key
        with pytest.raises(InvalidOptions, match=f"{spec.key} must be [0-9.]+ or less"):
            spec.parse("1e300")


def test_a_round_is_dealt_spoons_subtracted_fewer_spoons_than_players_but_never_none() -> None:
    """The one rule for the spoons of a round: the game deals by it, and F1 names the number
    keys of the first round by it."""
    options = Options.from_mapping({"spoons_subtracted": 2})
    assert [options.spoons_for(players) for players in (5, 4, 3, 2)] == [3, 2, 1, 1]
    assert Options().spoons_for(6) == 5
