"""What a Razz Spoons player hears when they ask: whose turn it is, the top card, the direction,
every hand's size, the scores and their own hand.

Everything is taken as plain values (a card, a suit letter, a count, seats), so any view of the
table can answer; the announcer says some of the same lines when they change. A hand is read
grouped by suit, clubs to spades, each suit's ranks from the ace (low in Razz Spoons) up to the
king, with copies counted ("Hearts: a seven, two queens, and a king."): the order in which the
hand cursor goes through it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from audiospoons.engine.cards import RANKS, SUITS, Card
from audiospoons.games.razz.rules.events import Fault
from audiospoons.voice.announcer import seat_names, sentence_start
from audiospoons.voice.cardnames import SUIT_IDS, rank_count, the_card
from audiospoons.voice.i18n import Messages
from audiospoons.voice.plaintext import plain_text

PHRASE_LIMIT = 40
PHRASE_ENDINGS = ".!?…"
"""A phrase ending in one of these is said as it is; any other gets the language's '!'."""


def suit_word(messages: Messages, suit: str) -> str:
    """'hearts', or the named suit in the listener's language."""
    return messages.tr(f"suit.{SUIT_IDS[suit]}")


def hand_groups(messages: Messages, cards: Sequence[Card]) -> str:
    """'Clubs: an ace. Hearts: a seven, two queens, and a king.' ('' for no cards)."""
    held = Counter(cards)
    groups = []
    for suit in SUITS:
        ranks = [rank_count(messages, rank, held[Card(rank, suit)])
                 for rank in RANKS if held[Card(rank, suit)]]
        if ranks:
            groups.append(sentence_start(messages.tr("razz.hand.group",
                                                     suit=suit_word(messages, suit),
                                                     cards=messages.join(ranks))))
    return " ".join(groups)


def spoken_phrase(messages: Messages, text: str) -> str | None:
    """The Razzing Phrase as it is said: plain text, with a '!' when it has no ending of its
    own ('Pickles!', '¡Pepinillos!'); None when nothing in it can be said."""
    phrase = plain_text(text, PHRASE_LIMIT)
    if not phrase:
        return None
    if phrase[-1] in PHRASE_ENDINGS:
        return phrase
    return messages.tr("razz.phrase.exclaim", phrase=phrase)


def fault_words(messages: Messages, fault: Fault | None) -> str:
    """'for not saying the phrase': what a razz is for."""
    if fault is Fault.NO_ANNOUNCEMENT:
        return messages.tr("razz.fault.no-announcement")
    if fault is Fault.NO_PHRASE:
        return messages.tr("razz.fault.no-phrase")
    if fault is Fault.OUT_OF_TURN:
        return messages.tr("razz.fault.out-of-turn")
    if fault is Fault.MISMATCH:
        return messages.tr("razz.fault.mismatch")
    if fault is Fault.WRONG_RAZZ:
        return messages.tr("razz.fault.wrong-razz")
    return messages.tr("razz.fault.unknown")


