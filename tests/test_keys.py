"""The keyboard: key labels, the byte decoder, and the reader in a real pseudo-terminal."""

from __future__ import annotations

import itertools
import os
import pty
import re
import select
import signal
import sys
import termios
import textwrap
import time
from collections.abc import Iterator
from pathlib import Path

import pexpect
import pytest
from hypothesis import given
from hypothesis import strategies as st

from audiospoons.keys import ESCAPE_DELAY, Key, KeyDecoder, TerminalKeys, parse_label
from audiospoons.keys.key import MODIFIERS, NAMED_KEYS
from audiospoons.keys.reader import MODIFY_OTHER_KEYS_OFF, MODIFY_OTHER_KEYS_ON

ROOT = Path(__file__).resolve().parent.parent
WAIT = 15.0
"""The longest any step of a pseudo-terminal test may wait, in seconds."""

CSI = b"\x1b["
SS3 = b"\x1bO"

# ---------------------------------------------------------------------------------- labels


def test_a_label_lists_the_modifiers_in_one_order_then_the_name() -> None:
    assert Key("up", ctrl=True, shift=True).label == "ctrl+shift+up"
    assert Key("a", ctrl=True, alt=True, shift=True).label == "ctrl+alt+shift+a"
    assert Key("<").label == "<"
    assert Key("+", ctrl=True).label == "ctrl++"
    assert Key("f12", alt=True).label == "alt+f12"
    assert str(Key("space")) == "space"


@pytest.mark.parametrize("name", sorted(NAMED_KEYS | set("a1,.<>+-=/\\[]é€")))
def test_every_label_reads_back_as_its_key(name: str) -> None:
    cased = len(name) > 1 or name.lower() != name.upper()
    for held in itertools.product((False, True), repeat=3):
        modifiers = dict(zip(MODIFIERS, held, strict=True))
        if modifiers["shift"] and not cased:
            continue
        key = Key(name, **modifiers)
        assert parse_label(key.label) == key


@pytest.mark.parametrize(("text", "label"), [
    ("Ctrl+Shift+Up", "ctrl+shift+up"),
    ("shift+ctrl+up", "ctrl+shift+up"),
    (" alt + x ", "alt+x"),
    ("A", "shift+a"),
    ("ctrl+A", "ctrl+shift+a"),
    ("shift+a", "shift+a"),
    ("+", "+"),
    ("ctrl++", "ctrl++"),
    ("alt++", "alt++"),
    ("Esc", "escape"),
    ("Return", "enter"),
    ("PageUp", "pageup"),
    ("pgdn", "pagedown"),
    ("F1", "f1"),
    ("control+meta+del", "ctrl+alt+delete"),
    ("<", "<"),
])
def test_labels_are_read_in_any_order_and_case_and_with_common_spellings(
        text: str, label: str) -> None:
    assert parse_label(text).label == label


@pytest.mark.parametrize("text", ["", "  ", "ctrl+", "hyper+a", "shift+1", "alt+shift++",
                                  "ctrl+ctrl+a", "foo", "ab", "f13", "shift+", "ctrl+foo"])
def test_a_label_that_names_no_key_is_refused(text: str) -> None:
    with pytest.raises(ValueError):
        parse_label(text)


@pytest.mark.parametrize("name", ["", "A", " ", "\x01", "Up", "ab", "capslock"])
def test_a_key_has_one_name_only(name: str) -> None:
    with pytest.raises(ValueError):
        Key(name)


def test_shift_goes_with_letters_and_named_keys_not_with_symbols() -> None:
    assert Key("a", shift=True).label == "shift+a"
    assert Key("pageup", shift=True).label == "shift+pageup"
    with pytest.raises(ValueError):
        Key("1", shift=True)


# ---------------------------------------------------------------------------------- decoder

