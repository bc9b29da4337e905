"""How closely the keyboard reader's stamps follow the moments keys are pressed.

A child program reads keys from a pseudo-terminal with ``TerminalKeys`` and keeps the stamp of
each key. This program writes the keys' bytes into the terminal at irregular intervals (1 to 12
ms apart, some Escapes among them) and notes ``time.monotonic()`` just before each ``os.write``.
CLOCK_MONOTONIC is one clock for every process on the machine, so the child's stamp minus the
parent's is the error a reaction time would carry: the time for the bytes to cross the terminal,
the child to wake from ``select``, read and decode them.

The same run measures a bare reader for comparison: ``select``, ``os.read``, ``time.monotonic()``
and nothing else. The game's goal is a p99 error under 1 ms. Run it from the project folder, in
the virtual environment::

    python benchmarks/key_timing.py [--keys 1000] [--seed 1]
"""

from __future__ import annotations

import argparse
import json
import os
import pty
import random
import statistics
import subprocess
import sys
import textwrap
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

PRESSES: list[tuple[bytes, str]] = [
    (b"a", "a"), (b"s", "s"), (b"1", "1"), (b"7", "7"), (b" ", "space"), (b"\r", "enter"),
    (b",", ","), (b"H", "shift+h"), (b"\x01", "ctrl+a"), (b"\x7f", "backspace"),
    (b"\x1b[A", "up"), (b"\x1b[D", "left"), (b"\x1bOC", "right"), (b"\x1b[1;5B", "ctrl+down"),
    (b"\x1b[5~", "pageup"), (b"\x1b[6;2~", "shift+pagedown"), (b"\x1bOP", "f1"),
    (b"\x1b[18~", "f7"), (b"\x1b[27;5;49~", "ctrl+1"), (b"\x1b[50;5u", "ctrl+2"),
]
ESCAPE_SHARE = 0.03
"""Part of the presses that are a lone Escape, resolved by the reader's quiet gap."""
AFTER_ESCAPE = 0.06
"""Seconds before the key after an Escape, well past the reader's quiet gap."""
END = b"\x04"
"""Ctrl+D: the last key; the child then prints what it recorded."""

KEYS_CHILD = textwrap.dedent("""\
    import json, sys
    from audiospoons.keys import TerminalKeys
    stamps = []
    with TerminalKeys(0) as keys:
        print("ready", flush=True)
        while not stamps or stamps[-1][0] != "ctrl+d":
            stamps += [(key.label, key.at) for key in keys.read(None)]
    print(json.dumps(stamps[:-1]))
""")

BARE_CHILD = textwrap.dedent("""\
    import json, os, select, termios, time, tty
    saved = termios.tcgetattr(0)
    tty.setcbreak(0)
    reads = []
    try:
        print("ready", flush=True)
        while True:
            select.select([0], [], [])
            data = os.read(0, 65536)
            at = time.monotonic()
            reads.append((len(data), at))
            if data.endswith(b"\\x04"):
                break
    finally:
        termios.tcsetattr(0, termios.TCSANOW, saved)
    print(json.dumps(reads))
""")


def schedule(count: int, seed: int) -> list[tuple[float, bytes, str]]:
    """(gap before, bytes, label) for each press."""
    rng = random.Random(seed)
    presses: list[tuple[float, bytes, str]] = []
    gap = 0.05
    for _ in range(count):
        if rng.random() < ESCAPE_SHARE:
            data, label = b"\x1b", "escape"
        else:
            data, label = rng.choice(PRESSES)
        presses.append((gap, data, label))
        gap = AFTER_ESCAPE if label == "escape" else rng.uniform(0.001, 0.012)
    return presses


def run(child_code: str, presses: list[tuple[float, bytes, str]]) -> tuple[list[float], object]:
    """Start the child on a new pseudo-terminal, type the presses, and return the parent's
    stamps and what the child printed."""
    keyboard, program = pty.openpty()
    child = subprocess.Popen(
        [sys.executable, "-c", child_code], stdin=program, stdout=subprocess.PIPE, cwd=ROOT,
        start_new_session=True, env={**os.environ, "PYTHONPATH": str(ROOT)})
    os.close(program)
    sent: list[float] = []
    try:
        assert child.stdout is not None
        if child.stdout.readline().strip() != b"ready":
            raise RuntimeError("the child did not start")
        next_at = time.monotonic()
        for gap, data, _ in presses:
            next_at += gap
            pause = next_at - time.monotonic()
            if pause > 0:
                time.sleep(pause)
            stamp = time.monotonic()
            os.write(keyboard, data)
            sent.append(stamp)
        time.sleep(AFTER_ESCAPE)
        os.write(keyboard, END)
        output, _ = child.communicate(timeout=30)
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()
        os.close(keyboard)
    return sent, json.loads(output)


def keys_errors(presses: list[tuple[float, bytes, str]]) -> tuple[list[float], int]:
    sent, recorded = run(KEYS_CHILD, presses)
    assert isinstance(recorded, list)
    wrong = sum(1 for (_, _, label), (read, _) in zip(presses, recorded, strict=False)
                if read != label) + abs(len(recorded) - len(presses))
    errors = [at - stamp for stamp, (_, at) in zip(sent, recorded, strict=False)]
    return errors, wrong


def bare_errors(presses: list[tuple[float, bytes, str]]) -> tuple[list[float], int]:
    """A press is read when the read holding its last byte returns."""
    sent, reads = run(BARE_CHILD, presses)
    assert isinstance(reads, list)
    ends = []
    total = 0
    for size, at in reads:
        total += size
        ends.append((total, at))
    errors = []
    position = 0
    cursor = 0
    for stamp, (_, data, _) in zip(sent, presses, strict=True):
        position += len(data)
        while cursor < len(ends) and ends[cursor][0] < position:
            cursor += 1
        if cursor == len(ends):
            break
        errors.append(ends[cursor][1] - stamp)
    return errors, len(presses) - len(errors)


def report(name: str, errors: list[float], wrong: int) -> None:
    milliseconds = sorted(error * 1000 for error in errors)
    cuts = statistics.quantiles(milliseconds, n=100, method="inclusive")
    print(f"{name:<22} keys {len(milliseconds):>5}  p50 {cuts[49]:6.3f} ms  "
          f"p99 {cuts[98]:6.3f} ms  max {milliseconds[-1]:6.3f} ms  "
          f"min {milliseconds[0]:6.3f} ms  wrong {wrong}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--keys", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    arguments = parser.parse_args()
    presses = schedule(arguments.keys, arguments.seed)
    escapes = sum(1 for _, _, label in presses if label == "escape")
    print(f"{arguments.keys} key presses into a pseudo-terminal, 1 to 12 ms apart "
          f"({escapes} lone Escapes); error = child's stamp - parent's stamp before os.write")
    report("bare select reader", *bare_errors(presses))
    errors, wrong = keys_errors(presses)
    report("TerminalKeys", errors, wrong)
    escape_errors = [error for error, press in zip(errors, presses, strict=False)
                     if press[2] == "escape"]
    if len(escape_errors) > 1:
        report("  of which Escape", escape_errors, 0)


if __name__ == "__main__":
    main()
