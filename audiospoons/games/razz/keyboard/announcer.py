"""What one listener hears of Razz Spoons, in words, for each event: pure, in any language with a
catalog.

As in the classic game, the listener's own doings have messages of their own ("You play the
queen of hearts; 5 cards left.") and an event must already be the listener's view of it
(``Event.seen_by``). Every hand's size is public (seed 003 makes hiding it a fault), so each play
and draw says the new size; only the listener's own cards are named to them.

The table hears what a table would: a card played out of turn or that does not match is said as
a play, an unannounced last card as nothing but the size ("1 card left"), and ``FaultMade`` is
never said, as noticing the mistake is the others' part of the game. Lines the listener must act
on at once are urgent: the spoons out for a Jack and the race for them (as in the classic
game's grabs), and the phrase the listener owes, said before the razz that makes them owe it
(whose line follows: the call's time is short); a razz for a phrase not said, which asks no
phrase again, is urgent itself. The listener's turn goes before the play's flow
(``LinePace.before_flow``), cutting off another's news to say the top card at once.

At brief verbosity the listener's own plays but the last are left to their sound (the key that
made them was pressed a moment ago), but for the cards they leave once two or one ("One card
left.": the listener's alone to hear, and theirs to announce), and so are the others' grabs
(the race's end says who lost) and the others' turns (their play or draw says whose it was);
another's play is their name and the card (a King, only where it is aimed; down to one card,
the size too, as an unannounced last card is the table's to notice), a razz between others who
was right but not for what, a draw only how many, a reverse only "Reverse!", and the
listener's turn names the top card in a word.

The announcer follows the table as it goes (the top card, the suit, the count, the phrase), as
the turn's line says them; it must hear every event of the game in order.
"""

from __future__ import annotations

from collections.abc import Sequence

from audiospoons.engine.cards import Card
from audiospoons.engine.events import Event
from audiospoons.games.razz.keyboard.pacing import pace
from audiospoons.games.razz.keyboard.status import (
    RazzStatus,
    fault_words,
    hand_groups,
    spoken_phrase,
    suit_word,
)
from audiospoons.games.razz.rules.events import (
    CardKept,
    CardPlayed,
    CardsDrawn,
    CountRaised,
    DealStarted,
    DirectionReversed,
    DoubleGrab,
    DrawCause,
    Fault,
    FaultMade,
    GameWon,
    HandDealt,
    KingAimed,
    LastCardAnnounced,
    PhraseChosen,
    PhraseOwed,
    PhraseSaid,
    PhraseTimeUp,
    PhraseWanted,
    PileTurnedOver,
    RaceOver,
    RazzCalled,
    RazzGameStarted,
    RoundScored,
    RoundWon,
    SpoonFought,
    SpoonsOut,
    SpoonTaken,
    StarterTurned,
    TurnBegan,
    TurnTimeUp,
)
from audiospoons.games.razz.rules.facts import EIGHT, KING
from audiospoons.voice.announcer import EventAnnouncer, Verbosity, sentence_start
from audiospoons.voice.cardnames import card_name, the_card
from audiospoons.voice.i18n import Messages
from audiospoons.voice.pace import LinePace

TOLD_LEFT = 2
"""At brief verbosity a play of the listener's own that leaves them this many cards or fewer
says how many: down to one, the card is theirs to announce, and the play itself is silent."""

SILENT_EVENTS: tuple[type[Event], ...] = (FaultMade,)
"""Razz events no listener hears: a fault is for the others to notice themselves."""

RACE_EVENTS = (SpoonsOut, SpoonTaken, DoubleGrab, SpoonFought, RaceOver)


