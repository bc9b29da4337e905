"""Bots wait for what the table is being told before a move of the play, never before a press of
a race, never past their own time limit, and never longer than ``HEARING_WAIT_LIMIT``."""

from __future__ import annotations

import random
from dataclasses import dataclass, field

import pytest

from audiospoons.engine.commands import Command
from audiospoons.engine.events import Event
from audiospoons.games.spoons.bots import SimpleBot
from audiospoons.games.spoons.rules.commands import Grab, Pass, Take
from audiospoons.games.spoons.rules.game import ClassicGame
from audiospoons.games.spoons.rules.options import Options
from audiospoons.table import DEADLINE_MARGIN, HEARING_WAIT_LIMIT, Hearing, Table


@dataclass
class Quiet:
    """What the listeners are being told: quiet at ``at`` (None: nothing is being said)."""

    at: float | None = None

    def __call__(self) -> float | None:
        return self.at


def classic_table(hearing: Hearing | None) -> Table[ClassicGame, SimpleBot]:
    options = Options.from_mapping({"grab_time_limit": 0})
    game = ClassicGame(["You", "Bot A", "Bot B", "Bot C"], options, random.Random(5))
    bots = [SimpleBot(seat, options, random.Random(5 + seat)) for seat in (1, 2, 3)]
    table = Table(game, bots, hearing)
    table.start()
    return table


def first_move() -> tuple[float, Command]:
    due = classic_table(None).next_due()
    assert due is not None and due[1] is not None
    plan = due[1].next_move()
    assert plan is not None
    return due[0], plan[1]


def test_with_nothing_being_said_bots_move_as_they_planned() -> None:
    at, _ = first_move()
    table = classic_table(Hearing(Quiet(None), (Take, Pass)))
    assert table.next_due() is not None
    assert table.next_due()[0] == pytest.approx(at)  # type: ignore[index]


def test_a_card_move_is_thought_over_once_the_table_has_been_told() -> None:
    at, command = first_move()
    assert isinstance(command, Take | Pass)
    quiet = Quiet(2.5)
    table = classic_table(Hearing(quiet, (Take, Pass)))
    due = table.next_due()
    assert due is not None and due[0] == pytest.approx(at + 2.5)
    table.step(due)
    assert table.log[0] == (pytest.approx(at + 2.5), command)


def test_a_long_telling_holds_a_move_back_at_most_the_limit() -> None:
    at, _ = first_move()
    table = classic_table(Hearing(Quiet(60.0), (Take, Pass)))
    due = table.next_due()
    assert due is not None and due[0] == pytest.approx(at + HEARING_WAIT_LIMIT)


def test_moves_not_named_are_not_held_back() -> None:
    at, _ = first_move()
    table = classic_table(Hearing(Quiet(2.5), (Grab,)))
    due = table.next_due()
    assert due is not None and due[0] == pytest.approx(at)


def test_telling_that_ends_is_remembered_and_a_shorter_one_shortens_the_wait() -> None:
    """The wait follows what is being said: a line dropped as stale shortens it, and once all
    is said the bot still thinks for its own time after the quiet it last heard of."""
    at, _ = first_move()
    quiet = Quiet(3.0)
    table = classic_table(Hearing(quiet, (Take, Pass)))
    assert table.next_due()[0] == pytest.approx(at + 3.0)  # type: ignore[index]
    quiet.at = 1.0
    assert table.next_due()[0] == pytest.approx(at + 1.0)  # type: ignore[index]
    quiet.at = None
    assert table.next_due()[0] == pytest.approx(at + 1.0)  # type: ignore[index]


@dataclass(frozen=True, slots=True)
class Poke(Command):
    pass


@dataclass(frozen=True, slots=True)
class Press(Command):
    pass


@dataclass(eq=False)
class OneMoveBot:
    seat: int
    move: tuple[float, Command]
    active: bool = True
    hears_all: bool = True
    made: list[float] = field(default_factory=list)

    def observe(self, event: Event) -> bool:
        return False

    def next_move(self) -> tuple[float, Command] | None:
        return None if self.made else self.move

    def moved(self, now: float) -> None:
        self.made.append(now)

    def refused(self, now: float, reason: str = "") -> None:
        self.made.append(now)

    def wake(self, now: float) -> None:
        pass


