"""Whether a reach for the spoons is allowed now: a grab, a feint, or in the signal game the
signal. Each ``verify_*`` raises a ``RulesError`` saying what is wrong; the queries say when
the spoons became free to a seat, and whether a grab would come too early.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from audiospoons.engine.errors import MalformedCommand, NotAllowedNow
from audiospoons.games.spoons.rules.fighting import RealtimeFighting
from audiospoons.games.spoons.rules.options import Options, Premature, ReactionStyle
from audiospoons.games.spoons.rules.reactionfloor import REACTION_FLOOR, noted_early, too_soon
from audiospoons.games.spoons.rules.reactiontests import ReactionTests
from audiospoons.games.spoons.rules.seat import Phase, Seat
from audiospoons.games.spoons.rules.selection import SingleSelection


class GrabTable(Protocol):
    """The round as the checks on a reach for the spoons read it."""

    @property
    def now(self) -> float: ...

    @property
    def options(self) -> Options: ...

    @property
    def seats(self) -> Sequence[Seat]: ...

    @property
    def phase(self) -> Phase: ...

    @property
    def spoons(self) -> int:
        """The spoons still on the table."""

    @property
    def round_spoons(self) -> int:
        """The spoons the round started its grabbing with."""

    @property
    def first_grabber(self) -> int | None: ...

    @property
    def phase_two_at(self) -> float | None:
        """When the first legitimate grab was made, if it has been."""

    @property
    def charged(self) -> set[int]:
        """The seats charged a miss this round already."""

    @property
    def claims(self) -> dict[int, tuple[float, float]]:
        """The race grabs waiting for a spoon: seat to when it grabbed and when that arrived."""

    @property
    def tests(self) -> ReactionTests: ...

    @property
    def numbered(self) -> SingleSelection | RealtimeFighting | None:
        """The numbered-spoon variant in play, if any."""

    def active_seats(self) -> list[int]: ...

    def has_set(self, index: int) -> bool: ...

    def verify_in_game(self, index: int) -> None:
        """Raise ``NotAllowedNow`` unless the seat is still in a game not over."""


class GrabChecks:
    """The checks on a reach for the spoons, reading the table through ``GrabTable``."""

    def __init__(self, table: GrabTable) -> None:
        self.table = table

    def verify_grab(self, index: int, spoon: int | None = None,
                    pressed_at: float | None = None) -> None:
        table = self.table
        table.verify_in_game(index)
        seat = table.seats[index]
        options = table.options
        variant = table.numbered
        if spoon is not None and variant is None:
            raise MalformedCommand("spoons are not numbered in reaction-only grabbing: grab"
                                   " without a number")
        if table.phase is Phase.BETWEEN_ROUNDS:
            raise NotAllowedNow("the next round has not been dealt yet", reason="between-rounds")
        if seat.has_spoon:
            done = "has already copied the signal" if options.signal else "already has a spoon"
            raise NotAllowedNow(f"{seat.name} {done}", reason="has-spoon")
        test = table.tests.test_of(index)
        if variant is not None:
            if test is not None:
                if spoon is not None and spoon != test.spoon:
                    raise NotAllowedNow(f"{seat.name} is in a fight for spoon {test.spoon}:"
                                        " react to win it", reason="fighting")
                if test.has_pressed(index):
                    raise NotAllowedNow(f"{seat.name} has already pressed",
                                        reason="already-pressed")
                return
            if index in table.charged:
                raise NotAllowedNow(f"{seat.name} has lost this round", reason="lost-round")
        elif table.tests.running:
            if test is not None and test.mash:
                return
            raise NotAllowedNow("the spoons are being raced for: wait for the result",
                                reason="racing")
        if table.phase is Phase.GRABBING and variant is None \
                and options.reaction_style is ReactionStyle.MASH:
            raise NotAllowedNow("the race for the spoons is over", reason="race-over")
        if index in table.claims:
            raise NotAllowedNow(f"{seat.name} has reached for a spoon: the spoons go to the"
                                " first hands on them", reason="reached")
        if too_soon(self.press_time(pressed_at), self.opened_at(index), seat.early_press_at):
            after = "it may be copied" if options.signal else "the spoons are free to take"
            raise NotAllowedNow(f"{seat.name} pressed too soon to be reacting: a"
                                f" {'signal' if options.signal else 'grab'} counts"
                                f" {REACTION_FLOOR:g} s or more after {after} and after their"
                                " last press", reason="too-soon")
        if self.is_premature(index) and options.premature is Premature.NONE:
            first = "given the signal" if options.signal else "taken a spoon"
            raise NotAllowedNow(f"{seat.name} has no set, and nobody has {first} yet",
                                reason="no-set")
        if variant is not None:
            variant.verify_seat(index)
            self._verify_spoon_number(index, spoon)
            variant.verify(index, spoon)

    def note_too_soon(self, index: int, pressed_at: float | None) -> None:
        """A grab refused as too soon is kept, so that a key held down or pressed over and over
        takes nothing until it rests (``reactionfloor``)."""
        early = noted_early(self.press_time(pressed_at), self.opened_at(index))
        if early is not None:
            self.table.seats[index].early_press_at = early

    def _verify_spoon_number(self, index: int, spoon: int | None) -> None:
        on_table = self.numbered_spoons()
        if spoon is None:
            raise NotAllowedNow(f"{self.table.seats[index].name} must choose a spoon by its"
                                f" number, 1 to {on_table}", reason="choose-spoon")
        if not 1 <= spoon <= on_table:
            raise NotAllowedNow(f"there is no spoon {spoon}: the spoons are 1 to {on_table}",
                                reason="no-such-spoon")

    def numbered_spoons(self) -> int:
        """How many numbered spoons the round has: those on the table when phase 2 began, or
        those on the table now if it has not."""
        if self.table.first_grabber is None:
            return self.table.spoons
        return self.table.round_spoons

    def press_time(self, pressed_at: float | None) -> float:
        """When a press was made: now, or earlier for one dated across a network."""
        now = self.table.now
        return now if pressed_at is None else min(now, pressed_at)

    def is_premature(self, index: int) -> bool:
        """A grab now by this seat would come before any legitimate grab, with no set.

        With two players left, either may take the one spoon the moment either has a set.
        """
        table = self.table
        if table.phase is not Phase.PLAYING or table.first_grabber is not None:
            return False
        active = table.active_seats()
        if len(active) == 2:
            return not any(table.has_set(i) for i in active)
        return not table.has_set(index)

    def opened_at(self, index: int) -> float | None:
        """When the spoons became free for this seat to take by another's doing: the first
        grab, or with two players left the other's set. None when there is no such moment, as
        when the seat's own set lets it grab: a set-holder is not reacting to anyone, so two
        set-holders pressing at once both grab (seed 004)."""
        table = self.table
        if table.has_set(index):
            return None
        if table.first_grabber is not None:
            return table.phase_two_at
        if table.phase is not Phase.PLAYING:
            return None
        active = table.active_seats()
        made = [table.seats[i].set_since for i in active if i != index and table.has_set(i)]
        times = [at for at in made if at is not None]
        return min(times) if len(active) == 2 and times else None

    def verify_feint(self, index: int) -> None:
        table = self.table
        table.verify_in_game(index)
        seat = table.seats[index]
        if table.options.premature is not Premature.BLUFF:
            raise NotAllowedNow("feints need premature grabbing set to bluff", reason="no-feints")
        if table.phase is Phase.BETWEEN_ROUNDS:
            raise NotAllowedNow("the next round has not been dealt yet", reason="between-rounds")
        if seat.has_spoon:
            raise NotAllowedNow(f"{seat.name} already has a spoon", reason="has-spoon")
        if table.phase is Phase.GRABBING:
            raise NotAllowedNow("the spoons are going: grab one, a feint fools nobody now",
                                reason="feint-too-late")
        if table.now < seat.feint_locked_until:
            raise NotAllowedNow(f"{seat.name} has just feinted and must wait a moment",
                                reason="feint-locked")

    def verify_signal(self, index: int) -> None:
        """Giving the signal (with a set, first) or copying it: the rules of a reaction-only
        grab, with the signal standing for the spoon."""
        self.verify_signal_game(index)
        self.verify_grab(index)

    def verify_signal_game(self, index: int) -> None:
        """The game is played with the signal, and the seat still plays it."""
        self.table.verify_in_game(index)
        if not self.table.options.signal:
            raise NotAllowedNow("there is no signal in this game: it is played with spoons",
                                reason="no-signal")

    def verify_no_spoons(self, index: int) -> None:
        """The signal game has no spoons: a grab is always refused."""
        self.table.verify_in_game(index)
        raise NotAllowedNow("there are no spoons in this game: give or copy the signal",
                            reason="no-spoons")
