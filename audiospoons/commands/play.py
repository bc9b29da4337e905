"""``audiospoons play``: a game against bots at this keyboard, straight away."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from dataclasses import replace
from typing import TypeVar

from audiospoons.app.audio import Audio, open_audio
from audiospoons.app.menuhost import apply_settings
from audiospoons.app.session import play_local_game
from audiospoons.app.settings import (
    LeftByCtrlC,
    Settings,
    load_settings,
    problem_text,
    save_settings,
)
from audiospoons.commands.keyboard import at_a_keyboard
from audiospoons.commands.optionvalues import play_values
from audiospoons.engine.errors import RulesError
from audiospoons.games.keyboards import KEYBOARDS
from audiospoons.games.registry import GAMES
from audiospoons.keys.reader import TerminalKeys
from audiospoons.voice.announcer import Utterance, Verbosity
from audiospoons.voice.i18n import UnknownLanguage, choose_language, messages
from audiospoons.voice.speech import SpeechMode

T = TypeVar("T")


def run(args: argparse.Namespace) -> int:
    """A game against bots at this keyboard, straight away: the saved settings and the game's
    saved options, with what the command line changes for this run; the reaction record is
    saved after, for a game that keeps one, and before the program ends on Ctrl+C."""
    spec = GAMES[args.game]
    settings, problem = load_settings()
    try:
        lang = choose_language(args.lang or settings.language)
        options, _ = spec.read_options(play_values(settings.values_of(spec.name), args))
        this_run = replace(
            settings, players=args.players or settings.players, bots=args.bots or settings.bots,
            verbosity=Verbosity(args.verbosity) if args.verbosity else settings.verbosity,
            language=lang)
        options.check_players(this_run.players)
    except (RulesError, UnknownLanguage) as error:
        print(f"audiospoons play: {error}", file=sys.stderr)
        return 2

    def keep(played: Settings) -> None:
        try:
            save_settings(replace(settings, reactions=played.reactions, first_run=False))
        except OSError as error:
            print(f"audiospoons play: the reaction record was not saved: {error}",
                  file=sys.stderr)

    def sitting(audio: Audio, keys: TerminalKeys) -> Settings:
        try:
            return play_local_game(settings=this_run, speaker=audio.speaker, mixer=audio.mixer,
                                   keys=keys, seed=args.seed, game=spec.name, options=options)
        except LeftByCtrlC as left:
            if KEYBOARDS[spec.name].reaction_record:
                keep(left.settings)
            raise

    code, played = _at_the_keyboard(args, settings, problem, lang, sitting)
    if played is None or not KEYBOARDS[spec.name].reaction_record:
        return code
    keep(played)
    return 0


def _at_the_keyboard(args: argparse.Namespace, settings: Settings, problem: str | None,
                     lang: str, play: Callable[[Audio, TerminalKeys], T]) -> tuple[int, T | None]:
    """Open the speech, the sound and the terminal, say any problem with the settings file, and
    ``play``: its exit code (2 off a keyboard, 130 on Ctrl+C) and what it gave."""
    if not at_a_keyboard("play"):
        return 2, None
    mode = SpeechMode(args.speech) if args.speech else settings.speech
    with open_audio(mode, lang, settings.rate) as audio:
        apply_settings(settings, audio.speaker.output, audio.mixer)
        if problem is not None:
            audio.speaker.say(Utterance(problem_text(problem, messages(lang))))
        try:
            with TerminalKeys() as keys:
                result = play(audio, keys)
        except KeyboardInterrupt:
            return 130, None
        audio.finish()
    return 0, result
