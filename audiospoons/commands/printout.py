"""A transcript printed, quietly cut short when what reads it stops reading."""

from __future__ import annotations

import sys
from collections.abc import Sequence


def print_lines(lines: Sequence[str]) -> int:
    """Print ``lines``: exit status 0, also when the pipe they go down is closed early."""
    try:
        print("\n".join(lines))
    except BrokenPipeError:
        sys.stderr.close()
    return 0
