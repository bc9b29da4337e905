"""Premature grabbing ``bluff`` (seed 000): a feint key reaches for the spoons without taking one,
the table hears it as it would hear a real first grab, and a real grab before any set is out of
the game."""

from __future__ import annotations

import random
import textwrap
from dataclasses import replace

import pytest
from conftest import replay

from audiospoons.bots.levels import SKILLS, Level
from audiospoons.engine.cards import parse_card
from audiospoons.engine.errors import InvalidOptions, NotAllowedNow
from audiospoons.engine.events import Event
from audiospoons.games.spoons.bots import SimpleBot
from audiospoons.games.spoons.keyboard.optionitems import table_problem
from audiospoons.games.spoons.rules.cardflow import Deal
from audiospoons.games.spoons.rules.commands import Feint, Grab, Take
from audiospoons.games.spoons.rules.events import (
    CardsDealt,
    Feinted,
    PhaseTwoStarted,
    Reached,
    RoundStarted,
    SpoonGrabbed,
)
from audiospoons.games.spoons.rules.game import ClassicGame
from audiospoons.games.spoons.rules.options import Options
from audiospoons.replay.scenario import parse_scenario
from audiospoons.replay.transcript import run
from audiospoons.voice.i18n import messages

BLUFF = """
    [options]
    premature = "bluff"
    [table]
    players = ["Andrew", "Chris", "Ellen", "Debra"]
    dealer = "Debra"
    seed = 4
    [table.hands]
    Andrew = ["7H", "7C", "7D", "7S"]
    [script]
    lines = [
        "0.30 Chris feint",
        "0.40 Chris feint",
        "0.60 Ellen grab",
        "1.50 Chris feint",
        "2.00 Andrew grab",
        "2.40 Debra take",
        "2.50 Chris grab",
    ]
"""


def test_a_feint_sounds_like_a_grab_and_a_grab_too_soon_is_out() -> None:
    """Chris feints; Ellen takes it for the first spoon and is out. Andrew's real grab at 2.00
    sounds the same as Chris's feint at 1.50; Debra, still trying her cards, misses the spoons.
    Who had the set is said at the end."""
    assert replay(BLUFF) == [
        '  0.00  Spoons for Andrew, Chris, Ellen, and Debra.',
        '  0.00  [sound deal pan -1.00]',
        '  0.00  Round 1. Debra deals. 3 spoons on the table.',
        '  0.30  [sound spoon pan +0.33]',
        '  0.40  refused: Chris feint: Chris has just feinted and must wait a moment',
        '  0.60  [sound spoon pan -0.33]',
        '  0.60  Ellen reached for a spoon without a set!',
        '  0.60  [sound eliminated pan -0.33]',
        '  0.60  Ellen is eliminated.',
        '  0.60  Now 2 spoons on the table.',
        '  1.50  [sound spoon pan +0.33]',
        '  2.00  [sound spoon pan +1.00]',
        '  2.40  refused: Debra take: the spoons are going: card play has stopped, grab a spoon',
        '  2.50  [sound spoon pan +0.33]',
        '  2.50  Chris grabbed a spoon!',
        '  2.50  [sound eliminated pan -1.00]',
        '  2.50  Debra is eliminated.',
        '  2.50  [sound round-over pan +0.00]',
        '  2.50  Andrew had four sevens. The first grab was fair.',
        '  5.50  [sound deal pan +1.00]',
        '  5.50  Round 2. Andrew deals. 1 spoon on the table.',
        '  5.50  state: round 2, cards in play, 1 spoon on the table, Andrew deals',
        '  5.50  state: Andrew: 4 cards, 0 waiting',
        '  5.50  state: Chris: 4 cards, 0 waiting',
        '  5.50  state: Ellen: out',
        '  5.50  state: Debra: out',
    ]


def test_the_feinter_hears_their_feint_and_the_grabber_their_spoon() -> None:
    chris = replay(BLUFF, "Chris")
    assert chris[4:6] == ['  0.30  [sound spoon pan +0.00]',
                          '  0.30  You feint a reach for the spoons.']
    assert '  1.50  You feint a reach for the spoons.' in chris
    andrew = replay(BLUFF, "Andrew")
    assert andrew[14:16] == ['  2.00  [sound spoon pan +0.00]',
                             '  2.00  You grabbed a spoon!']
    assert '  2.50  You had four sevens. The first grab was fair.' in andrew


def test_a_feint_and_a_real_first_grab_look_the_same_to_every_other_seat() -> None:
    """What Debra (and a spectator) receive for Chris's feint and for Andrew's real grab is the
    same event but for the seat and time; nothing tells them phase 2 began."""
    scenario = parse_scenario(textwrap.dedent(BLUFF))
    events = [item for _, item in run(scenario.new_game(), scenario.script)
              if isinstance(item, Event)]
    for listener in (3, None):
        views = [view for event in events if (view := event.seen_by(listener)) is not None]
        feint = next(v for v in views if v.at == 1.5)
        grab = next(v for v in views if v.at == 2.0)
        assert feint == Reached(1.5, 1)
        assert grab == Reached(2.0, 0)
        assert not any(isinstance(v, PhaseTwoStarted) for v in views)
    andrew = [view for event in events if (view := event.seen_by(0)) is not None]
    assert SpoonGrabbed(2.0, 0, 1, True, hidden=True) in andrew
    assert PhaseTwoStarted(2.0, 0, True) in andrew