TABLE: list[tuple[bytes, list[str]]] = [
    # text
    (b"a", ["a"]), (b"z", ["z"]), (b"A", ["shift+a"]), (b"Z", ["shift+z"]),
    (b"1", ["1"]), (b"0", ["0"]), (b",", [","]), (b".", ["."]), (b"<", ["<"]), (b">", [">"]),
    (b"!", ["!"]), (b"+", ["+"]), (b"~", ["~"]), (b"[", ["["]), (b" ", ["space"]),
    (b"abc", ["a", "b", "c"]),
    ("é".encode(), ["é"]), ("É".encode(), ["shift+é"]), ("ß".encode(), ["ß"]),
    ("€".encode(), ["€"]), ("😀".encode(), ["😀"]), ("ñÑ".encode(), ["ñ", "shift+ñ"]),
    # control keys
    (b"\x00", ["ctrl+space"]), (b"\x01", ["ctrl+a"]), (b"\x03", ["ctrl+c"]),
    (b"\x13", ["ctrl+s"]), (b"\x1a", ["ctrl+z"]), (b"\x09", ["tab"]), (b"\x0d", ["enter"]),
    (b"\x0a", ["enter"]), (b"\x7f", ["backspace"]), (b"\x08", ["backspace"]),
    (b"\x1c", ["ctrl+\\"]), (b"\x1d", ["ctrl+]"]), (b"\x1e", ["ctrl+^"]), (b"\x1f", ["ctrl+_"]),
    # Escape, and ESC before a key as Alt
    (b"\x1b", ["escape"]), (b"\x1b\x1b", ["escape", "escape"]),
    (b"\x1b[", ["alt+["]), (b"\x1bO", ["alt+shift+o"]),
    (b"\x1ba", ["alt+a"]), (b"\x1bA", ["alt+shift+a"]), (b"\x1b1", ["alt+1"]),
    (b"\x1b\x01", ["ctrl+alt+a"]), (b"\x1b\x7f", ["alt+backspace"]), (b"\x1b\r", ["alt+enter"]),
    (b"\x1b ", ["alt+space"]), ("\x1bé".encode(), ["alt+é"]), (b"\x1b<", ["alt+<"]),
    (b"\x1b\x1b[A", ["escape", "up"]), (b"\x1b[\x01", ["alt+[", "ctrl+a"]),
    (b"\x1bO\x1b", ["alt+shift+o", "escape"]),
    # arrows
    (CSI + b"A", ["up"]), (CSI + b"B", ["down"]), (CSI + b"C", ["right"]), (CSI + b"D", ["left"]),
    (SS3 + b"A", ["up"]), (SS3 + b"B", ["down"]), (SS3 + b"C", ["right"]), (SS3 + b"D", ["left"]),
    (CSI + b"1;2A", ["shift+up"]), (CSI + b"1;3B", ["alt+down"]),
    (CSI + b"1;4C", ["alt+shift+right"]), (CSI + b"1;5D", ["ctrl+left"]),
    (CSI + b"1;6A", ["ctrl+shift+up"]), (CSI + b"1;7A", ["ctrl+alt+up"]),
    (CSI + b"1;8A", ["ctrl+alt+shift+up"]), (CSI + b"1;9A", ["alt+up"]),
    (CSI + b"1;1A", ["up"]), (CSI + b"1;65A", ["up"]), (CSI + b"1;129D", ["left"]),
    (CSI + b"1;69A", ["ctrl+up"]),
    (SS3 + b"5A", ["ctrl+up"]), (SS3 + b"1;2B", ["shift+down"]),
    (CSI + b"a", ["shift+up"]), (CSI + b"d", ["shift+left"]), (SS3 + b"a", ["ctrl+up"]),
    (SS3 + b"c", ["ctrl+right"]),
    # Home, End, Insert, Delete, PageUp, PageDown
    (CSI + b"H", ["home"]), (CSI + b"F", ["end"]), (SS3 + b"H", ["home"]), (SS3 + b"F", ["end"]),
    (CSI + b"1~", ["home"]), (CSI + b"4~", ["end"]), (CSI + b"7~", ["home"]),
    (CSI + b"8~", ["end"]), (CSI + b"1;5H", ["ctrl+home"]), (CSI + b"1;2F", ["shift+end"]),
    (CSI + b"2~", ["insert"]), (CSI + b"3~", ["delete"]), (CSI + b"5~", ["pageup"]),
    (CSI + b"6~", ["pagedown"]), (CSI + b"5;5~", ["ctrl+pageup"]),
    (CSI + b"6;2~", ["shift+pagedown"]), (CSI + b"5;2~", ["shift+pageup"]),
    (CSI + b"3;5~", ["ctrl+delete"]), (CSI + b"5;3~", ["alt+pageup"]),
    (CSI + b"5^", ["ctrl+pageup"]), (CSI + b"6$", ["shift+pagedown"]),
    (CSI + b"2@", ["ctrl+shift+insert"]),
    # function keys
    (SS3 + b"P", ["f1"]), (SS3 + b"Q", ["f2"]), (SS3 + b"R", ["f3"]), (SS3 + b"S", ["f4"]),
    (CSI + b"11~", ["f1"]), (CSI + b"12~", ["f2"]), (CSI + b"13~", ["f3"]), (CSI + b"14~", ["f4"]),
    (CSI + b"[A", ["f1"]), (CSI + b"[B", ["f2"]), (CSI + b"[C", ["f3"]), (CSI + b"[D", ["f4"]),
    (CSI + b"[E", ["f5"]), (CSI + b"P", ["f1"]),
    (CSI + b"1;2P", ["shift+f1"]), (CSI + b"1;5Q", ["ctrl+f2"]), (CSI + b"1;3R", ["alt+f3"]),
    (CSI + b"1;6S", ["ctrl+shift+f4"]), (SS3 + b"2P", ["shift+f1"]),
    (CSI + b"15~", ["f5"]), (CSI + b"17~", ["f6"]), (CSI + b"18~", ["f7"]), (CSI + b"19~", ["f8"]),
    (CSI + b"20~", ["f9"]), (CSI + b"21~", ["f10"]), (CSI + b"23~", ["f11"]),
    (CSI + b"24~", ["f12"]), (CSI + b"15;2~", ["shift+f5"]), (CSI + b"24;5~", ["ctrl+f12"]),
    (CSI + b"18;3~", ["alt+f7"]),
    # Shift+Tab
    (CSI + b"Z", ["shift+tab"]), (CSI + b"1;5Z", ["ctrl+shift+tab"]),
    # xterm modifyOtherKeys
    (CSI + b"27;5;49~", ["ctrl+1"]), (CSI + b"27;5;48~", ["ctrl+0"]),
    (CSI + b"27;5;57~", ["ctrl+9"]), (CSI + b"27;5;97~", ["ctrl+a"]),
    (CSI + b"27;6;65~", ["ctrl+shift+a"]), (CSI + b"27;2;33~", ["!"]),
    (CSI + b"27;6;33~", ["ctrl+!"]), (CSI + b"27;5;13~", ["ctrl+enter"]),
    (CSI + b"27;2;13~", ["shift+enter"]), (CSI + b"27;5;9~", ["ctrl+tab"]),
    (CSI + b"27;3;49~", ["alt+1"]), (CSI + b"27;5;32~", ["ctrl+space"]),
    (CSI + b"27;5;60~", ["ctrl+<"]),
    # kitty / fixterms CSI u
    (CSI + b"49;5u", ["ctrl+1"]), (CSI + b"50;5u", ["ctrl+2"]), (CSI + b"48;5u", ["ctrl+0"]),
    (CSI + b"97;5u", ["ctrl+a"]), (CSI + b"97;6u", ["ctrl+shift+a"]), (CSI + b"27u", ["escape"]),
    (CSI + b"13;2u", ["shift+enter"]), (CSI + b"9;5u", ["ctrl+tab"]),
    (CSI + b"127;5u", ["ctrl+backspace"]), (CSI + b"32;5u", ["ctrl+space"]),
    (CSI + b"49;5:1u", ["ctrl+1"]), (CSI + b"49;5:2u", ["ctrl+1"]), (CSI + b"49;5:3u", []),
    (CSI + b"97:65;2u", ["shift+a"]), (CSI + b"233;5u", ["ctrl+é"]),
    (CSI + b"49;6u", ["ctrl+1"]), (CSI + b"1;5:3A", []),
    (CSI + b"57399u", ["kp0"]), (CSI + b"57408u", ["kp9"]), (CSI + b"57414u", ["kpenter"]),
    (CSI + b"57417u", ["kpleft"]), (CSI + b"57413;5u", ["ctrl+kpplus"]),
    (CSI + b"57441;2u", []), (CSI + b"57358u", []), (CSI + b"0u", []), (CSI + b"1114112u", []),
    # the number pad in application mode
    (SS3 + b"M", ["kpenter"]), (SS3 + b"p", ["kp0"]), (SS3 + b"y", ["kp9"]),
    (SS3 + b"j", ["kpmultiply"]), (SS3 + b"k", ["kpplus"]), (SS3 + b"m", ["kpminus"]),
    (SS3 + b"n", ["kpdecimal"]), (SS3 + b"o", ["kpdivide"]), (SS3 + b"X", ["kpequal"]),
    (CSI + b"E", ["kpbegin"]),
    # several keys in one read
    (CSI + b"A" + CSI + b"B", ["up", "down"]), (b"a" + CSI + b"Ab", ["a", "up", "b"]),
    (SS3 + b"P" + CSI + b"15~" + b"\x1bx", ["f1", "f5", "alt+x"]),
    # dropped whole: not keys, or not keys we know
    (CSI + b"<0;10;20M", []), (CSI + b"<0;10;20m", []), (CSI + b"?1;2c", []),
    (CSI + b"12;40R", []), (CSI + b"99~", []), (CSI + b"16~", []), (CSI + b"22~", []),
    (CSI + b"200~", []), (CSI + b"1;5X", []), (CSI + b"2 q", []), (CSI + b"I", []),
    (CSI + b"O", []), (CSI + b";;;~", []), (CSI + b"27;5~", []), (CSI + b"?2004$y", []),
    (CSI + b"1;x", []), (SS3 + b"1;Z", []), (SS3 + b"z", []), (CSI + b"[F", []),
    (CSI + b"2", []), (CSI + b"1;5", []), (SS3 + b"1;", []), (CSI + b"[", []),
    (b"\xff", []), (b"\x80", []), (b"\xc0\xaf", []), (b"\xed\xa0\x80", []), (b"\xc3", []),
    (b"\xe2\x82", []), (b"\xc2\x85", []), (b"\xc2\xa0", []),
    # ...and never leave stray letters behind
    (CSI + b"<0;1;1Mhi", ["h", "i"]), (CSI + b"1;5\x01", ["ctrl+a"]),
    (CSI + b"1" * 300 + b"A" + b"x", ["x"]), (CSI + b"1" * 300 + b"\x02", ["ctrl+b"]),
    (b"\xffa", ["a"]), (b"\xc3a", ["a"]), (b"\xe2\x82a", ["a"]), (b"\x1b\xff", ["escape"]),
    (CSI + b"?1;2c" + CSI + b"A", ["up"]), (CSI + b"1;5\x1b[B", ["down"]),
]


