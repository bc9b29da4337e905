"""Bytes from a terminal to key presses. Pure: no I/O and no clock; the caller says when.

``KeyDecoder.feed(data, at)`` decodes what it can and keeps an incomplete tail (half a UTF-8
character, the start of an escape sequence) for the next call, so bytes may arrive split anywhere.
A lone ESC cannot be told from the start of a sequence until no more bytes come: the reader calls
``flush`` after a short quiet gap, and the tail becomes keys then.

Understood: UTF-8 text; Ctrl+letter (bytes 1 to 26, with 9 Tab, 10 and 13 Enter, 8 and 127
Backspace); ESC before a key as Alt; the xterm and VT220 sequences for arrows, Home, End, Insert,
Delete, PageUp, PageDown and F1 to F12, with xterm's modifier parameter (``CSI 1;5A`` is
Ctrl+Up); Shift+Tab (``CSI Z``); the Linux console's F1 to F5 and rxvt's modifier suffixes; xterm's
modifyOtherKeys (``CSI 27;mod;code~``) and the kitty/fixterms ``CSI code;mod u``, by which some
terminals tell Ctrl+1 from 1. Sequences that mean something else (mouse reports, replies to
queries, key releases) or nothing are dropped whole, never turned into stray letters.
"""

from __future__ import annotations

from dataclasses import replace

from audiospoons.keys.key import Key, fold_case

ESC = 0x1B
MAX_SEQUENCE = 128
"""The longest escape sequence kept, in bytes; the rest of a longer one is skipped."""

_CURSOR_FINALS = {
    ord("A"): "up", ord("B"): "down", ord("C"): "right", ord("D"): "left",
    ord("H"): "home", ord("F"): "end", ord("E"): "kpbegin",
    ord("P"): "f1", ord("Q"): "f2", ord("R"): "f3", ord("S"): "f4",
}
"""Finals of ``CSI [1;mod] X`` and ``SS3 [mod] X``. A first parameter other than 1 is not a key:
``CSI row;col R`` is a cursor position report, not F3."""

_TILDE_CODES = {
    1: "home", 2: "insert", 3: "delete", 4: "end", 5: "pageup", 6: "pagedown", 7: "home", 8: "end",
    11: "f1", 12: "f2", 13: "f3", 14: "f4", 15: "f5", 17: "f6", 18: "f7", 19: "f8", 20: "f9",
    21: "f10", 23: "f11", 24: "f12",
}
"""``CSI code[;mod] ~``."""

_SS3_ONLY = {
    ord("M"): "kpenter", ord("X"): "kpequal", ord("j"): "kpmultiply", ord("k"): "kpplus",
    ord("l"): "kpcomma", ord("m"): "kpminus", ord("n"): "kpdecimal", ord("o"): "kpdivide",
    **{ord("p") + digit: f"kp{digit}" for digit in range(10)},
}
"""The number pad in application mode (``SS3 p`` is keypad 0)."""

_RXVT_ARROWS = {ord("a"): "up", ord("b"): "down", ord("c"): "right", ord("d"): "left"}
"""rxvt: ``CSI a`` is Shift+Up, ``SS3 a`` Ctrl+Up."""

_RXVT_SUFFIXES = {ord("$"): (False, True), ord("^"): (True, False), ord("@"): (True, True)}
"""rxvt: ``CSI 5^`` is Ctrl+PageUp; the suffix gives (ctrl, shift)."""

_LINUX_CONSOLE = {ord("A"): "f1", ord("B"): "f2", ord("C"): "f3", ord("D"): "f4", ord("E"): "f5"}
"""The Linux console's ``CSI [ A`` to ``CSI [ E``."""

