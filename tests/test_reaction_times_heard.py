"""Your reaction time is said after each grab and each fight of yours: a realtime claim, a fight
won or lost, and the demonstration's grab."""

from __future__ import annotations

import pytest
from fakes import Clock, Lines
from realtime_table import ScriptedKeys, heard_at_the_keyboard

from audiospoons.games.spoons.keyboard import demo
from audiospoons.games.spoons.keyboard.ears import LocalPlayer
from audiospoons.games.spoons.keyboard.local import LocalGame
from audiospoons.games.spoons.rules.events import (
    ContestKind,
    GameStarted,
    PhaseTwoStarted,
    ReactCue,
    Reacted,
    ReactionTestEnded,
    ReactionTestStarted,
    RoundStarted,
    SpoonChallenged,
    SpoonClaimed,
    SpoonGrabbed,
)
from audiospoons.games.spoons.rules.options import Options
from audiospoons.voice.i18n import messages
from audiospoons.voice.speaker import Speaker


def test_a_realtime_claim_says_the_time_from_the_first_grab() -> None:
    """Debra's first grab is at 0.7161 s; Space at 1.6 s claims a spoon 884 ms later."""
    spoken = heard_at_the_keyboard([("space", 1.6)])
    at = spoken.index("Holding a spoon.")
    assert spoken[at:at + 2] == ["Holding a spoon.", "884 milliseconds."]


def test_a_fight_lost_says_your_time_after_the_result() -> None:
    """Steal Debra's spoon at 1.0 s; the cue is at 2.5 s, Debra presses first and Space at
    3.1 s is 600 ms after the cue."""
    spoken = heard_at_the_keyboard([("1", 1.0), ("space", 2.1)])
    at = spoken.index("Debra grabbed a spoon!")
    assert spoken[at:at + 3] == ["Debra grabbed a spoon!", "Your grip loosens and slips.",
                                 "600 milliseconds."]


def test_a_fight_won_says_your_time_though_another_fight_began_meanwhile() -> None:
    lines = Lines()
    names = ["You", "Britany", "Chris", "Debra"]
    player = LocalPlayer(names, Options.from_mapping({"grabbing": "realtime"}), messages("en"),
                         Speaker(lines), None)
    player.receive([GameStarted(0.0, tuple(names)), RoundStarted(0.0, 1, 1, 3, (0, 1, 2, 3)),
                    PhaseTwoStarted(1.0, 1), SpoonClaimed(1.0, 1, 1, first=True),
                    SpoonChallenged(1.5, 0, 1, 1),
                    ReactionTestStarted(1.5, (1, 0), False, ContestKind.FIGHT, 1),
                    ReactCue(2.5, (1, 0), ContestKind.FIGHT, 1), Reacted(2.81, 0, 0.31),
                    SpoonClaimed(2.82, 2, 2), SpoonChallenged(2.85, 3, 2, 2),
                    ReactionTestStarted(2.85, (2, 3), False, ContestKind.FIGHT, 2),
                    Reacted(2.9, 1, 0.4), ReactionTestEnded(2.9, (0, 1), ()),
                    SpoonGrabbed(2.9, 0, 2, spoon=1)])
    assert lines.spoken[-2:] == ["You grabbed a spoon!", "310 milliseconds."]


def test_the_demonstration_says_the_time_from_the_word_to_grab(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The five passed (F) is the word to grab; Space 0.4 s later is 400 ms."""
    clock, lines = Clock(), Lines()
    keys = ScriptedKeys(clock, [("up", 0.4), ("f", 0.4), ("space", 0.4), ("space", 60.0)])
    real = demo.LocalGame

    def on_this_clock(*args: object, **kwargs: object) -> LocalGame:
        return real(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(demo, "LocalGame", on_this_clock)
    assert demo.play_demonstration(messages("en"), Speaker(lines), None, keys, clock)
    at = lines.spoken.index("You grabbed a spoon!")
    assert lines.spoken[at:at + 3] == [
        "You grabbed a spoon!", "400 milliseconds.",
        "Listen: the others heard you reach, and grab for the spoons. Each spoon sounds from"
        " the seat of the player who takes it."]


def test_the_demonstration_says_no_time_for_a_grab_too_slow_to_be_a_reaction(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Space 11.079 s after the word to grab is no reaction: over the 3 seconds a press after
    react now still counts, the time is not said, and what is said is plain."""
    clock, lines = Clock(), Lines()
    keys = ScriptedKeys(clock, [("up", 0.4), ("f", 0.4), ("space", 11.079), ("space", 60.0)])
    real = demo.LocalGame

    def on_this_clock(*args: object, **kwargs: object) -> LocalGame:
        return real(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(demo, "LocalGame", on_this_clock)
    assert demo.play_demonstration(messages("en"), Speaker(lines), None, keys, clock)
    at = lines.spoken.index("You grabbed a spoon!")
    assert lines.spoken[at + 1] == "That took more than 3 seconds; in a game, grab at once."
    assert not any("milliseconds" in line for line in lines.spoken)
