"""The keyboard seat's ears in classic Spoons: every event it may know, spoken and played from its
place, and the answers to what it asks."""

from __future__ import annotations

import random
import statistics
from collections import Counter
from collections.abc import Sequence

from audiospoons.engine.cards import WATCHER_GROUP
from audiospoons.engine.events import Event
from audiospoons.games.spoons.keyboard.announcer import Announcer
from audiospoons.games.spoons.keyboard.cues import CueMapper
from audiospoons.games.spoons.keyboard.spoonmenu import ColourMenu
from audiospoons.games.spoons.keyboard.spoonnames import SpoonStyle, spoon_word
from audiospoons.games.spoons.rules.events import (
    EmptySlot,
    GripSlipped,
    Reacted,
    ReactionTestStarted,
    RoundStarted,
    SpoonChosen,
    SpoonClaimed,
    SpoonGrabbed,
    SpoonsChanged,
)
from audiospoons.games.spoons.rules.options import Grabbing, Options
from audiospoons.games.spoons.spoonslots import Slot
from audiospoons.games.spoons.view import SeatView
from audiospoons.sound.cue import CuePlayer
from audiospoons.ui.player import NOBODY, YOU, PastReactions
from audiospoons.ui.seatears import SeatEars
from audiospoons.voice.announcer import Utterance, Verbosity
from audiospoons.voice.cardnames import card_name, rank_count, the_card
from audiospoons.voice.i18n import Messages
from audiospoons.voice.speaker import Speaker

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


class LocalPlayer(SeatEars[SeatView, Announcer, CueMapper]):
    """The keyboard seat's ears: every event it may know, spoken and played from its place
    (or, with no seat, from outside the table, as a spectator hears it)."""

    def __init__(self, players: Sequence[str], options: Options, messages: Messages,
                 speaker: Speaker, sounds: CuePlayer | None,
                 verbosity: Verbosity = Verbosity.FULL,
                 spoon_style: SpoonStyle = SpoonStyle.NUMBERS,
                 rng: random.Random | None = None, seat: int | None = YOU,
                 draw_key: str | None = None) -> None:
        """``draw_key``: the key that draws, in words, where this seat must draw."""
        # The first grab is heard as the spoon's sound; with no sound it must be said.
        super().__init__(seat, messages, speaker, sounds, (
            SeatView(NOBODY if seat is None else seat),
            Announcer(players, messages, verbosity=verbosity,
                      announce_phase2=options.announce_phase2 or sounds is None,
                      set_size=options.set_size, spoon_style=spoon_style, signal=options.signal,
                      draw_key=draw_key),
            CueMapper(len(players), signal=options.signal)))
        self.spoon_style = spoon_style
        self.colours = ColourMenu(rng or random.Random())
        self.cursor = 0
        self._press_time: float | None = None
        """Your press in the fight or contest under way: said with its result."""
        self.time_reactions = True
        """Say the reaction time after each grab and fight (not in the demonstration, where
        the player is listening to instructions between their set and their grab, and the
        guide says the time from its word to grab)."""

    def receive(self, events: Sequence[Event]) -> None:
        for event in events:
            timed = len(self.view.reaction_times)
            self.view.observe(event)
            if isinstance(event, RoundStarted | SpoonsChanged):
                self.colours.deal(event.spoons)
            self.play(self.mapper.cues(event, self.me))
            if isinstance(event, EmptySlot) and self.sounds is None:
                self.say_text(self.messages.tr("spoon.gone"))
            for said in self.announcer.announce(event, self.me):
                self.speaker.say(said)
            if self.time_reactions:
                self._time(event, len(self.view.reaction_times) > timed)
        self.cursor = min(self.cursor, max(0, len(self.view.hand) - 1))

    def _time(self, event: Event, timed: bool) -> None:
        """Say your reaction time: after a grab timed from the set or the first grab (one that
        steals a spoon is followed by its fight, whose time counts), and after the result of
        a fight or contest you pressed in, won or lost."""
        me = self.me
        if isinstance(event, ReactionTestStarted) and me in event.contenders:
            self._press_time = None
        elif isinstance(event, Reacted) and event.seat == me:
            self._press_time = event.after
        elif isinstance(event, SpoonGrabbed | SpoonClaimed | SpoonChosen) and timed:
            self.say("reaction.time", ms=round(self.view.reaction_times[-1] * 1000))
        elif (isinstance(event, SpoonGrabbed | GripSlipped) and event.seat == me
              and self._press_time is not None):
            self.say("reaction.time", ms=round(self._press_time * 1000))
            self._press_time = None

    def catch_up(self, events: Sequence[Event]) -> None:
        """Take in the game so far without a word or a sound: a seat taken back after a lost
        connection (the announcer is told too, as it follows some things across events)."""
        for event in events:
            self.view.observe(event)
            if isinstance(event, RoundStarted | SpoonsChanged):
                self.colours.deal(event.spoons)
            self.announcer.announce(event, self.me)
        self.cursor = min(self.cursor, max(0, len(self.view.hand) - 1))

    def say(self, msgid: str, *, urgent: bool = False, **fields: object) -> None:
        self.speaker.say(Utterance(self.messages.tr(msgid, **fields), urgent))

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
            you = seat == self.me
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
                if slots.holders[n] == self.me
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

    def reaction_text(self, record: PastReactions) -> str:
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


def median_ms(times: Sequence[float]) -> int:
    return round(statistics.median(times) * 1000)