class RazzAnnouncer(EventAnnouncer):
    """Turns Razz Spoons events into what one listener hears at a table of ``players``."""

    def __init__(self, players: Sequence[str], messages: Messages, *,
                 verbosity: Verbosity = Verbosity.FULL, phrase: str | None = None,
                 phrase_key: str | None = None) -> None:
        super().__init__(players, messages, verbosity)
        self.status = RazzStatus(players, messages)
        self.phrase_key = phrase_key
        """The key that says the phrase, in words, for a keyboard seat: named when it is owed."""
        self.phrase = None if phrase is None else spoken_phrase(messages, phrase)
        """The Razzing Phrase as it is said, once chosen (given for a game joined later)."""
        self.top: Card | None = None
        self.suit = ""
        self.count = 0
        self.clockwise = True
        self._totals_told: tuple[int, ...] | None = None
        """The totals the last round's points ended with: the game's end does not say them
        again."""

    def urgent_phrases(self, listener: int | None) -> list[str]:
        """The urgent lines whose words are known before the game starts: worth rendering to
        sound in advance."""
        m = self.m
        if listener is None:
            lines = [m.ntr("razz.spoons.out", len(self.players) - 1), m.tr("grab.time.up")]
        else:
            lines = [m.tr("razz.spoons.out.you"), self._owed_you(), m.tr("grab.time.up")]
        for seat, name in enumerate(self.players):
            if seat == listener:
                lines += [m.tr("spoon.grabbed.you"), m.tr("razz.spoon.last.you"),
                          m.tr("razz.double.you")]
            else:
                lines += [m.tr("spoon.grabbed.other", name=name),
                          m.tr("razz.spoon.last.other", name=name),
                          m.tr("razz.double.other", name=name)]
        return [sentence_start(line) for line in dict.fromkeys(lines)]

    def _urgent(self, event: Event, listener: int | None) -> bool:
        if isinstance(event, RACE_EVENTS):
            return True
        if isinstance(event, PhraseOwed):
            return event.seat == listener
        if isinstance(event, RazzCalled):
            return (event.rightly and event.fault is Fault.NO_PHRASE
                    and event.target == listener)
        return False

    def _pace(self, event: Event, listener: int | None) -> LinePace:
        return pace(event, listener, self.players, self._others_grabbed)

    def _others_grabbed(self, names: tuple[str, ...]) -> str:
        return self.m.tr("spoons.grabbed.others", names=self.m.join(list(names)))

    def _brief(self) -> bool:
        return self.verbosity is Verbosity.BRIEF

    def _others(self, seats: Sequence[int], listener: int | None) -> list[str]:
        return [self.players[seat] for seat in seats if seat != listener]

    # ----------------------------------------------------------------- events

    def _text(self, event: Event, you: int | None) -> str | None:
        m = self.m
        match event:
            case RazzGameStarted():
                if you is not None:
                    return m.tr("razz.game.started.you",
                                others=m.join(self._others(range(len(self.players)), you)))
                return m.tr("razz.game.started", players=m.join(self.players))
            case DealStarted():
                return self._deal(event, you)
            case HandDealt():
                return " ".join((m.tr("razz.hand.dealt"), hand_groups(m, event.cards)))
            case StarterTurned():
                self.top, self.suit = event.card, event.card.suit
                return m.tr("razz.top", card=the_card(m, event.card))
            case PhraseWanted():
                if event.seat == you:
                    return m.tr("razz.phrase.wanted.you")
                return m.tr("razz.phrase.wanted.other", name=self.players[event.seat])
            case PhraseTimeUp():
                if event.seat == you:
                    return m.tr("razz.phrase.timeup.you")
                return m.tr("razz.phrase.timeup.other", name=self.players[event.seat])
            case PhraseChosen():
                self.phrase = spoken_phrase(m, event.text)
                if self.phrase is None:
                    return m.tr("razz.phrase.unsayable")
                return m.tr("razz.phrase.chosen", phrase=self.phrase)
            case TurnBegan():
                self.clockwise = event.clockwise
                return self._turn(event, you)
            case CardPlayed():
                return self._played(event, you)
            case CardsDrawn():
                if event.cause is DrawCause.COUNT:
                    self.count = 0
                return self._drawn(event, you)
            case PileTurnedOver():
                return m.ntr("razz.pile.turned", event.cards)
            case CardKept():
                if event.seat == you:
                    return m.tr("razz.kept.you")
                return m.tr("razz.kept.other", name=self.players[event.seat])
            case TurnTimeUp():
                if event.seat == you:
                    return m.tr("razz.time.up.you")
                return m.tr("razz.time.up.other", name=self.players[event.seat])
            case DirectionReversed():
                self.clockwise = event.clockwise
                if self._brief():
                    return m.tr("razz.reverse")
                return " ".join((m.tr("razz.reverse"),
                                 self.status.direction(event.clockwise, you)))
            case KingAimed():
                return self._king(event, you)
            case CountRaised():
                started = self.count == 0
                self.count = event.count
                if started:
                    return m.tr("razz.count.start", count=event.count)
                return m.tr("razz.count", count=event.count)
        return self._race_text(event, you) or self._table_text(event, you)

    def _race_text(self, event: Event, you: int | None) -> str | None:
        """The Jack's race for the spoons."""
        m = self.m
        match event:
            case SpoonsOut():
                if you is not None:
                    return m.tr("razz.spoons.out.you")
                return m.ntr("razz.spoons.out", event.spoons)
            case SpoonTaken():
                if event.seat != you and self._brief():
                    return None
                if event.spoons_left:
                    if event.seat == you:
                        return m.tr("spoon.grabbed.you")
                    return m.tr("spoon.grabbed.other", name=self.players[event.seat])
                if event.seat == you:
                    return m.tr("razz.spoon.last.you")
                return m.tr("razz.spoon.last.other", name=self.players[event.seat])
            case DoubleGrab():
                if event.seat == you:
                    return m.tr("razz.double.you")
                return m.tr("razz.double.other", name=self.players[event.seat])
            case SpoonFought():
                names = m.join(self._others(event.seats, you))
                if you in event.seats:
                    return m.tr("razz.fought.you", names=names)
                return m.tr("razz.fought.other", names=names)
            case RaceOver():
                lost = self._lost(event.losers, you)
                if not event.timed_out:
                    return lost
                return " ".join(text for text in (m.tr("grab.time.up"), lost) if text)
        return None

    def _owed_you(self) -> str:
        """"Say the phrase!", naming the key at a keyboard."""
        if self.phrase_key is None:
            return self.m.tr("razz.phrase.owed.you")
        return self.m.tr("razz.phrase.owed.you.key", key=self.phrase_key)

    def _table_text(self, event: Event, you: int | None) -> str | None:
        """The phrase, razzing, and the end of a round and of the game."""
        m = self.m
        match event:
            case PhraseOwed():
                if event.seat == you:
                    return self._owed_you()
                return m.tr("razz.phrase.owed.other", name=self.players[event.seat])
            case PhraseSaid():
                return self._said(event.seat, you)
            case LastCardAnnounced():
                if event.seat == you:
                    return m.tr("razz.last.you")
                return m.tr("razz.last.other", name=self.players[event.seat])
            case RazzCalled():
                return self._razzed(event, you)
            case RoundWon():
                self.count = 0
                if event.seat == you:
                    return m.tr("razz.round.won.you", round=event.round)
                return m.tr("razz.round.won.other", name=self.players[event.seat],
                            round=event.round)
            case RoundScored():
                return self._scored(event, you)
            case GameWon():
                return self._game_won(event, you)
        return None

    # ----------------------------------------------------------------- the lines

    def _deal(self, event: DealStarted, you: int | None) -> str:
        m = self.m
        self.top, self.suit, self.count, self.clockwise = None, "", 0, True
        dealer = (m.tr("dealer.you") if event.dealer == you
                  else m.tr("dealer.other", name=self.players[event.dealer]))
        if you is not None:
            cards = m.ntr("razz.cards.you", event.counts[you])
        elif len(set(event.counts)) == 1:
            cards = m.ntr("razz.deal.each", event.counts[0])
        else:
            cards = self.status.counts(event.counts, you)
        parts = [m.tr("round.started", round=event.round), dealer, cards]
        if not self._brief():
            parts.append(m.ntr("spoons.on.table", event.spoons))
        return " ".join(parts)

    def _turn(self, event: TurnBegan, you: int | None) -> str | None:
        m = self.m
        top = self.top
        mine = event.seat == you
        if event.again and not mine:
            return m.tr("razz.again.other", name=self.players[event.seat])
        if self._brief() and not mine:
            return None
        if top is None:
            if mine:
                return m.tr("razz.status.turn.you")
            return m.tr("razz.turn.other", name=self.players[event.seat])
        card = the_card(m, top)
        if mine:
            if self.count:
                return m.tr("razz.turn.you.count", count=self.count)
            if event.again:
                return m.tr("razz.turn.you.again", card=card)
            if self.suit and self.suit != top.suit:
                return m.tr("razz.turn.you.suit", card=card, suit=suit_word(m, self.suit))
            if self._brief():
                return m.tr("razz.turn.you.brief", card=card_name(m, top))
            return m.tr("razz.turn.you", card=card)
        name = self.players[event.seat]
        if self.count:
            return m.tr("razz.turn.other.count", name=name, count=self.count)
        if self.suit and self.suit != top.suit:
            return m.tr("razz.turn.other.suit", name=name, card=card,
                        suit=suit_word(m, self.suit))
        return m.tr("razz.turn.other.full", name=name, card=card)

    def _played(self, event: CardPlayed, you: int | None) -> str | None:
        m = self.m
        self.top, self.suit = event.card, event.suit
        card, left = the_card(m, event.card), event.cards_left
        mine = event.seat == you
        name = self.players[event.seat]
        if mine and left and self._brief():
            return m.ntr("razz.left.you", left) if left <= TOLD_LEFT else None
        if not left:
            if mine:
                return m.tr("razz.played.you.last", card=card)
            return m.tr("razz.played.other.last", name=name, card=card)
        brief = self._brief() and left > 1
        if event.card.rank == EIGHT and event.suit != event.card.suit:
            suit = suit_word(m, event.suit)
            if brief and not mine:
                return m.tr("razz.played.eight.other.brief", name=name,
                            card=card_name(m, event.card), suit=suit)
            if mine:
                return m.ntr("razz.played.eight.you", left, card=card, suit=suit)
            return m.ntr("razz.played.eight.other", left, name=name, card=card, suit=suit)
        if mine:
            return m.ntr("razz.played.you", left, card=card)
        if brief:
            if event.card.rank == KING:
                return None
            return m.tr("razz.played.other.brief", name=name, card=card_name(m, event.card))
        return m.ntr("razz.played.other", left, name=name, card=card)

    def _drawn(self, event: CardsDrawn, you: int | None) -> str:
        m = self.m
        if event.seat != you:
            name = self.players[event.seat]
            if not event.count:
                return m.tr("razz.drew.none.other", name=name)
            if self._brief():
                return m.ntr("razz.drew.other.brief", event.count, name=name)
            return m.ntr("razz.drew.other", event.count, name=name, held=event.cards_left)
        if not event.cards:
            return m.tr("razz.drew.none.you")
        if len(event.cards) == 1:
            card = the_card(m, event.cards[0])
            if event.playable:
                return m.tr("razz.drew.you.playable", card=card)
            return m.tr("razz.drew.you", card=card, held=event.cards_left)
        return m.tr("razz.drew.you.many", count=len(event.cards), held=event.cards_left,
                    cards=m.join([card_name(m, card) for card in event.cards]))

    def _king(self, event: KingAimed, you: int | None) -> str:
        m = self.m
        bounce = event.count > 2
        name, target = self.players[event.seat], self.players[event.target]
        if event.target == you:
            if bounce:
                return m.tr("razz.king.bounce.at.you", name=name, count=event.count)
            return m.tr("razz.king.at.you", name=name, count=event.count)
        if event.seat == you:
            if bounce:
                return m.tr("razz.king.bounce.you", target=target, count=event.count)
            return m.tr("razz.king.you", target=target, count=event.count)
        if bounce:
            return m.tr("razz.king.bounce.other", name=name, target=target, count=event.count)
        return m.tr("razz.king.other", name=name, target=target, count=event.count)

    def _lost(self, losers: Sequence[int], you: int | None) -> str | None:
        m = self.m
        others = self._others(losers, you)
        if you in losers:
            if not others:
                return m.tr("razz.race.lost.you")
            return m.ntr("razz.race.lost.you.and", len(others), others=m.join(others))
        if not others:
            return None
        return m.ntr("razz.race.lost", len(others), names=m.join(others))

    def _said(self, seat: int, you: int | None) -> str:
        m = self.m
        if self.phrase is None:
            if seat == you:
                return m.tr("razz.phrase.said.you.unknown")
            return m.tr("razz.phrase.said.other.unknown", name=self.players[seat])
        if seat == you:
            return m.tr("razz.phrase.said.you", phrase=self.phrase)
        return m.tr("razz.phrase.said.other", name=self.players[seat], phrase=self.phrase)

    def _razzed(self, event: RazzCalled, you: int | None) -> str:
        m = self.m
        name, target = self.players[event.seat], self.players[event.target]
        if event.rightly:
            fault = fault_words(m, event.fault)
            if event.seat == you:
                return m.tr("razz.razz.right.you", target=target, fault=fault)
            if event.target == you:
                return m.tr("razz.razz.right.at.you", name=name, fault=fault)
            if self._brief():
                return m.tr("razz.razz.right.other.brief", name=name, target=target)
            return m.tr("razz.razz.right.other", name=name, target=target, fault=fault)
        if event.seat == you:
            return m.tr("razz.razz.wrong.you", target=target)
        if event.target == you:
            return m.tr("razz.razz.wrong.at.you", name=name)
        return m.tr("razz.razz.wrong.other", name=name, target=target)

    def _scored(self, event: RoundScored, you: int | None) -> str:
        m = self.m
        self._totals_told = tuple(event.totals)
        totals = self.status.tally(event.totals, you, ranked=True)
        if tuple(event.points) == tuple(event.totals) or not any(event.points):
            return m.tr("razz.points", tally=totals)
        points = self.status.tally(event.points, you, ranked=True, skip_zero=True)
        return m.tr("razz.points.round", points=points, totals=totals)

    def _game_won(self, event: GameWon, you: int | None) -> str:
        m = self.m
        winners = event.winners
        points = event.totals[winners[0]] if winners else 0
        others = m.join(self._others(winners, you))
        if you in winners:
            result = (m.ntr("razz.game.won.you", points) if len(winners) == 1
                      else m.ntr("razz.game.shared.you", points, others=others))
        elif len(winners) == 1:
            result = m.ntr("razz.game.won.other", points, name=self.players[winners[0]])
        else:
            result = m.ntr("razz.game.shared.other", points, names=others)
        if winners and tuple(event.totals) == self._totals_told:
            return result
        final = m.tr("razz.final", tally=self.status.tally(event.totals, you, ranked=True))
        return " ".join((result, final)) if winners else final
