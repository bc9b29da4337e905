"""The ``audiospoons`` command."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

from audiospoons.bots.levels import Level
from audiospoons.cliparser import build_parser
from audiospoons.engine.errors import RulesError
from audiospoons.engine.optionparse import PRESET_KEY
from audiospoons.engine.rules import GameOptions, Rules
from audiospoons.games.keyboards import KEYBOARDS
from audiospoons.games.registry import GAMES
from audiospoons.games.spec import RulesSpec
from audiospoons.replay.scenario import ScenarioError, ScriptLine, load_scenario
from audiospoons.replay.transcript import game_transcript, transcript
from audiospoons.ui.keyboardhalf import KeyboardHalf
from audiospoons.voice.announcer import Utterance, Verbosity
from audiospoons.voice.i18n import (
    UnknownLanguage,
    choose_language,
    messages,
)
from audiospoons.voice.speech import SpeechMode, TextOutput

if TYPE_CHECKING:
    from ssl import SSLContext

    from audiospoons.app.audio import Audio
    from audiospoons.app.settings import Settings
    from audiospoons.keys.reader import TerminalKeys
    from audiospoons.net.client import Login
    from audiospoons.net.door import RelayDoor
    from audiospoons.voice.i18n import Messages
    from audiospoons.voice.speaker import Speaker

T = TypeVar("T")


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line's command: its exit status (130 on Ctrl+C, wherever it comes)."""
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return _run(parser, args)
    except KeyboardInterrupt:
        return 130


