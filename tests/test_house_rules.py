"""The table rules of seeds 001 and 004: playing on while the spoons go, no pile of waiting
cards, and a grab the rules cannot settle voiding the round."""

from __future__ import annotations

import random

import pytest
from conftest import replay

from audiospoons.engine.events import Event
from audiospoons.games.spoons.rules.commands import Grab
from audiospoons.games.spoons.rules.events import RoundStarted, RoundVoided
from audiospoons.games.spoons.rules.game import ClassicGame
from audiospoons.games.spoons.rules.options import Options, Scoring
from audiospoons.games.spoons.rules.presets import preset_named
from audiospoons.simulate import play_game

KEEP_PLAYING = """
    [options]
    keep_playing = true
    draw = "discard"
    [table]
    players = ["Andrew", "Chris", "Ellen", "Debra"]
    dealer = "Andrew"
    seed = 4
    stock = ["9C", "2D"]
    [table.hands]
    Andrew = ["7H", "7C", "7D", "7S"]
    [script]
    lines = [
        "0.20 Andrew grab",
        "0.30 Andrew take",
        "0.40 Andrew pass 7H",
        "0.50 Andrew pass 9C",
        "0.60 Chris take",
        "0.70 Chris grab",
        "0.90 Ellen grab",
    ]
"""


def test_with_keep_playing_cards_go_on_and_the_first_grabber_keeps_the_set_whole() -> None:
    """Seed 001: Andrew, first to a spoon, plays on but may not break his sevens; Chris picks up
    while the spoons go."""
    assert replay(KEEP_PLAYING, "Andrew")[6:20] == [
        '  0.20  [sound spoon pan +0.00]',
        '  0.20  You grabbed a spoon!',
        '  0.30  [sound card-in pan +0.50]',
        '  0.30  You drew the nine of clubs.',
        '  0.40  refused: Andrew pass 7H: Andrew grabbed first and must keep the set whole',
        '  0.50  [sound card-out pan -1.00]',
        '  0.50  You passed the nine of clubs to Chris.',
        '  0.60  Chris picked up a card.',
        '  0.70  [sound spoon pan -1.00]',
        '  0.70  Chris grabbed a spoon!',
        '  0.90  [sound spoon pan +0.00]',
        '  0.90  Ellen grabbed a spoon!',
        '  0.90  [sound eliminated pan +1.00]',
        '  0.90  Debra is eliminated.',
    ]


def test_without_keep_playing_card_play_stops_at_the_first_grab() -> None:
    lines = replay(KEEP_PLAYING.replace("keep_playing = true", ""))
    assert ('  0.30  refused: Andrew take: the spoons are going: card play has stopped, grab a'
            ' spoon') in lines


NO_QUEUE = """
    [options]
    waiting_pile = false
    draw = "discard"
    [table]
    players = ["Andrew", "Chris", "Ellen"]
    dealer = "Andrew"
    seed = 4
    stock = ["KD", "2C"]
    [table.hands]
    Andrew = ["7H", "7C", "5D", "5S"]
    Chris = ["QH", "QC", "3D", "4S"]
    [script]
    lines = [
        "0.20 Andrew draw",
        "0.30 Andrew pass 5D",
        "0.40 Andrew pass 5S",
        "0.50 Andrew draw",
        "0.60 Andrew pass KD",
        "0.70 Chris take",
        "0.80 Chris pass 3D",
        "0.90 Chris take",
        "1.00 Andrew pass KD",
    ]
"""


