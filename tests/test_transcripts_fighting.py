"""Transcript tests of the fighting variants: single selection and realtime fighting (seed 000)."""

from __future__ import annotations

import re
from pathlib import Path

from conftest import replay

from audiospoons.replay.scenario import load_scenario
from audiospoons.replay.transcript import transcript

SCENARIOS = Path(__file__).parent / "scenarios"

THREE_WAY = """
    [options]
    grabbing = "realtime"
    react_pause = 1.0
    stealer_timeframe = 0.5
    spoons_subtracted = 2
    [table]
    players = ["Andrew", "Henry", "Chris", "Ellen"]
    seed = 2
    [table.hands]
    Andrew = ["9H", "9C", "9D", "9S"]
    [script]
    lines = [
        "0.50 Andrew grab 1",
        "0.80 Henry grab 1",
        "1.00 Chris grab 1",
        "1.20 Ellen grab 2",
        "1.50 Ellen grab 1",
        "2.40 Chris react",
        "2.45 Henry grab 2",
        "2.50 Andrew react",
        "2.60 Henry react",
    ]
"""

SECOND_STEAL = """
    [options]
    grabbing = "realtime"
    react_pause = 1.0
    [table]
    players = ["Andrew", "Henry", "Chris", "Ellen"]
    seed = 2
    [table.hands]
    Andrew = ["9H", "9C", "9D", "9S"]
    [script]
    lines = [
        "0.50 Andrew grab 1",
        "0.60 Chris grab 2",
        "0.80 Henry grab 1",
        "1.90 Andrew react",
        "2.00 Henry react",
        "2.10 Henry grab 2",
        "2.20 Henry grab 1",
        "2.30 Henry grab 3",
        "2.50 Ellen grab 3",
        "3.60 Henry grab 3",
        "3.70 Ellen react",
    ]
"""

LOSER_DEFENDS = """
    [options]
    grabbing = "realtime"
    react_pause = 1.0
    [table]
    players = ["Andrew", "Henry", "Chris", "Ellen"]
    seed = 2
    [table.hands]
    Andrew = ["9H", "9C", "9D", "9S"]
    [script]
    lines = [
        "0.50 Andrew grab 1",
        "0.70 Henry grab 1",
        "1.80 Henry react",
        "1.90 Andrew react",
        "2.00 Andrew grab 2",
        "3.00 Chris grab 2",
        "4.10 Andrew react",
        "4.30 Chris react",
        "4.50 Ellen grab 3",
    ]
"""

TIE = """
    [options]
    grabbing = "realtime"
    react_pause = 1.0
    [table]
    players = ["Andrew", "Henry", "Chris"]
    seed = 2
    [table.hands]
    Andrew = ["9H", "9C", "9D", "9S"]
    [script]
    lines = [
        "0.500 Andrew grab 1",
        "0.800 Henry grab 1",
        "1.8004 Henry react",
        "1.8010 Andrew react",
    ]
"""

SELECTION_RULES = """
    [options]
    grabbing = "selection"
    react_pause = 1.0
    scoring = "letters"
    [table]
    players = ["Andrew", "Henry", "Chris"]
    seed = 2
    [table.hands]
    Andrew = ["9H", "9C", "9D", "9S"]
    [script]
    lines = [
        "0.40 Henry grab 1",
        "0.50 Andrew grab",
        "0.60 Andrew grab 3",
        "0.70 Andrew grab 2",
        "0.80 Andrew grab 1",
        "1.50 Henry grab 1",
        "1.60 Chris grab 2",
        "2.80 Chris react",
        "2.90 Andrew react",
    ]
"""

REALTIME_TIME_UP = """
    [options]
    grabbing = "realtime"
    react_pause = 1.0
    grab_time_limit = 2
    claim_hold = 3
    [table]
    players = ["Andrew", "Henry", "Chris", "Ellen"]
    seed = 2
    [table.hands]
    Andrew = ["9H", "9C", "9D", "9S"]
    [script]
    lines = [
        "0.50 Andrew grab 1",
        "2.00 Henry grab 2",
        "2.60 Chris grab 3",
    ]
"""


