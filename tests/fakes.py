"""Stand-ins for the parts a game at the keyboard talks to: a key press, a clock that jumps,
and a speech output that keeps what it was given."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Pressed:
    label: str
    at: float


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


class Lines:
    name = "lines"

    def __init__(self) -> None:
        self.spoken: list[str] = []

    def speak(self, text: str, *, interrupt: bool = False) -> None:
        self.spoken.append(text)

    def silence(self) -> None:
        """Nothing queued."""

    def close(self) -> None:
        """Nothing to release."""
