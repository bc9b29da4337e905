"""The relay over TLS, on real sockets of 127.0.0.1, with a throwaway CA made by trustme: a whole
game between remote bots, certificates checked (and refused, said as such), ``--insecure``, a
plain client at the TLS port, ``audiospoons serve --cert --key`` with bad files, ``join
tls://`` in a real pseudo-terminal, and Play online's ``tls://`` address."""

from __future__ import annotations

import asyncio
import contextlib
import io
import ssl
import subprocess
import sys
import threading
from collections.abc import Awaitable, Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import pexpect
import pytest
import trustme
from fakes import Lines
from test_cli import audiospoons
from test_menu import Cues, ScriptedKeys
from test_online import PipeKeys, heard
from test_online_menu import keys_for, run_screens
from test_online_pty import environment, free_port, wait_for_relay
from test_relay import FAST, QUICK_GAME

from audiospoons.app.onlinemenu import JoinRequest, Outcome, read_address
from audiospoons.app.relayjoin import PLAYED, UNREACHABLE, join_relay
from audiospoons.app.screens import Screens
from audiospoons.app.settings import Settings
from audiospoons.app.wiring import online_game
from audiospoons.games.spoons.rules.events import GameOver
from audiospoons.net.botclient import play_seat
from audiospoons.net.client import RelayClient, RelayError
from audiospoons.net.serving import serve
from audiospoons.net.tls import TLSFileError, client_context, server_context
from audiospoons.voice.i18n import messages
from audiospoons.voice.speaker import Speaker
from audiospoons.voice.speech import SpeechMode, TextOutput

EN = messages("en")


@dataclass(frozen=True, slots=True)
class Files:
    """A relay's certificate (with its chain) and key, the CA that issued it, and a CA that
    did not."""

    cert: Path
    key: Path
    ca: Path
    other_ca: Path
    localhost_cert: Path
    """A certificate for ``localhost`` alone (not 127.0.0.1), by the same CA."""
    localhost_key: Path


@pytest.fixture(scope="module")
def files(tmp_path_factory: pytest.TempPathFactory) -> Files:
    folder = tmp_path_factory.mktemp("tls")
    ca, other = trustme.CA(), trustme.CA()
    issued = ca.issue_cert("127.0.0.1", "localhost")
    named = ca.issue_cert("localhost")
    found = Files(folder / "fullchain.pem", folder / "privkey.pem", folder / "ca.pem",
                  folder / "other-ca.pem", folder / "localhost.pem", folder / "localhost-key.pem")
    found.cert.write_bytes(b"".join(pem.bytes() for pem in issued.cert_chain_pems))
    issued.private_key_pem.write_to_path(str(found.key))
    ca.cert_pem.write_to_path(str(found.ca))
    other.cert_pem.write_to_path(str(found.other_ca))
    found.localhost_cert.write_bytes(b"".join(pem.bytes() for pem in named.cert_chain_pems))
    named.private_key_pem.write_to_path(str(found.localhost_key))
    return found


@contextlib.contextmanager
def tls_relay(cert: Path, key: Path, handshake_timeout: float = 10.0) -> Iterator[int]:
    """``net.serving.serve`` over TLS on a free port of 127.0.0.1, in a thread of its own (so
    that a test may run its own loop, or the menus' ``asyncio.run``): its port."""
    port = free_port()
    started = threading.Event()
    loop_ready: list[tuple[asyncio.AbstractEventLoop, asyncio.Event]] = []
    failed: list[BaseException] = []

    async def run() -> None:
        ready, stop = asyncio.Event(), asyncio.Event()
        loop_ready.append((asyncio.get_running_loop(), stop))
        task = asyncio.create_task(serve(
            "127.0.0.1", port, ssl=server_context(cert, key), ready=ready, stop=stop,
            handshake_timeout=handshake_timeout))
        await asyncio.wait({task, asyncio.create_task(ready.wait())},
                           return_when=asyncio.FIRST_COMPLETED)
        started.set()
        await task

    def thread() -> None:
        try:
            asyncio.run(run())
        except BaseException as error:
            failed.append(error)
            started.set()

    runner = threading.Thread(target=thread, daemon=True)
    runner.start()
    assert started.wait(10.0), "the relay did not start"
    assert not failed, failed
    try:
        yield port
    finally:
        loop, stop = loop_ready[0]
        loop.call_soon_threadsafe(stop.set)
        runner.join(10.0)
        assert not failed, failed