def test_stealers_within_the_timeframe_all_fight_the_holder_together() -> None:
    """With a stealer timeframe of 0.5 s, Henry's steal at 0.80 starts the fight at 1.30, and Chris,
    who steals before then, fights too: holder first, then the stealers in the order they reached.
    Ellen, holding spoon 2, may not reach for another; Henry, fighting, may not either. Henry has
    had his steal and nothing is untouched, so he is out at once; Andrew, who only defended, keeps
    his chance until Ellen is safe."""
    assert replay(THREE_WAY) == [
        '  0.00  Spoons for Andrew, Henry, Chris, and Ellen.',
        '  0.00  [sound deal pan +1.00]',
        '  0.00  Round 1. Andrew deals. 2 spoons on the table.',
        '  0.50  [sound spoon pan +1.00]',
        '  0.80  [sound spoon pan +0.33]',
        '  1.00  [sound spoon pan -0.33]',
        '  1.20  [sound spoon pan -1.00]',
        '  1.30  [sound fight pan +0.00]',
        '  1.30  Andrew, Henry, and Chris are fighting...',
        '  1.50  refused: Ellen grab 1: Ellen already has a hand on a spoon',
        '  2.45  refused: Henry grab 2: Henry is in a fight for spoon 1: react to win it',
        '  2.60  [sound spoon pan -0.33]',
        '  2.60  Chris grabbed a spoon!',
        '  2.60  [sound slip pan +1.00]',
        "  2.60  Andrew's grip loosens and slips.",
        '  2.60  [sound slip pan +0.33]',
        "  2.60  Henry's grip loosens and slips.",
        '  2.60  [sound eliminated pan +0.33]',
        '  2.60  Henry is eliminated!',
        '  4.20  Ellen is safe.',
        '  4.20  [sound eliminated pan +1.00]',
        '  4.20  Andrew is eliminated!',
        '  4.20  [sound round-over pan +0.00]',
        '  4.20  Andrew had four nines.',
        '  7.20  [sound deal pan -0.33]',
        '  7.20  Round 2. Chris deals. 1 spoon on the table.',
        '  7.20  state: round 2, cards in play, 1 spoon on the table, Chris deals',
        '  7.20  state: Andrew: out',
        '  7.20  state: Henry: out',
        '  7.20  state: Chris: 4 cards, 0 waiting',
        '  7.20  state: Ellen: 4 cards, 0 waiting',
    ]


def test_a_fighter_hears_whom_they_fight_at_the_cue() -> None:
    """The fighters hear a fight cue and get ready; at the cue, whom they fight and react now."""
    assert replay(THREE_WAY, "Chris") == [
        '  0.00  Spoons: you against Andrew, Henry, and Ellen.',
        '  0.00  [sound deal pan +0.00]',
        '  0.00  Round 1. Andrew deals. 2 spoons on the table.',
        '  0.00  Your cards: queen of clubs, seven of spades, eight of diamonds, and five of diamonds.',
        '  0.50  [sound spoon pan +0.00]',
        '  0.80  [sound spoon pan +1.00]',
        '  1.00  [sound spoon pan +0.00]',
        "  1.00  You reach for Andrew's spoon!",
        '  1.20  [sound spoon pan -1.00]',
        '  1.30  [sound fight pan +0.00]',
        '  1.30  Get ready to react!',
        '  1.50  refused: Ellen grab 1: Ellen already has a hand on a spoon',
        '  2.30  [sound react pan +0.00]',
        '  2.30  Fight with Andrew and Henry, react now!',
        '  2.45  refused: Henry grab 2: Henry is in a fight for spoon 1: react to win it',
        '  2.60  [sound spoon pan +0.00]',
        '  2.60  You grabbed a spoon!',
        '  2.60  [sound slip pan +0.00]',
        "  2.60  Andrew's grip loosens and slips.",
        '  2.60  [sound slip pan +1.00]',
        "  2.60  Henry's grip loosens and slips.",
        '  2.60  [sound eliminated pan +1.00]',
        '  2.60  Henry is eliminated!',
        '  4.20  Ellen is safe.',
        '  4.20  [sound eliminated pan +0.00]',
        '  4.20  Andrew is eliminated!',
        '  4.20  [sound round-over pan +0.00]',
        '  4.20  Andrew had four nines.',
        '  7.20  [sound deal pan +0.00]',
        '  7.20  Round 2. You deal. 1 spoon on the table.',
        '  7.20  Your cards: queen of hearts, ten of diamonds, jack of spades, and three of hearts.',
        '  7.20  state: round 2, cards in play, 1 spoon on the table, Chris deals',
        '  7.20  state: Andrew: out',
        '  7.20  state: Henry: out',
        '  7.20  state: Chris: 4 cards, 0 waiting, hand QH 10D JS 3H',
        '  7.20  state: Ellen: 4 cards, 0 waiting',
    ]