def test_without_a_waiting_pile_you_pass_first_then_pick_up_and_never_hold_more_than_four(
        ) -> None:
    """Seed 002: pass a card, and only then pick up the one waiting; never a queue. Andrew, the
    dealer, must pass before he draws, and his second pass waits until Chris has picked up
    the first; Chris too passes before he picks up."""
    assert replay(NO_QUEUE, "Chris") == [
        '  0.00  Spoons: you against Andrew and Ellen.',
        '  0.00  [sound deal pan +1.00]',
        '  0.00  Round 1. Andrew deals. 2 spoons on the table.',
        '  0.00  Your cards: queen of hearts, queen of clubs, three of diamonds, and four of'
        ' spades.',
        '  0.20  refused: Andrew draw: Andrew holds 4 cards: pass one first, then pick one up',
        '  0.30  [sound card-in pan +1.00]',
        '  0.30  Andrew passed you a card.',
        '  0.40  refused: Andrew pass 5S: Andrew holds 3 cards: pick one up first',
        '  0.50  Andrew drew a card.',
        '  0.60  refused: Andrew pass KD: Chris has not picked up the last card passed on yet',
        '  0.70  refused: Chris take: Chris holds 4 cards: pass one first, then pick one up',
        '  0.80  [sound card-out pan -1.00]',
        '  0.80  You passed the three of diamonds to Ellen.',
        '  0.90  You picked up the five of diamonds.',
        '  1.00  [sound card-in pan +1.00]',
        '  1.00  Andrew passed you a card.',
        '  1.00  state: round 1, cards in play, 2 spoons on the table, Andrew deals',
        '  1.00  state: Andrew: 3 cards, 0 waiting',
        '  1.00  state: Chris: 4 cards, 1 waiting, hand QH QC 4S 5D',
        '  1.00  state: Ellen: 4 cards, 1 waiting',
    ]


@pytest.mark.parametrize("values", [
    {"draw": "discard"}, {"draw": "draw"}, {"draw": "either"},
    {"deck": "no-stock", "draw": "discard"}, {"draw": "discard", "deck": "knives"},
])
def test_bots_play_whole_games_without_a_waiting_pile_never_over_a_hand_nor_a_queue(
        values: dict[str, str]) -> None:
    options = Options.from_mapping({**values, "waiting_pile": "false", "scoring": "letters",
                                    "word": "PIG"})
    largest = [0, 0]

    def watch(game: ClassicGame, events: list[Event]) -> None:
        largest[0] = max([largest[0], *(len(seat.hand) for seat in game.seats
                                        if not seat.knife_owed)])
        largest[1] = max([largest[1], *(len(seat.waiting) for seat in game.seats)])

    for seed in range(3):
        record = play_game(4, options, seed=seed, watch=watch)
        assert record.winners and not record.stuck and not record.refused_though_allowed
    assert largest[0] == 4 and largest[1] <= 1


DISPUTED = """
    [options]
    disputed = "void"
    [table]
    players = ["Andrew", "Chris", "Ellen"]
    dealer = "Andrew"
    seed = 4
    [table.hands]
    Andrew = ["7H", "7C", "7D", "7S"]
    [script]
    lines = ["0.20 Andrew grab", "0.5000 Chris grab", "0.5004 Ellen grab"]
"""


def test_two_hands_on_the_last_spoon_within_a_millisecond_void_the_round() -> None:
    """Seed 004: nobody can tell who lifted the last spoon first, so every spoon goes back and
    the same dealer deals again; nobody takes a miss."""
    assert replay(DISPUTED) == [
        '  0.00  Spoons for Andrew, Chris, and Ellen.',
        '  0.00  [sound deal pan +1.00]',
        '  0.00  Round 1. Andrew deals. 2 spoons on the table.',
        '  0.20  [sound spoon pan +1.00]',
        '  0.50  [sound spoon pan +0.00]',
        '  0.50  Chris grabbed a spoon!',
        '  0.50  Chris and Ellen took hold of the last spoon together: nobody can tell who was'
        ' first.',
        '  0.50  [sound round-over pan +0.00]',
        '  0.50  The round is void: every spoon goes back, and Andrew deals again.',
        '  3.50  [sound deal pan +1.00]',
        '  3.50  Round 1 again. Andrew deals. 2 spoons on the table.',
        '  3.50  state: round 1, cards in play, 2 spoons on the table, Andrew deals',
        '  3.50  state: Andrew: 4 cards, 0 waiting',
        '  3.50  state: Chris: 4 cards, 0 waiting',
        '  3.50  state: Ellen: 4 cards, 0 waiting',
    ]


def test_a_grab_just_over_a_millisecond_later_is_only_too_late() -> None:
    lines = replay(DISPUTED.replace("0.5004 Ellen", "0.5011 Ellen"))
    assert '  0.50  Ellen is eliminated.' in lines
    assert not any("took hold" in line for line in lines)
    assert replay(DISPUTED.replace('disputed = "void"', ''))[7] == '  0.50  Ellen is eliminated.'