TABLE_IDS = [repr(data)[2:-1][:40] for data, _ in TABLE]


def decode_whole(data: bytes) -> list[str]:
    decoder = KeyDecoder()
    keys = decoder.feed(data, 1.0) + decoder.flush(1.0)
    assert not decoder.pending
    return [key.label for key in keys]


def decode_in_pieces(pieces: list[bytes]) -> list[str]:
    decoder = KeyDecoder()
    keys = [key for piece in pieces for key in decoder.feed(piece, 1.0)]
    return [key.label for key in keys + decoder.flush(1.0)]


@pytest.mark.parametrize(("data", "labels"), TABLE, ids=TABLE_IDS)
def test_bytes_decode_to_keys(data: bytes, labels: list[str]) -> None:
    assert decode_whole(data) == labels


@pytest.mark.parametrize(("data", "labels"), TABLE, ids=TABLE_IDS)
def test_bytes_split_anywhere_decode_to_the_same_keys(data: bytes, labels: list[str]) -> None:
    assert decode_in_pieces([data[i:i + 1] for i in range(len(data))]) == labels
    for cut in range(1, len(data)):
        assert decode_in_pieces([data[:cut], data[cut:]]) == labels, cut


@given(st.binary(max_size=48), st.lists(st.integers(0, 48), max_size=6))
def test_any_bytes_decode_without_error_and_the_same_however_split(
        data: bytes, cuts: list[int]) -> None:
    bounds = [0, *sorted(cut for cut in cuts if cut <= len(data)), len(data)]
    pieces = [data[start:end] for start, end in itertools.pairwise(bounds)]
    assert decode_in_pieces(pieces) == decode_whole(data)