def test_a_second_steal_is_refused_and_a_taken_spoon_is_an_empty_slot() -> None:
    """Henry loses his steal. A second steal is refused; reaching for the spoon Andrew took makes the
    empty-slot noise, for Henry alone; he may still claim the untouched spoon 3, and defends it."""
    assert replay(SECOND_STEAL, "Henry") == [
        '  0.00  Spoons: you against Andrew, Chris, and Ellen.',
        '  0.00  [sound deal pan +1.00]',
        '  0.00  Round 1. Andrew deals. 3 spoons on the table.',
        '  0.00  Your cards: four of clubs, six of clubs, queen of spades, and king of diamonds.',
        '  0.50  [sound spoon pan +1.00]',
        '  0.60  [sound spoon pan -1.00]',
        '  0.80  [sound spoon pan +0.00]',
        "  0.80  You reach for Andrew's spoon!",
        '  0.80  [sound fight pan +0.00]',
        '  0.80  Get ready to react!',
        '  1.80  [sound react pan +0.00]',
        '  1.80  Fight with Andrew, react now!',
        '  2.00  [sound spoon pan +1.00]',
        '  2.00  Andrew grabbed a spoon!',
        '  2.00  [sound slip pan +0.00]',
        '  2.00  Your grip loosens and slips.',
        '  2.10  refused: Henry grab 2: Henry has already tried to steal a spoon this round: only untouched spoons are left to them',
        '  2.20  [sound empty-slot pan +0.00]',
        '  2.30  [sound spoon pan +0.00]',
        '  2.30  Holding a spoon.',
        '  2.50  [sound spoon pan +0.00]',
        '  2.50  Ellen is after your spoon!',
        '  2.50  [sound fight pan +0.00]',
        '  2.50  Get ready to react!',
        '  3.50  [sound react pan +0.00]',
        '  3.50  Fight with Ellen, react now!',
        '  3.60  Chris is safe.',
        '  3.70  [sound spoon pan +0.00]',
        '  3.70  You grabbed a spoon!',
        '  3.70  [sound slip pan +0.00]',
        "  3.70  Ellen's grip loosens and slips.",
        '  3.70  [sound eliminated pan +0.00]',
        '  3.70  Ellen is eliminated!',
        '  3.70  [sound round-over pan +0.00]',
        '  3.70  Andrew had four nines.',
        '  6.70  [sound deal pan +0.00]',
        '  6.70  Round 2. You deal. 2 spoons on the table.',
        '  6.70  Your cards: jack of clubs, king of diamonds, four of hearts, and queen of spades.',
        '  6.70  state: round 2, cards in play, 2 spoons on the table, Henry deals',
        '  6.70  state: Andrew: 4 cards, 0 waiting',
        '  6.70  state: Henry: 4 cards, 0 waiting, hand JC KD 4H QS',
        '  6.70  state: Chris: 4 cards, 0 waiting',
        '  6.70  state: Ellen: out',
    ]


def test_a_holder_who_lost_claims_an_untouched_spoon_and_defends_it() -> None:
    """Andrew loses spoon 1 to Henry, claims the untouched spoon 2 and beats Chris's steal. Chris,
    whose steal is spent, is out the moment Ellen claims the last untouched spoon."""
    assert replay(LOSER_DEFENDS) == [
        '  0.00  Spoons for Andrew, Henry, Chris, and Ellen.',
        '  0.00  [sound deal pan +1.00]',
        '  0.00  Round 1. Andrew deals. 3 spoons on the table.',
        '  0.50  [sound spoon pan +1.00]',
        '  0.70  [sound spoon pan +0.33]',
        '  0.70  [sound fight pan +0.00]',
        '  0.70  Andrew and Henry are fighting...',
        '  1.90  [sound spoon pan +0.33]',
        '  1.90  Henry grabbed a spoon!',
        '  1.90  [sound slip pan +1.00]',
        "  1.90  Andrew's grip loosens and slips.",
        '  2.00  [sound spoon pan +1.00]',
        '  3.00  [sound spoon pan -0.33]',
        '  3.00  [sound fight pan +0.00]',
        '  3.00  Andrew and Chris are fighting...',
        '  4.30  [sound spoon pan +1.00]',
        '  4.30  Andrew grabbed a spoon!',
        '  4.30  [sound slip pan -0.33]',
        "  4.30  Chris's grip loosens and slips.",
        '  4.50  [sound spoon pan -1.00]',
        '  4.50  [sound eliminated pan -0.33]',
        '  4.50  Chris is eliminated!',
        '  7.50  Ellen is safe.',
        '  7.50  [sound round-over pan +0.00]',
        '  7.50  Andrew had four nines.',
        '  10.50  [sound deal pan +0.33]',
        '  10.50  Round 2. Henry deals. 2 spoons on the table.',
        '  10.50  state: round 2, cards in play, 2 spoons on the table, Henry deals',
        '  10.50  state: Andrew: 4 cards, 0 waiting',
        '  10.50  state: Henry: 4 cards, 0 waiting',
        '  10.50  state: Chris: out',
        '  10.50  state: Ellen: 4 cards, 0 waiting',
    ]


