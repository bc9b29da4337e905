"""Can a person keep up with the bots at all? A by-ear player against each bot level.

A blind player hears each card's name before playing it. This plays Spoons games (4 players,
``--players``) in virtual time (``audiospoons.simulate.play_game``) with seat 0 a by-ear player
(``audiospoons.bots.byear.ByEar``) and the other seats bots of one level, for each level of
``audiospoons.bots.levels.Level``, and prints how the by-ear player fares.

The by-ear player thinks like a careful bot (the card play and attention of ``--mind``, the
normal level's by default: keep the rank held most, notice a silent first grab three times in
four) and moves at a listener's pace:

- each line naming a card it received is heard to its end first: the English line the game says
  at brief verbosity ("Three of hearts.", "Your cards: ..."), timed with
  ``audiospoons.voice.linequeue.spoken_seconds`` at the profile's words a minute;
- each card move (a pick-up or a pass) comes no sooner than the decision time after that line
  ends and after its own last card move: a full take, hear, pass cycle costs at least the
  hearing plus two decisions;
- it knows its own set when it has heard the card that made it, and grabs ``--reaction``
  seconds later; it reaches for a spoon it hears going ``--reaction`` seconds after the sound.

Two profiles are read: a newcomer (175 words a minute, 0.6 s decisions) and an expert screen
reader user (350 words a minute, 0.3 s decisions). With the default options the crossed pairs
too (175 wpm with the expert's decisions, 350 wpm with the newcomer's) show which of the two
matters more (``--no-cross`` leaves them out). Every cell of an option set plays the same
seeds, so its cells differ by the players alone.

Printed for each option set (the default options, sudden death; then the ``classic`` preset,
letters to SPOONS, draw from the discards: a slow player there also holds up the seat it passes
to, where with the default options everyone draws from the stock), each profile and each bot
level: the games played, the by-ear player's win rate (a shared win counts as a share) with its
95 % Wilson interval, its mean finishing place (1 = winner, 4 of 4 = out first; seats out
together share places), whether the level is fair, and then a plain reading. A level is fair
when the by-ear player wins about 1/players of the games or more: at least 80 % of an even share
(20 % at 4 players), marked unsure when the 95 % interval straddles that line. The reading names
the hardest fair level for a newcomer and for an expert, and the win rate against the next level
up. Figures, never asserts.

Run it from the project folder, in the virtual environment::

    python benchmarks/by_ear.py                      # 300 games a cell, 100 with classic
    python benchmarks/by_ear.py --games 100 --seed 7
    python benchmarks/by_ear.py --classic-games 0    # default options only
    python benchmarks/by_ear.py --newcomer 175:0.8 --expert 400:0.25 --reaction 0.3
"""

from __future__ import annotations

import argparse
import dataclasses
import math
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, cast

from audiospoons.bots.byear import EXPERT_RATE, NEWCOMER_RATE, ByEar, Ear
from audiospoons.bots.levels import BotPace, Level, skill_for
from audiospoons.bots.names import bot_names
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
    Eliminated,
    KnifeDrawn,
    KnifeRedrawn,
    SetHeld,
    Source,
)
from audiospoons.games.spoons.rules.options import PLAYERS_MAX, Options
from audiospoons.games.spoons.rules.presets import preset_named
from audiospoons.games.spoons.spec import SPEC
from audiospoons.simulate import play_game
from audiospoons.voice.announcer import Verbosity
from audiospoons.voice.i18n import messages

BY_EAR_SEAT = 0
NEWCOMER_DECISION = 0.6
EXPERT_DECISION = 0.3
REACTION = 0.35
Z95 = 1.96
FAIR_SHARE = 0.8
"""Fair: the by-ear player wins at least this much of an even share (1/players) of games."""


class SpoonsListening:
    """A Spoons seat's ears for ``ByEar``: the English lines at brief verbosity that name a
    card it received, its own set known once they are heard, and Take and Pass as card moves."""

    def __init__(self, seat: int, options: Options) -> None:
        self.seat = seat
        self.announcer = Announcer(bot_names(PLAYERS_MAX), messages("en"),
                                   verbosity=Verbosity.BRIEF,
                                   announce_phase2=options.announce_phase2,
                                   set_size=options.set_size, signal=options.signal)

    def lines(self, event: Event) -> Sequence[str]:
        me = self.seat
        if not isinstance(event, CardsDealt | CardTaken | KnifeDrawn | KnifeRedrawn) \
                or event.seat != me:
            return ()
        said = [line.text for line in self.announcer.announce(event, me)]
        if isinstance(event, KnifeDrawn):
            return ()  # told to the announcer only, which counts the discards owed from it
        if isinstance(event, CardTaken) and event.card is None:
            return ()
        return said

    def after_lines(self, event: Event) -> bool:
        return isinstance(event, SetHeld) and event.seat == self.seat

    def card_move(self, command: Command) -> bool:
        return isinstance(command, Take | Pass)


