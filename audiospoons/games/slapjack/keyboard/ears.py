"""A Slapjack seat's ears at this keyboard (or a spectator's, with no seat): what the table says,
spoken and played from its place, and the words of its status keys, read from what it heard."""

from __future__ import annotations

from collections.abc import Sequence

from audiospoons.games.slapjack.keyboard.announcer import SlapjackAnnouncer
from audiospoons.games.slapjack.keyboard.cues import SlapjackCueMapper
from audiospoons.games.slapjack.view import SlapjackView
from audiospoons.sound.cue import CuePlayer
from audiospoons.ui.player import YOU
from audiospoons.ui.seatears import SeatEars
from audiospoons.voice.announcer import Verbosity, sentence_start
from audiospoons.voice.cardnames import the_card
from audiospoons.voice.i18n import Messages
from audiospoons.voice.speaker import Speaker


class SlapjackPlayer(SeatEars[SlapjackView, SlapjackAnnouncer, SlapjackCueMapper]):
    """The keyboard seat of a Slapjack table: view, voice and sounds (with no seat, a
    spectator's)."""

    def __init__(self, players: Sequence[str], messages: Messages, speaker: Speaker,
                 sounds: CuePlayer | None, verbosity: Verbosity = Verbosity.FULL,
                 seat: int | None = YOU) -> None:
        super().__init__(seat, messages, speaker, sounds, (
            SlapjackView(len(players)), SlapjackAnnouncer(players, messages, verbosity=verbosity),
            SlapjackCueMapper(len(players))))

    # ----------------------------------------------------------------- what you can ask

    def cards_text(self) -> str:
        me = self.me
        if me is None:
            return self.counts_text()
        if me in self.view.out:
            return self.messages.tr("slapjack.out.you")
        return self.messages.ntr("slapjack.cards.you", self.view.counts[me])

    def pile_text(self) -> str:
        m, view = self.messages, self.view
        if not view.pile:
            return m.tr("slapjack.pile.empty")
        if view.top is None:
            return m.ntr("slapjack.pile.hidden", view.pile)
        return sentence_start(m.ntr("slapjack.pile", view.pile, card=the_card(m, view.top)))

    def whose_text(self) -> str:
        m, view = self.messages, self.view
        if view.over:
            return m.tr("slapjack.status.over")
        if view.jack_waiting:
            return m.tr("slapjack.status.jack")
        if view.turn is None:
            return m.tr("slapjack.status.over")
        if view.turn == self.me:
            return m.tr("slapjack.turn.you")
        return m.tr("slapjack.turn", name=self.announcer.players[view.turn])

    def counts_text(self) -> str:
        m, view = self.messages, self.view
        items = [m.tr("tally.you", value=count) if seat == self.me
                 else m.tr("tally.other", name=self.announcer.players[seat], value=count)
                 for seat, count in enumerate(view.counts) if seat not in view.out]
        return m.tr("slapjack.counts", tally=m.join(items))