def test_a_tie_within_a_millisecond_goes_to_the_holder() -> None:
    """Henry presses 0.6 ms before Andrew: within 1 ms it is a tie, and a tie goes to the holder."""
    assert replay(TIE) == [
        '  0.00  Spoons for Andrew, Henry, and Chris.',
        '  0.00  [sound deal pan +1.00]',
        '  0.00  Round 1. Andrew deals. 2 spoons on the table.',
        '  0.50  [sound spoon pan +1.00]',
        '  0.80  [sound spoon pan +0.00]',
        '  0.80  [sound fight pan +0.00]',
        '  0.80  Andrew and Henry are fighting...',
        '  1.80  [sound spoon pan +1.00]',
        '  1.80  Andrew grabbed a spoon!',
        '  1.80  [sound slip pan +0.00]',
        "  1.80  Henry's grip loosens and slips.",
        '  10.50  Time is up for grabbing!',
        '  10.50  [sound eliminated pan +0.00]',
        '  10.50  Henry and Chris are eliminated!',
        '  10.50  [sound round-over pan +0.00]',
        '  10.50  Andrew had four nines.',
        '  10.50  [sound win pan +0.00]',
        '  10.50  Andrew wins the game!',
    ]


def test_single_selection_refusals_early_results_and_letters() -> None:
    """Single selection with letters: a grab with no number, a number past the spoons and a second
    choice are refused; when everyone has chosen the results come at once; the loser of the
    contest takes one letter, not two."""
    assert replay(SELECTION_RULES) == [
        '  0.00  Spoons for Andrew, Henry, and Chris.',
        '  0.00  [sound deal pan +1.00]',
        '  0.00  Round 1. Andrew deals. 2 spoons on the table.',
        '  0.40  refused: Henry grab 1: Henry has no set, and nobody has taken a spoon yet',
        '  0.50  refused: Andrew grab: Andrew must choose a spoon by its number, 1 to 2',
        '  0.60  refused: Andrew grab 3: there is no spoon 3: the spoons are 1 to 2',
        '  0.70  [sound spoon pan +1.00]',
        '  0.80  refused: Andrew grab 1: Andrew has already chosen spoon 2',
        '  1.50  [sound spoon pan +0.00]',
        '  1.60  [sound spoon pan -1.00]',
        '  1.60  Henry grabbed a spoon!',
        '  1.60  Spoon 2: Andrew and Chris.',
        '  1.60  [sound fight pan +0.00]',
        '  2.60  Spoon 2 react now!',
        '  2.90  [sound spoon pan -1.00]',
        '  2.90  Chris grabbed a spoon!',
        '  2.90  [sound letter pan +1.00]',
        '  2.90  Andrew takes a letter, and has S.',
        '  2.90  [sound round-over pan +0.00]',
        '  2.90  Andrew had four nines.',
        '  5.90  [sound deal pan +0.00]',
        '  5.90  Round 2. Henry deals. 2 spoons on the table.',
        '  5.90  state: round 2, cards in play, 2 spoons on the table, Henry deals',
        '  5.90  state: Andrew: 4 cards, 0 waiting, letters S',
        '  5.90  state: Henry: 4 cards, 0 waiting',
        '  5.90  state: Chris: 4 cards, 0 waiting',
    ]


def test_realtime_time_limit_takes_out_whoever_holds_nothing() -> None:
    """When the grab time limit runs out, whoever holds no claim and is in no fight loses at once;
    the claims under way still become safe."""
    assert replay(REALTIME_TIME_UP) == [
        '  0.00  Spoons for Andrew, Henry, Chris, and Ellen.',
        '  0.00  [sound deal pan +1.00]',
        '  0.00  Round 1. Andrew deals. 3 spoons on the table.',
        '  0.50  [sound spoon pan +1.00]',
        '  2.00  [sound spoon pan +0.33]',
        '  2.50  Time is up for grabbing!',
        '  2.50  [sound eliminated pan +0.00]',
        '  2.50  Chris and Ellen are eliminated!',
        '  2.60  refused: Chris grab 3: Chris is out of the game',
        '  3.50  Andrew is safe.',
        '  5.00  Henry is safe.',
        '  5.00  [sound round-over pan +0.00]',
        '  5.00  Andrew had four nines.',
        '  8.00  [sound deal pan +0.33]',
        '  8.00  Round 2. Henry deals. 1 spoon on the table.',
        '  8.00  state: round 2, cards in play, 1 spoon on the table, Henry deals',
        '  8.00  state: Andrew: 4 cards, 0 waiting',
        '  8.00  state: Henry: 4 cards, 0 waiting',
        '  8.00  state: Chris: out',
        '  8.00  state: Ellen: out',
    ]