class RazzStatus:
    """The lines of the status keys, for a table of ``players``."""

    def __init__(self, players: Sequence[str], messages: Messages) -> None:
        self.players = seat_names(players, messages)
        self.m = messages

    def tally(self, values: Sequence[int], listener: int | None, *,
              ranked: bool = False, skip_zero: bool = False) -> str:
        """'you 6, Chris 11, and Ellen 0': in seat order, or fewest first when ``ranked``."""
        seats = list(range(len(values)))
        if ranked:
            seats.sort(key=lambda seat: (values[seat], seat))
        items = [self.m.tr("tally.you", value=values[seat]) if seat == listener
                 else self.m.tr("tally.other", name=self.players[seat], value=values[seat])
                 for seat in seats if values[seat] or not skip_zero]
        return self.m.join(items)

    def turn(self, listener: int | None, seat: int | None, *, king_from: int | None = None,
             king_to: int | None = None, king_count: int = 0, spoons_out: bool = False) -> str:
        """Who the game waits for: the turn's player, a King's target, or everyone's grab."""
        m = self.m
        if spoons_out:
            return m.tr("razz.status.spoons")
        if king_from is not None and king_to is not None:
            if king_to == listener:
                return m.tr("razz.status.king.you", name=self.players[king_from],
                            count=king_count)
            if king_from == listener:
                return m.tr("razz.status.king.yours", target=self.players[king_to],
                            count=king_count)
            return m.tr("razz.status.king.other", name=self.players[king_from],
                        target=self.players[king_to], count=king_count)
        if seat is None:
            return m.tr("razz.status.no.turn")
        if seat == listener:
            return m.tr("razz.status.turn.you")
        return m.tr("razz.turn.other", name=self.players[seat])

    def top(self, card: Card | None, suit: str, count: int) -> str:
        """The top card, and the suit an Eight named or the count, when there is one."""
        m = self.m
        if card is None:
            return m.tr("razz.status.no.top")
        if count:
            return m.tr("razz.top.count", card=the_card(m, card), count=count)
        if suit and suit != card.suit:
            return m.tr("razz.top.suit", card=the_card(m, card), suit=suit_word(m, suit))
        return m.tr("razz.top", card=the_card(m, card))

    def direction(self, clockwise: bool, listener: int | None) -> str:
        """Which way play goes and, for a player, who plays after them."""
        m = self.m
        if listener is None or len(self.players) < 2:
            return m.tr("razz.direction") if clockwise else m.tr("razz.direction.counter")
        after = self.players[(listener + (1 if clockwise else -1)) % len(self.players)]
        if clockwise:
            return m.tr("razz.direction.you", name=after)
        return m.tr("razz.direction.counter.you", name=after)

    def counts(self, counts: Sequence[int], listener: int | None) -> str:
        """Every hand's size, in seat order."""
        return self.m.tr("razz.counts", tally=self.tally(counts, listener))

    def scores(self, totals: Sequence[int], listener: int | None) -> str:
        """The game's points so far, fewest (the lead) first."""
        if not any(totals):
            return self.m.tr("razz.points.none")
        return self.m.tr("razz.points", tally=self.tally(totals, listener, ranked=True))

    def phrase(self, phrase: str | None, listener: int | None, *, owing: Sequence[int] = (),
               razzable: Sequence[tuple[int, Fault]] = ()) -> str:
        """The phrase, who owes it now, and the mistakes the listener may razz (each seat
        with its fault, as the view knows them)."""
        m = self.m
        said = None if phrase is None else spoken_phrase(m, phrase)
        parts = [m.tr("razz.phrase.none") if said is None
                 else m.tr("razz.phrase.chosen", phrase=said)]
        others = [self.players[seat] for seat in owing if seat != listener]
        if listener in owing:
            parts.append(m.tr("razz.owes.you"))
        if others:
            parts.append(m.ntr("razz.owes.other", len(others), names=m.join(others)))
        if listener is not None:
            mistakes = [m.tr("razz.razzable", name=self.players[seat],
                             fault=fault_words(m, fault))
                        for seat, fault in razzable if seat != listener]
            parts += mistakes or [m.tr("razz.razzable.none")]
        return " ".join(sentence_start(part) for part in parts)

    def hand(self, cards: Sequence[Card]) -> str:
        """The listener's own hand, its size first."""
        if not cards:
            return self.m.tr("razz.hand.none")
        return " ".join((self.m.ntr("razz.cards.you", len(cards)),
                         hand_groups(self.m, cards)))


def razz_status_lines(players: Sequence[str], messages: Messages, listener: int | None, *,
                      turn: int | None, top: Card | None, suit: str, count: int,
                      clockwise: bool, counts: Sequence[int], totals: Sequence[int],
                      hand: Sequence[Card] = (), king_from: int | None = None,
                      king_to: int | None = None, king_count: int = 0,
                      spoons_out: bool = False) -> list[str]:
    """Every status line, in the order a full report reads them: the turn, the top card, the
    direction, the hands' sizes, the scores, and (for a player) their hand."""
    status = RazzStatus(players, messages)
    lines = [status.turn(listener, turn, king_from=king_from, king_to=king_to,
                         king_count=king_count, spoons_out=spoons_out),
             status.top(top, suit, count), status.direction(clockwise, listener),
             status.counts(counts, listener), status.scores(totals, listener)]
    if listener is not None:
        lines.append(status.hand(hand))
    return [sentence_start(line) for line in lines]