_CODEPOINT_NAMES = {
    8: "backspace", 9: "tab", 10: "enter", 13: "enter", 27: "escape", 32: "space",
    127: "backspace",
    **{57364 + number: f"f{number + 1}" for number in range(12)},
    **{57399 + digit: f"kp{digit}" for digit in range(10)},
    57409: "kpdecimal", 57410: "kpdivide", 57411: "kpmultiply", 57412: "kpminus",
    57413: "kpplus", 57414: "kpenter", 57415: "kpequal", 57416: "kpcomma", 57417: "kpleft",
    57418: "kpright", 57419: "kpup", 57420: "kpdown", 57421: "kppageup", 57422: "kppagedown",
    57423: "kphome", 57424: "kpend", 57425: "kpinsert", 57426: "kpdelete", 57427: "kpbegin",
}
"""Key codes of ``CSI code;mod u`` and ``CSI 27;mod;code ~`` that are not plain characters,
including kitty's private-use codes for the number pad."""

_CONTROL_SYMBOLS = {0x1C: "\\", 0x1D: "]", 0x1E: "^", 0x1F: "_"}

_KITTY_RELEASE = 3

_Step = tuple[list[Key], int]
"""Keys found and the index just past the bytes they used."""


def _modifiers(value: int | None) -> tuple[bool, bool, bool]:
    """xterm's modifier parameter (1 + a bit set) as (ctrl, alt, shift).

    Bits: 1 Shift, 2 Alt, 4 Ctrl, 8 Meta (xterm) or Super (kitty), 32 Meta (kitty); 16 Hyper, 64
    CapsLock and 128 NumLock are ignored. Meta counts as Alt, since terminals that report Meta
    mostly mean the Alt key by it.
    """
    bits = max((value or 1) - 1, 0)
    return bool(bits & 4), bool(bits & (2 | 8 | 32)), bool(bits & 1)


def _fields(params: bytes) -> list[list[int | None]] | None:
    """``1;5:3`` as [[1], [5, 3]]; None if the parameters are not plain numbers."""
    fields: list[list[int | None]] = []
    for field in params.split(b";"):
        values: list[int | None] = []
        for part in field.split(b":"):
            if part and not part.isdigit():
                return None
            values.append(int(part) if part else None)
        fields.append(values)
    return fields


def _field(fields: list[list[int | None]], index: int, sub: int = 0) -> int | None:
    if index < len(fields) and sub < len(fields[index]):
        return fields[index][sub]
    return None


def _named(name: str, at: float, mods: tuple[bool, bool, bool]) -> Key:
    ctrl, alt, shift = mods
    return Key(name, ctrl=ctrl, shift=shift, alt=alt, at=at)


def _character(char: str, at: float, *, ctrl: bool = False, alt: bool = False,
               shift: bool = False) -> Key | None:
    """A typed character as a key: upper case means Shift; a character that is not a letter
    carries no Shift (the Shift is in the symbol: "<", not "shift+,"). None if unprintable."""
    if char == " ":
        return Key("space", ctrl=ctrl, shift=shift, alt=alt, at=at)
    if not char.isprintable():
        return None
    name, upper = fold_case(char)
    cased = char.lower() != char.upper()
    return Key(name, ctrl=ctrl, shift=(shift or upper) and cased, alt=alt, at=at)


def _codepoint(code: int | None, mods: tuple[bool, bool, bool], at: float) -> list[Key]:
    """The key of a ``CSI ... u`` or modifyOtherKeys code, with its modifiers."""
    if code is None:
        return []
    name = _CODEPOINT_NAMES.get(code)
    if name is not None:
        return [_named(name, at, mods)]
    if code < 0x20 or code > 0x10FFFF or 0xD800 <= code <= 0xDFFF or 0xE000 <= code <= 0xF8FF:
        return []
    ctrl, alt, shift = mods
    key = _character(chr(code), at, ctrl=ctrl, alt=alt, shift=shift)
    return [] if key is None else [key]


