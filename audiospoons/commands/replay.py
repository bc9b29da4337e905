"""``audiospoons replay``: a scenario file, or a game played on a relay, printed or heard
again."""

from __future__ import annotations

import argparse
import asyncio
import getpass
import sys
from dataclasses import replace

from audiospoons.app.onlinemenu import kept_login, with_login
from audiospoons.app.records import game_text
from audiospoons.app.settings import load_settings, save_settings
from audiospoons.commands.printout import print_lines
from audiospoons.commands.speak import speak
from audiospoons.engine.errors import RulesError
from audiospoons.games.keyboards import KEYBOARDS
from audiospoons.net.client import Login, RelayError
from audiospoons.net.history import RecordError, replay_of
from audiospoons.net.pastgames import fetch
from audiospoons.net.relayaddress import relay_address
from audiospoons.net.tls import client_context, split_scheme
from audiospoons.replay.scenario import ScenarioError, load_scenario
from audiospoons.replay.transcript import game_transcript, transcript
from audiospoons.voice.announcer import Verbosity
from audiospoons.voice.i18n import UnknownLanguage, choose_language, messages
from audiospoons.voice.speech import SpeechMode


def run(args: argparse.Namespace) -> int:
    if args.from_relay is not None:
        return _replay_from_relay(args)
    if args.file is None:
        print("audiospoons replay: give a scenario file, or --from-relay", file=sys.stderr)
        return 2
    try:
        lang = choose_language(args.lang)
        scenario = load_scenario(args.file)
        if args.speak:
            seat = scenario.seat_of(args.listener) if args.listener is not None else None
            return speak(scenario.new_game(), scenario.script, seat, KEYBOARDS[scenario.game],
                         lang, Verbosity(args.verbosity), SpeechMode(args.speech))
        lines = transcript(scenario, args.listener, raw_events=args.events, lang=lang,
                           verbosity=Verbosity(args.verbosity))
    except (ScenarioError, RulesError, UnknownLanguage) as error:
        print(f"audiospoons replay: {error}", file=sys.stderr)
        return 2
    return print_lines(lines)


def _replay_from_relay(args: argparse.Namespace) -> int:
    """List the player's last games on a relay, or hear one of them again (see
    ``net.pastgames``)."""
    if not args.name:
        print("audiospoons replay: --from-relay needs --name", file=sys.stderr)
        return 2
    settings, _ = load_settings()
    address = args.from_relay
    try:
        lang = choose_language(args.lang or settings.language)
        host, port = relay_address(address)
    except (UnknownLanguage, ValueError) as error:
        print(f"audiospoons replay: {error}", file=sys.stderr)
        return 2
    ssl = client_context() if split_scheme(address)[0] else None
    token = kept_login(settings.online_logins, address, args.name)
    login = Login(token=token) if token is not None else None
    if login is None:
        if not sys.stdin.isatty():
            print(f"audiospoons replay: no login is kept for {args.name} at {address}: log in"
                  " once with Play online or audiospoons join, or run this at a terminal",
                  file=sys.stderr)
            return 2
        login = Login(password=getpass.getpass(f"Password for {args.name}: "))
    try:
        fetched = asyncio.run(fetch(host, port, args.name, login, game=args.game, ssl=ssl))
    except (RelayError, OSError, TimeoutError) as error:
        print(f"audiospoons replay: {error}", file=sys.stderr)
        return 2
    if fetched.token is not None:
        save_settings(replace(settings, online_logins=with_login(
            settings.online_logins, address, args.name, fetched.token)))
    m = messages(lang)
    if fetched.record is None:
        if not fetched.games:
            print(m.tr("online.games.none"))
        for past in fetched.games:
            print(f"{past['game']:>6}  {game_text(past, m)}")
        return 0
    try:
        spec, game, script = replay_of(fetched.record)
    except RecordError as error:
        print(f"audiospoons replay: {error}", file=sys.stderr)
        return 2
    if args.speak:
        return speak(game, script, fetched.seat, KEYBOARDS[spec.name], lang,
                     Verbosity(args.verbosity), SpeechMode(args.speech))
    return print_lines(game_transcript(game, script, fetched.seat, KEYBOARDS[spec.name],
                                       raw_events=args.events,
                                       lang=lang, verbosity=Verbosity(args.verbosity)))
