"""Run a scenario and write what a listener hears, one line per announcement or cue.

Lines read ``  T.TT  text`` with T the game time. The same scenario always gives the same lines.
How a replay runs and ends is ``runner``'s; how a game is heard is its own
(``KeyboardHalf.presenter``).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from audiospoons.engine.rules import Rules
from audiospoons.games.keyboards import KEYBOARDS
from audiospoons.games.scenariofile import ScriptLine
from audiospoons.games.spec import Scenario
from audiospoons.replay.runner import (
    Heard,
    cue_text,
    event_lines,
    format_event,
    hear,
    heard_lines,
    run,
)
from audiospoons.ui.keyboardhalf import KeyboardHalf
from audiospoons.voice.announcer import Verbosity
from audiospoons.voice.i18n import messages
from audiospoons.voice.languages import DEFAULT_LANGUAGE

__all__ = ["Heard", "cue_text", "format_event", "game_transcript", "heard", "run", "transcript"]


def transcript(scenario: Scenario, listener: str | None = None, *,
               raw_events: bool = False, lang: str = DEFAULT_LANGUAGE,
               verbosity: Verbosity = Verbosity.FULL) -> list[str]:
    """The transcript as lines: announcements and cues, or the raw events with ``raw_events``."""
    seat = scenario.seat_of(listener) if listener is not None else None
    return game_transcript(scenario.new_game(), scenario.script, seat, KEYBOARDS[scenario.game],
                           raw_events=raw_events, lang=lang, verbosity=verbosity)


def game_transcript(game: Rules, script: Sequence[ScriptLine], seat: int | None,
                    half: KeyboardHalf, *, raw_events: bool = False, lang: str = DEFAULT_LANGUAGE,
                    verbosity: Verbosity = Verbosity.FULL) -> list[str]:
    """The transcript of ``script`` played on a new ``game`` of ``half``'s game, as ``seat`` hears
    it."""
    if raw_events:
        names = half.presenter(game, messages(lang), verbosity).names
        return event_lines(game, script, seat, names)
    return heard_lines(heard(game, script, seat, half, lang=lang, verbosity=verbosity))


def heard(game: Rules, script: Sequence[ScriptLine], seat: int | None, half: KeyboardHalf, *,
          lang: str = DEFAULT_LANGUAGE, verbosity: Verbosity = Verbosity.FULL
          ) -> Iterator[tuple[float, Heard]]:
    """What ``seat`` hears as ``script`` plays on a new ``game`` of ``half``'s game, in time
    order: for a player, the ticks of the last seconds before a limit running against them
    too."""
    presenter = half.presenter(game, messages(lang), verbosity)
    return hear(game, script, seat, say=presenter.announce, sound=presenter.cues,
                deadline=game.deadline_for,
                state=lambda _game, listener: presenter.state_of_play(listener))