SELECTION_SEED_LINES = [
    "Ellen and Giana grabbed a spoon!",
    "Frank is eliminated.",
    "Spoon 1: Andrew and Chris.",
    "Spoon 3: Britany, Henry, and Debra.",
    "Spoon 1 react now!",
    "Chris grabbed a spoon!",
    "Andrew is eliminated.",
    "Spoon 3 react now!",
    "Debra grabbed a spoon!",
    "Britany and Henry are eliminated.",
]
"""Seed 000's announcements for its single selection example, in its order (its "Henrry" spelled
as the issue spells it, and each line starting with a capital as every spoken line does)."""

REALTIME_SEED_LINES = [
    "Andrew and Henry are fighting...",
    "Andrew grabbed a spoon!",
    "Henry's grip loosens and slips.",
    "Henry is eliminated!",
    "Ellen grabbed a spoon!",
    "Chris's grip loosens and slips.",
    "Giana is safe.",
]
"""Seed 000's realtime example as a spectator hears it, in its order."""


def spoken(lines: list[str]) -> list[str]:
    """The spoken words of transcript lines, without times and sound cues."""
    return [line[8:].strip() for line in lines if "[sound" not in line]


def in_order(wanted: list[str], said: list[str]) -> bool:
    rest = iter(said)
    return all(any(line == heard for heard in rest) for line in wanted)


def test_the_single_selection_worked_example_replays_the_seed_word_for_word() -> None:
    lines = transcript(load_scenario(SCENARIOS / "seed000_single_selection.toml"))
    assert in_order(SELECTION_SEED_LINES, spoken(lines))
    assert lines == [
        '  0.00  Spoons for Andrew, Chris, Ellen, Britany, Henry, Debra, Giana, and Frank.',
        '  0.00  [sound deal pan -1.00]',
        '  0.00  Round 1. Frank deals. 4 spoons on the table.',
        '  0.50  [sound spoon pan +1.00]',
        '  0.90  [sound spoon pan +0.71]',
        '  1.00  [sound spoon pan +0.43]',
        '  1.20  [sound spoon pan +0.14]',
        '  1.40  [sound spoon pan -0.14]',
        '  1.60  [sound spoon pan -0.43]',
        '  2.00  [sound spoon pan -0.71]',
        '  5.50  Ellen and Giana grabbed a spoon!',
        '  5.50  [sound eliminated pan -1.00]',
        '  5.50  Frank is eliminated.',
        '  5.50  Spoon 1: Andrew and Chris.',
        '  5.50  Spoon 3: Britany, Henry, and Debra.',
        '  5.50  [sound fight pan +0.00]',
        '  7.00  Spoon 1 react now!',
        '  7.40  [sound spoon pan +0.71]',
        '  7.40  Chris grabbed a spoon!',
        '  7.40  [sound eliminated pan +1.00]',
        '  7.40  Andrew is eliminated.',
        '  7.40  [sound fight pan +0.00]',
        '  8.90  Spoon 3 react now!',
        '  9.50  [sound spoon pan -0.43]',
        '  9.50  Debra grabbed a spoon!',
        '  9.50  [sound eliminated pan +0.00]',
        '  9.50  Britany and Henry are eliminated.',
        '  9.50  [sound round-over pan +0.00]',
        '  9.50  Andrew had four sevens.',
        '  12.50  [sound deal pan +0.71]',
        '  12.50  Round 2. Chris deals. 1 spoon on the table.',
        '  12.50  state: round 2, cards in play, 1 spoon on the table, Chris deals',
        '  12.50  state: Andrew: out',
        '  12.50  state: Chris: 4 cards, 0 waiting',
        '  12.50  state: Ellen: 4 cards, 0 waiting',
        '  12.50  state: Britany: out',
        '  12.50  state: Henry: out',
        '  12.50  state: Debra: 4 cards, 0 waiting',
        '  12.50  state: Giana: 4 cards, 0 waiting',
        '  12.50  state: Frank: out',
    ]


