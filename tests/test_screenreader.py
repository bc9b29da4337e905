"""The screen reader output with its real parts: Prism, and accessible_output2 behind it, talking
to a Speech Dispatcher daemon started for the test, which speaks with espeak-ng into an ALSA file
device (there is no sound card), all inside a temporary home; plus quiet loading and screen
reader detection."""

from __future__ import annotations

import array
import contextlib
import ctypes.util
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TypeVar

import pytest
from accessible_output2.outputs.auto import Auto
from accessible_output2.outputs.base import Output

from audiospoons.voice.screenreader import (
    PrismOutput,
    ScreenReaderOutput,
    open_screen_reader,
    running_process_names,
    screen_reader_running,
    speech_dispatcher_address,
    speech_dispatcher_reachable,
)

T = TypeVar("T")
RATE = 22050
SPEECHD_VARIABLES = ("SPEECHD_ADDRESS", "SPEECHD_SOCKET", "SPEECHD_HOST", "SPEECHD_PORT")


def wait_for(condition: Callable[[], bool], seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while True:
        if condition():
            return True
        if time.monotonic() > deadline:
            return False
        time.sleep(0.05)


def bounded(call: Callable[[], T], seconds: float) -> T:
    """``call()``, in a thread, failing the test if it takes longer than ``seconds``."""
    results: list[T] = []
    errors: list[BaseException] = []

    def run() -> None:
        try:
            results.append(call())
        except BaseException as error:
            errors.append(error)

    worker = threading.Thread(target=run, daemon=True)
    worker.start()
    worker.join(seconds)
    assert not worker.is_alive(), f"{call} still running after {seconds} s"
    if errors:
        raise errors[0]
    return results[0]


def loud_samples(path: Path) -> tuple[int, int]:
    """(peak amplitude, number of samples above 1000) of a raw signed 16-bit mono file."""
    if not path.exists():
        return 0, 0
    data = path.read_bytes()
    samples = array.array("h")
    samples.frombytes(data[: len(data) // 2 * 2])
    if sys.byteorder == "big":
        samples.byteswap()
    peak = max((abs(sample) for sample in samples), default=0)
    return peak, sum(1 for sample in samples if abs(sample) > 1000)


def process_group(pgid: int) -> list[int]:
    """Live processes in process group ``pgid`` (zombies left out)."""
    members = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        with contextlib.suppress(OSError):
            fields = stat.read_text().rpartition(")")[2].split()
            if fields[0] != "Z" and int(fields[2]) == pgid:
                members.append(int(stat.parent.name))
    return members


def has_exited(pid: int) -> bool:
    """Whether child ``pid`` has exited, without reaping it (its process group stays ours)."""
    try:
        return os.waitid(os.P_PID, pid, os.WEXITED | os.WNOHANG | os.WNOWAIT) is not None
    except ChildProcessError:
        return True


def stop(daemon: subprocess.Popen[bytes]) -> None:
    """Stop the daemon by its pid: SIGTERM, then SIGKILL to it and its process group (the speech
    modules it started), since without a sound device it may ignore SIGTERM."""
    pid = daemon.pid
    if daemon.returncode is None:  # not reaped, so the pid is still this daemon's
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, signal.SIGTERM)
    wait_for(lambda: has_exited(pid), 3)
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(pid, signal.SIGKILL)
    daemon.wait(timeout=10)
    assert wait_for(lambda: not process_group(pid), 5), f"left running: {process_group(pid)}"


@dataclass
class SpeechDispatcher:
    pid: int
    socket: Path
    audio: Path
    logs: Path

    def log(self) -> str:
        return "\n".join(f"--- {path.name}\n{path.read_text(errors='replace')[-3000:]}"
                         for path in sorted(self.logs.iterdir()))


def sandbox_environment(root: Path) -> dict[str, str]:
    home, runtime = root / "home", root / "run"
    home.mkdir()
    runtime.mkdir(mode=0o700)
    return {"HOME": str(home), "XDG_RUNTIME_DIR": str(runtime),
            "XDG_CONFIG_HOME": str(home / ".config"), "XDG_CACHE_HOME": str(home / ".cache"),
            "SPEECHD_CMD": str(root / "no-autospawn")}


@pytest.fixture
def isolated(monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A temporary home and runtime directory for this process, with no Speech Dispatcher
    address from outside, no autospawn of one, and no session bus (so Prism finds no Orca). A
    short path: unix sockets go inside."""
    root = Path(tempfile.mkdtemp(prefix="spoons-sd-", dir="/tmp"))
    try:
        for name in (*SPEECHD_VARIABLES, "DBUS_SESSION_BUS_ADDRESS"):
            monkeypatch.delenv(name, raising=False)
        for name, value in sandbox_environment(root).items():
            monkeypatch.setenv(name, value)
        yield root
    finally:
        shutil.rmtree(root, ignore_errors=True)


@pytest.fixture
def speech_dispatcher(isolated: Path) -> Iterator[SpeechDispatcher]:
    """A Speech Dispatcher daemon of this test's own, in its temporary home, speaking with
    espeak-ng through ALSA into a file; killed by its pid whatever happens."""
    root = isolated
    config, logs = root / "config", root / "logs"
    (config / "modules").mkdir(parents=True)
    logs.mkdir()
    audio = root / "speech.raw"
    (root / "home" / ".asoundrc").write_text(f"""
pcm.!default {{
    type plug
    slave {{ pcm "spoons_file"; format S16_LE; rate {RATE}; channels 1 }}
}}
pcm.spoons_file {{
    type file
    slave.pcm "null"
    file "{audio}"
    format "raw"
}}
""")
    (config / "speechd.conf").write_text(f"""
LogLevel 3
LogDir "{logs}"
AddModule "espeak-ng" "sd_espeak-ng" "espeak-ng.conf"
DefaultModule espeak-ng
DefaultLanguage "en"
DefaultVolume 100
AudioOutputMethod "alsa"
AudioALSADevice "default"
""")
    (config / "modules" / "espeak-ng.conf").write_text("Debug 0\nEspeakAudioChunkSize 300\n")
    socket_path = root / "run" / "speech-dispatcher" / "speechd.sock"
    socket_path.parent.mkdir(mode=0o700)
    pid_file = root / "run" / "speech-dispatcher.pid"
    command = [shutil.which("speech-dispatcher") or "/usr/bin/speech-dispatcher",
               "--run-single", "--timeout", "60", "--config-dir", str(config),
               "--log-dir", str(logs), "--communication-method", "unix_socket",
               "--socket-path", str(socket_path), "--pid-file", str(pid_file)]
    with (logs / "daemon-output.txt").open("wb") as output:
        daemon = subprocess.Popen(command, env=dict(os.environ), stdin=subprocess.DEVNULL,
                                  stdout=output, stderr=output, start_new_session=True)
    server = SpeechDispatcher(daemon.pid, socket_path, audio, logs)
    try:
        started = wait_for(lambda: daemon.poll() is not None
                           or (pid_file.exists() and speech_dispatcher_reachable()), 15)
        assert started and daemon.poll() is None, f"Speech Dispatcher did not start\n{server.log()}"
        # --run-single keeps it in the foreground: the pid it writes is the one started here
        assert int(pid_file.read_text().strip()) == daemon.pid
        yield server
    finally:
        stop(daemon)


@pytest.fixture
def ssip_threads_end_quietly(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Speech Dispatcher's Python client ends its reading thread with ``sys.exit()`` once the
    connection closes, which Python ignores but pytest reports: ignore that one exit, and wait
    for those threads to end before the hook is put back."""
    previous = threading.excepthook

    def hook(arguments: threading.ExceptHookArgs) -> None:
        thread_name = arguments.thread.name if arguments.thread is not None else ""
        if arguments.exc_type is SystemExit and thread_name.startswith("SSIP client"):
            return
        previous(arguments)

    monkeypatch.setattr(threading, "excepthook", hook)
    yield
    for thread in threading.enumerate():
        if thread.name.startswith("SSIP client"):
            thread.join(5)


def spoken_through(output: PrismOutput | ScreenReaderOutput | None,
                   speech_dispatcher: SpeechDispatcher) -> None:
    """``output`` says a line, which reaches the daemon's audio file; then it is closed."""
    assert output is not None, f"no screen reader output\n{speech_dispatcher.log()}"
    try:
        assert output.name == "screenreader"
        assert loud_samples(speech_dispatcher.audio)[0] < 1000, "sound before anything was said"
        bounded(lambda: output.speak("Four of a kind. Grab a spoon!", interrupt=True), 10)
        # a tenth of a second of clearly audible samples, not silence written by an idle device
        spoken = wait_for(lambda: loud_samples(speech_dispatcher.audio)[1] > RATE // 10, 20)
        assert spoken, (f"no speech in {speech_dispatcher.audio}: "
                        f"{loud_samples(speech_dispatcher.audio)}\n{speech_dispatcher.log()}")
        bounded(output.silence, 10)
    finally:
        bounded(output.close, 10)
    with pytest.raises(RuntimeError):
        output.speak("After closing")


def test_a_line_reaches_the_audio_device_through_prism_with_no_python_speechd(
        speech_dispatcher: SpeechDispatcher, monkeypatch: pytest.MonkeyPatch,
        capfd: pytest.CaptureFixture[str]) -> None:
    """Prism is the first choice and needs only Speech Dispatcher's C library: Debian's
    python3-speechd, out of sight here, is not needed."""
    monkeypatch.setitem(sys.modules, "speechd", None)
    output = bounded(open_screen_reader, 20)
    assert isinstance(output, PrismOutput), speech_dispatcher.log()
    assert output.backend_name == "Speech Dispatcher"
    bounded(lambda: output.speak(""), 10)  # nothing to say is no error
    bounded(lambda: output.speak("A line with a \0 in it."), 10)
    spoken_through(output, speech_dispatcher)
    assert sys.modules["speechd"] is None
    assert capfd.readouterr() == ("", "")


def test_accessible_output2_speaks_where_prism_finds_nothing(
        speech_dispatcher: SpeechDispatcher, ssip_threads_end_quietly: None,
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(PrismOutput, "open", classmethod(lambda cls: (None, "no wheel here")))
    output = bounded(open_screen_reader, 15)
    assert isinstance(output, ScreenReaderOutput), (
        "accessible_output2 found no output: is Debian's python3-speechd visible to "
        f"{sys.executable}?\n{speech_dispatcher.log()}")
    assert output.backend_name == "Linux Speech Dispatcher"
    spoken_through(output, speech_dispatcher)


def test_with_no_daemon_prism_says_why_prints_nothing_and_tries_to_start_one(
        isolated: Path, capfd: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    spawned = isolated / "spawned"
    probe = isolated / "spawn-probe"
    probe.write_text(f'#!/bin/sh\necho "$@" > "{spawned}"\nexit 1\n')
    probe.chmod(0o755)
    monkeypatch.setenv("SPEECHD_CMD", str(probe))  # what libspeechd runs to start a daemon
    output, reason = bounded(PrismOutput.open, 15)
    assert output is None
    assert reason.startswith("Speech Dispatcher is not running (nothing answers at ")
    assert str(speech_dispatcher_address()[1]) in reason
    assert capfd.readouterr() == ("", "")
    assert spawned.read_text().startswith("--spawn"), "no start of a daemon was tried"


def test_without_speech_dispatcher_s_library_prism_names_it(
        speech_dispatcher: SpeechDispatcher) -> None:
    """libspeechd.so.2 hidden behind /dev/null in a mount namespace of the test's own."""
    library = Path(ctypes.util.find_library("speechd") or "libspeechd.so.2")
    if not library.is_absolute():
        library = next(Path("/usr/lib").rglob("libspeechd.so.2"))
    script = ("from audiospoons.voice.prismoutput import PrismOutput; "
              "output, reason = PrismOutput.open(); print(output is None, reason)")
    result = subprocess.run(
        ["unshare", "--mount", "--propagation", "private", "sh", "-c",
         f'mount --bind /dev/null "{library.resolve()}" && exec "$0" -c "$1"', sys.executable,
         script], capture_output=True, text=True, timeout=60, stdin=subprocess.DEVNULL)
    assert result.returncode == 0, result.stderr
    assert result.stdout == ("True Speech Dispatcher's client library libspeechd.so.2 is missing"
                             " (on Debian or Ubuntu: apt install speech-dispatcher, which brings"
                             " libspeechd2)\n")
    assert result.stderr == ""


def test_orca_counts_as_a_screen_reader_only_while_speech_dispatcher_answers(
        speech_dispatcher: SpeechDispatcher, monkeypatch: pytest.MonkeyPatch) -> None:
    assert speech_dispatcher_reachable()
    assert screen_reader_running(system="Linux", process_names=lambda: {"bash", "orca"})
    assert not screen_reader_running(system="Linux", process_names=lambda: {"bash", "espeak-ng"})
    monkeypatch.setenv("XDG_RUNTIME_DIR", str(speech_dispatcher.socket.parent.parent / "nowhere"))
    assert not speech_dispatcher_reachable()
    assert not screen_reader_running(system="Linux", process_names=lambda: {"bash", "orca"})


def test_loading_prints_nothing_when_backends_are_missing(
        isolated: Path, capfd: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    # accessible_output2 itself does print here: no Speech Dispatcher, no python espeak
    Auto()
    raw = capfd.readouterr()
    assert "Cannot find espeak.core" in raw.out
    assert "Speech Dispatcher" in raw.out

    assert open_screen_reader() is None
    assert capfd.readouterr() == ("", "")

    monkeypatch.setitem(sys.modules, "speechd", None)  # python3-speechd not installed
    Auto()
    assert "Cannot find Speech Dispatcher" in capfd.readouterr().out
    assert open_screen_reader() is None
    assert screen_reader_running() is False
    assert capfd.readouterr() == ("", "")


def test_the_process_scan_finds_orca_run_by_an_interpreter(tmp_path: Path) -> None:
    def process(pid: str, comm: str, *arguments: str) -> None:
        (tmp_path / pid).mkdir()
        (tmp_path / pid / "comm").write_text(comm + "\n")
        (tmp_path / pid / "cmdline").write_bytes(b"".join(a.encode() + b"\0" for a in arguments))

    process("1", "systemd", "/sbin/init", "splash")
    process("240", "python3", "/usr/bin/python3", "-u", "/opt/orcas/whales.py")
    (tmp_path / "self").mkdir()
    (tmp_path / "self" / "comm").write_text("orca\n")
    assert running_process_names(tmp_path) == {"systemd", "init", "splash", "python3"}
    assert not screen_reader_running(system="Linux", speech_dispatcher_up=lambda: True,
                                     process_names=lambda: running_process_names(tmp_path))

    process("977", "python3", "/usr/bin/python3", "/usr/bin/orca", "--replace")
    assert "orca" in running_process_names(tmp_path)
    assert screen_reader_running(system="Linux", speech_dispatcher_up=lambda: True,
                                 process_names=lambda: running_process_names(tmp_path))
    assert not screen_reader_running(system="Linux", speech_dispatcher_up=lambda: False,
                                     process_names=lambda: running_process_names(tmp_path))
    assert running_process_names(tmp_path / "missing") == set()

    own_name = Path("/proc/self/comm").read_text().strip()
    assert own_name in running_process_names()


@pytest.mark.parametrize(("system", "first_output", "expected"), [
    ("Windows", "NVDA", True), ("Windows", "jaws", True), ("Windows", "Dolphin", True),
    ("Windows", "sapi5", False), ("Windows", None, False), ("Darwin", "VoiceOver", True),
])
def test_on_windows_and_macos_only_a_screen_reader_output_counts(
        system: str, first_output: str | None, expected: bool) -> None:
    found = screen_reader_running(system=system, first_output_name=lambda: first_output,
                                  process_names=lambda: {"orca"})
    assert found is expected


class Recorder(Output):
    """An accessible_output2 output that writes down what it is asked, and cannot braille."""

    name = "Recorder"

    def __init__(self) -> None:
        self.calls: list[tuple[str, ...]] = []

    def speak(self, text: str, interrupt: bool = False) -> None:
        self.calls.append(("speak", text, str(interrupt)))

    def silence(self) -> None:
        self.calls.append(("silence",))

    def close(self) -> None:
        self.calls.append(("close",))


class BrailleRecorder(Recorder):
    name = "NVDA"

    def braille(self, text: str, **options: object) -> bool:
        self.calls.append(("braille", text))
        return True


def test_lines_go_to_braille_too_where_the_output_can_braille() -> None:
    plain, display = Recorder(), BrailleRecorder()
    for backend in (plain, display):
        output = ScreenReaderOutput(backend)
        output.speak("Chris grabbed a spoon!")
        output.speak("Three spoons left.", interrupt=True)
        output.silence()
        output.close()
        with pytest.raises(RuntimeError):
            output.speak("too late")
    assert plain.calls == [("speak", "Chris grabbed a spoon!", "False"),
                           ("speak", "Three spoons left.", "True"), ("silence",), ("close",)]
    assert display.calls == [("speak", "Chris grabbed a spoon!", "False"),
                             ("braille", "Chris grabbed a spoon!"),
                             ("speak", "Three spoons left.", "True"),
                             ("braille", "Three spoons left."), ("silence",), ("close",)]
    assert ScreenReaderOutput(display).backend_name == "NVDA"

    class NoBrailleToday(BrailleRecorder):
        def has_braille(self) -> bool:
            return False

    quiet_display = NoBrailleToday()
    ScreenReaderOutput(quiet_display).speak("Go!")
    assert quiet_display.calls == [("speak", "Go!", "False")]
