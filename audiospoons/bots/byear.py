"""A person playing by ear, as a bot: any game's bot, slowed to the pace of someone who must
hear each card before playing it.

A sighted player glances at a card; a blind player hears its name said by the screen reader or
the game's voice, and only then decides what to do with it. ``ByEar`` wraps a game's bot (its
card play and attention are the wrapped bot's) and holds its moves back to a listener's pace
(``Ear``):

- a line about a card the seat received (its dealt hand, a card it picked up) is heard from when
  it is said, or from when the line before it ends, for as long as ``spoken_seconds`` says it
  takes at the ``Ear``'s words a minute; the wrapped bot learns the event only when the line
  ends;
- each card move comes no sooner than the decision time after the last such line ends, and no
  sooner than the decision time after the seat's previous card move (or refused try);
- what the seat can only know from a card's name (its own set) it learns when the line ends, and
  it reaches for a spoon a reaction time later; other reactions (to a spoon heard going) take the
  reaction time, with no spread.

The game itself says which events carry lines, which wait for them and which commands are card
moves (``ByEarHints``), so that this module reaches into no game. Benchmarks use it
(``benchmarks/by_ear.py``) to ask whether a person can keep up with the bots at all.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from audiospoons.bots.levels import BotPace
from audiospoons.engine.commands import Command
from audiospoons.engine.events import Event
from audiospoons.engine.rules import Bot
from audiospoons.voice.linequeue import spoken_seconds

NEWCOMER_RATE = 175
"""Words a minute of a newcomer's speech: espeak-ng's default."""
EXPERT_RATE = 350
"""Words a minute of an experienced screen-reader user's speech."""


@dataclass(frozen=True, slots=True)
class Ear:
    """How quickly a person plays by ear: the speech ``rate`` in words a minute, the
    ``decision`` time in seconds from hearing a card (or making a card move) to the next card
    move, and the ``reaction`` time from being able to grab (its set heard, a spoon heard
    going) to the grab. The defaults are a careful newcomer's."""

    rate: int = NEWCOMER_RATE
    decision: float = 0.6
    reaction: float = 0.35

    def __post_init__(self) -> None:
        if self.rate <= 0 or self.decision <= 0.0 or self.reaction <= 0.0:
            raise ValueError(f"an ear needs a rate, a decision and a reaction above 0: {self}")

    def pace(self, base: BotPace | None = None) -> BotPace:
        """``base`` (the normal pace by default) with card moves taking exactly the decision
        time and reactions exactly the reaction time: the wrapped bot's own timing."""
        return dataclasses.replace(base or BotPace(), card_mean=self.decision, card_spread=0.0,
                                   reaction_mean=self.reaction, reaction_spread=0.0)

    def hearing(self, lines: Sequence[str]) -> float:
        """Seconds to hear ``lines`` one after the other."""
        return sum(spoken_seconds(line, self.rate) for line in lines)


class ByEarHints(Protocol):
    """What a game tells ``ByEar`` about one seat's ears."""

    def lines(self, event: Event) -> Sequence[str]:
        """The lines, as the game says them to the seat, that it must hear before it acts on
        ``event`` (a card it received); none for every other event."""
        ...

    def after_lines(self, event: Event) -> bool:
        """Whether the seat learns ``event`` only once the lines before it are heard (its own
        set, which it knows from the last card's name)."""
        ...

    def card_move(self, command: Command) -> bool:
        """Whether ``command`` is a card move (a pick-up or a pass), paced by decisions."""
        ...


class ByEar:
    """``bot``, moving at the pace of a person who hears the game (``ear``) with these ears
    (``listening``). It is a bot to the Table like any other."""

    hears_all = True
    """A line about another seat's card takes its time to hear as any line does."""

    def __init__(self, bot: Bot, ear: Ear, listening: ByEarHints) -> None:
        self.bot = bot
        self.ear = ear
        self.listening = listening
        self.heard_at = 0.0
        """When the last line about a card it received has been heard to its end."""
        self.card_moved_at: float | None = None
        """When it last made (or tried) a card move."""
        self._plan: tuple[float, Command] | None = None

    @property
    def seat(self) -> int:
        return self.bot.seat

    @property
    def active(self) -> bool:
        return self.bot.active

    def observe(self, event: Event) -> bool:
        """Take in ``event``; one that carries a line, or waits for the lines before it, reaches
        the wrapped bot as if it happened when the seat has heard it."""
        lines = self.listening.lines(event)
        if lines:
            self.heard_at = max(event.at, self.heard_at) + self.ear.hearing(lines)
            event = dataclasses.replace(event, at=self.heard_at)
        elif self.listening.after_lines(event) and self.heard_at > event.at:
            event = dataclasses.replace(event, at=self.heard_at)
        return self.bot.observe(event)

    def earliest_card_move(self) -> float:
        """The soonest its next card move may come: a decision after the last card line ends
        and after its last card move."""
        since = self.heard_at
        if self.card_moved_at is not None:
            since = max(since, self.card_moved_at)
        return since + self.ear.decision

    def next_move(self) -> tuple[float, Command] | None:
        """The wrapped bot's next move, a card move held back to ``earliest_card_move``."""
        plan = self.bot.next_move()
        if plan is not None and self.listening.card_move(plan[1]):
            plan = (max(plan[0], self.earliest_card_move()), plan[1])
        self._plan = plan
        return plan

    def moved(self, now: float) -> None:
        self._note_card_move(now)
        self.bot.moved(now)

    def refused(self, now: float, reason: str = "") -> None:
        self._note_card_move(now)
        self.bot.refused(now, reason)

    def wake(self, now: float) -> None:
        self.bot.wake(now)

    def _note_card_move(self, now: float) -> None:
        if self._plan is not None and self.listening.card_move(self._plan[1]):
            self.card_moved_at = now
        self._plan = None
