"""A game at this keyboard: you against bots, heard through speech and sound.

The loop waits in the key reader until the next key or the next thing the table has to do,
whichever comes first; each key carries the moment it was read, and that moment is when the
command happened. Nothing polls.
"""

from __future__ import annotations

import random
import statistics
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Protocol

from audiospoons.bots.levels import Level, Pace
from audiospoons.bots.simple import make_bot
from audiospoons.engine.cards import WATCHER_GROUP
from audiospoons.engine.commands import Command, Draw, Feint, Grab, Pass, React, Signal, Take
from audiospoons.engine.errors import SpoonsError
from audiospoons.engine.events import (
    EmptySlot,
    Event,
    Reacted,
    ReactionTestStarted,
    RoundStarted,
    SpoonGrabbed,
    SpoonsChanged,
)
from audiospoons.engine.game import ClassicGame, Deal, Phase
from audiospoons.engine.options import Grabbing, Options
from audiospoons.simulate import bot_names
from audiospoons.sound.countdown import Countdown
from audiospoons.sound.cue import Cue
from audiospoons.sound.cues import CueMapper
from audiospoons.spoonslots import Slot
from audiospoons.table import Table
from audiospoons.ui.gamekeys import SLOTS, Action, bindings, keymap
from audiospoons.ui.keynames import action_name, keys_text
from audiospoons.ui.menu import Action as MenuAction
from audiospoons.ui.menu import Toggle
from audiospoons.ui.optionitems import option_items
from audiospoons.ui.seatview import SeatView
from audiospoons.ui.spoonmenu import ColourMenu
from audiospoons.voice.announcer import Announcer, Utterance, Verbosity
from audiospoons.voice.cardnames import card_name, rank_count, the_card
from audiospoons.voice.i18n import Messages
from audiospoons.voice.refusals import refusal_text
from audiospoons.voice.speaker import Speaker
from audiospoons.voice.spoonnames import SpoonStyle, spoon_word

YOU = 0
"""The keyboard player's seat; the bots sit to their left in turn."""
ALWAYS_SAID = ("draw", "grabbing", "scoring", "premature")
"""The options F5 always names; the others only when they are not at their defaults."""
TIME_SLACK = 1e-6
"""A wait that ends a hair before its deadline (float rounding) still counts as reaching it."""
VOLUME_STEP = 0.1
RATE_STEP = 20
SPOON_KEY_MODIFIERS = ("ctrl+", "alt+")
"""With either, a number-row key names spoons 11 to 20. Ctrl is seed 000's choice; Alt is what
every terminal can send, where many send Ctrl+1 as a plain 1 or not at all."""


def spoon_number(label: str) -> int | None:
    """The spoon a number-row key names: 1 to 9, and 0 for 10; with Ctrl or Alt, 11 to 20."""
    base = 0
    for modifier in SPOON_KEY_MODIFIERS:
        if label.startswith(modifier):
            label, base = label[len(modifier):], 10
    if len(label) != 1 or not label.isdigit():
        return None
    return base + (int(label) or 10)


class PressedKey(Protocol):
    @property
    def label(self) -> str: ...

    @property
    def at(self) -> float: ...


class KeySource(Protocol):
    def read(self, timeout: float | None) -> Sequence[PressedKey]: ...


class CuePlayer(Protocol):
    sound_volume: float

    def play(self, cue: Cue) -> None: ...


@dataclass(frozen=True, slots=True)
class ReactionRecord:
    """The player's reaction times and results from games before this one."""

    times: tuple[float, ...] = ()
    games: int = 0
    wins: int = 0
    best: float | None = None
    """The best time ever, which may be older than ``times``."""


@dataclass(slots=True)
class GameResult:
    """How a game ended for the keyboard player: ``won`` is None when they quit. A single
    round is won by keeping a spoon."""

    won: bool | None
    reaction_times: list[float]