def run(scenario: Callable[[], Awaitable[None]], timeout: float = 90.0) -> None:
    async def main() -> None:
        await asyncio.wait_for(scenario(), timeout)

    asyncio.run(main())


def verified(files: Files) -> ssl.SSLContext:
    return client_context(ca=files.ca)


# ----------------------------------------------------------------------------- play over TLS


def test_a_whole_quick_game_between_remote_bots_over_tls(files: Files) -> None:
    """Three bots play a whole game through a TLS relay, each from its own connection that
    checks the relay's certificate; the bytes on the wire are not JSON."""

    async def scenario(port: int) -> None:
        clients = [await RelayClient.connect("127.0.0.1", port, name, ssl=verified(files))
                   for name in ("Ann", "Bob", "Cy")]
        assert all(client.writer.get_extra_info("ssl_object") is not None for client in clients)
        host = clients[0]
        host.send("create_room", options=QUICK_GAME)
        room = (await host.expect("room"))["room"]
        for client in clients[1:]:
            client.send("join_room", room=room)
            await client.expect("room")
            client.send("ready", ready=True)
        await host.expect("room", where=lambda m: len(m["seats"]) == 3
                          and all(seat["ready"] for seat in m["seats"][1:]))
        host.send("start")
        started = [await client.expect("game_started") for client in clients]
        results = await asyncio.gather(*(
            play_seat(client, start, seed=seat, pace=FAST)
            for seat, (client, start) in enumerate(zip(clients, started, strict=True))))
        assert all(result.over and isinstance(result.events[-1], GameOver)
                   for result in results)
        assert len({result.events[-1].winners for result in results}) == 1  # type: ignore[attr-defined]
        for client in clients:
            await client.close()

    with tls_relay(files.cert, files.key) as port:
        run(lambda: scenario(port))


def test_a_player_who_hangs_up_over_tls_leaves_the_room(files: Files) -> None:
    """The relay notices a TLS connection the other end has closed as it notices a TCP one."""

    async def scenario(port: int) -> None:
        ann = await RelayClient.connect("127.0.0.1", port, "Ann", ssl=verified(files))
        bob = await RelayClient.connect("127.0.0.1", port, "Bob", ssl=verified(files))
        ann.send("create_room")
        room = (await ann.expect("room"))["room"]
        bob.send("join_room", room=room)
        await ann.expect("room", where=lambda m: len(m["seats"]) == 2)
        await bob.close()
        left = await ann.expect("room", timeout=5.0, where=lambda m: len(m["seats"]) == 1)
        assert [seat["name"] for seat in left["seats"]] == ["Ann"]
        await ann.close()

    with tls_relay(files.cert, files.key) as port:
        run(lambda: scenario(port))


def test_the_relays_own_certificate_may_be_trusted_instead_of_its_ca(files: Files) -> None:
    async def scenario(port: int) -> None:
        ann = await RelayClient.connect("127.0.0.1", port, "Ann",
                                        ssl=client_context(ca=files.cert))
        assert ann.name == "Ann"
        await ann.close()

    with tls_relay(files.cert, files.key) as port:
        run(lambda: scenario(port))


# ----------------------------------------------------------------------------- certificates


