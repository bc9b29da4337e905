"""Run a scenario and write what a listener hears, one line per announcement or cue.

Lines read ``  T.TT  text`` with T the game time. The same scenario always gives the same lines.
How a replay runs and ends is ``runner``'s; this module hears the classic game, and hands a
Razz Spoons scenario to ``razztranscript``.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from audiospoons.engine.game import ClassicGame, Phase
from audiospoons.engine.options import Scoring
from audiospoons.razz.game import RazzGame
from audiospoons.replay.razzscenario import RazzScenario
from audiospoons.replay.razztranscript import razz_game_transcript, razz_heard
from audiospoons.replay.runner import (
    Heard,
    cue_text,
    event_lines,
    format_event,
    hear,
    heard_lines,
    run,
)
from audiospoons.replay.scenario import Scenario
from audiospoons.replay.scenariofile import ScriptLine
from audiospoons.sound.cues import CueMapper
from audiospoons.voice.announcer import Announcer, Verbosity
from audiospoons.voice.i18n import DEFAULT_LANGUAGE, messages

__all__ = ["Heard", "cue_text", "format_event", "game_heard", "game_transcript", "heard", "run",
           "state_of_play", "transcript"]


def transcript(scenario: Scenario | RazzScenario, listener: str | None = None, *,
               raw_events: bool = False, lang: str = DEFAULT_LANGUAGE,
               verbosity: Verbosity = Verbosity.FULL) -> list[str]:
    """The transcript as lines: announcements and cues, or the raw events with ``raw_events``."""
    seat = scenario.seat_of(listener) if listener is not None else None
    if isinstance(scenario, RazzScenario):
        return razz_game_transcript(scenario.new_game(), scenario.script, seat,
                                    raw_events=raw_events, lang=lang, verbosity=verbosity)
    return game_transcript(scenario.new_game(), scenario.script, seat, raw_events=raw_events,
                           lang=lang, verbosity=verbosity)


def game_transcript(game: ClassicGame, script: Sequence[ScriptLine], seat: int | None, *,
                    raw_events: bool = False, lang: str = DEFAULT_LANGUAGE,
                    verbosity: Verbosity = Verbosity.FULL) -> list[str]:
    """The transcript of ``script`` played on a new ``game``, as ``seat`` hears it."""
    if raw_events:
        return event_lines(game, script, seat, tuple(s.name for s in game.seats))
    return heard_lines(heard(game, script, seat, lang=lang, verbosity=verbosity))


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
    return hear(game, script, seat, say=announcer.announce, sound=mapper.cues,
                deadline=game.limit_deadline, state=state_of_play)


def game_heard(game: ClassicGame | RazzGame, script: Sequence[ScriptLine], seat: int | None, *,
               lang: str = DEFAULT_LANGUAGE, verbosity: Verbosity = Verbosity.FULL
               ) -> Iterator[tuple[float, Heard]]:
    """``heard`` for a game of either kind."""
    if isinstance(game, RazzGame):
        return razz_heard(game, script, seat, lang=lang, verbosity=verbosity)
    return heard(game, script, seat, lang=lang, verbosity=verbosity)


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
