"""Whether a command that is played at a keyboard has one."""

from __future__ import annotations

import sys


def at_a_keyboard(command: str) -> bool:
    """Whether the game can be played here; says why not if it cannot."""
    if sys.stdin.isatty():
        return True
    print(f"audiospoons {command}: the game is played at a keyboard: run it in a terminal",
          file=sys.stderr)
    return False
