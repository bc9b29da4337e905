"""A realtime fighting game at the keyboard, on a clock that jumps, with keys pressed on a
script: the table where a fight's false starts and reaction times are heard."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from fakes import Clock, Lines, Pressed

from audiospoons.engine.cards import Card
from audiospoons.games.spoons.keyboard.local import LocalGame
from audiospoons.games.spoons.rules.cardflow import Deal
from audiospoons.games.spoons.rules.options import Options
from audiospoons.voice.i18n import messages
from audiospoons.voice.speaker import Speaker


class ScriptedKeys:
    """Presses each key the given seconds after the one before, as the game's clock runs."""

    def __init__(self, clock: Clock, script: Sequence[tuple[str, float]]) -> None:
        self.clock = clock
        self.script = list(script)

    def read(self, timeout: float | None) -> Sequence[Pressed]:
        label, wait = self.script[0]
        if timeout is not None and timeout < wait:
            self.clock.now += timeout
            self.script[0] = (label, wait - timeout)
            return []
        self.script.pop(0)
        self.clock.now += wait
        return [Pressed(label, self.clock.now)]


DEBRA_HAS_A_SET = Deal({3: (Card("7", "H"), Card("7", "C"), Card("7", "D"), Card("7", "S"))})
QUIT = [("escape", 3.0), ("q", 0.1), ("y", 0.1)]
REALTIME = {"grabbing": "realtime"}


def heard_at_the_keyboard(script: Sequence[tuple[str, float]],
                          options: Mapping[str, object] = REALTIME) -> list[str]:
    """A realtime game at the keyboard against Britany, Chris and Debra, who has a set and
    claims spoon 1 at 0.72 s; the cue of a fight comes 1.5 s after it starts. ``options``
    for another way of grabbing, with the same cards and the same pause before a cue."""
    clock, lines = Clock(), Lines()
    game = LocalGame(Options.from_mapping({**options, "react_pause": 1.5}), 4,
                     messages("en"), Speaker(lines), None, seed=1, clock=clock,
                     first_deal=DEBRA_HAS_A_SET)
    game.play(ScriptedKeys(clock, [*script, *QUIT]))
    return lines.spoken