def _single_byte(byte: int, at: float) -> Key | None:
    """A byte below 0x80 on its own: a character or a control key."""
    if byte in (0x0A, 0x0D):
        return Key("enter", at=at)
    if byte == 0x09:
        return Key("tab", at=at)
    if byte in (0x08, 0x7F):
        return Key("backspace", at=at)
    if byte == 0x00:
        return Key("space", ctrl=True, at=at)
    if byte <= 0x1A:
        return Key(chr(byte + 0x60), ctrl=True, at=at)
    if byte in _CONTROL_SYMBOLS:
        return Key(_CONTROL_SYMBOLS[byte], ctrl=True, at=at)
    return _character(chr(byte), at)


def _csi_key(params: bytes, final: int, at: float) -> list[Key]:
    """The key of a complete ``CSI params final``; [] if it is not a key we know."""
    if params[:1] in (b"<", b"=", b">", b"?"):
        return []  # private: mouse reports and replies to queries
    fields = _fields(params)
    if fields is None:
        return []
    first = _field(fields, 0)
    if final in _RXVT_SUFFIXES:
        ctrl, shift = _RXVT_SUFFIXES[final]
        name = _TILDE_CODES.get(first or 0)
        if name is None or len(fields) > 1:
            return []
        return [Key(name, ctrl=ctrl, shift=shift, at=at)]
    if _field(fields, 1, 1) == _KITTY_RELEASE:
        return []
    mods = _modifiers(_field(fields, 1))
    if final == ord("~"):
        if first == 27 and len(fields) >= 3:
            return _codepoint(_field(fields, 2), mods, at)  # xterm modifyOtherKeys
        name = _TILDE_CODES.get(first or 0)
        return [] if name is None else [_named(name, at, mods)]
    if final == ord("u"):
        return _codepoint(first, mods, at)
    if final in _CURSOR_FINALS and first in (None, 1):
        return [_named(_CURSOR_FINALS[final], at, mods)]
    if final == ord("Z"):
        ctrl, alt, _ = mods
        return [Key("tab", ctrl=ctrl, shift=True, alt=alt, at=at)]
    if final in _RXVT_ARROWS and not params:
        return [Key(_RXVT_ARROWS[final], shift=True, at=at)]
    return []


def _ss3_key(params: bytes, final: int, at: float) -> list[Key]:
    """The key of a complete ``SS3 [params] final``. Some terminals put a lone modifier in the
    parameters (``SS3 5A``), others ``1;5``: the last number is the modifier."""
    fields = _fields(params) if params else []
    if fields is None:
        return []
    mods = _modifiers(_field(fields, len(fields) - 1) if fields else None)
    if final in _CURSOR_FINALS:
        return [_named(_CURSOR_FINALS[final], at, mods)]
    if final in _SS3_ONLY:
        return [_named(_SS3_ONLY[final], at, mods)]
    if final in _RXVT_ARROWS and not params:
        return [Key(_RXVT_ARROWS[final], ctrl=True, at=at)]
    return []


