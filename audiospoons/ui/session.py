"""A sitting at this keyboard: games against bots, one after another, until the player stops."""

from __future__ import annotations

from collections.abc import Callable

from audiospoons.bots.levels import Level
from audiospoons.engine.options import Options
from audiospoons.sound.mixer import Mixer
from audiospoons.ui.local import GameResult, KeySource, LocalGame
from audiospoons.voice.announcer import Verbosity
from audiospoons.voice.i18n import Messages
from audiospoons.voice.speaker import Speaker
from audiospoons.voice.speech import SpeechOutput


def rate_changer(output: SpeechOutput) -> Callable[[int], int | None]:
    """Speech rate up or down, for the outputs that have one (built-in text-to-speech); a
    screen reader keeps its own."""

    def change(step: int) -> int | None:
        rate = getattr(output, "rate", None)
        if not isinstance(rate, int):
            return None
        output.rate = rate + step  # type: ignore[attr-defined]
        new_rate = getattr(output, "rate", rate)
        return new_rate if isinstance(new_rate, int) else None

    return change


def play_games(options: Options, players: int, messages: Messages, speaker: Speaker,
               mixer: Mixer | None, keys: KeySource, *, verbosity: Verbosity = Verbosity.FULL,
               key_overrides: dict[str, str] | None = None, seed: int | None = None,
               bot_level: Level = Level.NORMAL,
               on_result: Callable[[GameResult], None] | None = None) -> None:
    """Games until the player quits one, or says no to another."""
    game_seed = seed
    while True:
        game = LocalGame(options, players, messages, speaker, mixer, seed=game_seed,
                         verbosity=verbosity, key_overrides=key_overrides,
                         rate_setter=rate_changer(speaker.output), bot_level=bot_level)
        result = game.play(keys)
        if on_result is not None:
            on_result(result)
        if result.won is None or not _again(messages, speaker, keys):
            return
        game_seed = None if game_seed is None else game_seed + 1


def _again(messages: Messages, speaker: Speaker, keys: KeySource) -> bool:
    speaker.review(messages.tr("game.again"))
    while True:
        for key in keys.read(None):
            if key.label == "enter":
                return True
            if key.label == "escape":
                return False
            speaker.review(messages.tr("game.again"))