def test_a_client_that_verifies_refuses_a_certificate_it_cannot_trust(files: Files) -> None:
    async def scenario(port: int) -> None:
        for context in (client_context(), client_context(ca=files.other_ca)):
            with pytest.raises(ssl.SSLCertVerificationError,
                               match="unable to get local issuer certificate"):
                await RelayClient.connect("127.0.0.1", port, "Ann", ssl=context)

    with tls_relay(files.cert, files.key) as port:
        run(lambda: scenario(port))


def test_a_certificate_for_another_name_is_refused(files: Files) -> None:
    async def scenario(port: int) -> None:
        with pytest.raises(ssl.SSLCertVerificationError, match="mismatch"):
            await RelayClient.connect("127.0.0.1", port, "Ann", ssl=verified(files))
        ann = await RelayClient.connect("localhost", port, "Ann", ssl=verified(files))
        await ann.close()

    with tls_relay(files.localhost_cert, files.localhost_key) as port:
        run(lambda: scenario(port))


def test_a_certificate_that_fails_is_said_so_and_the_relay_counts_as_unreachable(
        files: Files) -> None:
    async def scenario(port: int) -> None:
        lines, keys, saved = Lines(), PipeKeys(), []
        result = await join_relay(
            "127.0.0.1", port, "Ann", room=None, values={}, bots=0, messages=EN,
            speaker=Speaker(lines), sounds=None, keys=keys, ssl=client_context(),
            on_connected=lambda token: saved.append(True))
        assert result == UNREACHABLE
        assert lines.spoken == ["The relay's certificate could not be verified: unable to get"
                                " local issuer certificate"]
        assert saved == []
        keys.close()

    with tls_relay(files.cert, files.key) as port:
        run(lambda: scenario(port))


def test_insecure_connects_to_a_relay_it_cannot_check_and_says_so(files: Files) -> None:
    async def scenario(port: int) -> None:
        bob = await RelayClient.connect("127.0.0.1", port, "Bob",
                                        ssl=client_context(insecure=True))
        assert bob.name == "Bob"
        await bob.close()
        lines, keys = Lines(), PipeKeys()
        task = asyncio.create_task(join_relay(
            "127.0.0.1", port, "Ann", room=None, values={}, bots=0, messages=EN,
            speaker=Speaker(lines), sounds=None, keys=keys, ssl=client_context(insecure=True)))
        await heard(lines, "Lobby: no rooms open.")
        assert lines.spoken[:2] == [
            "The relay's identity is not checked: the connection is encrypted, but anyone on"
            " the way could pose as the relay.",
            "Connected to 127.0.0.1 as Ann."]
        keys.press("escape")
        assert await asyncio.wait_for(task, 10.0) == PLAYED
        keys.close()

    with tls_relay(files.cert, files.key) as port:
        run(lambda: scenario(port))


def test_a_ca_file_and_insecure_do_not_go_together_and_bad_ca_files_are_said(
        files: Files, tmp_path: Path) -> None:
    with pytest.raises(TLSFileError, match="of no use"):
        client_context(ca=files.ca, insecure=True)
    with pytest.raises(TLSFileError, match=r"cannot read the CA file .*missing\.pem: No such"):
        client_context(ca=tmp_path / "missing.pem")
    junk = tmp_path / "junk.pem"
    junk.write_text("not a certificate\n")
    with pytest.raises(TLSFileError, match="is not a certificate in PEM"):
        client_context(ca=junk)


# ----------------------------------------------------------------------------- plain TCP


def test_a_plain_client_at_the_tls_port_gets_nothing_useful_and_the_relay_serves_on(
        files: Files) -> None:
    async def scenario(port: int) -> None:
        with pytest.raises(RelayError):
            await RelayClient.connect("127.0.0.1", port, "Ann", timeout=5.0)
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        writer.write(b'{"kind":"hello","version":1,"name":"Ann"}\n')
        got = await asyncio.wait_for(reader.read(), 5.0)
        assert b"kind" not in got and b"\n" not in got, got
        writer.close()
        silent_reader, silent = await asyncio.open_connection("127.0.0.1", port)
        assert await asyncio.wait_for(silent_reader.read(), 5.0) == b"", \
            "a handshake never begun is cut off"
        silent.close()
        ann = await RelayClient.connect("127.0.0.1", port, "Ann", ssl=verified(files))
        ann.send("list_rooms")
        assert (await ann.expect("rooms"))["rooms"] == []
        await ann.close()

    with tls_relay(files.cert, files.key, handshake_timeout=0.5) as port:
        run(lambda: scenario(port))


