"""Playing a timed script on a game of any kind, and writing what happened as transcript lines.

Lines read ``  T.TT  text`` with T the game time. A replay ends when the game is over, or when
the script is spent and no timer is pending (then the state of play closes the transcript).
Should timers keep firing after the script is spent (a time limit plays on by itself), the
replay stops ``AFTER_SCRIPT`` seconds of game time after the last script line.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import fields
from enum import Enum
from typing import TypeVar

from audiospoons.engine.cards import Card
from audiospoons.engine.errors import RulesError
from audiospoons.engine.events import Event
from audiospoons.engine.rules import Rules
from audiospoons.games.scenariofile import ScriptLine
from audiospoons.sound.countdown import Countdown
from audiospoons.sound.cue import Cue
from audiospoons.voice.announcer import Utterance

AFTER_SCRIPT = 120.0
SEAT_FIELDS = {"seat", "to", "dealer", "holder", "set_by", "first_grabber", "partner",
               "target", "taker"}
SEATS_FIELDS = {"seats", "winners", "contenders", "ranking", "losers"}

Heard = Utterance | Cue | str
"""A line spoken, a sound played, or a line of data (a refusal, the state of play)."""

G = TypeVar("G", bound=Rules)


def run(game: G, script: Sequence[ScriptLine]) -> Iterator[tuple[float, Event | str | G]]:
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
        if line.late_window is not None:
            game.late_window = line.late_window
        try:
            events = game.handle(line.command, line.at)
        except RulesError as error:
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


def hear(game: G, script: Sequence[ScriptLine], seat: int | None, *,
         say: Callable[[Event, int | None], list[Utterance]],
         sound: Callable[[Event, int | None], list[Cue]],
         deadline: Callable[[int], float | None],
         state: Callable[[G, int | None], list[str]]) -> Iterator[tuple[float, Heard]]:
    """What ``seat`` hears as ``script`` plays on a new ``game``, in time order: each event's
    cues (``sound``) then lines (``say``), refusals, the state of play at the end (unless the
    game is over) and, for a player, the ticks of the last seconds before the limit running
    against them (``deadline``)."""
    countdown = Countdown()
    for at, item in run(game, script):
        for tick in countdown.due(at):
            yield tick, Cue("tick")
        if isinstance(item, str):
            yield at, item
        elif isinstance(item, Event):
            event = item.seen_by(seat)
            if seat is not None:
                countdown.set(deadline(seat), at)
            if event is None:
                continue
            for cue in sound(event, seat):
                yield at, cue
            for said in say(event, seat):
                yield at, said
        elif not item.over:
            for text in state(item, seat):
                yield at, text


def heard_lines(heard: Iterable[tuple[float, Heard]]) -> list[str]:
    """Transcript lines: a spoken line's text, a cue as ``cue_text`` writes it, data as it is."""
    lines = []
    for at, said in heard:
        if isinstance(said, Cue):
            lines.append(transcript_line(at, cue_text(said)))
        elif isinstance(said, Utterance):
            lines.append(transcript_line(at, said.text))
        else:
            lines.append(transcript_line(at, said))
    return lines


def event_lines(game: G, script: Sequence[ScriptLine], seat: int | None,
                players: tuple[str, ...]) -> list[str]:
    """The raw events of ``script`` played on ``game``, as ``seat`` may know them."""
    return [transcript_line(at, format_event(view, players)) for at, item in run(game, script)
            if isinstance(item, Event) and (view := item.seen_by(seat)) is not None]


def cue_text(cue: Cue) -> str:
    """A cue as a transcript shows it: ``[sound spoon pan -0.50]``."""
    return f"[sound {cue.name} pan {cue.pan:+.2f}]"


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


def transcript_line(at: float, text: str) -> str:
    return f"  {at:.2f}  {text}"