class KeyDecoder:
    """Incremental: ``feed`` what a read returned, ``flush`` when the input has gone quiet.

    Every key carries the ``at`` of the call that completed it: for a key decoded by ``flush``,
    the caller passes the time of the read that brought its bytes.
    """

    def __init__(self) -> None:
        self._buffer = bytearray()
        self._skipping = False
        """In the middle of an overlong sequence: skip to its final byte."""

    @property
    def pending(self) -> bool:
        """Bytes are held back until more come or ``flush`` is called."""
        return bool(self._buffer) or self._skipping

    def feed(self, data: bytes, at: float) -> list[Key]:
        self._buffer += data
        return self._decode(at, final=False)

    def flush(self, at: float) -> list[Key]:
        """No more bytes are coming for now: a held ESC is the Escape key, ``ESC [`` is Alt+[,
        ``ESC O`` is Alt+Shift+O, and any other incomplete sequence is dropped."""
        keys = self._decode(at, final=True)
        self._buffer.clear()
        self._skipping = False
        return keys

    def _decode(self, at: float, *, final: bool) -> list[Key]:
        keys: list[Key] = []
        buffer = self._buffer
        index = 0
        while index < len(buffer):
            if self._skipping:
                byte = buffer[index]
                if 0x20 <= byte <= 0x3F:
                    index += 1
                    continue
                self._skipping = False
                if 0x40 <= byte <= 0x7E:
                    index += 1
                continue
            step = self._one(index, at, final)
            if step is None:
                break
            found, index = step
            keys.extend(found)
        del buffer[:index]
        return keys

    def _one(self, index: int, at: float, final: bool) -> _Step | None:
        """Decode the key starting at ``index``; None if it needs bytes not yet here."""
        byte = self._buffer[index]
        if byte == ESC:
            return self._escape(index, at, final)
        if byte >= 0x80:
            return self._utf8(index, at, final)
        key = _single_byte(byte, at)
        return ([] if key is None else [key]), index + 1

    def _utf8(self, index: int, at: float, final: bool) -> _Step | None:
        buffer = self._buffer
        lead = buffer[index]
        if 0xC2 <= lead <= 0xDF:
            length = 2
        elif 0xE0 <= lead <= 0xEF:
            length = 3
        elif 0xF0 <= lead <= 0xF4:
            length = 4
        else:
            return [], index + 1  # a stray continuation byte or an invalid lead
        end = index + length
        if any(not 0x80 <= byte <= 0xBF for byte in buffer[index + 1:end]):
            return [], index + 1
        if end > len(buffer):
            return ([], index + 1) if final else None
        try:
            char = bytes(buffer[index:end]).decode("utf-8")
        except UnicodeDecodeError:  # overlong forms and surrogates
            return [], index + 1
        key = _character(char, at)
        return ([] if key is None else [key]), end

    def _escape(self, index: int, at: float, final: bool) -> _Step | None:
        buffer = self._buffer
        if index + 1 >= len(buffer):
            return ([Key("escape", at=at)], index + 1) if final else None
        second = buffer[index + 1]
        if second == ord("["):
            return self._sequence(index, at, final, csi=True)
        if second == ord("O"):
            return self._sequence(index, at, final, csi=False)
        if second == ESC:
            return [Key("escape", at=at)], index + 1
        inner = self._one(index + 1, at, final)
        if inner is None:
            return None
        found, end = inner
        if not found:
            return [Key("escape", at=at)], index + 1
        return [replace(key, alt=True) for key in found], end

    def _sequence(self, index: int, at: float, final: bool, *, csi: bool) -> _Step | None:
        """``ESC [`` (CSI) or ``ESC O`` (SS3), then parameter and intermediate bytes, then one
        final byte. A byte that cannot be part of a sequence ends it unfinished: the sequence is
        dropped and that byte decoded afresh."""
        buffer = self._buffer
        start = index + 2
        alone = Key("[", alt=True, at=at) if csi else Key("o", shift=True, alt=True, at=at)
        if csi and start < len(buffer) and buffer[start] == ord("["):
            if start + 1 >= len(buffer):
                return ([], start + 1) if final else None
            follow = buffer[start + 1]
            if not 0x40 <= follow <= 0x7E:
                return [], start + 1
            name = _LINUX_CONSOLE.get(follow)
            return ([] if name is None else [Key(name, at=at)]), start + 2
        position = start
        while position < len(buffer):
            byte = buffer[position]
            if csi and byte in _RXVT_SUFFIXES and position > start \
                    and bytes(buffer[start:position]).isdigit():
                return _csi_key(bytes(buffer[start:position]), byte, at), position + 1
            if 0x40 <= byte <= 0x7E:
                params = bytes(buffer[start:position])
                keys = _csi_key(params, byte, at) if csi else _ss3_key(params, byte, at)
                return keys, position + 1
            if not 0x20 <= byte <= 0x3F:
                return ([alone] if position == start else []), position
            position += 1
            if position - index > MAX_SEQUENCE:
                self._skipping = True
                return [], position
        if not final:
            return None
        return ([alone] if position == start else []), position
