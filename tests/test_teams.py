"""Playing in teams: partners seated apart hear each other's sets, a team is out when both
partners are, and the last team standing wins."""

from __future__ import annotations

import pytest
from conftest import replay

from audiospoons.engine.errors import InvalidOptions
from audiospoons.games.spoons.rules.options import Options

TEAMS = """
    [options]
    teams = true
    spoons_subtracted = 2
    [table]
    players = ["Andrew", "Chris", "Ellen", "Debra"]
    dealer = "Debra"
    seed = 4
    [table.hands]
    Andrew = ["7H", "7C", "7D", "7S"]
    [script]
    lines = [
        "0.50 Andrew grab",
        "1.00 Ellen grab",
    ]
"""

SIX = """
    [options]
    teams = true
    spoons_subtracted = 3
    [table]
    players = ["Andrew", "Britany", "Chris", "Debra", "Ellen", "Frank"]
    dealer = "Frank"
    seed = 4
    [table.hands]
    Andrew = ["7H", "7C", "7D", "7S"]
    [script]
    lines = [
        "0.50 Andrew grab",
        "0.80 Britany grab",
        "0.90 Chris grab",
    ]
"""


def test_teams_are_named_at_the_start_and_the_last_team_standing_wins() -> None:
    """Andrew and Ellen are partners, seated apart; when Chris and Debra are both out their team is
    beaten and Andrew and Ellen win together."""
    assert replay(TEAMS) == [
        '  0.00  Spoons for Andrew, Chris, Ellen, and Debra.',
        '  0.00  Teams: Andrew and Ellen; Chris and Debra.',
        '  0.00  [sound deal pan -1.00]',
        '  0.00  Round 1. Debra deals. 2 spoons on the table.',
        '  0.50  [sound spoon pan +1.00]',
        '  1.00  [sound spoon pan -0.33]',
        '  1.00  Ellen grabbed a spoon!',
        '  1.00  [sound eliminated pan +0.00]',
        '  1.00  Chris and Debra are eliminated.',
        '  1.00  Chris and Debra are out: their team is beaten.',
        '  1.00  [sound round-over pan +0.00]',
        '  1.00  Andrew had four sevens.',
        '  1.00  [sound win pan +0.00]',
        '  1.00  Andrew and Ellen win the game!',
    ]


def test_a_partner_hears_your_set_and_shares_your_win() -> None:
    """Ellen hears her partner's set (not its rank) the moment Andrew has it; the win is theirs."""
    assert replay(TEAMS, "Ellen") == [
        '  0.00  Spoons: you against Andrew, Chris, and Debra.',
        '  0.00  Your partner is Andrew, across the table.',
        '  0.00  [sound deal pan -1.00]',
        '  0.00  Round 1. Debra deals. 2 spoons on the table.',
        '  0.00  Your cards: eight of hearts, jack of clubs, six of clubs, and five of clubs.',
        '  0.00  [sound set pan +0.00]',
        '  0.00  Your partner Andrew has a set!',
        '  0.50  [sound spoon pan +0.00]',
        '  1.00  [sound spoon pan +0.00]',
        '  1.00  You grabbed a spoon!',
        '  1.00  [sound eliminated pan +0.00]',
        '  1.00  Chris and Debra are eliminated.',
        '  1.00  Chris and Debra are out: their team is beaten.',
        '  1.00  [sound round-over pan +0.00]',
        '  1.00  Andrew had four sevens.',
        '  1.00  [sound win pan +0.00]',
        '  1.00  You and Andrew win the game!',
    ]


def test_a_beaten_team_hears_it_is_out() -> None:
    """Chris hears his partner named at the start and his team go out."""
    assert replay(TEAMS, "Chris") == [
        '  0.00  Spoons: you against Andrew, Ellen, and Debra.',
        '  0.00  Your partner is Debra, across the table.',
        '  0.00  [sound deal pan +0.00]',
        '  0.00  Round 1. Debra deals. 2 spoons on the table.',
        '  0.00  Your cards: four of diamonds, nine of diamonds, eight of clubs, and two of'
        ' hearts.',
        '  0.50  [sound spoon pan +1.00]',
        '  1.00  [sound spoon pan -1.00]',
        '  1.00  Ellen grabbed a spoon!',
        '  1.00  [sound eliminated pan +0.00]',
        '  1.00  You are eliminated, and so is Debra.',
        '  1.00  Your team is out.',
        '  1.00  [sound round-over pan +0.00]',
        '  1.00  Andrew had four sevens.',
        '  1.00  [sound win pan +0.00]',
        '  1.00  Andrew and Ellen win the game!',
    ]


def test_a_team_stays_in_while_one_partner_is() -> None:
    """Debra, Ellen and Frank go out, but each has a partner still in: no team is out."""
    assert replay(SIX) == [
        '  0.00  Spoons for Andrew, Britany, Chris, Debra, Ellen, and Frank.',
        '  0.00  Teams: Andrew and Debra; Britany and Ellen; Chris and Frank.',
        '  0.00  [sound deal pan -1.00]',
        '  0.00  Round 1. Frank deals. 3 spoons on the table.',
        '  0.50  [sound spoon pan +1.00]',
        '  0.80  [sound spoon pan +0.60]',
        '  0.80  Britany grabbed a spoon!',
        '  0.90  [sound spoon pan +0.20]',
        '  0.90  Chris grabbed a spoon!',
        '  0.90  [sound eliminated pan +0.00]',
        '  0.90  Debra, Ellen, and Frank are eliminated.',
        '  0.90  [sound round-over pan +0.00]',
        '  0.90  Andrew had four sevens.',
        '  3.90  [sound deal pan +1.00]',
        '  3.90  Round 2. Andrew deals. 1 spoon on the table.',
        '  3.90  state: round 2, cards in play, 1 spoon on the table, Andrew deals',
        '  3.90  state: Andrew: 4 cards, 0 waiting',
        '  3.90  state: Britany: 4 cards, 0 waiting',
        '  3.90  state: Chris: 4 cards, 0 waiting',
        '  3.90  state: Debra: out',
        '  3.90  state: Ellen: out',
        '  3.90  state: Frank: out',
    ]


@pytest.mark.parametrize(("players", "values", "message"), [
    (5, {"teams": "true"}, "teams are pairs: play with an even number of players, 4 or more,"
                           " not 5"),
    (2, {"teams": "true"}, "4 or more, not 2"),
    (4, {"teams": "true", "scoring": "points"}, "sudden-death or letters"),
    (4, {"teams": "true", "joint_winners_at_two": "true"}, "cannot be on with teams"),
])
def test_tables_teams_cannot_play_are_refused_saying_why(players: int, values: dict[str, str],
                                                          message: str) -> None:
    with pytest.raises(InvalidOptions, match=message):
        Options.from_mapping(values).check_players(players)