class LocalPlayer:
    """The keyboard seat's ears: every event it may know, spoken and played from its place."""

    def __init__(self, players: Sequence[str], options: Options, messages: Messages,
                 speaker: Speaker, sounds: CuePlayer | None,
                 verbosity: Verbosity = Verbosity.FULL,
                 spoon_style: SpoonStyle = SpoonStyle.NUMBERS,
                 rng: random.Random | None = None) -> None:
        self.seat: int | None = YOU
        self.view = SeatView(YOU)
        self.messages = messages
        self.speaker = speaker
        self.sounds = sounds
        # The first grab is heard as the spoon's sound; with no sound it must be said.
        self.announcer = Announcer(players, messages, verbosity=verbosity,
                                   announce_phase2=options.announce_phase2 or sounds is None,
                                   set_size=options.set_size, spoon_style=spoon_style,
                                   signal=options.signal)
        self.spoon_style = spoon_style
        self.colours = ColourMenu(rng or random.Random())
        self.mapper = CueMapper(len(players), signal=options.signal)
        self.countdown = Countdown()
        self.cursor = 0
        self._fight_time: float | None = None
        """Your press in the fight or contest under way: said if you win the spoon."""
        self.time_reactions = True
        """Say the reaction time after each grab (not in the demonstration, where the player
        is listening to instructions between their set and their grab)."""

    def receive(self, events: Sequence[Event]) -> None:
        for event in events:
            timed = len(self.view.reaction_times)
            self.view.observe(event)
            if isinstance(event, RoundStarted | SpoonsChanged):
                self.colours.deal(event.spoons)
            self.play(self.mapper.cues(event, YOU))
            if isinstance(event, EmptySlot) and self.sounds is None:
                self.say_text(self.messages.tr("spoon.gone"))
            for said in self.announcer.announce(event, YOU):
                self.speaker.say(said)
            if self.time_reactions and isinstance(event, Reacted) and event.seat == YOU:
                self._fight_time = event.after
            if (self.time_reactions and isinstance(event, SpoonGrabbed)
                    and len(self.view.reaction_times) > timed):
                self.say("reaction.time", ms=round(self.view.reaction_times[-1] * 1000))
            elif (isinstance(event, SpoonGrabbed) and event.seat == YOU
                  and event.spoon is not None and self._fight_time is not None):
                self.say("reaction.time", ms=round(self._fight_time * 1000))
            if isinstance(event, ReactionTestStarted):
                self._fight_time = None
        self.cursor = min(self.cursor, max(0, len(self.view.hand) - 1))

    def play(self, cues: Sequence[Cue]) -> None:
        if self.sounds is not None:
            for cue in cues:
                self.sounds.play(cue)

    def say(self, msgid: str, *, urgent: bool = False, **fields: object) -> None:
        self.speaker.say(Utterance(self.messages.tr(msgid, **fields), urgent))

    def say_text(self, text: str) -> None:
        self.speaker.say(Utterance(text))

    # ----------------------------------------------------------------- what you can ask

    def hand_text(self) -> str:
        m = self.messages
        if not self.view.hand:
            return m.tr("hand.empty")
        counts = Counter(card.kind for card in self.view.hand)
        order = sorted(counts, key=lambda kind: (-counts[kind], self._first_index(kind)))
        return m.tr("hand.grouped", groups=m.join([self._group_text(kind, counts[kind])
                                                   for kind in order]))

    def _group_text(self, kind: str, count: int) -> str:
        """'three queens'; a lone card of the Watcher's group by its own name ('the Crone')."""
        if kind == WATCHER_GROUP and count == 1:
            return the_card(self.messages, self.view.hand[self._first_index(kind)])
        return rank_count(self.messages, kind, count)

    def _first_index(self, kind: str) -> int:
        return next(i for i, card in enumerate(self.view.hand) if card.kind == kind)

    def cursor_text(self) -> str:
        if not self.view.hand:
            return self.messages.tr("hand.empty")
        text = self.messages.tr("cursor.card", card=card_name(self.messages,
                                                                self.view.hand[self.cursor]),
                                position=self.cursor + 1, count=len(self.view.hand))
        return text[:1].upper() + text[1:]

    def players_text(self) -> str:
        m = self.messages
        items = []
        for seat, player in enumerate(self.view.players):
            if not player.active:
                continue
            you = seat == YOU
            if player.letters:
                items.append(m.tr("status.you.letters", letters=" ".join(player.letters)) if you
                             else m.tr("status.letters", name=player.name,
                                       letters=" ".join(player.letters)))
            elif player.points:
                items.append(m.ntr("status.you.points", player.points) if you
                             else m.ntr("status.points", player.points, name=player.name))
            else:
                items.append(m.tr("status.you") if you else player.name)
        text = m.tr("players.in", players=m.join(items))
        partner = self.view.partner
        if partner is None:
            return text
        return " ".join((text, m.tr("partner.you", name=self.view.players[partner].name)))

    def spoons_text(self, grabbing: Grabbing) -> str:
        """The spoons left; in realtime fighting, once they are going, which are free and who
        holds the others, so that the player knows which number to press."""
        m = self.messages
        view = self.view
        if self.announcer.signal:
            return m.tr("signal.no.spoons")
        left = m.ntr("spoons.left", view.spoons)
        slots = view.spoon_slots
        style = self.spoon_style
        if grabbing is Grabbing.SELECTION and slots.chosen is not None:
            return " ".join((left, self.announcer.chosen_text(slots.chosen)))
        if grabbing is not Grabbing.REALTIME or not view.phase_two:
            return left
        free = slots.numbers(Slot.FREE)
        parts = [left, m.tr("spoons.free", numbers=m.join([spoon_word(m, n, style)
                                                            for n in free]))
                 if free else m.tr("spoons.none.free")]
        held = self._held_by(slots.numbers(Slot.CLAIMED))
        if held:
            parts.append(m.tr("spoons.held", items=m.join(held)))
        fought = slots.numbers(Slot.FIGHTING)
        if fought:
            parts.append(m.tr("spoons.fought",
                              numbers=m.join([spoon_word(m, n, style) for n in fought])))
        taken = self._held_by(slots.numbers(Slot.TAKEN))
        if taken:
            parts.append(m.tr("spoons.taken", items=m.join(taken)))
        return " ".join(parts)

    def _held_by(self, numbers: list[int]) -> list[str]:
        """'2 by Chris', '3 by you': the spoons among ``numbers`` whose holder is known."""
        m, style, slots = self.messages, self.spoon_style, self.view.spoon_slots
        return [m.tr("spoon.held.item.you", spoon=spoon_word(m, n, style))
                if slots.holders[n] == YOU
                else m.tr("spoon.held.item", spoon=spoon_word(m, n, style),
                          name=self.view.players[slots.holders[n]].name)
                for n in numbers if n in slots.holders]

    def aimed_spoon(self, grabbing: Grabbing) -> int | None:
        """The spoon the grab key reaches for: none where spoons are not numbered; with the
        colour menu, the colour the player is on; in realtime the lowest free spoon, else the
        lowest it may still steal; else spoon 1."""
        if grabbing is Grabbing.REACTION:
            return None
        if self.spoon_style is SpoonStyle.COLOURS and self.colours.spoon is not None:
            return self.colours.spoon
        slots = self.view.spoon_slots
        if grabbing is Grabbing.REALTIME:
            for numbers in (slots.numbers(Slot.FREE), slots.stealable()):
                if numbers:
                    return numbers[0]
        return 1

    def waiting_text(self) -> str:
        if not self.view.waiting:
            return self.messages.tr("waiting.none")
        return self.messages.ntr("waiting.count", self.view.waiting)

    def reaction_text(self, record: ReactionRecord) -> str:
        """The last reaction time, then the player's record with this game's times in it."""
        m = self.messages
        times = [*record.times, *self.view.reaction_times]
        if not times:
            return m.tr("reaction.none")
        return " ".join((m.tr("reaction.time", ms=round(times[-1] * 1000)),
                         m.tr("reaction.record", median=median_ms(times),
                              best=round(min(times if record.best is None
                                             else [*times, record.best]) * 1000),
                              games=record.games, wins=record.wins)))


