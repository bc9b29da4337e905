"""``audiospoons serve`` runs on uvloop's event loop where it is installed (as it is with the
test tools, on Linux), on asyncio's own when asked, and says which in its log; players meet
the same relay on either."""

from __future__ import annotations

import asyncio
import subprocess
import sys
from pathlib import Path

import pytest
from test_online_pty import environment, free_port, wait_for_relay

from audiospoons.net.client import RelayClient


async def chat_in_a_room(port: int) -> list[str]:
    """Ann opens a room, Bob joins it, and each hears the other's line."""
    ann = await RelayClient.connect("127.0.0.1", port, "Ann")
    bob = await RelayClient.connect("127.0.0.1", port, "Bob")
    ann.send("create_room")
    room = (await ann.expect("room"))["room"]
    bob.send("join_room", room=room)
    await ann.expect("room", where=lambda message: len(message["seats"]) == 2)
    ann.send("chat", text="hello Bob")
    bob.send("chat", text="hello Ann")
    heard = [(await bob.expect("chat", where=lambda line: line["name"] == "Ann"))["text"],
             (await ann.expect("chat", where=lambda line: line["name"] == "Bob"))["text"]]
    for client in (ann, bob):
        await client.close()
    return heard


@pytest.mark.parametrize(("asked", "ran"), [(None, "uvloop"), ("asyncio", "asyncio")])
def test_the_relay_says_which_event_loop_it_runs_on_and_plays_the_same_on_either(
        tmp_path: Path, asked: str | None, ran: str) -> None:
    port = free_port()
    relay = subprocess.Popen(
        [sys.executable, "-m", "audiospoons", "serve", "--port", str(port), "--no-accounts",
         *(() if asked is None else ("--event-loop", asked))],
        env=environment(tmp_path, "relay"), stderr=subprocess.PIPE, text=True)
    try:
        wait_for_relay(port)
        assert asyncio.run(chat_in_a_room(port)) == ["hello Bob", "hello Ann"]
    finally:
        relay.terminate()
        _, errors = relay.communicate(timeout=15)
    assert f" connections, on {ran}'s event loop" in errors, errors
    assert "Traceback" not in errors, errors