def test_the_realtime_worked_example_replays_the_seed_word_for_word() -> None:
    lines = transcript(load_scenario(SCENARIOS / "seed000_realtime.toml"))
    assert in_order(REALTIME_SEED_LINES, spoken(lines))
    assert lines == [
        '  0.00  Spoons for Andrew, Henry, Chris, Ellen, Debra, and Giana.',
        '  0.00  [sound deal pan -1.00]',
        '  0.00  Round 1. Giana deals. 4 spoons on the table.',
        '  0.50  [sound spoon pan +1.00]',
        '  0.70  [sound spoon pan +0.20]',
        '  1.20  [sound spoon pan -1.00]',
        '  1.50  [sound spoon pan +0.60]',
        '  1.50  [sound fight pan +0.00]',
        '  1.50  Andrew and Henry are fighting...',
        '  2.00  [sound spoon pan -0.60]',
        '  2.70  [sound spoon pan -0.20]',
        '  2.70  [sound fight pan +0.00]',
        '  2.70  Chris and Ellen are fighting...',
        '  2.90  [sound spoon pan +1.00]',
        '  2.90  Andrew grabbed a spoon!',
        '  2.90  [sound slip pan +0.60]',
        "  2.90  Henry's grip loosens and slips.",
        '  2.90  [sound eliminated pan +0.60]',
        '  2.90  Henry is eliminated!',
        '  4.00  [sound spoon pan -0.20]',
        '  4.00  Ellen grabbed a spoon!',
        '  4.00  [sound slip pan +0.20]',
        "  4.00  Chris's grip loosens and slips.",
        '  4.10  [sound spoon pan +0.20]',
        '  4.10  [sound fight pan +0.00]',
        '  4.10  Debra and Chris are fighting...',
        '  4.20  Giana is safe.',
        '  5.40  [sound spoon pan -0.60]',
        '  5.40  Debra grabbed a spoon!',
        '  5.40  [sound slip pan +0.20]',
        "  5.40  Chris's grip loosens and slips.",
        '  5.40  [sound eliminated pan +0.20]',
        '  5.40  Chris is eliminated!',
        '  5.40  [sound round-over pan +0.00]',
        '  5.40  Andrew had four sevens.',
        '  8.40  [sound deal pan +1.00]',
        '  8.40  Round 2. Andrew deals. 2 spoons on the table.',
        '  8.40  state: round 2, cards in play, 2 spoons on the table, Andrew deals',
        '  8.40  state: Andrew: 4 cards, 0 waiting',
        '  8.40  state: Henry: out',
        '  8.40  state: Chris: out',
        '  8.40  state: Ellen: 4 cards, 0 waiting',
        '  8.40  state: Debra: 4 cards, 0 waiting',
        '  8.40  state: Giana: 4 cards, 0 waiting',
    ]


def test_in_the_realtime_example_the_fighters_hear_whom_they_fight() -> None:
    scenario = load_scenario(SCENARIOS / "seed000_realtime.toml")
    andrew, henry = spoken(transcript(scenario, "Andrew")), spoken(transcript(scenario, "Henry"))
    assert in_order(["Henry is after your spoon!", "Fight with Henry, react now!"], andrew)
    assert in_order(["You reach for Andrew's spoon!", "Fight with Andrew, react now!"], henry)
    assert "Andrew and Henry are fighting..." not in andrew + henry
    assert in_order(["Your grip loosens and slips.", "You are eliminated!"], henry)
    chris = spoken(transcript(scenario, "Chris"))
    assert in_order(["Fight with Ellen, react now!", "Your grip loosens and slips.",
                     "Fight with Debra, react now!", "Your grip loosens and slips.",
                     "You are eliminated!"], chris)


def test_spoon_numbers_are_never_spoken_in_realtime_and_only_in_fights_in_selection() -> None:
    scenario = load_scenario(SCENARIOS / "seed000_realtime.toml")
    for listener in (None, *scenario.players):
        realtime = spoken(transcript(scenario, listener))
        assert not [line for line in realtime if re.search(r"\bspoon \d", line, re.IGNORECASE)]
    selection = spoken(transcript(load_scenario(SCENARIOS / "seed000_single_selection.toml")))
    numbered = [line for line in selection if line.startswith("Spoon ")]
    assert numbered == ["Spoon 1: Andrew and Chris.", "Spoon 3: Britany, Henry, and Debra.",
                        "Spoon 1 react now!", "Spoon 3 react now!"]


MASH_FIGHT = """
    [options]
    grabbing = "realtime"
    reaction_style = "mash"
    react_pause = 1.0
    [table]
    players = ["Andrew", "Henry", "Chris"]
    seed = 2
    [table.hands]
    Andrew = ["9H", "9C", "9D", "9S"]
    [script]
    lines = [
        "0.50 Andrew grab 1",
        "0.80 Henry grab 1",
        "1.50 Henry grab 1",
        "2.00 Andrew react",
        "2.10 Henry react",
        "2.20 Andrew grab 1",
        "2.30 Henry grab 1",
        "2.40 Andrew react",
        "2.50 Henry react",
        "2.70 Henry react",
        "5.00 Andrew grab 2",
    ]
"""


