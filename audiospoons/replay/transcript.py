"""Run a scenario and write what a listener hears, one line per announcement or cue.

Lines read ``  T.TT  text`` with T the game time. The same scenario always gives the same lines.
A replay ends when the game is over, or when the script is spent and no timer is pending (then
the state of play closes the transcript). Should timers keep firing after the script is spent
(the discard time limit plays on by itself), the replay stops ``AFTER_SCRIPT`` seconds of game
time after the last script line.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import fields
from enum import Enum

from audiospoons.engine.cards import Card
from audiospoons.engine.errors import SpoonsError
from audiospoons.engine.events import Event
from audiospoons.engine.game import ClassicGame, Phase
from audiospoons.engine.options import Scoring
from audiospoons.replay.scenario import Scenario, ScriptLine
from audiospoons.sound.countdown import Countdown
from audiospoons.sound.cue import Cue
from audiospoons.sound.cues import CueMapper
from audiospoons.voice.announcer import Announcer, Utterance, Verbosity
from audiospoons.voice.i18n import DEFAULT_LANGUAGE, messages

AFTER_SCRIPT = 120.0
SEAT_FIELDS = {"seat", "to", "dealer", "holder", "revealed", "partner"}
SEATS_FIELDS = {"seats", "winners", "contenders", "ranking"}


def run(game: ClassicGame, script: Sequence[ScriptLine]
        ) -> Iterator[tuple[float, Event | str | ClassicGame]]:
    """Play ``script`` on ``game``: yields each event, a refusal message for each refused
    command, and last the game itself, to read the state of play from."""
    for event in game.start():
        yield event.at, event
    last = script[-1].at if script else 0.0
    for line in script:
        if game.over:
            yield line.at, f"refused: {line.text}: the game is over"
            continue
        for event in game.advance(line.at):
            yield event.at, event
        try:
            events = game.handle(line.command, line.at)
        except SpoonsError as error:
            yield line.at, f"refused: {line.text}: {error}"
            continue
        for event in events:
            yield event.at, event
    while not game.over:
        deadline = game.next_deadline()
        if deadline is None or deadline > last + AFTER_SCRIPT:
            break
        for event in game.advance(deadline):
            yield event.at, event
    yield game.now, game


def transcript(scenario: Scenario, listener: str | None = None, *,
               raw_events: bool = False, lang: str = DEFAULT_LANGUAGE,
               verbosity: Verbosity = Verbosity.FULL) -> list[str]:
    """The transcript as lines: announcements and cues, or the raw events with ``raw_events``."""
    seat = scenario.seat_of(listener) if listener is not None else None
    return game_transcript(scenario.new_game(), scenario.script, seat, raw_events=raw_events,
                           lang=lang, verbosity=verbosity)


def game_transcript(game: ClassicGame, script: Sequence[ScriptLine], seat: int | None, *,
                    raw_events: bool = False, lang: str = DEFAULT_LANGUAGE,
                    verbosity: Verbosity = Verbosity.FULL) -> list[str]:
    """The transcript of ``script`` played on a new ``game``, as ``seat`` hears it."""
    if raw_events:
        players = tuple(s.name for s in game.seats)
        return [_line(at, format_event(view, players)) for at, item in run(game, script)
                if isinstance(item, Event) and (view := item.seen_by(seat)) is not None]
    lines = []
    for at, said in heard(game, script, seat, lang=lang, verbosity=verbosity):
        if isinstance(said, Cue):
            lines.append(_line(at, cue_text(said)))
        elif isinstance(said, Utterance):
            lines.append(_line(at, said.text))
        else:
            lines.append(_line(at, said))
    return lines


Heard = Utterance | Cue | str
"""A line spoken, a sound played, or a line of data (a refusal, the state of play)."""


def heard(game: ClassicGame, script: Sequence[ScriptLine], seat: int | None, *,
          lang: str = DEFAULT_LANGUAGE, verbosity: Verbosity = Verbosity.FULL
          ) -> Iterator[tuple[float, Heard]]:
    """What ``seat`` hears as ``script`` plays on a new ``game``, in time order: for a player,
    the ticks of the last seconds of their time limits too."""
    players = tuple(s.name for s in game.seats)
    announcer = Announcer(players, messages(lang), verbosity=verbosity,
                          announce_phase2=game.options.announce_phase2,
                          set_size=game.options.set_size, signal=game.options.signal)
    mapper = CueMapper(len(players), signal=game.options.signal)
    countdown = Countdown()
    for at, item in run(game, script):
        for tick in countdown.due(at):
            yield tick, Cue("tick")
        if isinstance(item, str):
            yield at, item
        elif isinstance(item, ClassicGame):
            if not item.over:
                for text in state_of_play(item, seat):
                    yield at, text
        else:
            event = item.seen_by(seat)
            if seat is not None:
                countdown.set(game.limit_deadline(seat), at)
            if event is None:
                continue
            for cue in mapper.cues(event, seat):
                yield at, cue
            for said in announcer.announce(event, seat):
                yield at, said


def cue_text(cue: Cue) -> str:
    """A cue as a transcript shows it: ``[sound spoon pan -0.50]``."""
    return f"[sound {cue.name} pan {cue.pan:+.2f}]"


def state_of_play(game: ClassicGame, listener: int | None) -> list[str]:
    """How the table stands, as the listener may know it."""
    where = {Phase.PLAYING: "cards in play", Phase.GRABBING: "the spoons are going",
             Phase.BETWEEN_ROUNDS: "between rounds", Phase.OVER: "game over"}[game.phase]
    spoons = "1 spoon" if game.spoons == 1 else f"{game.spoons} spoons"
    lines = [f"state: round {game.round}, {where}, {spoons} on the table,"
             f" {game.seats[game.dealer].name} deals"]
    for index, seat in enumerate(game.seats):
        if not seat.active:
            lines.append(f"state: {seat.name}: out")
            continue
        parts = [f"{len(seat.hand)} cards", f"{len(seat.waiting)} waiting"]
        if seat.has_spoon:
            parts.append("has a spoon")
        if seat.misses and game.options.scoring is Scoring.LETTERS:
            parts.append("letters " + " ".join(game.options.word[:seat.misses]))
        elif seat.misses:
            parts.append("1 point" if seat.misses == 1 else f"{seat.misses} points")
        if index == listener:
            parts.append("hand " + " ".join(str(c) for c in seat.hand))
        lines.append(f"state: {seat.name}: {', '.join(parts)}")
    return lines


def format_event(event: Event, players: tuple[str, ...]) -> str:
    """An event as one line of data: its kind and its fields, seats by name, cards in notation."""
    parts = [type(event).__name__]
    for item in fields(event):
        value = getattr(event, item.name)
        if item.name == "at" or (item.name == "hidden" and value is False):
            continue
        parts.append(f"{item.name}={_value(item.name, value, players)}")
    return " ".join(parts)


def _value(name: str, value: object, players: tuple[str, ...]) -> str:
    if name in SEAT_FIELDS and isinstance(value, int):
        return players[value]
    if name == "to" and value is None:
        return "pile"
    if name in SEATS_FIELDS and isinstance(value, tuple):
        return ",".join(players[s] for s in value) or "-"
    if isinstance(value, Card):
        return str(value)
    if isinstance(value, tuple):
        return ",".join(str(v) for v in value) or "-"
    if isinstance(value, Enum):
        return str(value.value)
    if value is None:
        return "-"
    return str(value)


def _line(at: float, text: str) -> str:
    return f"  {at:.2f}  {text}"
