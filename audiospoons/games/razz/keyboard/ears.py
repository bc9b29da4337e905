"""The Razz Spoons seat's ears at this keyboard: every event it may know, spoken and played from
its place, and the words of the status keys, read from its view."""

from __future__ import annotations

from collections.abc import Sequence

from audiospoons.games.razz.keyboard.announcer import RazzAnnouncer
from audiospoons.games.razz.keyboard.cues import RazzCueMapper
from audiospoons.games.razz.keyboard.keys import CursorAt
from audiospoons.games.razz.keyboard.status import RazzStatus
from audiospoons.games.razz.rules.razztable import Phase
from audiospoons.games.razz.view import RazzSeatView
from audiospoons.sound.cue import CuePlayer
from audiospoons.ui.player import NOBODY, YOU
from audiospoons.ui.seatears import SeatEars
from audiospoons.voice.announcer import Verbosity, sentence_start
from audiospoons.voice.cardnames import card_name
from audiospoons.voice.i18n import Messages
from audiospoons.voice.speaker import Speaker


class RazzPlayer(SeatEars[RazzSeatView, RazzAnnouncer, RazzCueMapper]):
    """The keyboard seat of a Razz Spoons table: view, voice and sounds (with no seat, a
    spectator's)."""

    def __init__(self, players: Sequence[str], messages: Messages, speaker: Speaker,
                 sounds: CuePlayer | None, verbosity: Verbosity = Verbosity.FULL,
                 seat: int | None = YOU, phrase_key: str | None = None) -> None:
        super().__init__(seat, messages, speaker, sounds, (
            RazzSeatView(NOBODY if seat is None else seat),
            RazzAnnouncer(players, messages, verbosity=verbosity, phrase_key=phrase_key),
            RazzCueMapper(len(players))))
        self.status = RazzStatus(players, messages)

    # ----------------------------------------------------------------- what you can ask

    def cursor_text(self, at: CursorAt) -> str:
        """'Seven of hearts, playable, 3 of 7.'"""
        m = self.messages
        if at.card is None:
            return m.tr("razz.hand.none")
        name = card_name(m, at.card)
        text = (m.tr("razz.cursor.playable", card=name, position=at.index + 1, count=at.size)
                if at.playable else
                m.tr("cursor.card", card=name, position=at.index + 1, count=at.size))
        return sentence_start(text)

    def turn_text(self) -> str:
        """Whose turn (or a King under way, or the race), then which way play goes."""
        view = self.view
        king = view.king
        turn = self.status.turn(
            self.me, view.turn_seat if view.in_round else None,
            king_from=None if king is None else king.sender,
            king_to=None if king is None else king.target,
            king_count=0 if king is None else king.count,
            spoons_out=view.phase is Phase.RACE)
        return " ".join(sentence_start(line) for line in
                        (turn, self.status.direction(view.clockwise, self.me)))

    def top_text(self) -> str:
        view = self.view
        return sentence_start(self.status.top(view.top, view.suit, view.count))

    def counts_text(self) -> str:
        return sentence_start(self.status.counts(self.view.counts, self.me))

    def scores_text(self) -> str:
        return sentence_start(self.status.scores(self.view.totals, self.me))

    def hand_text(self) -> str:
        return sentence_start(self.status.hand(self.view.ordered))

    def razzing_text(self) -> str:
        """The phrase, who owes it, and the mistakes this seat may razz."""
        view = self.view
        owing = [seat for seat in sorted(view.owed) if view.owes(seat)]
        return self.status.phrase(view.phrase, self.me, owing=owing,
                                  razzable=[(fault.seat, fault.fault)
                                            for fault in view.razzable()])
