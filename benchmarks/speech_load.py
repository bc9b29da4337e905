"""How much a listener is told, and how late: whole bot games heard from one seat, every line timed
by rendering it with espeak-ng at the player's rate.

For 4, 6 and 8 players in each preset of the classic game (and Razz Spoons and Slapjack, which
have none), one bot game is played and heard from seat 1 at the verbosity given. Each line is
given to a reader two ways, and the reader says each for as long as espeak-ng takes to say it:

- paced: as the game now speaks, through its own queue (``SpeechQueue``, timed by its estimate
  of each line's length), which hands the reader one line at a time and leaves stale lines
  unsaid; after each deal and round's end (and, in Razz Spoons, the race's end and what is the
  player's own: their turn, a call to say the phrase, cards they draw) play waits until what
  waits has been said, as a game against bots does (``RulesSpec.settle_after`` and
  ``settle_on_yours``; a relay's games do not wait), and the game is that much longer;
- all: every line as it comes, said first come first served, as the game spoke before (where
  no key cut it off).

For each it prints speech seconds per game second (what the reader says, over the game's
length) and the lag of the lines heard at p50, p95 and the worst: how far the game had gone on,
from what a line tells of, by its first word (a line said while play waits after a deal is as
late as the game had gone on when the wait began, and one said after the game's end, as late as
the game had gone on by its end), and how many lines were left unsaid. The
goals (at brief verbosity: speech at most 60 % of game time and no line heard more than 1.5 s
late; at full: no line more than 3 s late) are printed beside the figures, never enforced. Run
it from the project folder, in the virtual environment, with espeak-ng installed::

    python benchmarks/speech_load.py [--verbosity brief|full] [--rate 175] [--seed 4]
"""

from __future__ import annotations

import argparse
import math
import subprocess
import sys
import tempfile
import wave
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from audiospoons.bots.names import bot_names
from audiospoons.engine.events import Event
from audiospoons.engine.optionparse import PRESET_KEY
from audiospoons.engine.rules import Bot, GameOptions, Rules
from audiospoons.games.keyboards import KEYBOARDS
from audiospoons.games.registry import DEFAULT, GAMES
from audiospoons.games.spec import RulesSpec
from audiospoons.replay.runner import hear
from audiospoons.simulate import GAME_TIME_CAP, bot_game_script, new_game
from audiospoons.table import Hearing, Table
from audiospoons.ui.keyboardhalf import Presenter
from audiospoons.ui.localloop import SETTLE_LIMIT, settles
from audiospoons.voice.announcer import Utterance, Verbosity
from audiospoons.voice.i18n import messages
from audiospoons.voice.languages import DEFAULT_LANGUAGE
from audiospoons.voice.linequeue import SpeechQueue, reader_seconds

TABLES = (4, 6, 8)
GOALS = {Verbosity.BRIEF: (0.60, 1.5), Verbosity.FULL: (None, 3.0)}
"""Per verbosity: the most speech per game second, and the latest a line may be heard."""


@dataclass(slots=True)
class Reader:
    """A screen reader given lines: it says each for as long as espeak-ng takes, one after
    another, an interrupting line cutting off the one being said."""

    length: Callable[[str], float]
    game_time: Callable[[float], float] = lambda moment: moment
    """The game's time at a moment of the listener's: it stands still while play waits."""
    speaking_until: float = 0.0
    spoken: float = 0.0
    lags: list[float] = field(default_factory=list)

    def cut(self, now: float) -> None:
        if self.speaking_until > now:
            self.spoken -= self.speaking_until - now
            self.speaking_until = now

    def give(self, text: str, interrupt: bool, now: float, since: float) -> None:
        if interrupt:
            self.cut(now)
        start = max(now, self.speaking_until)
        self.lags.append(self.game_time(start) - self.game_time(since))
        seconds = self.length(text)
        self.speaking_until = start + seconds
        self.spoken += seconds


@dataclass(frozen=True, slots=True)
class Load:
    speech_share: float
    lags: list[float]
    unsaid: int
    lines: int


