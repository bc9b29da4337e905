"""A false start in a realtime fight: nothing prompts a press that would come too soon, and a
fighter who has jumped the gun hears that the fight is lost, never "react now". In a race for the
spoons (pressed as fast as one can) a card key before the cue says to wait for it too."""

from __future__ import annotations

from conftest import replay
from fakes import Clock, Lines
from realtime_table import DEBRA_HAS_A_SET, QUIT, ScriptedKeys, heard_at_the_keyboard

from audiospoons.games.spoons.keyboard.local import LocalGame
from audiospoons.games.spoons.rules.events import ContestKind, FalseStart, ReactCue
from audiospoons.games.spoons.rules.options import Options
from audiospoons.games.spoons.rules.reaction import ReactionTest
from audiospoons.voice.i18n import messages
from audiospoons.voice.speaker import Speaker

HENRY_JUMPS = """
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
        "0.50 Andrew grab 1",
        "0.70 Henry grab 1",
        "1.20 Henry react",
        "2.10 Andrew react",
    ]
"""
"""Henry steals Andrew's spoon, and presses half a second before the cue."""


def test_the_cue_names_the_contenders_who_jumped_the_gun() -> None:
    test = ReactionTest((0, 1, 2), mash=False, start=10.0, pause=1.5, timeout=3.0,
                        kind=ContestKind.FIGHT, spoon=1)
    assert test.press(1, 10.5) == [FalseStart(10.5, 1)]
    assert test.due(11.5) == [ReactCue(11.5, (0, 1, 2), ContestKind.FIGHT, 1, jumped=(1,))]


def test_the_fighter_who_jumped_hears_the_fight_lost_and_no_alarm_at_the_cue() -> None:
    assert replay(HENRY_JUMPS, "Henry")[6:17] == [
        "  0.70  You reach for Andrew's spoon!",
        '  0.70  [sound fight pan +0.00]',
        '  0.70  Get ready to react!',
        '  1.20  You reacted too soon!',
        '  1.70  You lost the fight with Andrew.',
        '  2.10  [sound spoon pan +1.00]',
        '  2.10  Andrew grabbed a spoon!',
        '  2.10  [sound slip pan +0.00]',
        '  2.10  Your grip loosens and slips.',
        '  7.50  [sound tick pan +0.00]',
        '  8.50  [sound tick pan +0.00]',
    ]


def test_the_other_fighter_still_hears_react_now() -> None:
    assert replay(HENRY_JUMPS, "Andrew")[9:16] == [
        '  0.70  Henry is after your spoon!',
        '  0.70  [sound fight pan +0.00]',
        '  0.70  Get ready to react!',
        '  1.20  Henry reacted too soon!',
        '  1.70  [sound react pan +0.00]',
        '  1.70  Fight with Henry, react now!',
        '  2.10  [sound spoon pan +0.00]',
    ]


def test_keys_in_the_get_ready_say_wait_and_a_press_after_a_false_start_says_the_fight_is_lost(
        ) -> None:
    """Steal Debra's spoon at 1.0 s; in the get-ready, a card key and a number key for another
    spoon say to wait for the cue; Space at 1.8 s jumps the gun; at the cue (2.5 s) you hear the
    fight is lost, and Space at 2.7 s, before Debra presses, that it is lost already."""
    spoken = heard_at_the_keyboard([("1", 1.0), ("up", 0.3), ("2", 0.2), ("space", 0.3),
                                    ("space", 0.9)])
    start = spoken.index("You reach for Debra's spoon!")
    assert spoken[start:start + 9] == [
        "You reach for Debra's spoon!",
        "Get ready to react!",
        "Not yet: wait for react now, then press Space.",
        "Not yet: wait for react now, then press Space.",
        "You reacted too soon!",
        "You lost the fight with Debra.",
        "You already lost this fight: you reacted too soon.",
        "Debra grabbed a spoon!",
        "Your grip loosens and slips.",
    ]


def test_the_wait_names_the_key_the_player_reacts_with() -> None:
    clock, lines = Clock(), Lines()
    game = LocalGame(Options.from_mapping({"grabbing": "realtime", "react_pause": 1.5}), 4,
                     messages("en"), Speaker(lines), None, seed=1, clock=clock,
                     first_deal=DEBRA_HAS_A_SET, key_overrides={"space": "j"})
    game.play(ScriptedKeys(clock, [("1", 1.0), ("up", 0.3), *QUIT]))
    assert "Not yet: wait for react now, then press J." in lines.spoken


def test_in_a_race_for_the_spoons_a_card_key_says_to_wait_for_the_cue_and_to_grab_after_it(
        ) -> None:
    """Reaction-only grabbing, mashed: Debra's grab at 0.72 s starts the race, whose cue is at
    2.22 s. Up at 1.0 s and 1.5 s says to wait for it (Space at 1.3 s is no false start in a
    race, whose presses count from the cue); Space at 2.7 s counts, and Up at 2.8 s says to
    grab."""
    spoken = heard_at_the_keyboard([("up", 1.0), ("space", 0.3), ("up", 0.2), ("space", 1.2),
                                    ("up", 0.1)], {"reaction_style": "mash"})
    start = spoken.index("The spoons are going! Debra grabbed a spoon!")
    assert spoken[start:start + 7] == [
        "The spoons are going! Debra grabbed a spoon!",
        "Get ready to press as fast as you can!",
        "Not yet: wait for react now, then press Space.",
        "Not yet: wait for react now, then press Space.",
        "React now!",
        "Card play has stopped: grab a spoon!",
        "Presses: Britany 14, Chris 14, and you 1.",
    ]