@dataclass
class TimedGame:
    """A game whose only rule is a time limit on seat 1."""

    limit: float | None
    now: float = 0.0
    over: bool = False
    winners: tuple[int, ...] = ()
    late_window: float = 0.0

    def start(self) -> list[Event]:
        return []

    def handle(self, command: Command, now: float) -> list[Event]:
        self.now = now
        return []

    def advance(self, now: float) -> list[Event]:
        self.now = max(self.now, now)
        return []

    def next_deadline(self) -> float | None:
        return None

    def deadline_for(self, seat: int) -> float | None:
        return self.limit if seat == 1 else None

    def verify(self, command: Command) -> None:
        pass

    def allows(self, command: Command) -> bool:
        return True

    def in_game(self, seat: int) -> bool:
        return True


def test_a_bot_waiting_to_be_told_still_moves_before_its_time_limit() -> None:
    bot = OneMoveBot(1, (0.7, Poke(1)))
    table: Table[TimedGame, OneMoveBot] = Table(
        TimedGame(limit=3.0), [bot], Hearing(Quiet(2.9), (Poke,)))
    due = table.next_due()
    assert due is not None and due[0] == pytest.approx(3.0 - DEADLINE_MARGIN)
    table.step(due)
    assert bot.made == [pytest.approx(3.0 - DEADLINE_MARGIN)]


def test_a_time_limit_never_brings_a_move_forward() -> None:
    bot = OneMoveBot(1, (2.9, Poke(1)))
    table: Table[TimedGame, OneMoveBot] = Table(
        TimedGame(limit=3.0), [bot], Hearing(Quiet(2.0), (Poke,)))
    assert table.next_due() == (pytest.approx(2.9), bot)


def test_a_press_of_a_race_is_never_held_back() -> None:
    bot = OneMoveBot(2, (0.4, Press(2)))
    table: Table[TimedGame, OneMoveBot] = Table(
        TimedGame(limit=None), [bot], Hearing(Quiet(5.0), (Poke,)))
    assert table.next_due() == (pytest.approx(0.4), bot)


@dataclass(eq=False)
class PlanningBot:
    """Makes its plans in turn, noting each move in ``order``."""

    seat: int
    plans: list[tuple[float, Command]]
    order: list[tuple[float, int]]
    active: bool = True
    hears_all: bool = True

    def observe(self, event: Event) -> bool:
        return False

    def next_move(self) -> tuple[float, Command] | None:
        return self.plans[0] if self.plans else None

    def moved(self, now: float) -> None:
        self.order.append((now, self.seat))
        self.plans.pop(0)

    def refused(self, now: float, reason: str = "") -> None:
        raise AssertionError("nothing is refused")

    def wake(self, now: float) -> None:
        pass


@pytest.mark.parametrize("hearing", [None, Hearing(Quiet(None), (Poke,))])
def test_the_soonest_plan_moves_first_the_lower_seat_among_equals(hearing: Hearing | None
                                                                  ) -> None:
    """Whoever plans the soonest move makes it, the lower seat first at the same moment, and
    a plan made afresh replaces the one before it, sooner or later."""
    order: list[tuple[float, int]] = []
    late = PlanningBot(2, [(1.0, Poke(2)), (3.0, Poke(2))], order)
    early = PlanningBot(1, [(1.0, Poke(1)), (2.0, Poke(1))], order)
    changing = PlanningBot(0, [(0.5, Poke(0))], order)
    table: Table[TimedGame, PlanningBot] = Table(
        TimedGame(limit=None), [late, early, changing], hearing)
    assert table.next_due() == (0.5, changing)
    changing.plans[0] = (4.0, Poke(0))
    table.touch(changing)
    assert table.next_due() == (1.0, early)
    while table.step():
        pass
    assert order == [(1.0, 1), (1.0, 2), (2.0, 1), (3.0, 2), (4.0, 0)]
    table.touch(changing)
    changing.plans.append((5.0, Poke(0)))
    late.plans.append((4.5, Poke(2)))
    table.touch(late)
    late.plans[0] = (6.0, Poke(2))
    while table.step():
        pass
    assert order[5:] == [(5.0, 0), (6.0, 2)]


def test_the_plans_made_stand_when_the_table_stops_or_starts_waiting_to_be_heard() -> None:
    order: list[tuple[float, int]] = []
    bots = [PlanningBot(seat, [(1.0 + seat, Poke(seat))], order) for seat in range(2)]
    table: Table[TimedGame, PlanningBot] = Table(
        TimedGame(limit=None), bots, Hearing(Quiet(None), (Poke,)))
    assert table.next_due() == (1.0, bots[0]) and table.step()
    bots[0].plans.append((1.5, Poke(0)))
    table.touch(bots[0])
    table.hearing = None
    assert table.next_due() == (1.5, bots[0])
    table.hearing = Hearing(Quiet(None), (Poke,))
    assert table.next_due() == (1.5, bots[0])