class LocalGame:
    """One game: the table, the keyboard player and the loop that joins them to the clock."""

    def __init__(self, options: Options, players: int, messages: Messages, speaker: Speaker,
                 sounds: CuePlayer | None, *, seed: int | None = None,
                 verbosity: Verbosity = Verbosity.FULL, key_overrides: dict[str, str] | None = None,
                 clock: Callable[[], float] = time.monotonic,
                 rate_setter: Callable[[int], int | None] | None = None,
                 first_deal: Deal | None = None, bot_pace: Pace | None = None,
                 one_round: bool = False, bot_level: Level = Level.NORMAL,
                 spoon_style: SpoonStyle = SpoonStyle.NUMBERS) -> None:
        """``first_deal``, ``bot_pace`` and ``one_round`` set up a practice round: the cards
        dealt, bots that play cards slowly, and an end when the round does."""
        rng = random.Random(seed)
        names = [messages.tr("status.you"), *bot_names(players - 1, skip=1)]
        dealer = rng.randrange(players)
        self.game = ClassicGame(names, options, random.Random(rng.getrandbits(64)),
                                dealer=0 if first_deal is not None else dealer,
                                first_deal=first_deal)
        bots = [make_bot(seat, options, random.Random(rng.getrandbits(64)), bot_level, bot_pace)
                for seat in range(1, players)]
        self.one_round = one_round
        self._stopped = False
        self.table = Table(self.game, bots)
        self.player = LocalPlayer(names, options, messages, speaker, sounds, verbosity,
                                  spoon_style, random.Random(rng.getrandbits(64)))
        self.table.listeners.append(self.player)
        self.messages = messages
        self.speaker = speaker
        self.sounds = sounds
        self.keys = keymap(key_overrides)
        self.key_overrides = dict(key_overrides or {})
        self.clock = clock
        self.rate_setter = rate_setter
        self.record = ReactionRecord()
        self._start = 0.0

    def now(self) -> float:
        """Game time: seconds of play since the deal, pauses left out."""
        return self.clock() - self._start

    def play(self, keys: KeySource) -> GameResult:
        """Play to the end, or until the player quits."""
        self._start = self.clock()
        self.table.start()
        while True:
            self._catch_up()
            if self.table.over or self._stopped or (
                    self.one_round and self.game.phase is Phase.BETWEEN_ROUNDS):
                break
            keys_read = keys.read(self._timeout())
            for key in keys_read:
                if not self._on_key(key.label, key.at - self._start, keys):
                    return GameResult(None, self.player.view.reaction_times)
        view = self.player.view
        won = view.me.has_spoon if self.one_round else YOU in view.winners
        return GameResult(won, view.reaction_times)

    def stop(self) -> None:
        """End the game at the next turn of the loop, as if it were over."""
        self._stopped = True

    def _catch_up(self) -> None:
        """Everything due by now, then the countdown of your time limit."""
        now = self.now() + TIME_SLACK
        self.table.run_until(now)
        for _ in self.player.countdown.due(now):
            self.player.play([Cue("tick")])
        self.player.countdown.set(self.game.limit_deadline(YOU), now)

    def _timeout(self) -> float | None:
        wakeups = [t for t in (self.table.next_wakeup(), self.player.countdown.next_tick())
                   if t is not None]
        if not wakeups:
            return None
        return max(0.0, min(wakeups) - self.now())

    # ----------------------------------------------------------------- keys

    def _on_key(self, label: str, at: float, keys: KeySource) -> bool:
        """Act on one key; False when the player quits the game."""
        self.speaker.interrupt()
        spoon = spoon_number(label)
        if spoon is not None:
            numbered = self.game.options.grabbing is not Grabbing.REACTION
            self._submit(Grab(YOU, spoon if numbered else None), at)
            return True
        action = self.keys.get(label)
        if action is None:
            return True
        if action is Action.MENU:
            return self._pause(keys)
        command = self._command(action)
        if command is not None:
            self._submit(command, at)
        else:
            self._ask(action)
        return True

    def _command(self, action: Action) -> Command | None:
        view = self.player.view
        if action is Action.SPACE:
            if view.test and YOU in view.test:
                return React(YOU)
            if self.game.options.signal:
                return Signal(YOU)
            return Grab(YOU, self.player.aimed_spoon(self.game.options.grabbing))
        if action is Action.FEINT:
            return Feint(YOU)
        if action is Action.PICK_UP:
            return Take(YOU)
        if action is Action.DRAW:
            return Draw(YOU)
        if action is Action.PASS and view.hand:
            return Pass(YOU, view.hand[self.player.cursor])
        if action in SLOTS:
            slot = SLOTS.index(action)
            if slot < len(view.hand):
                return Pass(YOU, view.hand[slot])
        return None

    def _submit(self, command: Command, at: float) -> None:
        try:
            self.table.submit(command, at)
        except SpoonsError as error:
            if isinstance(command, React) and error.reason == "no-test":
                return
            signal = self.game.options.signal
            if error.reason == "cards-stopped" and self.player.view.me.has_spoon:
                self.player.say_text(self.messages.tr("refused.cards-stopped.signal.safe")
                                     if signal else
                                     self.messages.tr("refused.cards-stopped.safe"))
                return
            self.player.say_text(refusal_text(self.messages, error, signal=signal))

    def _ask(self, action: Action) -> None:
        """Keys that ask something, or change a setting, rather than play."""
        if action in (Action.CURSOR_LEFT, Action.CURSOR_RIGHT):
            self._move_cursor(-1 if action is Action.CURSOR_LEFT else 1)
        elif action in (Action.SPOON_NEXT, Action.SPOON_PREVIOUS):
            self._move_spoon_focus(1 if action is Action.SPOON_NEXT else -1)
        elif action in (Action.VOLUME_DOWN, Action.VOLUME_UP):
            self._volume(-VOLUME_STEP if action is Action.VOLUME_DOWN else VOLUME_STEP)
        elif action in (Action.RATE_DOWN, Action.RATE_UP):
            self._rate(-RATE_STEP if action is Action.RATE_DOWN else RATE_STEP)
        else:
            answer = self._answers().get(action)
            if answer is not None:
                self.speaker.review(answer())

    def _answers(self) -> dict[Action, Callable[[], str | None]]:
        player, history, m = self.player, self.speaker.history, self.messages

        def no_card() -> str:
            return m.tr("refused.no-slot")

        answers: dict[Action, Callable[[], str | None]] = {
            Action.PASS: no_card,
            Action.HAND: player.hand_text,
            Action.SPOONS: lambda: player.spoons_text(self.game.options.grabbing),
            Action.PLAYERS: player.players_text,
            Action.WAITING: player.waiting_text,
            Action.OPTIONS: self._options_text,
            Action.REACTION: lambda: player.reaction_text(self.record),
            Action.HISTORY_PREVIOUS: history.previous,
            Action.HISTORY_NEXT: history.next,
            Action.HISTORY_FIRST: history.first,
            Action.HISTORY_LAST: history.last,
            Action.REPEAT: history.current,
            Action.HELP: self._help_text,
        }
        answers.update(dict.fromkeys(SLOTS, no_card))
        return answers

    def _help_text(self) -> str:
        """The keys of the game: the usual words for the usual keys, or, once the player has
        moved some, every action with the keys it has now."""
        m = self.messages
        if not self.key_overrides:
            return m.tr("help.game")
        return m.tr("help.game.moved", keys=" ".join(
            m.tr("keys.help.item", action=action_name(action, m), keys=keys_text(labels, m))
            for action, labels in bindings(self.key_overrides).items() if labels))

    def _move_cursor(self, step: int) -> None:
        player = self.player
        if player.view.hand:
            player.cursor = min(max(player.cursor + step, 0), len(player.view.hand) - 1)
        self.speaker.review(player.cursor_text())

    def _move_spoon_focus(self, step: int) -> None:
        """Tab and Shift+Tab: through the colour menu, or a word on how spoons are chosen."""
        player, m = self.player, self.messages
        if self.game.options.grabbing is Grabbing.REACTION:
            self.speaker.review(m.tr("spoon.menu.none"))
        elif player.spoon_style is SpoonStyle.NUMBERS:
            self.speaker.review(m.tr("spoon.menu.numbers",
                                     count=len(player.view.spoon_slots.slots)))
        else:
            player.colours.move(step)
            self.speaker.review(player.colours.item_text(m))

    def _options_text(self) -> str:
        """The options that shape play (how cards are drawn, how spoons are grabbed, how a
        miss counts, what an early grab costs) and any other that is not at its default."""
        m = self.messages
        options = self.game.options
        defaults = Options().describe()
        shown = options.describe()
        parts = []
        for item in option_items(options, len(self.game.seats), Level.NORMAL.value, m):
            if isinstance(item, MenuAction) or not (
                    item.key in ALWAYS_SAID
                    or (item.key in shown and shown[item.key] != defaults[item.key])):
                continue
            if isinstance(item, Toggle):
                value = m.tr("menu.on") if item.value else m.tr("menu.off")
            else:
                value = item.text
            parts.append(f"{item.label}: {value}")
        return m.tr("options.summary", options=m.join(parts))

    def _volume(self, step: float) -> None:
        if self.sounds is None:
            self.speaker.review(self.messages.tr("sound.no.device"))
            return
        volume = round(min(max(self.sounds.sound_volume + step, 0.0), 1.0), 2)
        self.sounds.sound_volume = volume
        self.speaker.review(self.messages.tr("volume.sound", percent=round(volume * 100)))

    def _rate(self, step: int) -> None:
        rate = self.rate_setter(step) if self.rate_setter is not None else None
        if rate is None:
            self.speaker.review(self.messages.tr("rate.fixed"))
        else:
            self.speaker.review(self.messages.tr("rate.speech", rate=rate))

    def _pause(self, keys: KeySource) -> bool:
        """The game stops while the pause menu is open: the clock's time there is left out."""
        paused_at = self.clock()
        self.speaker.review(self.messages.tr("pause.menu"))
        try:
            while True:
                for key in keys.read(None):
                    self.speaker.interrupt()
                    if key.label in ("enter", "escape"):
                        self.speaker.review(self.messages.tr("game.resumed"))
                        return True
                    if key.label == "q":
                        return not self._confirm_quit(keys)
        finally:
            self._start += self.clock() - paused_at

    def _confirm_quit(self, keys: KeySource) -> bool:
        self.speaker.review(self.messages.tr("quit.confirm"))
        while True:
            pressed = keys.read(None)
            if pressed:
                self.speaker.interrupt()
                if pressed[0].label == self.messages.tr("quit.confirm.key"):
                    return True
                self.speaker.review(self.messages.tr("game.resumed"))
                return False


def median_ms(times: Sequence[float]) -> int:
    return round(statistics.median(times) * 1000)