def test_announced_phase_two_gives_the_real_grab_away() -> None:
    scenario = BLUFF.replace('premature = "bluff"',
                             'premature = "bluff"\n    announce_phase2 = true')
    lines = replay(scenario, "Debra")
    assert '  1.50  [sound spoon pan +0.00]' in lines
    assert '  2.00  The spoons are going! Andrew grabbed a spoon!' in lines
    assert not any(line.startswith('  1.50  The spoons') for line in lines)


def test_feints_are_refused_out_of_place() -> None:
    scenario = """
        [options]
        premature = "bluff"
        [table]
        players = ["Andrew", "Chris", "Ellen"]
        seed = 4
        [table.hands]
        Andrew = ["7H", "7C", "7D", "7S"]
        [script]
        lines = ["0.50 Andrew grab", "0.60 Chris feint", "0.70 Andrew feint"]
    """
    assert replay(scenario)[3:6] == [
        '  0.50  [sound spoon pan +1.00]',
        '  0.60  refused: Chris feint: the spoons are going: grab one, a feint fools nobody now',
        '  0.70  refused: Andrew feint: Andrew already has a spoon',
    ]
    plain = replay(scenario.replace('premature = "bluff"', ''))
    assert '  0.60  refused: Chris feint: feints need premature grabbing set to bluff' in plain


def test_bluff_is_refused_with_numbered_spoons_in_the_players_language() -> None:
    with pytest.raises(InvalidOptions, match="reaction-only"):
        Options.from_mapping({"premature": "bluff", "grabbing": "realtime"})
    values = {"premature": "bluff", "grabbing": "selection"}
    assert table_problem(values, 4, messages("en")) == (
        "feints are for reaction-only grabbing: choose reaction only, or another kind of"
        " premature grabbing.")
    problem = table_problem(values, 4, messages("es"))
    assert problem is not None and problem.startswith("los amagos son")


def _doubting_bot() -> SimpleBot:
    """A bot that never takes a reach on trust (its notice is perfect)."""
    options = Options.from_mapping({"premature": "bluff"})
    skill = replace(SKILLS[Level.NORMAL], notice=1.0)
    bot = SimpleBot(1, options, random.Random(3), skill=skill)
    bot.observe(RoundStarted(0.0, 1, 0, 2, (0, 1, 2)))
    bot.observe(CardsDealt(0.0, 1, tuple(map(parse_card, ("2C", "5D", "9H", "KS")))))
    return bot


def test_a_bot_tests_a_reach_with_a_card_move_and_grabs_when_play_has_stopped() -> None:
    bot = _doubting_bot()
    bot.observe(Reached(1.0, 0))
    plan = bot.next_move()
    assert plan is not None and isinstance(plan[1], Take)
    bot.refused(plan[0], "cards-stopped")
    plan = bot.next_move()
    assert plan is not None and plan[1] == Grab(1)


def test_a_bot_whose_card_move_goes_through_after_a_reach_takes_it_for_a_feint() -> None:
    bot = _doubting_bot()
    bot.observe(Reached(1.0, 0))
    plan = bot.next_move()
    assert plan is not None and isinstance(plan[1], Take)
    bot.moved(plan[0])
    assert bot.doubt_until is None
    plan = bot.next_move()
    assert plan is None or not isinstance(plan[1], Grab)


def test_a_feint_costs_nothing_but_locks_the_feint_key_for_a_second() -> None:
    game = ClassicGame(["A", "B", "C"], Options.from_mapping({"premature": "bluff"}),
                       random.Random(1))
    game.start()
    assert game.handle(Feint(1), 0.2) == [Feinted(0.2, 1)]
    with pytest.raises(NotAllowedNow, match="just feinted"):
        game.handle(Feint(1), 1.1)
    assert game.allows(Feint(1)) is False
    game.advance(1.2)
    assert game.allows(Feint(1)) is True
    assert game.seats[1].misses == 0 and game.seats[1].active


def test_the_grab_time_limit_does_not_tick_away_a_hidden_first_grab() -> None:
    """The last seconds of the grab limit would tell a real first grab from a feint: they tick
    for the others only once a second spoon has gone."""
    game = ClassicGame(["A", "B", "C", "D"], Options.from_mapping({"premature": "bluff"}),
                       random.Random(1),
                       first_deal=Deal({0: tuple(map(parse_card, ("7H", "7C", "7D", "7S")))}))
    game.start()
    game.handle(Grab(0), 0.5)
    assert game.limit_deadline(1) is None and game.limit_deadline(0) is None
    game.handle(Grab(1), 0.8)
    assert game.limit_deadline(2) == 10.5
