"""What one listener hears of Slapjack, in words, for each event: pure, in any language with a
catalog.

A turned card is said in as few words as can be ("Andrew: seven of hearts."), as cards come
quickly; a Jack is said with "Slap!" and is urgent, as are the slap that settles it and the
listener's own wrong slap. At brief verbosity another player's turn passing is not said (the
card they turn says it); the listener's own turn always is; and a card turned in time is
said by its rank alone ("A seven.", "A jack. Slap!"), whoever turned it, as a dealer calls
the cards: in Slapjack only a Jack matters, and the card's sound comes from that player's
side.
"""

from __future__ import annotations

from collections.abc import Sequence

from audiospoons.engine.events import Event
from audiospoons.games.slapjack.keyboard.pacing import pace
from audiospoons.games.slapjack.rules.events import (
    CardTurned,
    JackMissed,
    JackSlapped,
    LateSlap,
    PileReturned,
    PlayerOut,
    SlapjackOver,
    SlapjackStarted,
    TurnPassed,
    WrongSlap,
)
from audiospoons.voice.announcer import EventAnnouncer, Verbosity, sentence_start
from audiospoons.voice.cardnames import rank_count, the_card
from audiospoons.voice.i18n import Messages
from audiospoons.voice.pace import LinePace

URGENT = (JackSlapped, JackMissed)


class SlapjackAnnouncer(EventAnnouncer):
    """Turns Slapjack events into what one listener hears at a table of ``players``."""

    def __init__(self, players: Sequence[str], messages: Messages, *,
                 verbosity: Verbosity = Verbosity.FULL) -> None:
        super().__init__(players, messages, verbosity)

    def _urgent(self, event: Event, listener: int | None) -> bool:
        return isinstance(event, URGENT) or (
            isinstance(event, CardTurned) and event.card.rank == "J") or (
            isinstance(event, WrongSlap) and event.seat == listener)

    def _pace(self, event: Event, listener: int | None) -> LinePace:
        return pace(event, listener, self.players, self._others_out)

    def _others_out(self, names: tuple[str, ...]) -> str:
        return self.m.tr("slapjack.out.several", names=self.m.join(list(names)))

    def urgent_phrases(self, listener: int | None) -> list[str]:
        """The urgent lines whose words are known before the game starts: worth rendering to
        sound in advance."""
        m = self.m
        lines = [m.tr("slapjack.missed")]
        for seat, name in enumerate(self.players):
            if seat != listener:
                lines.append(m.tr("slapjack.wrong", name=name))
        return lines

    def name(self, seat: int, listener: int | None) -> str:
        """A player as the listener calls them: "you" for their own seat."""
        return self.m.tr("slapjack.you") if seat == listener else self.players[seat]

    def _text(self, event: Event, you: int | None) -> str | None:
        m = self.m
        match event:
            case SlapjackStarted():
                if you is not None:
                    others = [name for seat, name in enumerate(self.players) if seat != you]
                    return " ".join((m.tr("slapjack.started.you", others=m.join(others)),
                                     m.ntr("slapjack.cards.you", event.counts[you])))
                return m.tr("slapjack.started", players=m.join(self.players))
            case TurnPassed():
                if event.seat == you:
                    return m.tr("slapjack.turn.you")
                if self.verbosity is Verbosity.BRIEF:
                    return None
                return m.tr("slapjack.turn", name=self.players[event.seat])
            case CardTurned():
                return self._turned(event, you)
            case JackSlapped():
                if event.seat == you:
                    return m.ntr("slapjack.slapped.you", event.taken)
                return m.ntr("slapjack.slapped", event.taken, name=self.players[event.seat])
            case JackMissed():
                return m.tr("slapjack.missed")
            case WrongSlap():
                if event.seat == you:
                    return m.ntr("slapjack.wrong.you", event.cards)
                return m.tr("slapjack.wrong", name=self.players[event.seat])
            case LateSlap():
                if event.seat == you:
                    return m.tr("slapjack.late.you", name=self.players[event.taker])
                return m.tr("slapjack.late", name=self.players[event.seat])
            case PileReturned():
                if event.seat == you:
                    return m.ntr("slapjack.returned.you", event.cards)
                return m.ntr("slapjack.returned", event.cards, name=self.players[event.seat])
            case PlayerOut():
                if event.seat == you:
                    return m.tr("slapjack.out.you")
                return m.tr("slapjack.out", name=self.players[event.seat])
            case SlapjackOver():
                return self._over(event, you)
        return None

    def _turned(self, event: CardTurned, you: int | None) -> str:
        m = self.m
        card = the_card(m, event.card)
        if event.timed_out:
            text = (m.tr("slapjack.turned.late.you", card=card) if event.seat == you
                    else m.tr("slapjack.turned.late", name=self.players[event.seat], card=card))
        elif self.verbosity is Verbosity.BRIEF:
            text = sentence_start(m.tr("card.alone", card=rank_count(m, event.card.rank, 1)))
        elif event.seat == you:
            text = m.ntr("slapjack.turned.you", event.left, card=card)
        else:
            text = m.tr("slapjack.turned", name=self.players[event.seat], card=card)
        if event.card.rank == "J":
            return " ".join((text, m.tr("slapjack.slap.now")))
        return text

    def _over(self, event: SlapjackOver, you: int | None) -> str:
        m = self.m
        if len(event.winners) == 1:
            winner = event.winners[0]
            if winner == you:
                return m.tr("slapjack.won.you")
            return m.tr("slapjack.won", name=self.players[winner])
        return m.tr("slapjack.shared",
                    names=m.join([self.name(seat, you) for seat in event.winners]))
