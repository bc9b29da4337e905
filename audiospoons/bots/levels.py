"""How good a bot is: its pace, its attention and its card play, in four presets.

A human never moves after a constant delay, so every delay here is drawn afresh from a shifted
lognormal (``Delay``): nobody is faster than the floor, half the draws fall below the median, and
there is a long tail of slow moments. Reaction times (the time to press after a cue or to reach
once a set is in hand) have medians near those of people playing a tense game by ear: about
0.9 s for an easy bot down to 0.28 s for an expert.

Attention is the chance to notice a silent first grab at once. With ``announce_phase2`` off the
only sign that the spoons are going is the sound of the first spoon; a bot that misses it plays
on for a while (its card moves are refused) until it notices, by chance at a later spoon or a
refused move, or when its distraction is over. The seat the set maker passes to is the most
absorbed in its cards and the least likely to notice (seed 000: "Typically the next player after
the book holder will be distracted and not know before everyone else").
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field, replace
from enum import Enum

BREAK_PAIR_CHANCE = 0.15
"""How often a bot passes a card other than its least-held one. Without that, two players each
holding pairs of the same two ranks would keep them for ever and no set could ever be made."""


@dataclass(frozen=True, slots=True)
class Delay:
    """A human delay in seconds, with this mean and standard deviation (``spread``), never below
    ``floor``: a lognormal shifted by the floor, so it has a long right tail of slow moments.
    With no spread it is always the mean."""

    mean: float
    spread: float
    floor: float = 0.0
    sigma: float = field(init=False, repr=False, compare=False)
    """The standard deviation of the underlying normal."""
    scale: float = field(init=False, repr=False, compare=False)
    """The median less the floor."""

    def __post_init__(self) -> None:
        if not 0.0 <= self.floor < self.mean or self.spread < 0.0:
            raise ValueError(f"a delay needs 0 <= floor < mean and spread >= 0, not {self}")
        sigma = math.sqrt(math.log1p((self.spread / (self.mean - self.floor)) ** 2))
        object.__setattr__(self, "sigma", sigma)
        object.__setattr__(self, "scale", (self.mean - self.floor) * math.exp(-sigma ** 2 / 2))

    @property
    def median(self) -> float:
        return self.floor + self.scale

    def sample(self, rng: random.Random) -> float:
        return self.floor + self.scale * math.exp(rng.gauss(0.0, self.sigma))


@dataclass(frozen=True, slots=True)
class BotPace:
    """How quickly a bot moves, in seconds: the mean and spread (standard deviation) of a card
    move (a pick-up or a pass) and of a reaction (to a cue, to its own set, to a phase 2 it has
    noticed), the floor below which neither goes, and the interval between presses when mashing.
    The defaults are the normal level's."""

    card_mean: float = 0.72
    card_spread: float = 0.15
    reaction_mean: float = 0.58
    reaction_spread: float = 0.15
    mash_interval: float = 0.16
    card_floor: float = 0.25
    reaction_floor: float = 0.22

    @property
    def card(self) -> Delay:
        return Delay(self.card_mean, self.card_spread, min(self.card_floor, self.card_mean / 2))

    @property
    def reaction(self) -> Delay:
        return Delay(self.reaction_mean, self.reaction_spread,
                     min(self.reaction_floor, self.reaction_mean / 2))


class CardPlay(Enum):
    """How a bot chooses the card to pass."""

    RANDOMISH = "randomish"
    """Keep the rank held most; often pass any other card, else one of the rank held least."""
    MOST_HELD = "most-held"
    """Keep the rank held most: pass one of the rank held least."""
    MEMORY = "memory"
    """As ``MOST_HELD``, but ranks whose copies the bot has seen go by (passed on or discarded)
    count for less, and a rank that can no longer be completed goes first."""


@dataclass(frozen=True, slots=True)
class Skill:
    """Everything a difficulty level sets."""

    pace: BotPace
    notice: float
    """The chance to notice a silent first grab at once (and, if missed, at each later spoon
    sound or refused card move)."""
    notice_after_setter: float
    """The same chance for the seat right after the set maker, the one it passes to."""
    distraction: Delay
    """How much longer than its reaction an inattentive bot plays on at most."""
    play: CardPlay
    random_pass: float = 0.0
    """With ``RANDOMISH`` play, the chance that the pass is any card outside the rank held most
    (on top of ``break_pair``)."""
    break_pair: float = BREAK_PAIR_CHANCE
    """The chance to pass a card outside the rank it keeps (see ``BREAK_PAIR_CHANCE``)."""
    memory: int = 0
    """With ``MEMORY`` play: how many of the cards it last passed on it remembers (forgotten
    when the pile is shuffled into a new stock; never counted with the no-stock pack, where every
    card comes round again)."""
    upstream: bool = False
    """With ``MEMORY`` play: whether it also counts the ranks passed to it as flowing its way
    (the player before it is not keeping them), and so likelier to come again."""


class Level(Enum):
    """The difficulty levels of the bots."""

    EASY = "easy"
    NORMAL = "normal"
    HARD = "hard"
    EXPERT = "expert"

    @property
    def skill(self) -> Skill:
        return SKILLS[self]


SKILLS: dict[Level, Skill] = {
    Level.EASY: Skill(
        pace=BotPace(card_mean=1.14, card_spread=0.27, card_floor=0.4,
                  reaction_mean=0.96, reaction_spread=0.32, reaction_floor=0.3,
                  mash_interval=0.22),
        notice=0.5, notice_after_setter=0.2, distraction=Delay(2.2, 0.9, 0.5),
        play=CardPlay.RANDOMISH, random_pass=0.5),
    Level.NORMAL: Skill(
        pace=BotPace(),
        notice=0.75, notice_after_setter=0.4, distraction=Delay(1.55, 0.66, 0.3),
        play=CardPlay.MOST_HELD),
    Level.HARD: Skill(
        pace=BotPace(card_mean=0.56, card_spread=0.09, card_floor=0.2,
                  reaction_mean=0.39, reaction_spread=0.08, reaction_floor=0.18,
                  mash_interval=0.13),
        notice=0.88, notice_after_setter=0.6, distraction=Delay(1.1, 0.45, 0.25),
        play=CardPlay.MEMORY, break_pair=0.12, memory=8),
    Level.EXPERT: Skill(
        pace=BotPace(card_mean=0.46, card_spread=0.06, card_floor=0.18,
                  reaction_mean=0.29, reaction_spread=0.05, reaction_floor=0.15,
                  mash_interval=0.11),
        notice=0.95, notice_after_setter=0.8, distraction=Delay(0.77, 0.3, 0.2),
        play=CardPlay.MEMORY, break_pair=0.1, memory=20, upstream=True),
}


def skill_for(level: Level, pace: BotPace | None = None) -> Skill:
    """The level's skill, with its pace replaced by ``pace`` if one is given."""
    skill = SKILLS[level]
    return skill if pace is None else replace(skill, pace=pace)


LEVEL_NAMES = tuple(level.value for level in Level)
"""The levels as settings and the command line name them, easiest first."""