class Ear:
    """Seat 1's ears in a bot game played in virtual time: what it is told goes through the
    game's own queue to a ``Reader``; at each deal and round's end play waits until what waits
    has been said (at most ``SETTLE_LIMIT``), as a game against bots does, the game's clock
    standing still; and the bots' moves of the play wait for what it is being told, as they do
    at this keyboard (``Hearing``). The listener's time is the game's plus the waits."""

    seat = 0

    def __init__(self, presenter: Presenter, settle: Callable[[Event], bool], rate: int,
                 length: Callable[[str], float], game_now: Callable[[], float]) -> None:
        self.presenter = presenter
        self.settle = settle
        self.game_now = game_now
        self.queue = SpeechQueue(lambda text: reader_seconds(text, rate))
        self.holds: list[tuple[float, float]] = []
        self.reader = Reader(length, game_time=lambda moment: game_time(moment, self.holds))
        self.shift = 0.0
        self.last = 0.0
        self.lines = 0

    def hand_out_until(self, moment: float) -> None:
        while (due := self.queue.next_at(self.last)) is not None and due <= moment:
            self.last = due
            handout = self.queue.take(due)
            if handout is not None:
                self.reader.give(handout.text, handout.interrupt, due, handout.since)
        self.last = max(self.last, moment)

    def receive(self, events: Sequence[Event]) -> None:
        moment = self.game_now() + self.shift
        self.hand_out_until(moment)
        for event in events:
            for said in self.presenter.announce(event, self.seat):
                self.queue.add(said, moment)
                self.lines += 1
        self.hand_out_until(moment)
        if any(self.settle(event) for event in events) \
                and (told := self.queue.told_at(moment)) is not None:
            held = min(told - moment, SETTLE_LIMIT)
            self.holds.append((moment, held))
            self.hand_out_until(moment + held)
            self.shift += held

    def pressed(self, at: float) -> None:
        """Seat 1 makes a move at game time ``at``: its key cuts off what is being said and
        drops what waits (but for urgent lines), as a key does at this keyboard."""
        moment = at + self.shift
        self.hand_out_until(moment)
        self.queue.clear(moment)
        self.reader.cut(moment)

    def quiet_at(self) -> float | None:
        """The game time by which what waits to be said will have been said."""
        moment = self.game_now() + self.shift
        self.hand_out_until(moment)
        told = self.queue.told_at(moment, asides=False)
        return None if told is None else told - self.shift

    def load(self, end: float) -> Load:
        self.holds.append((end + self.shift, math.inf))  # the game is over: it goes on no more
        self.hand_out_until(end + self.shift + 3600)
        return Load(self.reader.spoken / (end + self.shift), self.reader.lags,
                    self.queue.dropped, self.lines)


def paced(spec: RulesSpec, players: int, options: GameOptions, seed: int, verbosity: Verbosity,
          rate: int, length: Callable[[str], float]) -> tuple[Load, float]:
    """A bot game heard from seat 1 through the game's queue, its bots waiting for what seat 1
    is told; and the game's length."""
    rules, bots = new_game(players, options, seed, bot_names(players), game=spec)
    presenter = KEYBOARDS[spec.name].presenter(rules, messages(DEFAULT_LANGUAGE), verbosity)
    ear = Ear(presenter, lambda event: settles(event, Ear.seat, spec.settle_after,
                                               spec.settle_on_yours),
              rate, length, lambda: rules.now)
    table: Table[Rules, Bot] = Table(rules, bots, Hearing(ear.quiet_at, spec.waits_for_telling))
    table.listeners.append(ear)
    table.start()
    while not table.over and rules.now < GAME_TIME_CAP and (due := table.next_due()):
        if due[1] is not None and due[1].seat == ear.seat:
            ear.pressed(due[0])
        table.step(due)
    end = max(rules.now, 1.0)
    return ear.load(end), end


def game_time(moment: float, holds: Sequence[tuple[float, float]]) -> float:
    """The game's time at ``moment`` of the listener's, the ``holds`` (when each began, on the
    listener's time, and how long it lasted) left out."""
    waited = sum(min(held, moment - began) for began, held in holds if moment > began)
    return moment - waited


def unpaced(lines: Iterable[tuple[float, Utterance]], length: Callable[[str], float],
            end: float) -> Load:
    """Every line to the reader as it comes, said first come first served."""
    reader = Reader(length)
    count = 0
    for at, utterance in lines:
        count += 1
        reader.give(utterance.text, False, at, at)
    return Load(reader.spoken / end, reader.lags, 0, count)


