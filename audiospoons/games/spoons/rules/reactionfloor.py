"""The guard against a grab key held down or pressed over and over: nobody reacts to a sound in
less than ``REACTION_FLOOR``, so a press sooner than that after the spoons became free to take
(the first spoon, or with two players left the other's set), or after the presser's own last
press since then, cannot be a reaction and is not a grab. A player whose own hand is a set is not
reacting to anyone: the floor never holds them back.

The terminal sends no key-up: a held key is presses a few hundredths of a second apart, each
within the floor of the one before, so none of them grabs until the key rests; a press made
after a pause always counts. Presses made before the spoons were free carry nothing over: they
are refused for what they were, and never count against a later grab.
"""

from __future__ import annotations

REACTION_FLOOR = 0.1
"""Seconds: the quickest a person reacts to a sound (a sprint start sooner is a false start)."""

_ROUNDING = 1e-9
"""Times read from text (0.6 - 0.5) may fall a hair short of the floor they meet exactly."""


def too_soon(pressed: float, opened: float | None, last_early: float | None) -> bool:
    """Whether a press at ``pressed`` is too soon to be a reaction, the spoons having become
    free to take at ``opened`` (None: no such moment, the presser's own set lets it grab) and
    the presser's last press that was too soon being at ``last_early``."""
    if opened is None:
        return False
    since = opened if last_early is None or last_early < opened else last_early
    return pressed < since + REACTION_FLOOR - _ROUNDING


def noted_early(pressed: float, opened: float | None) -> float | None:
    """What to keep of a press found too soon: its time, if it came once the spoons were free;
    one made before they were is forgotten."""
    if opened is None or pressed < opened:
        return None
    return pressed
