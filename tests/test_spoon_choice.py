"""How bots choose numbered spoons: from what their seat heard, never while their hand is busy."""

from __future__ import annotations

import random
from collections import Counter

from audiospoons.games.spoons.rules.events import (
    ContestKind,
    EmptySlot,
    GripSlipped,
    ReactionTestStarted,
    RoundStarted,
    SpoonChallenged,
    SpoonChosen,
    SpoonClaimed,
    SpoonGrabbed,
    SpoonSafe,
)
from audiospoons.games.spoons.rules.options import Grabbing
from audiospoons.games.spoons.spoonchoice import LOWEST_CHANCE, SpoonChoice

ME = 2


def fresh(grabbing: Grabbing, spoons: int = 3) -> SpoonChoice:
    choice = SpoonChoice(ME, grabbing)
    choice.observe(RoundStarted(0.0, 1, 0, spoons, (0, 1, 2, 3)))
    return choice


def test_in_selection_a_bot_mostly_takes_the_spoon_after_those_it_heard_chosen() -> None:
    rng = random.Random(4)
    picks = Counter(fresh(Grabbing.SELECTION).choose(rng) for _ in range(2000))
    assert set(picks) == {1, 2, 3}
    assert abs(picks[1] / 2000 - (LOWEST_CHANCE + (1 - LOWEST_CHANCE) / 3)) < 0.04
    heard = fresh(Grabbing.SELECTION)
    heard.observe(SpoonChosen(0.5, 0, None, first=True))
    heard.observe(SpoonChosen(0.6, 1, None))
    picks = Counter(heard.choose(rng) for _ in range(2000))
    assert picks.most_common(1)[0][0] == 3
    heard.observe(SpoonChosen(0.7, 3, None))
    assert Counter(heard.choose(rng) for _ in range(200)).most_common(1)[0][0] == 3
    choice = fresh(Grabbing.SELECTION)
    choice.observe(SpoonChosen(1.0, ME, 2))
    assert choice.choose(rng) is None


def test_in_realtime_a_bot_takes_untouched_spoons_before_stealing() -> None:
    rng = random.Random(1)
    choice = fresh(Grabbing.REALTIME)
    choice.observe(SpoonClaimed(1.0, 0, 1, first=True))
    assert {choice.choose(rng) for _ in range(200)} == {2, 3}
    choice.observe(SpoonClaimed(1.1, 1, 2))
    choice.observe(SpoonClaimed(1.2, 3, 3))
    assert choice.choose(rng) == 1
    choice.observe(SpoonChallenged(1.3, ME, 1, 0))
    assert choice.choose(rng) is None


def test_a_bot_does_not_reach_while_holding_and_steals_once() -> None:
    rng = random.Random(1)
    choice = fresh(Grabbing.REALTIME, spoons=2)
    choice.observe(SpoonClaimed(1.0, ME, 1, first=True))
    assert choice.choose(rng) is None
    choice.observe(SpoonChallenged(1.5, 0, 1, ME))
    choice.observe(ReactionTestStarted(1.5, (ME, 0), False, ContestKind.FIGHT, 1))
    assert choice.choose(rng) is None
    choice.observe(SpoonGrabbed(2.5, 0, 1, spoon=1))
    choice.observe(GripSlipped(2.5, ME))
    assert choice.choose(rng) == 2
    choice.observe(SpoonClaimed(2.6, 3, 2))
    assert choice.choose(rng) == 2
    choice.observe(SpoonChallenged(2.7, ME, 2, 3))
    choice.observe(ReactionTestStarted(2.7, (3, ME), False, ContestKind.FIGHT, 2))
    choice.observe(SpoonGrabbed(3.5, 3, 0, spoon=2))
    choice.observe(GripSlipped(3.5, ME))
    assert choice.choose(rng) is None


def test_a_safe_spoon_and_an_empty_slot_are_not_reached_for_again() -> None:
    rng = random.Random(1)
    choice = fresh(Grabbing.REALTIME, spoons=2)
    choice.observe(SpoonClaimed(1.0, 0, 1, first=True))
    choice.observe(SpoonSafe(4.0, 0, 1, 1))
    assert choice.choose(rng) == 2
    choice.observe(EmptySlot(4.1, ME, 2))
    assert choice.choose(rng) is None
