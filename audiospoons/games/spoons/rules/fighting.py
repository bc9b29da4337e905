"""Realtime fighting (seed 000): numbered spoons that can be claimed, stolen and fought over.

- Grabbing an untouched spoon claims it. ``claim_hold`` seconds later, unchallenged, the holder
  is safe and the spoon leaves the table.
- Grabbing a claimed spoon before then is a steal. The fight starts ``stealer_timeframe``
  seconds after the first steal (at once by default); anyone else who steals the same spoon
  before that joins the fight. The holder is listed first, then the stealers in the order they
  reached, which settles ties (see ``reaction``).
- A spoon is fought over once: the winner takes it. Each player may steal once a round. A
  loser may go on to claim untouched spoons (and must defend them); a holder who lost may still
  make their one steal.
- A player without a spoon who has nothing left to try for (no untouched spoon, and no claimed
  one they may still steal) loses the round at once. Reaching for a spoon that is gone makes the
  empty-slot noise, for that player alone.
- When the grab time limit runs out, nobody may reach any more: whoever holds no claim and is in
  no fight loses the round, and the claims and fights under way finish.
- The round ends when no claim or fight is pending and every player has a spoon or has lost.

Several fights may run at once, and the rest of the table goes on grabbing meanwhile.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from audiospoons.engine.errors import NotAllowedNow
from audiospoons.engine.events import Event
from audiospoons.games.spoons.rules.events import (
    ContestKind,
    EmptySlot,
    GripSlipped,
    SpoonChallenged,
    SpoonClaimed,
    SpoonGrabbed,
    SpoonSafe,
)
from audiospoons.games.spoons.rules.reaction import ReactionTest
from audiospoons.games.spoons.rules.spoontable import SpoonTable


@dataclass(slots=True)
class Spoon:
    """One numbered spoon this round."""

    number: int
    holder: int | None = None
    """Who claimed it, or who took it."""
    safe_at: float | None = None
    stealers: list[int] = field(default_factory=list)
    fight_at: float | None = None
    """When the fight over it starts, while stealers may still join."""
    fighting: bool = False
    taken: bool = False

    @property
    def untouched(self) -> bool:
        return self.holder is None

    @property
    def open_to_steal(self) -> bool:
        """Claimed, and not yet safe or fought over: a steal (or joining one) is possible."""
        return self.holder is not None and not self.taken and not self.fighting


class RealtimeFighting:
    """The spoons of one round, their claims and fights."""

    def __init__(self, game: SpoonTable) -> None:
        self.game = game
        self.spoons: list[Spoon] = []
        self.stole: set[int] = set()
        self.time_is_up = False

    def reset(self) -> None:
        self.spoons = []
        self.stole = set()
        self.time_is_up = False

    # ----------------------------------------------------------------- timers

    def deadline(self) -> float | None:
        times = [t for spoon in self.spoons for t in (spoon.safe_at, spoon.fight_at)
                 if t is not None]
        return min(times) if times else None

    def fire(self, now: float) -> list[Event]:
        """The earliest due timer: a fight starts, or a claim becomes safe."""
        for spoon in sorted(self.spoons, key=self._due_key):
            if spoon.fight_at is not None and spoon.fight_at <= now:
                return self._start_fight(spoon, now) + self._settle(now)
            if spoon.safe_at is not None and spoon.safe_at <= now:
                return self._make_safe(spoon, now)
        return []

    @staticmethod
    def _due_key(spoon: Spoon) -> tuple[float, int]:
        times = [t for t in (spoon.fight_at, spoon.safe_at) if t is not None]
        return (min(times) if times else float("inf"), spoon.number)

    limits_grabs = True
    """The grab time limit runs from the first grab, and ends the fights still to come."""

    def time_up(self, now: float) -> list[Event]:
        self.time_is_up = True
        return self._settle(now)

    def deadline_for(self, seat: int) -> float | None:
        """A seat in a fight has the fight's time, not the grab time limit."""
        return None if self.busy(seat) else self.game.grab_deadline

    # ----------------------------------------------------------------- grabs

    def verify_seat(self, seat: int) -> None:
        """Whether this seat may reach at all, whatever the spoon."""
        if self.time_is_up:
            raise NotAllowedNow("the time for grabbing is up", reason="grab-time-up")
        if self.busy(seat):
            raise NotAllowedNow(f"{self.game.seats[seat].name} already has a hand on a spoon",
                                reason="holding")

    def verify(self, seat: int, spoon: int | None) -> None:
        """Whether this seat may reach for this spoon."""
        name = self.game.seats[seat].name
        if spoon is None or not self.spoons:
            return
        target = self.spoons[spoon - 1]
        if target.fighting:
            raise NotAllowedNow(f"spoon {spoon} is being fought over", reason="fight-on")
        if target.open_to_steal and seat in self.stole:
            raise NotAllowedNow(f"{name} has already tried to steal a spoon this round: only"
                                " untouched spoons are left to them", reason="stole-once")

    def grab(self, seat: int, number: int) -> list[Event]:
        game = self.game
        events: list[Event] = []
        first = game.first_grabber is None
        if first:
            events += game.begin_phase_two(seat)
            self.spoons = [Spoon(n) for n in range(1, game.round_spoons + 1)]
        spoon = self.spoons[number - 1]
        now = game.now
        if spoon.taken:
            return [EmptySlot(now, seat, number)]
        if spoon.untouched:
            spoon.holder = seat
            spoon.safe_at = now + game.options.claim_hold
            events.append(SpoonClaimed(now, seat, number, first))
            return events + self._settle(now)
        assert spoon.holder is not None
        self.stole.add(seat)
        spoon.stealers.append(seat)
        events.append(SpoonChallenged(now, seat, number, spoon.holder))
        if spoon.fight_at is None:
            spoon.safe_at = None
            spoon.fight_at = now + game.options.stealer_timeframe
        if spoon.fight_at <= now:
            events += self._start_fight(spoon, now)
        return events + self._settle(now)

    # ----------------------------------------------------------------- outcomes

    def _start_fight(self, spoon: Spoon, now: float) -> list[Event]:
        assert spoon.holder is not None
        spoon.fight_at = None
        spoon.fighting = True
        fighters = (spoon.holder, *spoon.stealers)
        return self.game.tests.start(fighters, self._fight_settled, ContestKind.FIGHT,
                                      spoon.number, now)

    def _fight_settled(self, test: ReactionTest, now: float) -> list[Event]:
        assert test.spoon is not None
        spoon = self.spoons[test.spoon - 1]
        winner, *losers = test.ranking()
        spoon.fighting = False
        events = self._take(spoon, winner, now)
        events += [GripSlipped(now, loser) for loser in losers]
        return events + self._settle(now)

    def _make_safe(self, spoon: Spoon, now: float) -> list[Event]:
        assert spoon.holder is not None
        spoon.safe_at = None
        spoon.taken = True
        left = self.game.take_spoon(spoon.holder)
        return [SpoonSafe(now, spoon.holder, spoon.number, left), *self._settle(now)]

    def _take(self, spoon: Spoon, winner: int, now: float) -> list[Event]:
        spoon.holder = winner
        spoon.taken = True
        left = self.game.take_spoon(winner)
        return [SpoonGrabbed(now, winner, left, spoon=spoon.number)]

    def _settle(self, now: float) -> list[Event]:
        """Charge whoever has nothing left to try for; end the round when all is decided."""
        game = self.game
        hopeless = tuple(i for i in game.active_seats()
                         if not game.seats[i].has_spoon and i not in game.charged
                         and not self.busy(i) and not self._has_chance(i))
        events = game.charge(hopeless, at_once=True)
        if game.over:
            return events
        pending = any(s.holder is not None and not s.taken for s in self.spoons)
        undecided = any(not game.seats[i].has_spoon and i not in game.charged
                        for i in game.active_seats())
        if not pending and not undecided:
            events += game.end_round(now)
        return events

    def busy(self, seat: int) -> bool:
        """Holding a claim, waiting for a fight, or fighting."""
        return any(not s.taken and (s.holder == seat or seat in s.stealers)
                   for s in self.spoons)

    def _has_chance(self, seat: int) -> bool:
        if self.time_is_up:
            return False
        if any(s.untouched for s in self.spoons):
            return True
        return seat not in self.stole and any(s.open_to_steal for s in self.spoons)
