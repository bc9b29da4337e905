"""The by-ear player (``audiospoons.bots.byear``): a bot held to the pace of someone who hears
each card's name before playing it, checked over whole Spoons games played in virtual time."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Sequence

import pytest

from audiospoons.bots.byear import ByEar, Ear
from audiospoons.bots.levels import BotPace, Level, skill_for
from audiospoons.engine.cards import Card
from audiospoons.engine.commands import Command
from audiospoons.engine.events import Event
from audiospoons.engine.rules import Bot, GameOptions
from audiospoons.games.spec import RulesSpec
from audiospoons.games.spoons.bots import make_bot
from audiospoons.games.spoons.keyboard.announcer import Announcer
from audiospoons.games.spoons.rules.commands import Pass, Take
from audiospoons.games.spoons.rules.events import (
    CardsDealt,
    CardTaken,
    RoundStarted,
    SetHeld,
    Source,
    SpoonGrabbed,
)
from audiospoons.games.spoons.rules.options import Options
from audiospoons.games.spoons.spec import SPEC
from audiospoons.simulate import play_game, seat_names
from audiospoons.voice.announcer import Verbosity
from audiospoons.voice.i18n import messages
from audiospoons.voice.linequeue import spoken_seconds

PLAYERS = 4
EAR = Ear(rate=175, decision=0.6, reaction=0.35)
SLACK = 1e-9


class Ears:
    """Seat 0's ears: the English brief line for a card it received."""

    def __init__(self, seat: int = 0) -> None:
        self.seat = seat
        self.announcer = Announcer(seat_names(PLAYERS), messages("en"),
                                   verbosity=Verbosity.BRIEF)

    def lines(self, event: Event) -> Sequence[str]:
        mine = isinstance(event, CardsDealt) or (isinstance(event, CardTaken) and event.card)
        if not mine or getattr(event, "seat", None) != self.seat:
            return ()
        return [line.text for line in self.announcer.announce(event, self.seat)]

    def after_lines(self, event: Event) -> bool:
        return isinstance(event, SetHeld) and event.seat == self.seat

    def card_move(self, command: Command) -> bool:
        return isinstance(command, Take | Pass)


def by_ear_spec(ear: Ear) -> RulesSpec:
    def bot(seat: int, options: GameOptions, rng: random.Random, level: Level,
            pace: BotPace | None) -> Bot:
        assert isinstance(options, Options)
        if seat:
            return make_bot(seat, options, rng, level, pace)
        inner = make_bot(seat, options, rng, Level.NORMAL, ear.pace(skill_for(Level.NORMAL).pace))
        return ByEar(inner, ear, Ears())

    return dataclasses.replace(SPEC, bot=bot)


def test_the_line_of_a_card_is_the_game_s_and_takes_longer_at_a_slower_rate() -> None:
    line = Ears().lines(CardTaken(2.0, 0, Source.STOCK, Card("3", "H")))
    assert line == ["Three of hearts."]
    assert Ear(175).hearing(line) == spoken_seconds("Three of hearts.", 175)
    assert Ear(175).hearing(line) > Ear(350).hearing(line) > 0.3
    assert Ears().lines(CardTaken(2.0, 1, Source.STOCK, Card("3", "H"))) == ()


def test_an_ear_needs_positive_times() -> None:
    with pytest.raises(ValueError):
        Ear(175, decision=0.0)


def play_by_ear(seed: int, level: Level) -> tuple[
        list[tuple[float, Command]], list[tuple[float, float]], list[tuple[float, float]]]:
    """A game with seat 0 by ear against ``level`` bots: every command with its time, when
    each of seat 0's card lines was said and when it ended (lines queue one after another),
    and each first grab of a round by seat 0 with when the line of its set's card ended."""
    heard: list[tuple[float, float]] = []
    set_heard: list[float] = []
    grabs_first: list[tuple[float, float]] = []
    ears = Ears()
    end = 0.0

    def watch(_game: object, events: list[Event]) -> None:
        nonlocal end
        for event in events:
            lines = ears.lines(event)
            if lines:
                end = max(end, event.at) + sum(spoken_seconds(line, EAR.rate) for line in lines)
                heard.append((event.at, end))
            elif isinstance(event, SetHeld) and event.seat == 0:
                set_heard.append(end)
            elif isinstance(event, SpoonGrabbed) and event.first and event.seat == 0:
                grabs_first.append((event.at, set_heard[0]))
            elif isinstance(event, RoundStarted):
                set_heard.clear()

    record = play_game(PLAYERS, Options(), seed, watch=watch, level=level,
                       game=by_ear_spec(EAR))
    assert not record.stuck and record.winners
    return record.commands, heard, grabs_first


@pytest.mark.parametrize("seed", [3, 11])
def test_the_by_ear_seat_never_moves_before_it_has_heard_its_card_and_decided(
        seed: int) -> None:
    """Every card move of seat 0 comes at least the decision time after the line naming the
    last card it received (or its dealt hand) has been said to its end, and after its last
    card move; some come exactly then, so the bound is the pace it plays at."""
    commands, heard, _ = play_by_ear(seed, Level.EXPERT)
    moves = [(at, command) for at, command in commands
             if command.seat == 0 and isinstance(command, Take | Pass)]
    assert len(moves) > 10
    gaps = []
    last_move: float | None = None
    for at, _command in moves:
        line_end = max(ended for said, ended in heard if said < at)
        earliest = max(line_end, last_move or 0.0) + EAR.decision
        assert at >= earliest - SLACK
        gaps.append(at - earliest)
        last_move = at
    assert min(gaps) < 1e-6
    passes_after_a_card = [at - max(ended for said, ended in heard if said < at)
                           for at, command in moves if isinstance(command, Pass)]
    assert min(passes_after_a_card) == pytest.approx(EAR.decision)


def test_the_by_ear_seat_grabs_a_reaction_time_after_hearing_the_card_of_its_set() -> None:
    """It knows its set only from the card's name: its first grab of a round comes the
    reaction time after that card's line ends, not after the card reached its hand."""
    grabs = [grab for seed in range(1, 6) for grab in play_by_ear(seed, Level.EASY)[2]]
    assert len(grabs) >= 2
    for at, set_heard in grabs:
        assert at == pytest.approx(set_heard + EAR.reaction)


def test_a_plain_bot_at_the_same_table_passes_sooner_than_a_listener_could() -> None:
    """What the by-ear seat is held back from: a normal bot passes a card well before its line
    could be heard and a decision made."""
    record = play_game(PLAYERS, Options(), 3, level=Level.EXPERT)
    taken: dict[int, float] = {}
    hurried = 0
    for at, command in record.commands:
        if isinstance(command, Take):
            taken[command.seat] = at
        elif isinstance(command, Pass) and command.seat in taken:
            hurried += at - taken[command.seat] < EAR.hearing(["Three of hearts."]) + EAR.decision
    assert hurried > 10
