"""What the ``audiospoons`` command accepts: its commands and their arguments (``cli`` runs
them)."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Collection, Sequence
from pathlib import Path

from audiospoons.bots.levels import Level
from audiospoons.games.registry import DEFAULT, GAMES, game_choices
from audiospoons.net.eventloop import LOOPS
from audiospoons.voice.speech import SpeechMode

COMMAND_HELP: dict[str, str] = {
    "replay": "run a scenario file, or a game you played online, and print its transcript",
    "listen": "play a whole bot game and print, or speak, what one seat hears",
    "simulate": "play bot-only games in virtual time",
    "options": "list a game's options with their defaults",
    "play": "play a game against bots at once",
    "serve": "run a relay server for online play",
    "front": "run a cluster's front: the address players type, its lobby, sending them on to"
             " the room processes",
    "cluster": "run a front and N room processes on this host, as one relay",
    "web": "serve the game to play in a web browser",
    "join": "play online through a relay",
}
"""Each command, in the order the help lists them, and what it does."""


def build_parser(commands: Collection[str] | None = None) -> argparse.ArgumentParser:
    """The command line's parser, with the arguments of ``commands`` (every command's unless
    given): a command not among them is named and helped in the list of commands, and takes
    nothing, so that reading a line builds only the parser of the command it names (whose
    choices may load a game or the speech's languages)."""
    parser = argparse.ArgumentParser(
        prog="audiospoons", description="Spoons, the card game, played by ear.",
        epilog="With no command, audiospoons opens the spoken main menu.")
    parser.add_argument("--speech", dest="menu_speech", choices=[mode.value for mode in SpeechMode],
                        help="with no command: where speech goes this time (default: as saved in"
                             " the settings, at first auto)")
    parser.add_argument("--lang", dest="menu_lang", metavar="CODE",
                        help="with no command: the language this time (default: as saved in the"
                             " settings, at first the system's)")
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name, about in COMMAND_HELP.items():
        built = commands is None or name in commands
        command = subparsers.add_parser(name, help=about, add_help=built)
        if built:
            COMMAND_ARGUMENTS[name](command)
    return parser


def command_parser(argv: Sequence[str] | None = None) -> argparse.ArgumentParser:
    """The parser of the command line ``argv`` (the program's own, if None), with the arguments
    of the command it names alone: a line that starts with a command names it, and any other is
    read first by a parser with no command's arguments."""
    line = sys.argv[1:] if argv is None else argv
    if line and line[0] in COMMAND_HELP:
        return build_parser((line[0],))
    named, _ = build_parser(()).parse_known_args(line)
    return build_parser(() if named.command is None else (named.command,))


def replay_arguments(replay: argparse.ArgumentParser) -> None:
    replay.add_argument("file", type=Path, nargs="?", help="a scenario file (TOML)")
    replay.add_argument("--from-relay", metavar="[tls://]HOST[:PORT]",
                        help="a game you played on this relay, instead of a file: without"
                             " --game, list your last games there; logs in with the login kept"
                             " by Play online or join, else asks your password")
    replay.add_argument("--name", help="with --from-relay: your name there")
    replay.add_argument("--game", type=int, metavar="N",
                        help="with --from-relay: the game to hear, by its number in the list")
    replay.add_argument("--listener", metavar="NAME",
                        help="print what this player hears instead of a spectator")
    replay.add_argument("--events", action="store_true", help="print the raw events")
    add_voice_arguments(replay)
    add_speak_arguments(replay)


def listen_arguments(listen: argparse.ArgumentParser) -> None:
    listen.add_argument("--players", type=int, default=4, help="players (default 4)")
    listen.add_argument("--seed", type=int, default=0,
                        help="the same seed plays the same game (default 0)")
    listen.add_argument("--seat", type=int, default=1,
                        help="the seat to hear the game from, 1 to players (default 1)")
    add_game_arguments(listen)
    add_voice_arguments(listen)
    add_speak_arguments(listen)


def simulate_arguments(simulate: argparse.ArgumentParser) -> None:
    simulate.add_argument("--players", type=int, default=4,
                          help="players at the table (default 4)")
    simulate.add_argument("--games", type=int, default=10, help="games to play (default 10)")
    simulate.add_argument("--seed", type=int, default=0,
                          help="the same seed plays the same games (default 0)")
    add_game_arguments(simulate)
    simulate.add_argument("--bots", choices=["easy", "normal", "hard", "expert"],
                          default="normal", metavar="LEVEL",
                          help="the bots' level: easy, normal, hard or expert (default normal)")


def options_arguments(options: argparse.ArgumentParser) -> None:
    options.add_argument("--game", choices=list(GAMES), default=DEFAULT,
                         help=f"which game: {game_choices()}; {DEFAULT} unless given")


def play_arguments(play: argparse.ArgumentParser) -> None:
    play.add_argument("--players", type=int,
                      help="players at the table, you included (default: as saved, first 4)")
    add_game_arguments(play)
    play.add_argument("--bots", choices=[level.value for level in Level],
                      help="how well the bots play (default: as saved, first easy)")
    play.add_argument("--seed", type=int, help="deal the same games every time")
    add_voice_arguments(play)
    play.set_defaults(verbosity=None)
    play.add_argument("--speech", choices=[mode.value for mode in SpeechMode],
                      help="where speech goes (default: as saved, first auto: a running screen"
                           " reader, else text-to-speech, else text)")


def serve_arguments(serve: argparse.ArgumentParser) -> None:
    add_relay_arguments(serve)
    serve.add_argument("--redis", metavar="URL",
                       help="be one of a cluster's room processes, its directory in this Redis"
                            " (redis://HOST:PORT/DB): players come through the cluster's front")
    serve.add_argument("--web", type=int, metavar="PORT",
                       help="also serve the page to play in a browser on this port, its Play"
                            " online offering this relay (with the relay's TLS, if it has it)")
    add_origin_argument(serve)


def front_arguments(front: argparse.ArgumentParser) -> None:
    add_relay_arguments(front)
    front.add_argument("--redis", metavar="URL", required=True,
                       help="the cluster's directory (redis://HOST:PORT/DB)")


def cluster_arguments(cluster: argparse.ArgumentParser) -> None:
    add_relay_arguments(cluster)
    cluster.add_argument("--processes", type=int, default=2, metavar="N",
                         help="room processes to run (default 2; one a core)")
    cluster.add_argument("--redis", metavar="URL", default="redis://127.0.0.1:6379/0",
                         help="the cluster's directory (default redis://127.0.0.1:6379/0)")


def web_arguments(web: argparse.ArgumentParser) -> None:
    web.add_argument("--host", default="127.0.0.1",
                     help="the address to listen on (default 127.0.0.1, this machine only)")
    web.add_argument("--port", type=int, default=8080,
                     help="the port (default 8080; 0 takes a free one)")
    web.add_argument("--cert", type=Path, metavar="FILE",
                     help="serve the page over HTTPS with this certificate (PEM); needs --key")
    web.add_argument("--key", type=Path, metavar="FILE", help="the certificate's private key")
    web.add_argument("--relays", type=relay_list, default=(), metavar="HOST:PORT,...",
                     help="the relays Play online reaches from the page (tls://HOST:PORT for"
                          " one serving TLS); without it, a page served on loopback alone"
                          " reaches any relay, and one other machines reach, none")
    add_origin_argument(web)
    web.add_argument("--max-sessions", type=int, metavar="N",
                     help="sessions at once from everywhere (default 1000, fewer if the"
                          " system's open-file limit allows fewer)")
    web.add_argument("--max-per-address", type=int, metavar="N",
                     help="sessions at once from one address (default 8; an IPv4 /24 or IPv6"
                          " /64 counts as one address)")
    web.add_argument("--idle-limit", type=float, metavar="SECONDS",
                     help="end a session after this long with no key pressed in the menus"
                          " (default 1800, half an hour)")


def join_arguments(join: argparse.ArgumentParser) -> None:
    join.add_argument("address", metavar="[tls://]HOST[:PORT]",
                      help="the relay (port 7777 if not given; tls:// for a relay serving TLS)")
    join.add_argument("--tls", action="store_true",
                      help="connect with TLS, checking the relay's certificate (as tls:// does)")
    trust = join.add_mutually_exclusive_group()
    trust.add_argument("--ca", type=Path, metavar="FILE",
                       help="with TLS: trust this CA or certificate (PEM) too, besides the"
                            " system's (implies --tls)")
    trust.add_argument("--insecure", action="store_true",
                       help="with TLS: do not check the relay's certificate, for a test relay"
                            " with a self-signed one: anyone on the way could pose as the relay"
                            " (implies --tls)")
    join.add_argument("--name", required=True, help="your name at the table (1 to 20 characters)"
                      "; a registered name logs in with the login kept from last time, else"
                      " its password is asked")
    join.add_argument("--register", action="store_true",
                      help="register the name on the relay with a password (asked), so that it"
                           " is yours there, with a rating and your games kept")
    join.add_argument("--room", type=int,
                      help="the room to join; without it, the relay's lobby (with --bots, a"
                           " room of your own at once)")
    join.add_argument("--password",
                      help="the room's password: to join it, or to give a room of your own")
    join.add_argument("--bots", type=int, default=0,
                      help="in a room of your own: how many bots to seat (default 0)")
    add_game_arguments(join, "in a room of your own: ")
    join.add_argument("--lang", metavar="CODE", help="language of speech")
    join.add_argument("--speech", choices=[mode.value for mode in SpeechMode],
                      help="where speech goes (default: as saved, first auto)")


COMMAND_ARGUMENTS: dict[str, Callable[[argparse.ArgumentParser], None]] = {
    "replay": replay_arguments, "listen": listen_arguments, "simulate": simulate_arguments,
    "options": options_arguments, "play": play_arguments, "serve": serve_arguments,
    "front": front_arguments, "cluster": cluster_arguments, "web": web_arguments,
    "join": join_arguments}
"""What each command takes, added to its parser."""


def add_relay_arguments(parser: argparse.ArgumentParser) -> None:
    """What ``serve``, ``front`` and ``cluster`` share: where to listen, TLS, the accounts and
    the limits."""
    parser.add_argument("--host", default="127.0.0.1",
                       help="the address to listen on (default 127.0.0.1; 0.0.0.0 for every"
                            " network)")
    parser.add_argument("--port", type=int, default=7777, help="the port (default 7777)")
    parser.add_argument("--max-per-address", type=int, metavar="N",
                       help="connections allowed from one address at once (default 16; an"
                            " IPv4 /24 or IPv6 /64 counts as one address)")
    parser.add_argument("--max-connections", type=int, metavar="N",
                       help="connections allowed at once from everywhere (default: as many as"
                            " the system's open-file limit allows, at most 10000)")
    parser.add_argument("--max-rooms-per-address", type=int, metavar="N",
                       help="rooms open at once that were opened from one address (default 4)")
    parser.add_argument("--cert", type=Path, metavar="FILE",
                       help="serve TLS with this certificate (PEM, with its chain: Let's"
                            " Encrypt's fullchain.pem); needs --key")
    parser.add_argument("--key", type=Path, metavar="FILE",
                       help="the certificate's private key (PEM: Let's Encrypt's privkey.pem)")
    parser.add_argument("--data", type=Path, metavar="DIR",
                       help="the folder the relay keeps its accounts in (relay.db, SQLite;"
                            " default: the user's data folder)")
    parser.add_argument("--database", metavar="URL",
                       help="keep the accounts in this PostgreSQL database instead"
                            " (postgresql://USER:PASSWORD@HOST:PORT/NAME), as a cluster does")
    parser.add_argument("--no-accounts", action="store_true",
                       help="keep no accounts: every player is a guest, and no game is kept or"
                            " rated")
    parser.add_argument("--admin", action="append", default=[], metavar="NAME",
                       help="make this registered player a moderator: they may ban and mute"
                            " on the whole relay (again for more moderators); the relay will"
                            " not start with a name no one has registered")
    parser.add_argument("--advertise", metavar="HOST",
                        help="in a cluster: the host players reach this process at (default:"
                             " --host)")
    parser.add_argument("--heartbeat", type=float, metavar="SECONDS",
                        help="in a cluster: seconds between a process's writes to the"
                             " directory (default 5); a process silent for three is gone")
    parser.add_argument("--event-loop", choices=LOOPS,
                        help="the event loop to run on (default: uvloop where it is installed,"
                             " with the serve extra on Linux and macOS; else asyncio)")


def add_origin_argument(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--allow-origin", action="append", default=[], metavar="ORIGIN",
                        help="let pages served at this origin (https://NAME[:PORT]) open"
                             " sessions too, besides the address the page was asked at (again"
                             " for more)")


def relay_list(text: str) -> tuple[str, ...]:
    """``--relays``: relay addresses, comma separated, each as Play online reads one."""
    from audiospoons.web.relays import relay_key  # loaded here: only web --relays reads it

    relays = tuple(part.strip() for part in text.split(",") if part.strip())
    if not relays or any(relay_key(relay) is None for relay in relays):
        raise argparse.ArgumentTypeError(f"not relay addresses (HOST:PORT,...): {text!r}")
    return relays


def add_voice_arguments(parser: argparse.ArgumentParser) -> None:
    from audiospoons.voice.announcer import Verbosity  # loaded here: the relay's parser has none
    from audiospoons.voice.languages import available_languages  # loaded here: as Verbosity

    parser.add_argument("--lang", metavar="CODE",
                        help="language of speech (default: the system's, else English);"
                             f" one of {', '.join(available_languages())}")
    parser.add_argument("--verbosity", choices=[v.value for v in Verbosity],
                        default=Verbosity.FULL.value,
                        help="full: every pass and pick-up; brief: only what changes a decision")


def add_speak_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--speak", action="store_true",
                        help="play it out in real time: speech and sound instead of a printout")
    parser.add_argument("--speech", choices=[mode.value for mode in SpeechMode],
                        default=SpeechMode.AUTO.value,
                        help="with --speak: where speech goes (default auto: a running screen"
                             " reader, else text-to-speech, else text)")


def add_game_arguments(parser: argparse.ArgumentParser, when: str = "") -> None:
    """``--game``, ``--option`` and ``--preset``: which game, and its options, led by a
    preset."""
    parser.add_argument("--game", choices=list(GAMES), default=DEFAULT,
                        help=f"{when}which game: {game_choices()}; {DEFAULT} unless given")
    parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                        help=f"{when}a game option; repeat for more")
    parser.add_argument("--preset", metavar="NAME",
                        help=f"{when}a named way of playing: " + ", ".join(
                            name for spec in GAMES.values() for name in spec.presets)
                             + "; --option values override it")
