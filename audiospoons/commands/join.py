"""``audiospoons join``: online play at this keyboard, through a relay."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import getpass
import sys
from dataclasses import replace

from audiospoons.app.audio import open_audio
from audiospoons.app.menuhost import apply_settings
from audiospoons.app.onlinemenu import (
    LOGGED_OUT,
    Refused,
    kept_login,
    read_address,
    with_login,
)
from audiospoons.app.relayjoin import (
    LOGIN_LOST,
    LOGIN_REFUSED,
    PASSWORD_WANTED,
    join_relay,
)
from audiospoons.app.settings import load_settings, save_settings
from audiospoons.commands.keyboard import at_a_keyboard
from audiospoons.commands.optionvalues import check_options, option_values, preset_pairs
from audiospoons.engine.errors import RulesError
from audiospoons.keys.reader import TerminalKeys
from audiospoons.net.client import Login
from audiospoons.net.tls import client_context, split_scheme
from audiospoons.ui.keptseats import kept_seat, with_seat
from audiospoons.voice.announcer import Utterance
from audiospoons.voice.i18n import Messages, UnknownLanguage, choose_language, messages
from audiospoons.voice.speaker import Speaker
from audiospoons.voice.speech import SpeechMode, TextOutput


def run(args: argparse.Namespace) -> int:
    """Online play at this keyboard, through the relay at ``args.address``."""
    settings, _ = load_settings()
    try:
        tls = split_scheme(args.address)[0] or args.tls or args.ca is not None or args.insecure
        context = client_context(ca=args.ca, insecure=args.insecure) if tls else None
        lang = choose_language(args.lang or settings.language)
        values = option_values(preset_pairs(args))
        if args.room is None:
            check_options(args.game, values)
    except (RulesError, UnknownLanguage, ValueError) as error:
        print(f"audiospoons join: {error}", file=sys.stderr)
        return 2
    if not at_a_keyboard("join"):
        return 2
    mode = SpeechMode(args.speech) if args.speech else settings.speech
    address, m = args.address, messages(lang)
    kept = kept_login(settings.online_logins, address, args.name)
    login = Login(token=kept) if kept is not None else None

    def keep(token: str | None) -> None:
        nonlocal settings
        if token is not None:
            settings = replace(settings, online_logins=with_login(
                settings.online_logins, address, args.name, None if token == LOGGED_OUT
                else token))
            with contextlib.suppress(OSError):
                save_settings(settings)

    def keep_seat(token: str | None) -> None:
        """The seat held at this relay (None: given up), kept for the next start."""
        nonlocal settings
        settings = replace(settings, online_seats=with_seat(
            settings.online_seats, host, port, args.name, token))
        with contextlib.suppress(OSError):
            save_settings(settings)

    with open_audio(mode, lang, settings.rate) as audio:
        apply_settings(settings, audio.speaker.output, audio.mixer)
        try:
            host, port = read_address(address, m)
        except Refused as refused:
            audio.speaker.say(Utterance(str(refused)))
            audio.finish()
            return 2
        if args.register:
            login = _asked_login(audio.speaker, m, args.name, register=True)
        try:
            while True:
                with TerminalKeys() as keys:
                    code = asyncio.run(join_relay(
                        host, port, args.name, room=args.room, game=args.game, values=values,
                        bots=args.bots, ssl=context,
                        password=args.password, prefs=settings.seat_prefs(),
                        messages=m, speaker=audio.speaker, sounds=audio.mixer,
                        keys=keys, login=login, on_connected=keep,
                        on_logged_out=lambda: keep(LOGGED_OUT),
                        seat=kept_seat(settings.online_seats, host, port, args.name),
                        on_seat=keep_seat))
                if code == LOGIN_LOST:
                    keep(LOGGED_OUT)
                if code not in (PASSWORD_WANTED, LOGIN_REFUSED, LOGIN_LOST):
                    break
                login = _asked_login(audio.speaker, m, args.name)
                if login is None:
                    break
        except KeyboardInterrupt:
            return 130
        audio.finish()
    return code


def _asked_login(speaker: Speaker, m: Messages, name: str, *, register: bool = False
                 ) -> Login | None:
    """A password asked at the terminal, typed unechoed, its prompt said (and so printed, as
    text, once); to ``register``, asked again to confirm it, and asked afresh, saying so, if
    the two differ. None when none is given, or there is no terminal to ask at."""
    while True:
        password = _asked_password(speaker, m.tr("online.menu.password", name=name))
        if not password:
            return None
        if not register:
            return Login(password=password)
        if _asked_password(speaker, m.tr("online.password.again", name=name)) == password:
            return Login(password=password, register=True)
        speaker.say(Utterance(m.tr("online.password.differ")))


def _asked_password(speaker: Speaker, prompt: str) -> str | None:
    """A password typed unechoed after ``prompt``, said once: as printed text, by the
    terminal's own prompt (printed once the typing is unechoed), else by the speaker. None
    without a terminal or at the end of input."""
    at_a_terminal = sys.stdin.isatty()
    printed = at_a_terminal and isinstance(speaker.output, TextOutput)
    if not printed:
        speaker.say(Utterance(prompt))
    if not at_a_terminal:
        return None
    try:
        return getpass.getpass(f"{prompt}: " if printed else "")
    except EOFError:
        return None