@given(st.sampled_from([data for data, labels in TABLE if labels == []]),
       st.text(alphabet="abcxyz019,.<", max_size=5))
def test_a_dropped_sequence_takes_nothing_that_follows_it(garbage: bytes, text: str) -> None:
    assert decode_whole(garbage + b"\x00" + text.encode()) == \
        ["ctrl+space", *text]


def test_a_key_is_stamped_with_the_read_that_completed_it() -> None:
    decoder = KeyDecoder()
    assert decoder.feed(CSI, 1.0) == []
    assert decoder.pending
    assert decoder.feed(b"A", 2.0) == [Key("up", at=2.0)]
    assert not decoder.pending
    assert decoder.feed(b"ab", 3.0) == [Key("a", at=3.0), Key("b", at=3.0)]
    assert decoder.feed("é".encode()[:1], 4.0) == []
    assert decoder.feed("é".encode()[1:] + b"\x1b", 5.0) == [Key("é", at=5.0)]
    assert decoder.pending
    assert decoder.flush(5.0) == [Key("escape", at=5.0)]
    assert not decoder.pending
    assert decoder.flush(6.0) == []


def test_a_lone_escape_waits_for_more_bytes_or_a_flush() -> None:
    decoder = KeyDecoder()
    assert decoder.feed(b"\x1b", 1.0) == []
    assert decoder.feed(b"x", 1.01) == [Key("x", alt=True, at=1.01)]
    assert decoder.feed(b"\x1b", 2.0) == []
    assert decoder.flush(2.0) == [Key("escape", at=2.0)]
    assert decoder.feed(b"x", 3.0) == [Key("x", at=3.0)]


