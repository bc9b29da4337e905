"""The menus put together with the devices they run on, for the terminal and for a browser.

``open_main_menu`` is what ``audiospoons`` with no command runs: it loads the settings, opens
the speech output, the sound and the keyboard, and hands them to ``menu_screens``, which a web
session (``web.session``) calls too, with the page's speech, cues and keys. It builds the
``Screens`` (``ui.screens``) with Play, Play online and the demonstration round wired to
``audiospoons.app.session`` and ``audiospoons.app.relayjoin``, imported only when the player
chooses them:

- Play: ``session.play_local_game(settings=settings, speaker=speaker, mixer=mixer, keys=keys)``
- the demonstration: ``play_demonstration(settings=settings, speaker=speaker, mixer=mixer,
  keys=keys)``
- Play online, once the address and the name are typed (``ui.onlinescreen``):
  ``relayjoin.join_relay`` as ``audiospoons join HOST:PORT --name NAME`` calls it, into the relay's
  lobby, where "New room" opens a room with the saved options (its games have the saved keys
  and spoon style), and "New Razz Spoons room" one with the saved Razz Spoons options;
  the moment the relay takes the name, the address and the name are saved for the next time.
  A relay that cannot be reached asks for the address again, a name it refuses for the name.

``keys`` is the same reader the menus use, already open; ``mixer`` may be None (no sound).
"""

from __future__ import annotations

import asyncio
import contextlib
import importlib
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from audiospoons.app.menuhost import (
    OTHER_GAMES,
    GameCallback,
    Unavailable,
    apply_settings,
    language_for,
)
from audiospoons.app.onlinemenu import LOGGED_OUT, JoinRequest, OnlineCallback, Outcome
from audiospoons.app.screens import Screens
from audiospoons.app.settings import Settings, load_settings, problem_text
from audiospoons.app.speechchoices import SpeechChoices
from audiospoons.games.keyboards import cue_names
from audiospoons.games.registry import DEFAULT, GAMES
from audiospoons.net.client import Opener, by_network
from audiospoons.sound.cue import CuePlayer
from audiospoons.ui.player import KeySource
from audiospoons.voice.announcer import Utterance
from audiospoons.voice.i18n import UnknownLanguage, choose_language, messages
from audiospoons.voice.speaker import Speaker
from audiospoons.voice.speech import SpeechMode

if TYPE_CHECKING:
    from audiospoons.app.keyfeed import WatchedKeys
    from audiospoons.sound.mixer import Mixer


class GameMaker(Protocol):
    """Makes the callback of a game against bots: ``name`` is the function of
    ``audiospoons.app.session`` to call, ``given`` what else it is given (``game=``)."""

    def __call__(self, name: str, **given: str) -> GameCallback: ...


def menu_screens(settings: Settings, *, speaker: Speaker, keys: WatchedKeys,
                 mixer: CuePlayer | None, against_bots: GameMaker | None = None,
                 opener: Opener = by_network, speech: SpeechMode | None = None,
                 lang: str | None = None, settings_file: Path | None = None,
                 sound_device: Mixer | None = None,
                 speech_choices: SpeechChoices | None = None,
                 on_save: Callable[[Settings], None] | None = None,
                 refuse_relay: Callable[[str], str | None] | None = None) -> Screens:
    """The menus on these devices, each game wired: against bots by ``against_bots`` (each
    game's function of ``ui.session``, straight away when not given), online through
    ``opener``. The rest is ``MenuHost``'s."""

    def straight(name: str, **given: str) -> GameCallback:
        return local_game(name, speaker, mixer, keys, None, **given)

    bots = against_bots if against_bots is not None else straight
    return Screens(
        settings, speaker=speaker, keys=keys, mixer=mixer, speech=speech, lang=lang,
        settings_file=settings_file, sound_device=sound_device, speech_choices=speech_choices,
        on_save=on_save, refuse_relay=refuse_relay,
        play=bots("play_local_game"), demonstrate=bots("play_demonstration"),
        play_other={name: bots("play_local_game", game=name) for name in OTHER_GAMES},
        play_online=online_game(speaker, mixer, keys, opener))


def local_game(name: str, speaker: Speaker, mixer: CuePlayer | None,
               keys: KeySource, clock: Callable[[], float] | None = None,
               **given: str) -> GameCallback:
    """A callback that calls ``audiospoons.app.session.<name>(settings=..., speaker=...,
    mixer=..., keys=..., **given)`` (and ``clock=clock``, the game's time, where given),
    imported when first called (the game's modules load only when a game starts)."""

    def call(settings: Settings) -> Settings | None:
        try:
            module = importlib.import_module("audiospoons.app.session")
        except ImportError as error:
            raise Unavailable(str(error)) from error
        function = getattr(module, name, None)
        if function is None:
            raise Unavailable(f"audiospoons.app.session has no {name}")
        timed = {} if clock is None else {"clock": clock}
        result = function(settings=settings, speaker=speaker, mixer=mixer, keys=keys,
                          **timed, **given)
        return result if isinstance(result, Settings) else None

    return call