def test_a_tls_client_at_a_plain_relay_is_refused_not_answered_in_clear() -> None:
    async def scenario() -> None:
        stop, ready = asyncio.Event(), asyncio.Event()
        port = free_port()
        task = asyncio.create_task(serve("127.0.0.1", port, ready=ready, stop=stop))
        await ready.wait()
        with pytest.raises((ssl.SSLError, RelayError, TimeoutError, ConnectionError)):
            await RelayClient.connect("127.0.0.1", port, "Ann", timeout=2.0,
                                      ssl=client_context(insecure=True))
        stop.set()
        await task

    run(scenario)


# ----------------------------------------------------------------------------- the commands


def test_serve_with_files_it_cannot_use_says_so_in_one_line(files: Files, tmp_path: Path
                                                           ) -> None:
    junk = tmp_path / "junk.pem"
    junk.write_text("not a certificate\n")
    cases = [
        (["--cert", str(files.cert)], "TLS needs both --cert and --key"),
        (["--cert", str(tmp_path / "missing.pem"), "--key", str(files.key)],
         f"cannot read the certificate {tmp_path / 'missing.pem'}: No such file or directory"),
        (["--cert", str(junk), "--key", str(files.key)],
         f"the certificate {junk} is not a certificate in PEM"),
        (["--cert", str(files.cert), "--key", str(junk)],
         f"the key {junk} is not a private key in PEM"),
        (["--cert", str(files.cert), "--key", str(files.localhost_key)],
         f"the key {files.localhost_key} is not the key of the certificate {files.cert}"),
    ]
    for args, problem in cases:
        result = audiospoons("serve", "--port", str(free_port()), *args)
        assert result.returncode == 2, result.stderr
        assert result.stderr == f"audiospoons serve: {problem}\n"


def test_join_says_what_is_wrong_with_its_tls_options_before_it_connects(tmp_path: Path
                                                                        ) -> None:
    result = audiospoons("join", "tls://127.0.0.1:9", "--name", "Ann", "--ca",
                         str(tmp_path / "missing.pem"))
    assert result.returncode == 2
    assert result.stderr == (f"audiospoons join: cannot read the CA file"
                             f" {tmp_path / 'missing.pem'}: No such file or directory\n")
    result = audiospoons("join", "127.0.0.1:9", "--name", "Ann", "--ca", "x", "--insecure")
    assert result.returncode == 2
    assert "not allowed with argument" in result.stderr


