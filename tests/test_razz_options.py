"""Razz Spoons' options: read from a mapping, written back, and every bad value refused with
a clear message."""

from __future__ import annotations

import pytest

from audiospoons.engine.errors import InvalidOptions
from audiospoons.games.razz.rules.options import EndRule, RazzOptions


def test_the_defaults_as_written_in_a_scenario() -> None:
    assert RazzOptions().describe() == {
        "end": "rounds", "end_at": "5", "phrase_window": "3", "let_players_err": "false",
        "turn_time_limit": "0", "grab_time_limit": "5", "round_pause": "3"}


def test_options_read_from_text_and_written_back() -> None:
    options = RazzOptions.from_mapping({
        "end": "Points", "end_at": "100", "phrase_window": 2.5, "let_players_err": "yes",
        "turn_time_limit": "10", "grab_time_limit": 4, "round_pause": 0})
    assert options == RazzOptions(EndRule.POINTS, 100, 2.5, True, 10.0, 4.0, 0.0)
    assert RazzOptions.from_mapping(options.describe()) == options


@pytest.mark.parametrize(("key", "value", "message"), [
    ("end", "hours", "end = 'hours' is not one of: rounds, points"),
    ("end_at", "0", "end_at must be 1 or more, not '0'"),
    ("end_at", "2.5", "end_at takes a whole number, not '2.5'"),
    ("phrase_window", "0.5", "phrase_window must be 1 or more, not '0.5'"),
    ("phrase_window", "soon", "phrase_window = 'soon' is not a number"),
    ("phrase_window", "inf", "phrase_window = 'inf' is not a number"),
    ("let_players_err", "maybe", "let_players_err = 'maybe' is not true or false"),
    ("turn_time_limit", "1", "turn_time_limit must be 0 for none, or 2 or more, not '1'"),
    ("grab_time_limit", True, "grab_time_limit takes a number, not True"),
    ("round_pause", "-1", "round_pause must be 0 or more, not '-1'"),
    ("round_pause", "1e300", "round_pause must be 60 or less, not '1e300'"),
    ("phrase_window", "61", "phrase_window must be 60 or less, not '61'"),
    ("turn_time_limit", "1e9", "turn_time_limit must be 600 or less, not '1e9'"),
    ("grab_time_limit", "61", "grab_time_limit must be 60 or less, not '61'"),
    ("spoons", "3", "there is no option 'spoons'; the options are: end, end_at, phrase_window,"
                    " let_players_err, turn_time_limit, grab_time_limit, round_pause"),
])
def test_a_bad_value_is_refused_saying_what_is_accepted(key: str, value: object,
                                                        message: str) -> None:
    with pytest.raises(InvalidOptions) as refused:
        RazzOptions.from_mapping({key: value})
    assert str(refused.value) == message


def test_options_made_directly_are_checked_too_and_so_is_the_table() -> None:
    with pytest.raises(InvalidOptions):
        RazzOptions(end_at=0).check()
    with pytest.raises(InvalidOptions):
        RazzOptions(phrase_window=float("nan")).check()
    for players in (1, 11):
        with pytest.raises(InvalidOptions) as refused:
            RazzOptions().check_players(players)
        assert str(refused.value) == f"Razz Spoons is for 2 to 10 players, not {players}"
    RazzOptions().check_players(2)
    RazzOptions().check_players(10)