def heard_from_seat_1(spec: RulesSpec, players: int, options: GameOptions, seed: int,
                      verbosity: Verbosity) -> tuple[list[tuple[float, Utterance]], float]:
    """The lines seat 1 hears in a bot game whose bots wait for no one, and its length."""
    rules, script = bot_game_script(players, options, seed, game=spec)
    presenter = KEYBOARDS[spec.name].presenter(rules, messages(DEFAULT_LANGUAGE), verbosity)
    lines = [(at, said) for at, said in hear(
        rules, script, 0, say=presenter.announce, sound=presenter.cues,
        deadline=rules.deadline_for,
        state=lambda _rules, listener: presenter.state_of_play(listener))
        if isinstance(said, Utterance)]
    end = max(lines[-1][0], script[-1].at if script else 0.0, 1.0)
    return lines, end


def espeak_length(rate: int, folder: Path) -> Callable[[str], float]:
    @cache
    def length(text: str) -> float:
        wav = folder / "line.wav"
        subprocess.run(["espeak-ng", "-v", "en", "-s", str(rate), "-w", str(wav), text],
                       check=True)
        with wave.open(str(wav)) as rendered:
            return rendered.getnframes() / rendered.getframerate()

    return length


def percentile(values: list[float], share: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def tables() -> Iterable[tuple[str, str, dict[str, str]]]:
    """(game, preset, option values) for every row."""
    for name, spec in GAMES.items():
        for preset in spec.presets or ("",):
            yield name, preset, ({PRESET_KEY: preset} if preset else {})


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--verbosity", choices=[v.value for v in Verbosity], default="brief")
    parser.add_argument("--rate", type=int, default=175, help="words a minute (default 175)")
    parser.add_argument("--seed", type=int, default=4)
    parser.add_argument("--game", choices=list(GAMES), help="only this game")
    args = parser.parse_args()
    verbosity = Verbosity(args.verbosity)
    share_goal, lag_goal = GOALS[verbosity]
    worst_share, worst_lag, all_lags = 0.0, 0.0, []
    print(f"seat 1 of bot games at {verbosity.value} verbosity, espeak-ng at {args.rate} words"
          " a minute")
    print(f"{'game / preset':<22}{'players':>8}{'game s':>8}{'before':>8} | paced: {'speech':>7}"
          f"{'p50':>6}{'p95':>6}{'max':>6}{'unsaid':>8} | all: {'speech':>7}{'max lag':>9}")
    with tempfile.TemporaryDirectory() as folder:
        length = espeak_length(args.rate, Path(folder))
        for game, preset, values in tables():
            if args.game and game != args.game:
                continue
            spec = GAMES[game]
            options, _ = spec.read_options(values)
            for players in TABLES:
                now, end = paced(spec, players, options, args.seed, verbosity, args.rate,
                                 length)
                lines, before_end = heard_from_seat_1(spec, players, options, args.seed,
                                                      verbosity)
                before = unpaced(lines, length, before_end)
                worst_share = max(worst_share, now.speech_share)
                worst_lag = max(worst_lag, max(now.lags, default=0.0))
                all_lags.extend(now.lags)
                label = f"{game} {preset}".strip() if game != DEFAULT or preset else game
                print(f"{label:<22}{players:>8}{end:>8.0f}{before_end:>8.0f} | paced:"
                      f" {now.speech_share:>6.0%}"
                      f"{percentile(now.lags, .5):>6.2f}{percentile(now.lags, .95):>6.2f}"
                      f"{max(now.lags, default=0.0):>6.2f}{now.unsaid:>5}/{now.lines:<4}"
                      f"| all: {before.speech_share:>6.0%}{max(before.lags, default=0):>9.1f}",
                      flush=True)
    print(f"paced, over every table: lag p50 {percentile(all_lags, .5):.2f} s, p95 "
          f"{percentile(all_lags, .95):.2f} s, worst {worst_lag:.2f} s "
          f"(goal: at most {lag_goal} s); most speech per game second {worst_share:.0%}"
          + (f" (goal: at most {share_goal:.0%})" if share_goal is not None else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
