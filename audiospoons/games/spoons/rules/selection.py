"""Single selection (seed 000): each player chooses one numbered spoon, once.

The choosing closes ``selection_time`` seconds after the first legitimate grab (or sooner, at
the grab time limit, if that is shorter), or as soon as every active player has chosen. Then the
results, in this order: the players alone on their spoon keep it (one line, in the order they
chose); those who chose nothing lose the round; each contested spoon is listed with its
contenders, by spoon number. The contested spoons are then
fought over one after another, in spoon-number order, each as a reaction test (its pause, then
"Spoon N react now!"): the fastest keeps the spoon and the others lose the round. A player who
lost cannot try for another spoon: that is the variant's price for being easy to follow.
"""

from __future__ import annotations

from audiospoons.engine.errors import NotAllowedNow
from audiospoons.engine.events import Event
from audiospoons.games.spoons.rules.events import (
    ContestKind,
    SpoonChosen,
    SpoonContested,
    SpoonGrabbed,
    SpoonsKept,
)
from audiospoons.games.spoons.rules.reaction import ReactionTest
from audiospoons.games.spoons.rules.spoontable import SpoonTable


class SingleSelection:
    """The choices of one round and the timer that closes them."""

    def __init__(self, game: SpoonTable) -> None:
        self.game = game
        self.choices: dict[int, int] = {}
        """Seat to spoon number, in the order the seats chose."""
        self.closes_at: float | None = None
        self.closed = False

    def reset(self) -> None:
        self.choices = {}
        self.closes_at = None
        self.closed = False

    def deadline(self) -> float | None:
        return self.closes_at

    limits_grabs = False
    """The choosing time is the round's limit, not the grab time limit."""

    def deadline_for(self, seat: int) -> float | None:
        """When ``seat`` runs out of time to choose, if it has yet to."""
        return None if seat in self.choices else self.closes_at

    def time_up(self, now: float) -> list[Event]:
        """Never due: the grab time limit does not run while spoons are chosen."""
        return self.game.end_round(now)

    def verify_seat(self, seat: int) -> None:
        """Whether this seat may choose at all, whatever the spoon."""
        name = self.game.seats[seat].name
        if seat in self.choices:
            raise NotAllowedNow(f"{name} has already chosen spoon {self.choices[seat]}",
                                reason="chosen")
        if self.closed:
            raise NotAllowedNow("the choosing is over", reason="choosing-over")

    def verify(self, seat: int, spoon: int | None) -> None:
        """Any spoon on the table may be chosen."""

    def grab(self, seat: int, spoon: int) -> list[Event]:
        game = self.game
        first = game.first_grabber is None
        events = game.begin_phase_two(seat) if first else []
        if first:
            limit = game.options.grab_time_limit
            window = game.options.selection_time
            self.closes_at = game.now + (min(window, limit) if limit > 0 else window)
        self.choices[seat] = spoon
        events.append(SpoonChosen(game.now, seat, spoon, first))
        if all(s in self.choices for s in game.active_seats()):
            events += self.fire(game.now)
        return events

    def fire(self, now: float) -> list[Event]:
        """The choosing is over: give the results and start the first contest."""
        game = self.game
        self.closes_at = None
        self.closed = True
        by_spoon: dict[int, list[int]] = {}
        for seat, spoon in self.choices.items():
            by_spoon.setdefault(spoon, []).append(seat)
        alone = tuple(seat for seat, spoon in self.choices.items() if len(by_spoon[spoon]) == 1)
        events: list[Event] = []
        for seat in alone:
            game.take_spoon(seat)
        if alone:
            events.append(SpoonsKept(now, alone, game.spoons))
        chose_nothing = tuple(s for s in game.active_seats() if s not in self.choices)
        events += game.charge(chose_nothing)
        if game.over:
            return events
        contested = sorted(spoon for spoon, seats in by_spoon.items() if len(seats) > 1)
        for spoon in contested:
            events.append(SpoonContested(now, spoon, tuple(by_spoon[spoon])))
        if not contested:
            return events + game.end_round(now)
        for spoon in contested:
            events += game.tests.queue(tuple(by_spoon[spoon]), self._settle, ContestKind.SPOON,
                                        spoon)
        return events

    def _settle(self, test: ReactionTest, now: float) -> list[Event]:
        """One contested spoon decided: the fastest keeps it, the rest lose the round."""
        game = self.game
        winner, *losers = test.ranking()
        left = game.take_spoon(winner)
        events: list[Event] = [SpoonGrabbed(now, winner, left, spoon=test.spoon)]
        events += game.charge(tuple(losers))
        if game.over or game.tests.queued:
            return events
        return events + game.end_round(now)
