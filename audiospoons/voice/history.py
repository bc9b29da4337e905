"""Everything spoken, to review line by line: pure."""

from __future__ import annotations

from collections import deque

HISTORY_LIMIT = 1000


class History:
    """The last ``limit`` lines spoken, with a reading position.

    A new line moves the position to it. ``previous`` and ``next`` step one line and stay put at
    either end (``at_edge`` says the player hit one), ``first`` and ``last`` jump, ``current``
    repeats the last line said: the newest, the one stepped to, or an answer to a key that is
    not kept (``answered``). ``begin`` marks a game's start: review goes back no further.
    """

    def __init__(self, limit: int = HISTORY_LIMIT) -> None:
        self._lines: deque[str] = deque(maxlen=limit)
        self._position = -1
        self._said: str | None = None
        self._added = 0
        """Lines added since the start, those the limit has since let go among them."""
        self._begun = 0
        """How many lines had been added when the game under way began (``begin``)."""
        self.at_edge = False

    def __len__(self) -> int:
        return len(self._lines)

    def begin(self) -> None:
        """A game begins: review goes back as far as its first line, and no further."""
        self._begun = self._added

    def add(self, text: str) -> None:
        self._added += 1
        self._lines.append(text)
        self._position = len(self._lines) - 1
        self._said = text
        self.at_edge = False

    def answered(self, text: str) -> None:
        """``text`` was said in answer to a key ("2 spoons left."): not kept, but repeated."""
        self._said = text

    def current(self) -> str | None:
        return self._said

    def previous(self) -> str | None:
        return self._move(self._position - 1)

    def next(self) -> str | None:
        return self._move(self._position + 1)

    def first(self) -> str | None:
        return self._move(self._earliest())

    def last(self) -> str | None:
        return self._move(len(self._lines) - 1)

    def _earliest(self) -> int:
        """Where review stops going back: the game's first line, or the oldest kept."""
        return max(0, self._begun - (self._added - len(self._lines)))

    def _move(self, position: int) -> str | None:
        earliest = self._earliest()
        if earliest >= len(self._lines):
            self.at_edge = True
            return None
        clamped = min(max(position, earliest), len(self._lines) - 1)
        self.at_edge = clamped != position
        self._position = clamped
        self._said = self._lines[clamped]
        return self._said