def test_an_overlong_sequence_cut_short_by_a_flush_does_not_swallow_the_next_key() -> None:
    decoder = KeyDecoder()
    assert decoder.feed(CSI + b"1" * 300, 1.0) == []
    assert decoder.pending
    assert decoder.flush(1.0) == []
    assert decoder.feed(b"a", 2.0) == [Key("a", at=2.0)]


# ---------------------------------------------------------------------------------- reader


@pytest.fixture
def terminal() -> Iterator[tuple[int, int]]:
    """A pseudo-terminal: (the keyboard's end, the program's end)."""
    keyboard, program = pty.openpty()
    try:
        yield keyboard, program
    finally:
        os.close(keyboard)
        os.close(program)


class CountingSelect:
    def __init__(self) -> None:
        self.calls = 0
        self._select = select.select

    def __call__(self, *args: object) -> object:
        self.calls += 1
        return self._select(*args)  # type: ignore[arg-type]


def test_the_reader_sets_the_terminal_up_and_puts_it_back_exactly(
        terminal: tuple[int, int]) -> None:
    program = terminal[1]
    before = termios.tcgetattr(program)
    with TerminalKeys(program):
        mode = termios.tcgetattr(program)
        assert not mode[3] & (termios.ECHO | termios.ICANON | termios.IEXTEN)
        assert mode[3] & termios.ISIG
        assert not mode[0] & (termios.ICRNL | termios.IXON)
        assert mode[6][termios.VINTR] == before[6][termios.VINTR]
    assert termios.tcgetattr(program) == before
    with pytest.raises(ZeroDivisionError), TerminalKeys(program):
        1 / 0  # noqa: B018
    assert termios.tcgetattr(program) == before