@dataclass(frozen=True, slots=True)
class Profile:
    name: str
    ear: Ear


def by_ear_spec(ear: Ear, mind: Level) -> RulesSpec:
    """The classic game's spec, with seat ``BY_EAR_SEAT`` played by ear."""

    def bot(seat: int, options: GameOptions, rng: random.Random, level: Level,
            pace: BotPace | None) -> Bot:
        spoons = cast(Options, options)
        if seat != BY_EAR_SEAT:
            return make_bot(seat, spoons, rng, level, pace)
        inner = make_bot(seat, spoons, rng, mind, ear.pace(skill_for(mind).pace))
        return ByEar(inner, ear, SpoonsListening(seat, spoons))

    return dataclasses.replace(SPEC, bot=bot)


@dataclass(slots=True)
class Cell:
    games: int = 0
    wins: float = 0.0
    places: float = 0.0
    stuck: int = 0

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else math.nan

    @property
    def mean_place(self) -> float:
        return self.places / self.games if self.games else math.nan

    def interval(self) -> tuple[float, float]:
        """The 95 % Wilson score interval of the win rate."""
        n, p = self.games, self.win_rate
        if not n:
            return math.nan, math.nan
        centre = p + Z95 ** 2 / (2 * n)
        half = Z95 * math.sqrt(p * (1 - p) / n + Z95 ** 2 / (4 * n * n))
        scale = 1 + Z95 ** 2 / n
        return max(0.0, (centre - half) / scale), min(1.0, (centre + half) / scale)

    def fair(self, players: int) -> bool:
        """Whether it wins about an even share of the games or more."""
        return self.win_rate >= FAIR_SHARE / players

    def unsure(self, players: int) -> bool:
        """Whether the 95 % interval reaches both sides of the fair line."""
        low, high = self.interval()
        return low < FAIR_SHARE / players <= high


def play_cell(players: int, options: Options, games: int, seed: int, spec: RulesSpec,
              level: Level) -> Cell:
    cell = Cell()
    for n in range(games):
        out: list[tuple[int, ...]] = []

        def watch(_rules: Any, events: list[Event], out: list[tuple[int, ...]] = out) -> None:
            out.extend(event.seats for event in events if isinstance(event, Eliminated))

        record = play_game(players, options, seed * 1_000_003 + n, watch=watch, level=level,
                           game=spec)
        if record.stuck:
            cell.stuck += 1
            continue
        cell.games += 1
        remaining = players
        place: float | None = None
        for seats in out:
            if BY_EAR_SEAT in seats:
                place = remaining - (len(seats) - 1) / 2
            remaining -= len(seats)
        if BY_EAR_SEAT in record.winners:
            cell.wins += 1 / len(record.winners)
            place = (1 + len(record.winners)) / 2
        cell.places += place if place is not None else (1 + remaining) / 2
    return cell


def parse_profile(text: str) -> tuple[int, float]:
    rate, _, decision = text.partition(":")
    try:
        return int(rate), float(decision)
    except ValueError:
        raise argparse.ArgumentTypeError(f"give RATE:DECISION, as 175:0.6, not {text!r}") from None