def test_a_mash_fight_counts_presses_from_the_cue_and_a_grab_key_presses_too() -> None:
    """With mash reaction tests a fight counts presses for 3 seconds from the cue: Henry's reach
    before the cue does not count; a fighter's grab of the spoon fought over is a press. Andrew
    lost defending, so he may claim the untouched spoon 2; when it is safe Chris has nothing left."""
    assert replay(MASH_FIGHT) == [
        '  0.00  Spoons for Andrew, Henry, and Chris.',
        '  0.00  [sound deal pan +1.00]',
        '  0.00  Round 1. Andrew deals. 2 spoons on the table.',
        '  0.50  [sound spoon pan +1.00]',
        '  0.80  [sound spoon pan +0.00]',
        '  0.80  [sound fight pan +0.00]',
        '  0.80  Andrew and Henry are fighting...',
        '  4.80  Presses: Henry 4 and Andrew 3.',
        '  4.80  [sound spoon pan +0.00]',
        '  4.80  Henry grabbed a spoon!',
        '  4.80  [sound slip pan +1.00]',
        "  4.80  Andrew's grip loosens and slips.",
        '  5.00  [sound spoon pan +1.00]',
        '  8.00  Andrew is safe.',
        '  8.00  [sound eliminated pan -1.00]',
        '  8.00  Chris is eliminated!',
        '  8.00  [sound round-over pan +0.00]',
        '  8.00  Andrew had four nines.',
        '  11.00  [sound deal pan +0.00]',
        '  11.00  Round 2. Henry deals. 1 spoon on the table.',
        '  11.00  state: round 2, cards in play, 1 spoon on the table, Henry deals',
        '  11.00  state: Andrew: 4 cards, 0 waiting',
        '  11.00  state: Henry: 4 cards, 0 waiting',
        '  11.00  state: Chris: out',
    ]


SELECTION_MASH = """
    [options]
    grabbing = "selection"
    reaction_style = "mash"
    react_pause = 1.0
    [table]
    players = ["Andrew", "Henry", "Chris"]
    seed = 2
    [table.hands]
    Andrew = ["9H", "9C", "9D", "9S"]
    [script]
    lines = [
        "0.50 Andrew grab 1",
        "0.90 Henry grab 1",
        "1.20 Chris grab 2",
        "2.30 Andrew react",
        "2.40 Henry react",
        "2.50 Andrew react",
        "2.60 Andrew react",
    ]
"""


def test_a_single_selection_contest_can_be_a_mash() -> None:
    """A contested spoon in single selection, decided by presses counted for 3 seconds."""
    assert replay(SELECTION_MASH) == [
        '  0.00  Spoons for Andrew, Henry, and Chris.',
        '  0.00  [sound deal pan +1.00]',
        '  0.00  Round 1. Andrew deals. 2 spoons on the table.',
        '  0.50  [sound spoon pan +1.00]',
        '  0.90  [sound spoon pan +0.00]',
        '  1.20  [sound spoon pan -1.00]',
        '  1.20  Chris grabbed a spoon!',
        '  1.20  Spoon 1: Andrew and Henry.',
        '  1.20  [sound fight pan +0.00]',
        '  2.20  Spoon 1 react now!',
        '  5.20  Presses: Andrew 3 and Henry 1.',
        '  5.20  [sound spoon pan +1.00]',
        '  5.20  Andrew grabbed a spoon!',
        '  5.20  [sound eliminated pan +0.00]',
        '  5.20  Henry is eliminated.',
        '  5.20  [sound round-over pan +0.00]',
        '  5.20  Andrew had four nines.',
        '  8.20  [sound deal pan -1.00]',
        '  8.20  Round 2. Chris deals. 1 spoon on the table.',
        '  8.20  state: round 2, cards in play, 1 spoon on the table, Chris deals',
        '  8.20  state: Andrew: 4 cards, 0 waiting',
        '  8.20  state: Henry: out',
        '  8.20  state: Chris: 4 cards, 0 waiting',
    ]


def test_the_grab_time_limit_ticks_only_for_those_with_no_hand_on_a_spoon() -> None:
    """The last seconds of the grab time limit tick for a player with nothing; once their hand
    is on a spoon the ticking stops, since the claims under way finish whatever the time."""
    scenario = REALTIME_TIME_UP.replace("grab_time_limit = 2", "grab_time_limit = 4")
    ticks = {name: [line for line in replay(scenario, name) if "[sound tick" in line]
             for name in ("Henry", "Ellen")}
    assert ticks["Ellen"] == ['  1.50  [sound tick pan +0.00]', '  2.50  [sound tick pan +0.00]',
                              '  3.50  [sound tick pan +0.00]']
    assert ticks["Henry"] == ['  1.50  [sound tick pan +0.00]']