def test_the_reader_asks_for_ctrl_numbers_and_sets_the_request_back(
        terminal: tuple[int, int]) -> None:
    """The terminal is asked to report Ctrl with a number-row key (for spoons 11 to 20), and the
    request is undone on the way out; the keys it then sends are read as Ctrl+number."""
    keyboard, program = terminal
    with TerminalKeys(program) as keys:
        assert os.read(keyboard, 100) == MODIFY_OTHER_KEYS_ON
        os.write(keyboard, CSI + b"27;5;49~" + CSI + b"27;5;48~" + b"\x1b3")
        assert [key.label for key in keys.read(WAIT)] == ["ctrl+1", "ctrl+0", "alt+3"]
    assert os.read(keyboard, 100) == MODIFY_OTHER_KEYS_OFF


def test_a_reader_cannot_be_opened_twice(terminal: tuple[int, int]) -> None:
    keys = TerminalKeys(terminal[1])
    with keys, pytest.raises(RuntimeError), keys:
        pass


def test_keys_are_read_and_stamped_when_read(terminal: tuple[int, int]) -> None:
    keyboard, program = terminal
    with TerminalKeys(program) as keys:
        sent = time.monotonic()
        os.write(keyboard, b"a\r" + CSI + b"1;5A" + SS3 + b"P")
        pressed = keys.read(WAIT)
        returned = time.monotonic()
    assert [key.label for key in pressed] == ["a", "enter", "ctrl+up", "f1"]
    assert all(sent <= key.at <= returned for key in pressed)


def test_waiting_for_a_key_is_one_select_not_a_poll(
        terminal: tuple[int, int], monkeypatch: pytest.MonkeyPatch) -> None:
    counting = CountingSelect()
    monkeypatch.setattr(select, "select", counting)
    with TerminalKeys(terminal[1]) as keys:
        started = time.monotonic()
        assert keys.read(0.2) == []
        assert time.monotonic() - started >= 0.2
        assert counting.calls == 1
        assert keys.read(0) == []
        assert counting.calls == 2


def test_a_lone_escape_is_the_escape_key_after_a_short_quiet_gap(
        terminal: tuple[int, int], monkeypatch: pytest.MonkeyPatch) -> None:
    keyboard, program = terminal
    counting = CountingSelect()
    monkeypatch.setattr(select, "select", counting)
    with TerminalKeys(program) as keys:
        sent = time.monotonic()
        os.write(keyboard, b"\x1b")
        pressed = keys.read(WAIT)
        returned = time.monotonic()
    assert [key.label for key in pressed] == ["escape"]
    assert sent <= pressed[0].at
    assert returned - pressed[0].at >= ESCAPE_DELAY
    assert counting.calls <= 3


def test_a_sequence_split_across_reads_is_one_key_stamped_at_its_last_byte(
        terminal: tuple[int, int]) -> None:
    keyboard, program = terminal
    with TerminalKeys(program, escape_delay=WAIT) as keys:
        os.write(keyboard, CSI + b"1;")
        assert keys.read(0) == []
        middle = time.monotonic()
        os.write(keyboard, b"5A")
        pressed = keys.read(WAIT)
    assert [key.label for key in pressed] == ["ctrl+up"]
    assert pressed[0].at >= middle


