"""``audiospoons web``: the page and its sessions."""

from __future__ import annotations

import argparse
import asyncio
import sys

from audiospoons.commands.servertls import server_tls
from audiospoons.web.server import serve_web


def run(args: argparse.Namespace) -> int:
    """The page and its sessions, in the foreground until Ctrl+C or SIGTERM; the address to
    open is printed once the port is open; HTTPS with ``--cert`` and ``--key``."""
    context, problem = server_tls(args.cert, args.key)
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
