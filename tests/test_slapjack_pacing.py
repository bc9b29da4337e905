"""How long each line of Slapjack stays worth saying, as its announcer gives it to seat 1 of a
bot game; and, at the keyboard, a turn's time starts once "Your turn." has been said."""

from __future__ import annotations

from collections.abc import Sequence

from fakes import Clock, Lines, Pressed

from audiospoons.engine.events import Event
from audiospoons.engine.rules import Rules
from audiospoons.games.keyboards import KEYBOARDS
from audiospoons.games.registry import GAMES
from audiospoons.games.slapjack.keyboard.seatkeys import LocalSlapjackGame
from audiospoons.games.slapjack.rules.events import CardTurned
from audiospoons.games.slapjack.rules.options import SlapjackOptions
from audiospoons.replay.transcript import heard
from audiospoons.simulate import bot_game_script
from audiospoons.sound.cue import Cue
from audiospoons.voice.announcer import Utterance, Verbosity
from audiospoons.voice.i18n import messages
from audiospoons.voice.pace import FLOW_LIFETIME
from audiospoons.voice.speaker import Speaker

SLAPJACK = KEYBOARDS["slapjack"]

def test_a_card_is_news_until_the_next_and_a_jack_waits_as_long_as_it_takes() -> None:
    spec = GAMES["slapjack"]
    options, _ = spec.read_options({})
    rules, script = bot_game_script(4, options, 4, game=spec)
    lines = [said for _, said in heard(rules, script, 0, SLAPJACK, verbosity=Verbosity.BRIEF)
             if isinstance(said, Utterance)]
    turned = [said for said in lines if said.text.startswith("A ") and "jack" not in said.text]
    jacks = [said for said in lines if said.text.endswith("Slap!")]
    outs = [said for said in lines if said.text.endswith(" is out.")]
    turns = [said for said in lines if said.text == "Your turn."]
    assert turned and jacks and outs and turns
    assert all(said.pace.topic == "pile" and said.pace.lifetime == FLOW_LIFETIME
               for said in turned)
    assert all(said.urgent and said.pace.lifetime is None for said in jacks)
    assert all(said.pace.lifetime is None and said.pace.group is not None for said in outs)
    assert all(said.pace.topic == "turn" and said.pace.lifetime is None for said in turns)


def test_at_brief_a_card_is_its_rank_and_your_own_card_ends_your_turn_s_line() -> None:
    spec = GAMES["slapjack"]
    options, _ = spec.read_options({})
    rules, script = bot_game_script(4, options, 4, game=spec)
    lines = [(at, said) for at, said in heard(rules, script, 0, SLAPJACK,
                                              verbosity=Verbosity.BRIEF)
             if isinstance(said, Utterance)]
    texts = [said.text for _, said in lines]
    assert texts[:4] == ["Slapjack: you against Britany, Chris, and Debra. You have 13 cards.",
                         "A six.", "A four.", "An ace."]
    own = [said for at, said in lines if said.pace.retracts == ("turn",)]
    assert own and all(said.text.startswith(("A ", "An ")) for said in own)
    rules, script = bot_game_script(4, options, 4, game=spec)
    full = [said.text for _, said in heard(rules, script, 0, SLAPJACK)
            if isinstance(said, Utterance)]
    assert full[1:3] == ["Britany's turn.", "Britany: the six of diamonds."]


class SlowTurnReader(Speaker):
    """A speaker whose reader takes ``TURN_TELLING`` seconds over "Your turn."."""

    def __init__(self, clock: Clock) -> None:
        super().__init__(Lines(), clock=clock)
        self.until: float | None = None
        self.turns = 0

    def say(self, utterance: Utterance) -> None:
        super().say(utterance)
        if utterance.text.startswith("Your turn"):
            self.turns += 1
            self.until = self.clock() + TURN_TELLING

    def told_at(self, *, asides: bool = True) -> float | None:
        return self.until if self.until is not None and self.clock() < self.until else None


TURN_TELLING = 2.5


class TurnKeys:
    """Presses Enter (turn a card) at once on your first turn (just after the deal, when play
    waits anyway); on your second, lets ``wait`` seconds go by once "Your turn." has begun to
    be said, then presses it; then stops the game."""

    def __init__(self, clock: Clock, speaker: SlowTurnReader, wait: float) -> None:
        self.clock, self.speaker, self.wait = clock, speaker, wait
        self.game: LocalSlapjackGame | None = None
        self.presses = 0

    def read(self, timeout: float | None) -> Sequence[Pressed]:
        assert self.game is not None and timeout is not None
        if self.speaker.turns > self.presses and self.presses < 2:
            if self.presses == 1 and self.wait > 0:
                step = min(timeout, self.wait)
                self.clock.now += step
                self.wait -= step
                return []
            self.presses += 1
            self.clock.now += 0.01
            return [Pressed("enter", self.clock.now)]
        if self.presses == 2:
            self.game.stop()
        self.clock.now += min(timeout, 0.5)
        return []


def turned_by_you(wait: float) -> bool | None:
    """Whether your second card was turned by your key (False: by the turn's time running
    out) when Enter comes ``wait`` seconds after "Your turn." began to be said."""
    clock = Clock()
    speaker = SlowTurnReader(clock)
    game = LocalSlapjackGame(SlapjackOptions(turn_time=2.0), 3, messages("en"), speaker, None,
                             seed=3, clock=clock, verbosity=Verbosity.BRIEF)
    keys = TurnKeys(clock, speaker, wait)
    keys.game = game
    turned: list[bool] = []

    def watch(rules: Rules, events: list[Event]) -> None:
        turned.extend(not event.timed_out for event in events
                      if isinstance(event, CardTurned) and event.seat == 0)

    game.table.watchers.append(watch)
    game.play(keys)
    return turned[1] if len(turned) > 1 else None


def test_your_turn_s_time_starts_once_your_turn_has_been_said() -> None:
    assert turned_by_you(TURN_TELLING + 1.5) is True


def test_your_turn_s_time_still_runs_out_after_it_has_been_said() -> None:
    assert turned_by_you(TURN_TELLING + 2.5) is False


class Sounds:
    def __init__(self) -> None:
        self.sound_volume = self.speech_volume = 1.0
        self.mono = False

    def play(self, cue: Cue) -> None:
        """Nothing is heard."""


class PausingKeys:
    """Presses ``script``'s keys one by one, a tenth of a second apart, from the start."""

    def __init__(self, clock: Clock, script: list[str]) -> None:
        self.clock, self.script = clock, script

    def read(self, timeout: float | None) -> Sequence[Pressed]:
        self.clock.now += 0.1
        return [Pressed(self.script.pop(0), self.clock.now)]


def test_the_volume_and_rate_keys_work_in_the_pause_menu() -> None:
    clock, lines, sounds = Clock(), Lines(), Sounds()
    game = LocalSlapjackGame(SlapjackOptions(), 3, messages("en"), Speaker(lines, clock=clock),
                             sounds, seed=3, clock=clock)
    game.play(PausingKeys(clock, ["escape", "f8", "f7", "f7", "enter", "escape", "q", "y"]))
    menu = "Paused. Enter or Escape to go on, Q to quit the game."
    at = lines.spoken.index(menu)
    assert lines.spoken[at:at + 5] == [menu, "Sound volume 100 percent.",
                                       "Sound volume 90 percent.", "Sound volume 80 percent.",
                                       "Go on."]
    assert sounds.sound_volume == 0.8