def test_a_held_escape_resolves_when_the_next_read_comes_late(
        terminal: tuple[int, int]) -> None:
    keyboard, program = terminal
    with TerminalKeys(program, escape_delay=0.01) as keys:
        os.write(keyboard, b"\x1b")
        assert keys.read(0) == []
        time.sleep(0.05)
        assert [key.label for key in keys.read(WAIT)] == ["escape"]


def test_keys_from_a_pipe_are_decoded_and_its_end_is_eof() -> None:
    reading, writing = os.pipe()
    try:
        with TerminalKeys(reading) as keys:
            os.write(writing, b"x" + CSI + b"B")
            assert [key.label for key in keys.read(WAIT)] == ["x", "down"]
            os.close(writing)
            with pytest.raises(EOFError):
                keys.read(WAIT)
    finally:
        os.close(reading)


# ---------------------------------------------------------------- reader in a spawned program

CHILD = textwrap.dedent("""\
    import atexit, os, subprocess, sys, termios
    sys.path.insert(0, {root!r})
    from audiospoons.keys import TerminalKeys

    def stty():
        return subprocess.run(["stty", "-g"], stdin=0, capture_output=True, text=True).stdout

    how = sys.argv[1]
    before, stty_before = termios.tcgetattr(0), stty()
    outcome = "unknown"

    def report():
        # Registered first, so it runs last: after any restoring done at exit.
        same = termios.tcgetattr(0) == before and stty() == stty_before
        print("outcome", outcome, "restored" if same else "changed", flush=True)
        os.read(0, 100)  # the parent has looked again: end

    atexit.register(report)
    print("tty", os.ttyname(0), flush=True)
    os.read(0, 100)  # the parent has looked at the terminal: go on
    keys = TerminalKeys()
    if how == "leak":
        keys.__enter__()
        print("ready", flush=True)
        print("key", keys.read(None)[0].label, 0.0, flush=True)
        outcome = "exit-7"
        sys.exit(7)
    try:
        with keys:
            print("ready", flush=True)
            done = False
            while not done:
                for key in keys.read(None):
                    print("key", key.label, repr(key.at), flush=True)
                    if key.label == "x" and how == "crash":
                        raise RuntimeError("crash")
                    done = key.label == "q"
        outcome = "end"
    except RuntimeError:
        outcome = "exception"
    except KeyboardInterrupt:
        outcome = "interrupt"
    except SystemExit as exit:
        outcome = f"exit-{{exit.code}}"
""")

KEY_LINE = re.compile(rb"key (\S+) ([0-9.e+-]+)\r\n")


class Program:
    """The child program in a pseudo-terminal, and the parent's own look at that terminal."""

    def __init__(self, tmp_path: Path, how: str) -> None:
        script = tmp_path / "keys_child.py"
        script.write_text(CHILD.format(root=str(ROOT)), encoding="utf-8")
        env = {**os.environ, "TERM": "xterm", "PYTHONDONTWRITEBYTECODE": "1"}
        self.child: pexpect.spawn[bytes] = pexpect.spawn(sys.executable, [str(script), how],
                                                         env=env, timeout=WAIT)
        self.child.delaybeforesend = None
        self.child.expect(rb"tty (\S+)\r\n")
        assert isinstance(self.child.match, re.Match)
        self.terminal = os.open(self.child.match.group(1), os.O_RDWR | os.O_NOCTTY)
        self.before = termios.tcgetattr(self.terminal)
        self.child.send(b"go\r")
        self.child.expect(b"ready\r\n")
        assert not termios.tcgetattr(self.terminal)[3] & termios.ECHO

    def press(self, data: bytes) -> tuple[str, float, float, float]:
        """Send one key's bytes; its label and stamp, and the parent's clock around it."""
        sent = time.monotonic()
        self.child.send(data)
        self.child.expect(KEY_LINE)
        answered = time.monotonic()
        assert self.child.before == b"", "nothing but the key is printed: no echo"
        assert isinstance(self.child.match, re.Match)
        label, at = str(self.child.match.group(1).decode()), float(self.child.match.group(2))
        return label, at, sent, answered

    def finish(self) -> str:
        self.child.expect(rb"outcome (\S+) (\S+)\r\n")
        assert isinstance(self.child.match, re.Match)
        outcome, restored = (str(part.decode()) for part in self.child.match.groups())
        assert restored == "restored", "the program sees its terminal as it was"
        assert termios.tcgetattr(self.terminal) == self.before, "so does the parent"
        os.close(self.terminal)
        self.child.send(b"end\r")
        self.child.expect(pexpect.EOF)
        self.child.close()
        return outcome

    def kill(self) -> None:
        if self.child.isalive():
            self.child.terminate(force=True)