def _run(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    if args.command == "replay":
        return _replay(args)
    if args.command == "play":
        return _play(args)
    if args.command == "listen":
        return _listen(args)
    if args.command == "simulate":
        return _simulate(args)
    if args.command == "options":
        return _options(GAMES[args.game])
    if args.command in ("serve", "front"):
        return _serve(args.host, args.port, args.max_per_address, args.cert, args.key,
                      max_connections=args.max_connections,
                      rooms_per_address=args.max_rooms_per_address,
                      web_port=getattr(args, "web", None),
                      allow_origins=tuple(getattr(args, "allow_origin", ())),
                      database=_relay_database(args), admins=frozenset(args.admin),
                      spool=None if args.no_accounts else _relay_folder(args) / SPOOL,
                      redis=args.redis, front=args.command == "front",
                      advertise=args.advertise, heartbeat=args.heartbeat)
    if args.command == "cluster":
        from audiospoons.net.cluster.run import run_cluster

        return run_cluster(args)
    if args.command == "join":
        return _join(args)
    if args.command == "web":
        return _web(args)
    if args.command is None:
        from audiospoons.app.wiring import open_main_menu

        return open_main_menu(args.menu_speech, args.menu_lang)
    parser.print_help()
    return 0


def _relay_database(args: argparse.Namespace) -> str | None:
    """Where ``serve`` keeps its accounts: ``--database``, else relay.db in ``--data`` or the
    user's data folder; None with ``--no-accounts``."""
    if args.no_accounts:
        return None
    if args.database:
        return str(args.database)
    return str(_relay_folder(args) / "relay.db")


SPOOL = "unsaved-games.jsonl"
"""The file in the relay's data folder that holds the games it could not keep when it
stopped with its database out of reach, until the next start keeps them."""


def _relay_folder(args: argparse.Namespace) -> Path:
    """``--data``, else the user's data folder."""
    import platformdirs

    folder: Path = args.data or Path(platformdirs.user_data_dir("audiospoons",
                                                                appauthor=False))
    return folder


def _serve(host: str, port: int, per_address: int | None = None, cert: Path | None = None,
           key: Path | None = None, *, max_connections: int | None = None,
           rooms_per_address: int | None = None, web_port: int | None = None,
           allow_origins: tuple[str, ...] = (), database: str | None = None,
           admins: frozenset[str] = frozenset(),
           spool: Path | None = None, redis: str | None = None, front: bool = False,
           advertise: str | None = None, heartbeat: float | None = None) -> int:
    """The relay, in the foreground, logging to stderr until Ctrl+C or SIGTERM; TLS with
    ``cert`` and ``key``; with ``web_port``, the page beside it."""
    import asyncio
    import contextlib
    import logging

    from audiospoons.net.door import RelayDoor
    from audiospoons.net.moderation import NoSuchModerator
    from audiospoons.net.relaysettings import RelaySettings
    from audiospoons.net.serving import NotServing, serve

    context, problem = _server_tls(cert, key)
    defaults = RelaySettings()
    settings = RelaySettings(
        per_address=defaults.per_address if per_address is None else per_address,
        max_connections=defaults.max_connections if max_connections is None
        else max_connections,
        rooms_per_address=defaults.rooms_per_address if rooms_per_address is None
        else rooms_per_address)
    if problem is not None:
        print(f"audiospoons serve: {problem}", file=sys.stderr)
        return 2
    logging.basicConfig(level=logging.INFO, stream=sys.stderr,
                        format="%(asctime)s %(name)s %(message)s")
    async def relay() -> None:
        door, page = None, None
        if web_port is not None:
            door = RelayDoor()
            page = asyncio.create_task(_page_beside(host, web_port, port, context, door,
                                                    allow_origins))
        try:
            await serve(host, port, settings=settings, ssl=context, database=database,
                        admins=admins, spool=spool, redis=redis, front=front,
                        advertise=advertise, heartbeat=heartbeat, door=door)
        finally:
            if page is not None:
                page.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await page

    try:
        asyncio.run(relay())
    except NoSuchModerator as refusal:
        print(f"audiospoons serve: {refusal}", file=sys.stderr)
        return 2
    except OSError as error:
        print(f"audiospoons serve: cannot listen on {host}:{port}: {error.strerror or error}",
              file=sys.stderr)
        return 2
    except NotServing as error:
        print(f"audiospoons serve: {error}", file=sys.stderr)
        return 1
    return 0


async def _page_beside(host: str, web_port: int, relay_port: int,
                       context: SSLContext | None, door: RelayDoor,
                       allow_origins: tuple[str, ...]) -> None:
    """The page, served beside the relay: its Play online reaches the relay (a plain relay on
    this machine; with TLS, at the name the page was served at, which the certificate is for)
    and no other, through ``door``, as from each browser's own address."""
    from audiospoons.web.server import serve_web

    def ready(address: str) -> None:
        print(f"audiospoons serve: the page to play in a browser is at {address}",
              file=sys.stderr, flush=True)

    await serve_web(host, web_port, ready, ssl=context,
                    relay=f"127.0.0.1:{relay_port}" if context is None else None,
                    tls_relay_port=None if context is None else relay_port,
                    allow_origins=allow_origins, door=door)


def _server_tls(cert: Path | None, key: Path | None) -> tuple[SSLContext | None, str | None]:
    """The TLS context of ``--cert`` and ``--key`` (None without them), or why they will not
    do."""
    from audiospoons.net.tls import TLSFileError, server_context

    if cert is None and key is None:
        return None, None
    if cert is None or key is None:
        return None, "TLS needs both --cert and --key"
    try:
        return server_context(cert, key), None
    except TLSFileError as error:
        return None, str(error)


def _web(args: argparse.Namespace) -> int:
    """The page and its sessions, in the foreground until Ctrl+C or SIGTERM; the address to
    open is printed once the port is open; HTTPS with ``--cert`` and ``--key``."""
    import asyncio

    from audiospoons.web.server import serve_web

    context, problem = _server_tls(args.cert, args.key)
    if problem is not None:
        print(f"audiospoons web: {problem}", file=sys.stderr)
        return 2

    def ready(address: str) -> None:
        print(f"audiospoons web: open {address} in a web browser (Ctrl+C stops)", flush=True)

    try:
        asyncio.run(serve_web(args.host, args.port, ready, ssl=context, relays=args.relays,
                              allow_origins=args.allow_origin, max_sessions=args.max_sessions,
                              per_address=args.max_per_address, idle_limit=args.idle_limit))
    except OSError as error:
        print(f"audiospoons web: cannot listen on {args.host}:{args.port}:"
              f" {error.strerror or error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 0
    return 0


def at_a_keyboard(command: str) -> bool:
    """Whether the game can be played here; says why not if it cannot."""
    if sys.stdin.isatty():
        return True
    print(f"audiospoons {command}: the game is played at a keyboard: run it in a terminal",
          file=sys.stderr)
    return False


def _join(args: argparse.Namespace) -> int:
    """Online play at this keyboard, through the relay at ``args.address``."""
    import asyncio
    import contextlib
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
    from audiospoons.keys.reader import TerminalKeys
    from audiospoons.net.client import Login
    from audiospoons.net.tls import client_context, split_scheme
    from audiospoons.ui.keptseats import kept_seat, with_seat

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
    from audiospoons.net.client import Login

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
    import getpass

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


def _replay(args: argparse.Namespace) -> int:
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
            return _speak(scenario.new_game(), scenario.script, seat, KEYBOARDS[scenario.game],
                          lang, Verbosity(args.verbosity), SpeechMode(args.speech))
        lines = transcript(scenario, args.listener, raw_events=args.events, lang=lang,
                           verbosity=Verbosity(args.verbosity))
    except (ScenarioError, RulesError, UnknownLanguage) as error:
        print(f"audiospoons replay: {error}", file=sys.stderr)
        return 2
    try:
        print("\n".join(lines))
    except BrokenPipeError:
        sys.stderr.close()
    return 0


def _replay_from_relay(args: argparse.Namespace) -> int:
    """List the player's last games on a relay, or hear one of them again (see
    ``net.pastgames``)."""
    import asyncio
    import getpass
    from dataclasses import replace

    from audiospoons.app.onlinemenu import kept_login, with_login
    from audiospoons.app.records import game_text
    from audiospoons.app.settings import load_settings, save_settings
    from audiospoons.net.client import Login, RelayError
    from audiospoons.net.history import RecordError, replay_of
    from audiospoons.net.pastgames import fetch
    from audiospoons.net.relayaddress import relay_address
    from audiospoons.net.tls import client_context, split_scheme

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
        return _speak(game, script, fetched.seat, KEYBOARDS[spec.name], lang,
                      Verbosity(args.verbosity), SpeechMode(args.speech))
    lines = game_transcript(game, script, fetched.seat, KEYBOARDS[spec.name],
                            raw_events=args.events,
                            lang=lang, verbosity=Verbosity(args.verbosity))
    try:
        print("\n".join(lines))
    except BrokenPipeError:
        sys.stderr.close()
    return 0


def _speak(game: Rules, script: Sequence[ScriptLine], seat: int | None, half: KeyboardHalf,
           lang: str, verbosity: Verbosity, mode: SpeechMode) -> int:
    """Play ``script`` out in real time through speech and sound, as ``seat`` hears it."""
    from audiospoons.app.audio import open_audio
    from audiospoons.replay.listen import listen, urgent_phrases
    from audiospoons.voice.mixerspeech import MixerSpeech

    with open_audio(mode, lang) as audio:
        if isinstance(audio.speaker.output, MixerSpeech):
            audio.speaker.output.prepare(urgent_phrases(game, seat, half, lang))
        try:
            listen(game, script, seat, half, speaker=audio.speaker, sounds=audio.mixer, lang=lang,
                   verbosity=verbosity)
        except KeyboardInterrupt:
            return 130
        audio.finish()
    return 0


def _play(args: argparse.Namespace) -> int:
    """A game against bots at this keyboard, straight away: the saved settings and the game's
    saved options, with what the command line changes for this run; the reaction record is
    saved after, for a game that keeps one, and before the program ends on Ctrl+C."""
    from dataclasses import replace

    from audiospoons.app.session import play_local_game
    from audiospoons.app.settings import LeftByCtrlC, load_settings, save_settings

    spec = GAMES[args.game]
    settings, problem = load_settings()
    try:
        lang = choose_language(args.lang or settings.language)
        options, _ = spec.read_options(play_values(settings.values_of(spec.name), args))
        run = replace(
            settings, players=args.players or settings.players, bots=args.bots or settings.bots,
            verbosity=Verbosity(args.verbosity) if args.verbosity else settings.verbosity,
            language=lang)
        options.check_players(run.players)
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
            return play_local_game(settings=run, speaker=audio.speaker, mixer=audio.mixer,
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
    from audiospoons.app.audio import open_audio
    from audiospoons.app.menuhost import apply_settings
    from audiospoons.app.settings import problem_text
    from audiospoons.keys.reader import TerminalKeys

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


def _listen(args: argparse.Namespace) -> int:
    """A whole bot game, heard from one seat."""
    from audiospoons.simulate import bot_game_script

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
        return _speak(game, script, seat, KEYBOARDS[spec.name], lang, verbosity,
                      SpeechMode(args.speech))
    lines = game_transcript(game, script, seat, KEYBOARDS[spec.name], lang=lang,
                            verbosity=verbosity)
    try:
        print("\n".join(lines))
    except BrokenPipeError:
        sys.stderr.close()
    return 0


def _simulate(args: argparse.Namespace) -> int:
    """Bot-only games of ``--game``, summed up."""
    from audiospoons.simulate import simulate

    try:
        options = game_options(args)
        options.check_players(args.players)
        if args.games < 1:
            raise RulesError("--games must be 1 or more")
    except RulesError as error:
        print(f"audiospoons simulate: {error}", file=sys.stderr)
        return 2
    print(simulate(args.players, args.games, args.seed, options, Level(args.bots),
                   GAMES[args.game]).report())
    return 0


def game_options(args: argparse.Namespace) -> GameOptions:
    """The options of ``--game``: ``--preset``'s, where the game has presets, with
    ``--option`` over them."""
    options, _ = GAMES[args.game].read_options(option_values(preset_pairs(args)))
    return options


def preset_pairs(args: argparse.Namespace) -> list[str]:
    """The ``--option`` pairs, led by the ``--preset`` if one was given."""
    lead = [f"{PRESET_KEY}={args.preset}"] if args.preset else []
    return [*lead, *args.option]


def play_values(saved: Mapping[str, str], args: argparse.Namespace) -> dict[str, str]:
    """The option values a ``play`` reads: the saved ones with ``--option`` over them; or,
    with ``--preset``, the preset with ``--option`` over it (the saved options set aside):
    the game reads the preset, or refuses it if it has none."""
    given = option_values(args.option)
    if args.preset:
        return {PRESET_KEY: args.preset, **given}
    return {**saved, **given}


def check_options(game: str, values: Mapping[str, str]) -> None:
    """Raise ``RulesError`` if ``values`` (a preset among them) are not options of ``game``."""
    GAMES[game].read_options(values)


def option_values(pairs: Sequence[str]) -> dict[str, str]:
    """``key=value`` strings as a mapping of option keys to their values, as text."""
    values: dict[str, str] = {}
    for pair in pairs:
        key, equals, value = pair.partition("=")
        if not equals:
            raise RulesError(f"--option {pair!r}: write key=value, as in grab_time_limit=5")
        values[key.strip()] = value.strip()
    return values


def _options(game: RulesSpec) -> int:
    defaults = game.read_options({})[0].describe()
    for spec in game.option_docs:
        print(f"{spec.key} = {defaults[spec.key]}  ({spec.accepts})\n    {spec.description}")
    return 0
