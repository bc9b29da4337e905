"""The keyboard: key presses read from the terminal (``TerminalKeys``), decoded from bytes by a
pure ``KeyDecoder``, as ``Key`` values whose ``label`` names them in keymaps and settings."""

from audiospoons.keys.decode import KeyDecoder
from audiospoons.keys.key import Key, parse_label
from audiospoons.keys.reader import ESCAPE_DELAY, TerminalKeys

__all__ = ["ESCAPE_DELAY", "Key", "KeyDecoder", "TerminalKeys", "parse_label"]
