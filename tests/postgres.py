"""A PostgreSQL server of the tests' own: Debian's postgresql, its cluster made in a temporary
folder, listening on a free port of 127.0.0.1, run as the postgres user (PostgreSQL will not run
as root), and stopped by its pid."""

from __future__ import annotations

import contextlib
import os
import pwd
import shutil
import signal
import socket
import subprocess
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path


def binary(name: str) -> str:
    """A PostgreSQL program: on the PATH, else in Debian's versioned folder."""
    found = shutil.which(name)
    if found is not None:
        return found
    candidates = sorted(Path("/usr/lib/postgresql").glob(f"*/bin/{name}"))
    if not candidates:
        raise FileNotFoundError(f"{name} not found: install Debian's postgresql")
    return str(candidates[-1])


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@dataclass(frozen=True)
class Server:
    port: int
    process: subprocess.Popen[bytes]

    def url(self, database: str = "postgres") -> str:
        return f"postgresql://audiospoons@127.0.0.1:{self.port}/{database}"


def _as_postgres() -> dict[str, object]:
    """Popen's arguments to run a program as the postgres user when this is root."""
    if os.geteuid() != 0:
        return {}
    return {"user": "postgres", "group": "postgres", "extra_groups": []}


@contextlib.contextmanager
def postgres_server() -> Iterator[Server]:
    root = Path(tempfile.mkdtemp(prefix="audiospoons-pg-"))
    data, sockets = root / "data", root / "run"
    data.mkdir()
    sockets.mkdir()
    if os.geteuid() == 0:
        owner = pwd.getpwnam("postgres")
        for path in (root, data, sockets):
            os.chown(path, owner.pw_uid, owner.pw_gid)
    process: subprocess.Popen[bytes] | None = None
    try:
        subprocess.run([binary("initdb"), "-D", str(data), "-U", "audiospoons",
                        "--auth=trust", "-E", "UTF8", "--no-sync"],
                       check=True, capture_output=True, timeout=120, **_as_postgres())  # type: ignore[call-overload]
        port = free_port()
        with (root / "server.log").open("wb") as log:
            process = subprocess.Popen(
                [binary("postgres"), "-D", str(data), "-p", str(port), "-k", str(sockets),
                 "-c", "listen_addresses=127.0.0.1", "-c", "fsync=off"],
                stdout=log, stderr=log, stdin=subprocess.DEVNULL, start_new_session=True,
                **_as_postgres())  # type: ignore[call-overload]
        deadline = time.monotonic() + 30
        while subprocess.run([binary("pg_isready"), "-h", "127.0.0.1", "-p", str(port)],
                             capture_output=True).returncode != 0:
            assert process.poll() is None, (root / "server.log").read_text()
            assert time.monotonic() < deadline, "PostgreSQL did not start in 30 s"
            time.sleep(0.1)
        yield Server(port, process)
    finally:
        if process is not None and process.poll() is None:
            process.send_signal(signal.SIGINT)  # fast shutdown
            try:
                process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait(timeout=10)
        shutil.rmtree(root, ignore_errors=True)