def card_line_seconds(rate: int) -> float:
    """How long a typical card line takes at ``rate``: 'Three of hearts.'"""
    listening = SpoonsListening(BY_EAR_SEAT, Options())
    event = CardTaken(0.0, BY_EAR_SEAT, Source.QUEUE, Card("3", "H"))
    return Ear(rate).hearing(listening.lines(event))


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300,
                        help="games per cell with the default options (default 300)")
    parser.add_argument("--classic-games", type=int, default=100,
                        help="games per cell with the classic preset, 0 for none (default 100)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--newcomer", type=parse_profile,
                        default=(NEWCOMER_RATE, NEWCOMER_DECISION), metavar="RATE:DECISION",
                        help="words a minute and decision seconds (default 175:0.6)")
    parser.add_argument("--expert", type=parse_profile,
                        default=(EXPERT_RATE, EXPERT_DECISION), metavar="RATE:DECISION",
                        help="words a minute and decision seconds (default 350:0.3)")
    parser.add_argument("--reaction", type=float, default=REACTION,
                        help="seconds from being able to grab to the grab (default 0.35)")
    parser.add_argument("--mind", choices=[level.value for level in Level],
                        default=Level.NORMAL.value,
                        help="the bot level whose card play and attention it has (normal)")
    parser.add_argument("--no-cross", action="store_true",
                        help="leave out the crossed profiles")
    args = parser.parse_args(argv)
    mind = Level(args.mind)
    players = args.players
    (new_rate, new_decision), (exp_rate, exp_decision) = args.newcomer, args.expert
    profiles = [Profile("newcomer", Ear(new_rate, new_decision, args.reaction)),
                Profile("expert", Ear(exp_rate, exp_decision, args.reaction))]
    crossed = [] if args.no_cross else [
        Profile("crossed", Ear(new_rate, exp_decision, args.reaction)),
        Profile("crossed", Ear(exp_rate, new_decision, args.reaction))]
    option_sets = [("default options (sudden death)", Options(), args.games, profiles + crossed)]
    if args.classic_games > 0:
        option_sets.append(("classic preset (letters SPOONS, draw from discards)",
                            preset_named("classic").options(), args.classic_games, profiles))

    print(f"By-ear player at seat {BY_EAR_SEAT} of {players}, thinking like a {mind.value} bot;"
          f" the other seats bots of one level. Seed {args.seed}.")
    print("Hearing 'Three of hearts.': " + ", ".join(
        f"{card_line_seconds(rate):.2f} s at {rate} wpm" for rate in sorted({new_rate, exp_rate})))
    print("Shortest take-hear-pass cycle: " + "; ".join(
        f"{p.name} {p.ear.rate} wpm/{p.ear.decision:g} s: "
        f"{card_line_seconds(p.ear.rate) + 2 * p.ear.decision:.2f} s" for p in profiles[:2])
        + f". Its grab reaction: {args.reaction:g} s.")
    print("Bots' mean cycle (two card moves) and reaction: " + "; ".join(
        f"{level.value} {2 * level.skill.pace.card_mean:.2f} s, "
        f"{level.skill.pace.reaction_mean:.2f} s" for level in Level))
    started = time.perf_counter()
    readings: list[str] = []
    for title, options, games, played in option_sets:
        print()
        print(f"{title}: {games} games a cell")
        print(f"{'profile':<10}{'wpm':>5}{'decide':>8}  {'bots':<8}{'games':>6}{'win rate':>10}"
              f"{'95% interval':>16}{'mean place':>12}  fair")
        fair_for: dict[str, list[Level]] = {}
        rates: dict[tuple[str, Level], float] = {}
        for profile in played:
            spec = by_ear_spec(profile.ear, mind)
            for level in Level:
                cell = play_cell(players, options, games, args.seed, spec, level)
                low, high = cell.interval()
                fair = cell.fair(players)
                rates[profile.name, level] = cell.win_rate
                if fair and profile.name != "crossed":
                    fair_for.setdefault(profile.name, []).append(level)
                stuck = f" ({cell.stuck} stuck)" if cell.stuck else ""
                print(f"{profile.name:<10}{profile.ear.rate:>5}{profile.ear.decision:>7.2f}s  "
                      f"{level.value:<8}{cell.games:>6}{cell.win_rate:>10.1%}"
                      f"{f'{low:.1%}-{high:.1%}':>16}{cell.mean_place:>12.2f}  "
                      f"{'yes' if fair else 'no'}{' (unsure)' if cell.unsure(players) else ''}"
                      f"{stuck}")
        for who in ("newcomer", "expert"):
            levels = fair_for.get(who, [])
            ear = next(p.ear for p in profiles if p.name == who)
            said = (f"the {levels[-1].value} bots are the hardest fair level"
                    f" (fair: {', '.join(level.value for level in levels)})" if levels
                    else "no level is fair: even the easy bots outpace it")
            harder = list(Level)[list(Level).index(levels[-1]) + 1:] if levels else []
            if harder:
                said += (f"; against {harder[0].value} bots it wins"
                         f" {rates[who, harder[0]]:.1%}")
            readings.append(f"{title}, {who} ({ear.rate} wpm, {ear.decision:g} s): {said}.")
    print()
    print(f"Reading (fair: wins about 1/{players} of the games or more, here at least"
          f" {FAIR_SHARE / players:.0%}; unsure: the 95% interval straddles that line):")
    for line in readings:
        print(f"- {line}")
    print(f"\nwall time: {time.perf_counter() - started:.1f} s")


if __name__ == "__main__":
    main()
