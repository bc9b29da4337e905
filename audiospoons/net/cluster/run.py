"""``audiospoons cluster``: a front and N room processes on this host, as one relay. Each is an
``audiospoons`` process of its own (one a core); a room process that dies is started again (its
rooms are lost, and their players told so, as docs/scaling.md says); the front dying, or Ctrl+C
or SIGTERM, stops them all."""

from __future__ import annotations

import argparse
import logging
import os
import signal
import subprocess
import sys
import time
from types import FrameType

log = logging.getLogger("audiospoons.relay")

STOP_WAIT = 10.0
"""Seconds each process has to stop cleanly before it is killed."""


class Stop(Exception):
    """Ctrl+C or SIGTERM."""


def _shared(args: argparse.Namespace) -> list[str]:
    """The options every process of the cluster is given."""
    shared = ["--host", args.host, "--redis", args.redis]
    for flag, value in (("--max-per-address", args.max_per_address),
                        ("--max-connections", args.max_connections),
                        ("--max-rooms-per-address", args.max_rooms_per_address),
                        ("--cert", args.cert), ("--key", args.key), ("--data", args.data),
                        ("--database", args.database), ("--advertise", args.advertise),
                        ("--heartbeat", args.heartbeat), ("--event-loop", args.event_loop)):
        if value is not None:
            shared += [flag, str(value)]
    if args.no_accounts:
        shared.append("--no-accounts")
    for name in args.admin:
        shared += ["--admin", name]
    return shared


def _start(role: str, port: int, shared: list[str]) -> subprocess.Popen[bytes]:
    return subprocess.Popen([sys.executable, "-m", "audiospoons", role, "--port", str(port),
                             *shared])


def run_cluster(args: argparse.Namespace) -> int:
    logging.basicConfig(level=logging.INFO, stream=sys.stderr,
                        format="%(asctime)s %(name)s %(message)s")
    if args.processes < 1:
        print("audiospoons cluster: --processes must be at least 1", file=sys.stderr)
        return 2
    shared = _shared(args)
    rooms = {args.port + 1 + index: _start("serve", args.port + 1 + index, shared)
             for index in range(args.processes)}
    front = _start("front", args.port, shared)
    log.info("cluster: a front on port %d, room processes on ports %s", args.port,
             ", ".join(str(port) for port in rooms))

    def stop(number: int, frame: FrameType | None) -> None:
        raise Stop

    previous = {number: signal.signal(number, stop) for number in (signal.SIGINT,
                                                                   signal.SIGTERM)}
    code = 0
    try:
        while True:
            pid, status = os.wait()
            if pid == front.pid:
                front.returncode = os.waitstatus_to_exitcode(status)  # reaped here, not by it
                log.error("cluster: the front stopped (%d): stopping the cluster",
                          os.waitstatus_to_exitcode(status))
                code = 1
                break
            for port, process in list(rooms.items()):
                if process.pid == pid:
                    log.error("cluster: the room process on port %d stopped (%d): starting"
                              " it again", port, os.waitstatus_to_exitcode(status))
                    time.sleep(1.0)
                    rooms[port] = _start("serve", port, shared)
    except Stop:
        log.info("cluster: stopping")
    finally:
        for number, handler in previous.items():
            signal.signal(number, handler)
        everyone = [front, *rooms.values()]
        for process in everyone:
            if process.poll() is None:
                process.terminate()
        for process in everyone:
            try:
                process.wait(timeout=STOP_WAIT)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
    return code
