"""``audiospoons serve`` and ``audiospoons front``: the relay, in the foreground."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import logging
import sys
from pathlib import Path
from ssl import SSLContext
from typing import TYPE_CHECKING

from audiospoons.commands.servertls import server_tls
from audiospoons.net.eventloop import LoopMissing, loop_factory
from audiospoons.net.moderation import NoSuchModerator
from audiospoons.net.relaysettings import RelaySettings
from audiospoons.net.serving import NotServing, serve

if TYPE_CHECKING:
    from audiospoons.net.door import RelayDoor

SPOOL = "unsaved-games.jsonl"
"""The file in the relay's data folder that holds the games it could not keep when it
stopped with its database out of reach, until the next start keeps them."""


def run(args: argparse.Namespace) -> int:
    return _serve(args.host, args.port, args.max_per_address, args.cert, args.key,
                  max_connections=args.max_connections,
                  rooms_per_address=args.max_rooms_per_address,
                  web_port=getattr(args, "web", None),
                  allow_origins=tuple(getattr(args, "allow_origin", ())),
                  database=_relay_database(args), admins=frozenset(args.admin),
                  spool=None if args.no_accounts else _relay_folder(args) / SPOOL,
                  redis=args.redis, front=args.command == "front",
                  advertise=args.advertise, heartbeat=args.heartbeat,
                  event_loop=args.event_loop)


def _relay_database(args: argparse.Namespace) -> str | None:
    """Where ``serve`` keeps its accounts: ``--database``, else relay.db in ``--data`` or the
    user's data folder; None with ``--no-accounts``."""
    if args.no_accounts:
        return None
    if args.database:
        return str(args.database)
    return str(_relay_folder(args) / "relay.db")


def _relay_folder(args: argparse.Namespace) -> Path:
    """``--data``, else the user's data folder."""
    import platformdirs  # loaded here: only a relay given no --data asks for its folder

    folder: Path = args.data or Path(platformdirs.user_data_dir("audiospoons",
                                                                appauthor=False))
    return folder


def _serve(host: str, port: int, per_address: int | None = None, cert: Path | None = None,
           key: Path | None = None, *, max_connections: int | None = None,
           rooms_per_address: int | None = None, web_port: int | None = None,
           allow_origins: tuple[str, ...] = (), database: str | None = None,
           admins: frozenset[str] = frozenset(),
           spool: Path | None = None, redis: str | None = None, front: bool = False,
           advertise: str | None = None, heartbeat: float | None = None,
           event_loop: str | None = None) -> int:
    """The relay, in the foreground, logging to stderr until Ctrl+C or SIGTERM; TLS with
    ``cert`` and ``key``; with ``web_port``, the page beside it; on ``event_loop``
    (``eventloop``: uvloop's where installed, unless asked for asyncio's)."""
    context, problem = server_tls(cert, key)
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
            from audiospoons.net.door import RelayDoor  # loaded here: only with --web

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
        with asyncio.Runner(loop_factory=loop_factory(event_loop)) as runner:
            runner.run(relay())
    except LoopMissing as missing:
        print(f"audiospoons serve: {missing}", file=sys.stderr)
        return 2
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
    from audiospoons.web.server import serve_web  # loaded here: only with --web

    def ready(address: str) -> None:
        print(f"audiospoons serve: the page to play in a browser is at {address}",
              file=sys.stderr, flush=True)

    await serve_web(host, web_port, ready, ssl=context,
                    relay=f"127.0.0.1:{relay_port}" if context is None else None,
                    tls_relay_port=None if context is None else relay_port,
                    allow_origins=allow_origins, door=door)
