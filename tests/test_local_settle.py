"""After a deal, play waits, as at a real table, until the player has been told what waits to be
said; the game's clock stands still meanwhile, and a key ends the wait."""

from __future__ import annotations

import pytest
from fakes import Clock, Lines, Pressed

from audiospoons.engine.events import Event
from audiospoons.engine.rules import Rules
from audiospoons.games.razz.rules.events import KingAimed, TurnBegan
from audiospoons.games.spoons.keyboard.local import LocalGame
from audiospoons.games.spoons.rules.events import CardPassed, CardTaken, RoundStarted
from audiospoons.games.spoons.rules.options import Options
from audiospoons.table import HEARING_WAIT_LIMIT
from audiospoons.ui.localloop import SETTLE_LIMIT, settles
from audiospoons.voice.announcer import Utterance
from audiospoons.voice.i18n import messages
from audiospoons.voice.speaker import Speaker

TELLING = 6.0


class Telling(Speaker):
    """A speaker whose reader takes ``TELLING`` seconds to say a round's opening."""

    def __init__(self, clock: Clock, telling: float = TELLING) -> None:
        super().__init__(Lines(), clock=clock)
        self.telling = telling
        self.until: float | None = None

    def say(self, utterance: Utterance) -> None:
        super().say(utterance)
        if utterance.text.startswith("Round "):
            self.until = self.clock() + self.telling

    def told_at(self, *, asides: bool = True) -> float | None:
        return self.until if self.until is not None and self.clock() < self.until else None


class Keys:
    """Presses ``label`` ``gap`` seconds after it is first asked, then quits with Escape and
    Enter (the pause menu's Quit) when asked again."""

    def __init__(self, clock: Clock, label: str, gap: float) -> None:
        self.clock, self.label, self.gap = clock, label, gap
        self.asked: list[float | None] = []

    def read(self, timeout: float | None) -> list[Pressed]:
        self.asked.append(timeout)
        if self.label and (timeout is None or timeout >= self.gap):
            self.clock.now += self.gap
            label, self.label = self.label, ""
            return [Pressed(label, self.clock.now)]
        if timeout is None:
            raise EOFError
        self.clock.now += timeout
        return []


def first_pass_after_deal(telling: float, label: str, gap: float
                          ) -> tuple[float, float, float, float]:
    """(clock, game time) of the deal, and of the first card passed after it."""
    clock = Clock()
    speaker = Telling(clock, telling)
    game = LocalGame(Options.from_mapping({}), 3, messages("en"), speaker, None, seed=5,
                     clock=clock)
    moments: dict[str, tuple[float, float]] = {}

    def watch(rules: Rules, events: list[Event]) -> None:
        for event in events:
            if isinstance(event, RoundStarted):
                moments.setdefault("deal", (clock.now, event.at))
            elif isinstance(event, CardPassed) and "deal" in moments:
                moments.setdefault("pass", (clock.now, event.at))
                game.stop()

    game.table.watchers.append(watch)
    game.play(Keys(clock, label, gap))
    return (*moments["deal"], *moments["pass"])


def test_play_waits_after_the_deal_until_the_opening_has_been_said() -> None:
    dealt_clock, dealt_game, passed_clock, passed_game = first_pass_after_deal(TELLING, "", 0)
    waited = (passed_clock - dealt_clock) - (passed_game - dealt_game)
    assert waited == pytest.approx(TELLING)


def test_the_wait_is_never_longer_than_its_limit() -> None:
    dealt_clock, dealt_game, passed_clock, passed_game = first_pass_after_deal(60.0, "", 0)
    assert (passed_clock - dealt_clock) - (passed_game - dealt_game) == pytest.approx(SETTLE_LIMIT)


def test_a_key_ends_the_wait_at_the_moment_of_the_deal() -> None:
    dealt_clock, dealt_game, passed_clock, passed_game = first_pass_after_deal(TELLING, "h", 1.0)
    assert (passed_clock - dealt_clock) - (passed_game - dealt_game) == pytest.approx(1.0)


class AlwaysTelling(Speaker):
    """A speaker whose reader is always two seconds from done (None: a silent one)."""

    def __init__(self, clock: Clock, busy: bool) -> None:
        super().__init__(Lines(), clock=clock)
        self.busy = busy

    def told_at(self, *, asides: bool = True) -> float | None:
        return self.clock() + 2.0 if self.busy else None


def first_card_move_game_time(busy: bool) -> float:
    clock = Clock()
    game = LocalGame(Options.from_mapping({}), 3, messages("en"), AlwaysTelling(clock, busy),
                     None, seed=5, clock=clock)
    passed: list[float] = []

    def watch(rules: Rules, events: list[Event]) -> None:
        if not passed and any(isinstance(event, CardTaken | CardPassed) for event in events):
            passed.append(rules.now)
            game.stop()

    game.table.watchers.append(watch)
    game.play(Keys(clock, "", 0))
    return passed[0]


def test_bots_wait_for_what_the_player_is_being_told_at_most_the_limit() -> None:
    assert first_card_move_game_time(True) == pytest.approx(
        first_card_move_game_time(False) + HEARING_WAIT_LIMIT)


def test_what_is_yours_is_what_is_aimed_at_you_else_what_is_your_own() -> None:
    yours = (KingAimed, TurnBegan)
    assert settles(KingAimed(1.0, 1, 0, 2), 0, (), yours), "a King aimed at you"
    assert not settles(KingAimed(1.0, 0, 1, 2), 0, (), yours), "your own King, aimed at Bob"
    assert settles(TurnBegan(1.0, 0, 3, False, True), 0, (), yours)
    assert not settles(TurnBegan(1.0, 1, 3, False, True), 0, (), yours)
    assert settles(RoundStarted(1.0, 1, 2, 2, (0, 1, 2)), 0, (RoundStarted,), ())