def test_playmonster_plays_down_to_two_who_fight_for_one_spoon() -> None:
    """Seed 004's one miss and out: one spoon fewer each round, the final two share one."""
    options = preset_named("playmonster").options()
    assert options.scoring is Scoring.SUDDEN_DEATH and not options.joint_winners_at_two
    spoons: list[int] = []

    def watch(game: ClassicGame, events: list[Event]) -> None:
        spoons.extend(e.spoons for e in events if isinstance(e, RoundStarted))

    record = play_game(5, options, seed=2, watch=watch)
    assert spoons == [4, 3, 2, 1] and len(record.winners) == 1


def test_keep_everyone_in_repeats_a_void_round_under_the_same_dealer_uncounted() -> None:
    options = Options.from_mapping({**preset_named("keep-everyone-in").values,
                                    "premature": "void", "round_pause": 1})
    game = ClassicGame(["Ann", "Bob", "Cy"], options, random.Random(3), dealer=1)
    game.start()
    assert game.grab_checks.is_premature(0)
    assert isinstance(game.handle(Grab(0), 0.5)[-1], RoundVoided)
    game.advance(1.5)
    assert (game.round, game.dealer, game.counted_rounds) == (1, 1, 0)
    assert [seat.misses for seat in game.seats] == [0, 0, 0]
    assert play_game(4, options, seed=5).rounds == 4


LATE = """
    [table]
    players = ["Andrew", "Chris", "Ellen"]
    seed = 4
    late_window = 0.3
    [table.hands]
    Andrew = ["7H", "7C", "7D", "7S"]
    [script]
    lines = ["0.20 Andrew grab", "0.50 Chris grab from 0.48", "0.60 Ellen grab from 0.41"]
"""


def test_across_a_network_the_last_spoon_goes_to_the_grab_made_first_not_the_first_to_arrive(
        ) -> None:
    """Chris's grab reaches the last spoon first, but Ellen's, arriving later, was made
    earlier: the spoon waits the late window, then goes to Ellen."""
    assert replay(LATE)[3:10] == [
        '  0.20  [sound spoon pan +1.00]',
        '  0.80  [sound spoon pan -1.00]',
        '  0.80  Ellen grabbed a spoon!',
        '  0.80  [sound eliminated pan +0.00]',
        '  0.80  Chris is eliminated.',
        '  0.80  [sound round-over pan +0.00]',
        '  0.80  Andrew had four sevens.',
    ]


def test_a_late_grab_made_later_than_the_one_holding_the_last_spoon_loses_it() -> None:
    lines = replay(LATE.replace("from 0.41", "from 0.49"))
    assert '  0.80  Chris grabbed a spoon!' in lines
    assert '  0.80  Ellen is eliminated.' in lines


def test_without_a_late_window_the_first_grab_to_arrive_takes_the_last_spoon() -> None:
    lines = replay(LATE.replace("late_window = 0.3\n", ""))
    assert lines[4:8] == ['  0.50  [sound spoon pan +0.00]', '  0.50  Chris grabbed a spoon!',
                          '  0.50  [sound eliminated pan -1.00]', '  0.50  Ellen is eliminated.']


def test_across_a_network_every_spoon_of_the_race_goes_in_the_order_the_grabs_were_made() -> None:
    """Four players: Chris's grab arrives first but was made last, so it is Chris, not Debra
    (whose grab arrived last), who is left without a spoon."""
    lines = replay("""
        [table]
        players = ["Andrew", "Chris", "Ellen", "Debra"]
        seed = 4
        late_window = 0.3
        [table.hands]
        Andrew = ["7H", "7C", "7D", "7S"]
        [script]
        lines = ["0.20 Andrew grab", "0.50 Chris grab from 0.49", "0.55 Ellen grab from 0.30",
                 "0.60 Debra grab from 0.45", "0.70 Chris grab"]
    """)
    assert lines[3:12] == [
        '  0.20  [sound spoon pan +1.00]',
        '  0.70  refused: Chris grab: Chris has reached for a spoon: the spoons go to the first'
        ' hands on them',
        '  0.80  [sound spoon pan -0.33]',
        '  0.80  Ellen grabbed a spoon!',
        '  0.80  [sound spoon pan -1.00]',
        '  0.80  Debra grabbed a spoon!',
        '  0.80  [sound eliminated pan +0.33]',
        '  0.80  Chris is eliminated.',
        '  0.80  [sound round-over pan +0.00]',
    ]
