"""``audiospoons listen``: a whole bot game, heard from one seat."""

from __future__ import annotations

import argparse
import sys

from audiospoons.commands.optionvalues import game_options
from audiospoons.commands.printout import print_lines
from audiospoons.commands.speak import speak
from audiospoons.engine.errors import RulesError
from audiospoons.games.keyboards import KEYBOARDS
from audiospoons.games.registry import GAMES
from audiospoons.replay.transcript import game_transcript
from audiospoons.simulate import bot_game_script
from audiospoons.voice.announcer import Verbosity
from audiospoons.voice.i18n import UnknownLanguage, choose_language
from audiospoons.voice.speech import SpeechMode


def run(args: argparse.Namespace) -> int:
    """A whole bot game, heard from one seat."""
    spec = GAMES[args.game]
    try:
        lang = choose_language(args.lang)
        options = game_options(args)
        options.check_players(args.players)
        if not 1 <= args.seat <= args.players:
            raise RulesError(f"--seat must be 1 to {args.players}")
        game, script = bot_game_script(args.players, options, args.seed, game=spec)
    except (RulesError, UnknownLanguage) as error:
        print(f"audiospoons listen: {error}", file=sys.stderr)
        return 2
    seat = args.seat - 1
    verbosity = Verbosity(args.verbosity)
    if args.speak:
        return speak(game, script, seat, KEYBOARDS[spec.name], lang, verbosity,
                     SpeechMode(args.speech))
    return print_lines(game_transcript(game, script, seat, KEYBOARDS[spec.name], lang=lang,
                                       verbosity=verbosity))