PRESSES = [
    (CSI + b"A", "up"), (CSI + b"B", "down"), (SS3 + b"C", "right"), (CSI + b"D", "left"),
    (CSI + b"H", "home"), (CSI + b"4~", "end"), (CSI + b"5~", "pageup"),
    (CSI + b"6;2~", "shift+pagedown"), (CSI + b"1;5A", "ctrl+up"), (SS3 + b"P", "f1"),
    (SS3 + b"S", "f4"), (CSI + b"15~", "f5"), (CSI + b"18~", "f7"), (CSI + b"24~", "f12"),
    (CSI + b"1;2P", "shift+f1"), (CSI + b"Z", "shift+tab"),
    (b"\x01", "ctrl+a"), (b"\x08", "backspace"), (b"\x13", "ctrl+s"), (b"\x11", "ctrl+q"),
    (b"\x16", "ctrl+v"), (b"\x0f", "ctrl+o"), (b"\x1a", "ctrl+z"), (b"\x1c", "ctrl+\\"),
    (b"\x17", "ctrl+w"), (b"\x15", "ctrl+u"), (b"\x04", "ctrl+d"),
    (b"\r", "enter"), (b"\t", "tab"), (b"\x7f", "backspace"), (b" ", "space"),
    (b"\x1b", "escape"), (b"\x1bx", "alt+x"), (b"a", "a"), (b"A", "shift+a"), (b"1", "1"),
    (b",", ","), (b"<", "<"), ("é".encode(), "é"),
    (CSI + b"27;5;49~", "ctrl+1"), (CSI + b"50;5u", "ctrl+2"),
]


def test_a_program_reads_every_kind_of_key_from_a_real_terminal(tmp_path: Path) -> None:
    program = Program(tmp_path, "quit")
    try:
        stamps = []
        for data, label in PRESSES:
            read, at, sent, answered = program.press(data)
            assert read == label
            assert sent <= at <= answered, "stamped between the write and the answer"
            stamps.append(at)
        assert stamps == sorted(stamps)
        assert program.press(b"q")[0] == "q"
        assert program.finish() == "end"
    finally:
        program.kill()


def test_the_terminal_is_restored_after_an_exception(tmp_path: Path) -> None:
    program = Program(tmp_path, "crash")
    try:
        assert program.press(b"x")[0] == "x"
        assert program.finish() == "exception"
    finally:
        program.kill()


def test_the_terminal_is_restored_after_ctrl_c(tmp_path: Path) -> None:
    program = Program(tmp_path, "quit")
    try:
        assert program.press(b"a")[0] == "a"
        program.child.send(b"\x03")
        assert program.finish() == "interrupt"
    finally:
        program.kill()


def test_the_terminal_is_restored_after_sigterm(tmp_path: Path) -> None:
    program = Program(tmp_path, "quit")
    try:
        assert program.press(b"a")[0] == "a"
        program.child.kill(signal.SIGTERM)
        assert program.finish() == f"exit-{128 + signal.SIGTERM}"
    finally:
        program.kill()


def test_the_terminal_is_restored_at_exit_even_without_a_with_block(tmp_path: Path) -> None:
    program = Program(tmp_path, "leak")
    try:
        assert program.press(b"a")[0] == "a"
        assert program.finish() == "exit-7"
    finally:
        program.kill()
