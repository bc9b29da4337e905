"""``serve --admin NAME`` against the relay run as a process: a moderator is a registered
account, so a relay told to make a name nobody has registered a moderator refuses to start,
saying why, rather than leaving the name for anyone to register and moderate with."""

from __future__ import annotations

import asyncio
import subprocess
import sys
from pathlib import Path

from test_online_pty import environment, free_port, wait_for_relay

from audiospoons.net.client import Login, RelayClient, RelayError

PASSWORD = "hunter22"


def serve(tmp_path: Path, port: int, *args: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "audiospoons", "serve", "--port", str(port), "--data",
         str(tmp_path / "relay"), *args],
        env=environment(tmp_path, "relay"), stderr=subprocess.PIPE, text=True)


def stopped(relay: subprocess.Popen[str]) -> str:
    """What the relay wrote to stderr, once it has ended (stopped by its pid if it was still
    running)."""
    try:
        return relay.communicate(timeout=30)[1]
    finally:
        if relay.poll() is None:
            relay.terminate()
            relay.communicate(timeout=15)


def test_serve_refuses_to_make_an_unregistered_name_a_moderator(tmp_path: Path) -> None:
    relay = serve(tmp_path, free_port(), "--admin", "Modra")
    errors = stopped(relay)
    assert relay.returncode == 2, errors
    assert errors.endswith(
        "audiospoons serve: --admin Modra: no player has registered that name on this relay:"
        " register it first (join --register), then start the relay with --admin again\n")
    assert "Traceback" not in errors
    keeping_none = serve(tmp_path, free_port(), "--no-accounts", "--admin", "Modra")
    assert "moderators are registered players" in stopped(keeping_none)
    assert keeping_none.returncode == 2


def test_serve_makes_a_registered_account_a_moderator_and_no_one_else(tmp_path: Path) -> None:
    port = free_port()
    first = serve(tmp_path, port)
    try:
        wait_for_relay(port)

        async def register() -> None:
            modra = await RelayClient.connect("127.0.0.1", port, "Modra",
                                              login=Login(password=PASSWORD, register=True))
            await modra.close()

        asyncio.run(register())
    finally:
        first.terminate()
        first.communicate(timeout=15)

    again = serve(tmp_path, port, "--admin", "modra")
    try:
        wait_for_relay(port)

        async def moderate() -> None:
            modra = await RelayClient.connect("127.0.0.1", port, "Modra",
                                              login=Login(password=PASSWORD))
            assert modra.moderator
            try:
                squatter = await RelayClient.connect(
                    "127.0.0.1", port, "MODRA", login=Login(password=PASSWORD, register=True))
            except RelayError as error:
                assert error.code == "already-registered"
            else:
                raise AssertionError(f"{squatter.name} registered Modra's name")
            bob = await RelayClient.connect("127.0.0.1", port, "Bob",
                                            login=Login(password=PASSWORD, register=True))
            assert not bob.moderator
            await modra.close()
            await bob.close()

        asyncio.run(moderate())
    finally:
        again.terminate()
        errors = again.communicate(timeout=15)[1]
    assert "Traceback" not in errors, errors