def test_join_tls_in_a_terminal_reaches_the_lobby_of_a_served_relay(files: Files,
                                                                      tmp_path: Path) -> None:
    """``audiospoons serve --cert --key``, and three ``audiospoons join`` at a keyboard: with
    ``--ca`` it reaches the lobby; with ``--tls`` alone the system does not know the CA, which
    is said; with ``--insecure`` it gets in, told that the relay's identity is not checked."""
    port = free_port()
    relay = subprocess.Popen(
        [sys.executable, "-m", "audiospoons", "serve", "--port", str(port), "--cert",
         str(files.cert), "--key", str(files.key)],
        env=environment(tmp_path, "relay"), stderr=subprocess.PIPE, text=True)
    children: list[pexpect.spawn] = []

    def join(name: str, address: str, *args: str) -> pexpect.spawn:
        child = pexpect.spawn(sys.executable, [
            "-m", "audiospoons", "join", address, "--name", name, *args, "--speech", "text"],
            env=environment(tmp_path, name), encoding="utf-8", timeout=10,
            dimensions=(40, 200))
        children.append(child)
        return child

    def exit_status(child: pexpect.spawn) -> int | None:
        child.expect(pexpect.EOF)
        child.close()
        status: int | None = child.exitstatus
        return status

    try:
        wait_for_relay(port)
        ann = join("Ann", f"tls://127.0.0.1:{port}", "--ca", str(files.ca))
        ann.expect_exact("Connected to 127.0.0.1 as Ann.")
        ann.expect_exact("Lobby: no rooms open. New room, 1 of 4")
        ann.send("\x1b")
        assert exit_status(ann) == PLAYED
        bob = join("Bob", f"127.0.0.1:{port}", "--tls")
        bob.expect_exact("The relay's certificate could not be verified: unable to get local"
                         " issuer certificate")
        assert exit_status(bob) == UNREACHABLE
        cy = join("Cy", f"127.0.0.1:{port}", "--insecure")
        cy.expect_exact("The relay's identity is not checked: the connection is encrypted,")
        cy.expect_exact("Connected to 127.0.0.1 as Cy.")
        cy.expect_exact("Lobby: no rooms open.")
        cy.send("\x1b")
        assert exit_status(cy) == PLAYED
    finally:
        for child in children:
            if child.isalive():
                child.terminate(force=True)
        relay.terminate()
        _, errors = relay.communicate(timeout=10)
    assert f"relay listening on ('127.0.0.1', {port}) (TLS)" in errors, errors
    assert "Traceback" not in errors, errors


# ----------------------------------------------------------------------------- Play online


def test_an_address_may_ask_for_tls_and_is_saved_as_typed(tmp_path: Path) -> None:
    from audiospoons.net.relayaddress import relay_address

    assert relay_address("tls://example.org") == ("example.org", 7777)
    assert relay_address("TLS://[::1]:7000") == ("::1", 7000)
    assert read_address("tls://example.org:7001", EN) == ("example.org", 7001)
    asked: list[JoinRequest] = []

    def relay(settings: Settings, request: JoinRequest,
              connected: Callable[[str | None], None]) -> Outcome:
        asked.append(request)
        connected(None)
        return Outcome.PLAYED

    _, ui = run_screens(tmp_path, ["down", "enter", *keys_for("tls://localhost:7000"), "enter",
                                   *keys_for("Ann"), "enter", "enter"], play_online=relay)
    assert asked == [JoinRequest("localhost", 7000, "Ann", tls=True)]
    assert ui.settings.online_address == "tls://localhost:7000"


def test_play_online_says_a_certificate_that_fails_and_asks_the_address_again(
        files: Files, tmp_path: Path) -> None:
    """Play online checks the certificate of a ``tls://`` address against the system's
    authorities, which know nothing of this test's CA."""
    stream, keys = io.StringIO(), PipeKeys()
    speaker = Speaker(TextOutput(stream))
    with tls_relay(files.cert, files.key) as port:
        address = f"tls://127.0.0.1:{port}"
        labels = ["down", "enter", *keys_for(address), "enter", *keys_for("Ann"), "enter",
                  "enter", "escape"]
        ui = Screens(Settings(first_run=False), speaker=speaker, keys=ScriptedKeys(labels),
                     mixer=Cues(), speech=SpeechMode.TEXT, lang="en",
                     settings_file=tmp_path / "settings.json",
                     play_online=online_game(speaker, None, keys))
        with contextlib.suppress(EOFError):
            ui.run()
    keys.close()
    lines = stream.getvalue().splitlines()
    at = lines.index(f"Connecting to 127.0.0.1, port {port}.")
    assert lines[at + 1:at + 4] == [
        "The relay's certificate could not be verified: unable to get local issuer"
        " certificate",
        "Check the address and the name: Enter on each tries again, Escape goes back.",
        f"Relay address, edit text, selected: {address}"]
    assert ui.settings.online_address == "", "nothing is saved before the relay takes the name"