PRESS_TWICE = """
    [options]
    grabbing = "realtime"
    react_pause = 1.0
    [table]
    players = ["Andrew", "Henry", "Chris", "Ellen"]
    seed = 2
    [table.hands]
    Andrew = ["9H", "9C", "9D", "9S"]
    [script]
    lines = [
        "0.50 Andrew grab 1",
        "0.80 Henry grab 1",
        "1.20 Henry grab",
        "1.90 Henry grab",
        "1.95 Andrew react",
    ]
"""


def test_a_fighter_who_pressed_cannot_press_again_with_the_grab_key() -> None:
    """Henry reaches too soon in his fight; pressing again with the grab key is refused, as react
    would be, so his false start stands and Andrew keeps the spoon."""
    assert replay(PRESS_TWICE) == [
        '  0.00  Spoons for Andrew, Henry, Chris, and Ellen.',
        '  0.00  [sound deal pan +1.00]',
        '  0.00  Round 1. Andrew deals. 3 spoons on the table.',
        '  0.50  [sound spoon pan +1.00]',
        '  0.80  [sound spoon pan +0.33]',
        '  0.80  [sound fight pan +0.00]',
        '  0.80  Andrew and Henry are fighting...',
        '  1.20  Henry reacted too soon!',
        '  1.90  refused: Henry grab: Henry has already pressed',
        '  1.95  [sound spoon pan +1.00]',
        '  1.95  Andrew grabbed a spoon!',
        '  1.95  [sound slip pan +0.33]',
        "  1.95  Henry's grip loosens and slips.",
        '  10.50  Time is up for grabbing!',
        '  10.50  [sound eliminated pan +0.00]',
        '  10.50  Henry, Chris, and Ellen are eliminated!',
        '  10.50  [sound round-over pan +0.00]',
        '  10.50  Andrew had four nines.',
        '  10.50  [sound win pan +0.00]',
        '  10.50  Andrew wins the game!',
    ]


LATE_STEALER = """
    [options]
    grabbing = "realtime"
    react_pause = 1.0
    stealer_timeframe = 0.5
    spoons_subtracted = 2
    scoring = "letters"
    [table]
    players = ["Andrew", "Henry", "Chris"]
    seed = 2
    [table.hands]
    Andrew = ["9H", "9C", "9D", "9S"]
    [script]
    lines = [
        "0.50 Andrew grab 1",
        "0.80 Henry grab 1",
        "1.50 Chris grab 1",
        "3.50 Henry react",
        "3.60 Andrew react",
    ]
"""


def test_a_player_left_nothing_when_a_delayed_fight_starts_loses_at_once() -> None:
    """With a stealer timeframe, the fight starts at 1.30; from then Chris has nothing to try for and
    takes his letter at once, not when the fight ends."""
    assert replay(LATE_STEALER) == [
        '  0.00  Spoons for Andrew, Henry, and Chris.',
        '  0.00  [sound deal pan +1.00]',
        '  0.00  Round 1. Andrew deals. 1 spoon on the table.',
        '  0.50  [sound spoon pan +1.00]',
        '  0.80  [sound spoon pan +0.00]',
        '  1.30  [sound fight pan +0.00]',
        '  1.30  Andrew and Henry are fighting...',
        '  1.30  [sound letter pan -1.00]',
        '  1.30  Chris takes a letter, and has S.',
        '  1.50  refused: Chris grab 1: Chris has lost this round',
        '  3.60  [sound spoon pan +0.00]',
        '  3.60  Henry grabbed a spoon!',
        '  3.60  [sound slip pan +1.00]',
        "  3.60  Andrew's grip loosens and slips.",
        '  3.60  [sound letter pan +1.00]',
        '  3.60  Andrew takes a letter, and has S.',
        '  3.60  [sound round-over pan +0.00]',
        '  3.60  Andrew had four nines.',
        '  6.60  [sound deal pan +0.00]',
        '  6.60  Round 2. Henry deals. 1 spoon on the table.',
        '  6.60  state: round 2, cards in play, 1 spoon on the table, Henry deals',
        '  6.60  state: Andrew: 4 cards, 0 waiting, letters S',
        '  6.60  state: Henry: 4 cards, 0 waiting',
        '  6.60  state: Chris: 4 cards, 0 waiting, letters S',
    ]


def test_a_grab_time_limit_shorter_than_the_selection_time_closes_the_choosing() -> None:
    text = (SCENARIOS / "seed000_single_selection.toml").read_text(encoding="utf-8")
    lines = replay(text.replace("react_pause = 1.5", "react_pause = 1.5\ngrab_time_limit = 3"))
    assert "  3.50  Ellen and Giana grabbed a spoon!" in lines
    assert "  5.50  Ellen and Giana grabbed a spoon!" in replay(text)
