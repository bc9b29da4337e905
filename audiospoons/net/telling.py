"""What a relay's table is telling its people, reckoned at the relay, for its bots to wait on.

At a real table no one plays the next card while the table is still hearing the last one. A
person at a relay's table may say how they listen (``hearing``: the words a minute their reader
speaks, and how much the game says); for each batch of events the relay words that person's
lines as their client would (in English, which is near enough for a length) and reckons how
long their reader takes over them. The bots' moves of the play then wait until the longest of
those has been said (``table.Hearing``; the table caps the wait). People who never said how
they listen (bot clients, load tests) are not waited for.

The game's words load only once a person at a table has said how they listen: a relay whose
players never say runs the rules alone, as it always has.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from audiospoons.engine.events import Event
from audiospoons.engine.rules import Rules
from audiospoons.games.spec import RulesSpec

if TYPE_CHECKING:
    from audiospoons.ui.keyboardhalf import Presenter
    from audiospoons.voice.announcer import Verbosity

SLOWEST_RATE = 80
FASTEST_RATE = 900
"""The words a minute a ``hearing`` may say: a reader's whole range, and no more."""
VERBOSITIES = ("brief", "full")
"""How much the game says, as a ``hearing`` names it (``Verbosity``'s values)."""


@dataclass(frozen=True, slots=True)
class ListenerSettings:
    """How one person listens: their reader's words a minute, and how much the game says."""

    rate: int
    verbosity: str
    """``brief`` or ``full``."""


class TableTelling:
    """A watcher of the table: after each batch of events, the game time by which every
    person who said how they listen has been told that batch (``quiet_at``)."""

    def __init__(self, spec: RulesSpec, game: Rules,
                 listening: Callable[[], dict[int, ListenerSettings]]) -> None:
        self.spec = spec
        self.game = game
        self.listening = listening
        """Each seat whose person said how they listen, as they listen now."""
        self._presenters: dict[tuple[int, str], Presenter] = {}
        self._quiet: float | None = None

    def watch(self, game: Rules, events: Sequence[Event]) -> None:
        if not events:
            return
        listening = self.listening()
        if not listening:
            return
        reader_seconds = importlib.import_module("audiospoons.voice.linequeue").reader_seconds
        longest = 0.0
        for seat, how in listening.items():
            presenter = self._presenter(seat, how.verbosity)
            seen = [view for event in events if (view := event.seen_by(seat)) is not None]
            seconds = sum(reader_seconds(said.text, how.rate)
                          for event in seen for said in presenter.announce(event, seat)
                          if not said.pace.aside)
            longest = max(longest, seconds)
        if longest > 0:
            self._quiet = max(self._quiet or 0.0, events[-1].at + longest)

    def quiet_at(self) -> float | None:
        """The game time by which the table will have been told its last batch, or None once it
        has been."""
        if self._quiet is None or self._quiet <= self.game.now:
            return None
        return self._quiet

    def _presenter(self, seat: int, verbosity: str) -> Presenter:
        """The seat's words at this verbosity: a presenter of its own, since an announcer keeps
        what it has said (the top card, the count) from one event to the next."""
        key = (seat, verbosity)
        if key not in self._presenters:
            announcer = importlib.import_module("audiospoons.voice.announcer")
            i18n = importlib.import_module("audiospoons.voice.i18n")
            level: Verbosity = announcer.Verbosity(verbosity)
            keyboards = importlib.import_module("audiospoons.games.keyboards")
            self._presenters[key] = keyboards.KEYBOARDS[self.spec.name].presenter(
                self.game, i18n.messages(i18n.DEFAULT_LANGUAGE), level)
        return self._presenters[key]
