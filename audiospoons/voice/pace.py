"""How long a line stays worth saying, and what it has to do with the lines around it: the data
a game's announcer gives each line so that what waits to be said is current. Pure.

A listener hears one line at a time; a game makes lines faster than that. So each line says:

* ``lifetime``: how many seconds it may wait before it is stale and left unsaid (None: it waits
  as long as it takes; an urgent line always does);
* ``topic``: what it is about; a newer line on a topic takes the place of one still waiting;
* ``retracts``: topics it makes out of date (a round that has ended): lines on them still
  waiting are dropped;
* ``cancels``: topics it undoes (a card you have since passed): lines on them still waiting are
  dropped, and this line with them, since what it tells of never reached the ear;
* ``quiet_for``: seconds after a line on its topic was said in which it is not said again
  (a status that repeats, the stock shuffled once more);
* ``group``: lines of one group that wait together are said as one, naming all their subjects
  ("Debra, Britany and Ellen grabbed spoons!");
* ``before_flow``: it goes ahead of the play's flow (lines with a lifetime) waiting, and cuts
  off such a line being said, but never a lasting or urgent one (the listener's turn in a game
  where the turn's line names all there is to act on);
* ``aside``: it tells what only full verbosity says (another player's pass): said when there is
  room, but the game never waits for it to be said (``table.Hearing``);
* ``answer``: it answers a key (a menu's move, a status key) or asks for one: it goes after what
  waits, but neither it nor what waits ahead of it waits any longer for lines to come with it.

Every line still goes into the history, said or not: nothing is lost to a player who reviews.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

FLOW_LIFETIME = 1.4
"""Seconds a line of the play's flow (a card come or gone, a status) may wait: later than that,
what it tells of has moved on. A tenth under the second and a half a listener may be behind,
for a reader still finishing the line before."""


@dataclass(frozen=True, slots=True)
class Group:
    """Lines that are said as one when they wait together: each names one ``subject``;
    ``join`` words several."""

    key: str
    subject: str
    join: Callable[[tuple[str, ...]], str] = field(compare=False, repr=False)


@dataclass(frozen=True, slots=True)
class LinePace:
    """What a line has to do with time and with the lines around it (see the module)."""

    lifetime: float | None = None
    topic: str | None = None
    retracts: tuple[str, ...] = ()
    cancels: tuple[str, ...] = ()
    quiet_for: float = 0.0
    group: Group | None = None
    before_flow: bool = False
    aside: bool = False
    answer: bool = False


LASTING = LinePace()
"""A line that waits as long as it takes: the round, the deal, who is out, who won."""

ANSWER = LinePace(answer=True)
"""A line that answers a key, or asks for one: said as soon as the reader has said what waits."""


def flow(topic: str | None = None, *, cancels: tuple[str, ...] = (),
         quiet_for: float = 0.0, lifetime: float = FLOW_LIFETIME, aside: bool = False) -> LinePace:
    """A line of the play's flow: stale after ``lifetime`` seconds."""
    return LinePace(lifetime=lifetime, topic=topic, cancels=cancels, quiet_for=quiet_for,
                aside=aside)