def online_game(speaker: Speaker, mixer: CuePlayer | None, keys: WatchedKeys,
                opener: Opener = by_network) -> OnlineCallback:
    """A callback that joins the relay as ``audiospoons join HOST:PORT --name NAME`` does (its
    lobby; a room of the player's own has their saved options, those of Razz Spoons for a Razz
    Spoons room), on the keys the menus read,
    with the player's keys and spoon style in its games; ``opener``, the way to the relay."""

    def call(settings: Settings, request: JoinRequest, connected: Callable[[str | None], None]
             ) -> Outcome:
        try:
            from audiospoons.app.relayjoin import (  # loaded here: if missing, only unavailable
                LOGIN_LOST,
                LOGIN_REFUSED,
                NAME_REFUSED,
                PASSWORD_WANTED,
                PLAYED,
                join_relay,
            )
            from audiospoons.net.tls import client_context  # loaded here: as above
        except ImportError as error:
            raise Unavailable(str(error)) from error
        code = asyncio.run(join_relay(
            request.host, request.port, request.name, room=None,
            values=dict(settings.values_of(DEFAULT)),
            ssl=client_context() if request.tls else None,
            other_games={name: dict(settings.values_of(name)) for name in GAMES},
            bots=0, messages=messages(language_for(settings)), speaker=speaker, sounds=mixer,
            keys=keys, prefs=settings.seat_prefs(), on_connected=connected,
            on_logged_out=lambda: connected(LOGGED_OUT), login=request.login,
            seat=request.seat, on_seat=request.on_seat, opener=opener))
        outcomes = {PLAYED: Outcome.PLAYED, NAME_REFUSED: Outcome.NAME_REFUSED,
                    PASSWORD_WANTED: Outcome.PASSWORD_WANTED,
                    LOGIN_REFUSED: Outcome.LOGIN_REFUSED, LOGIN_LOST: Outcome.LOGIN_LOST}
        return outcomes.get(code, Outcome.UNREACHABLE)

    return call


@contextlib.contextmanager
def _opened(speaker: Speaker, mixer: object | None) -> Iterator[None]:
    try:
        yield
    finally:
        drain = getattr(speaker.output, "drain", None)
        if callable(drain):
            drain(2.0)
        speaker.close()
        close = getattr(mixer, "close", None)
        if callable(close):
            close()


def open_main_menu(speech: str | None = None, lang: str | None = None, *,
                   settings_file: Path | None = None) -> int:
    """``audiospoons`` with no command: the spoken main menu. Returns the exit status."""
    from audiospoons.keys.reader import TerminalKeys  # loaded here: not by the page's sessions
    from audiospoons.sound.mixer import open_mixer  # loaded here: not by the page's sessions
    from audiospoons.voice.outputs import open_speech  # loaded here: not by the page's sessions

    settings, problem = load_settings(settings_file)
    try:
        language = choose_language(lang) if lang is not None else language_for(settings)
    except UnknownLanguage as error:
        print(f"audiospoons: {error}", file=sys.stderr)
        return 2
    m = messages(language)
    mode = SpeechMode(speech) if speech is not None else settings.speech
    mixer, _ = open_mixer(cue_names())  # its warnings are in English; ours is below
    output, speech_warning = open_speech(mode, language, settings.rate, mixer)
    speaker = Speaker(output, rate=settings.rate)
    with _opened(speaker, mixer):
        apply_settings(settings, output, mixer)
        for line in (problem_text(problem, m) if problem else None, speech_warning,
                     m.tr("sound.no.device") if mixer is None else None):
            if line:
                speaker.say(Utterance(line))
        try:
            with contextlib.ExitStack() as stack:
                try:
                    keys = stack.enter_context(TerminalKeys())
                except Exception as error:  # no usable standard input
                    print(f"audiospoons: cannot read the keyboard: {error}", file=sys.stderr)
                    return 2
                menu_screens(settings, speaker=speaker, keys=keys, mixer=mixer, speech=mode,
                             lang=language, settings_file=settings_file,
                             sound_device=mixer).run()
        except KeyboardInterrupt:
            return 130
        except EOFError:
            return 0
    return 0
