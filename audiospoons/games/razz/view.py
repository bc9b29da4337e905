"""What one seat knows of a Razz Spoons table, built only from the events it was given: pure.

Feed ``observe`` every event as ``Event.seen_by(seat)`` gives it. The view then knows what the
game would tell that seat: its own hand (in the order the cards came, and sorted for the hand
cursor), every seat's card count (public in Razz), whose turn it is and which way play goes, the
top card and the suit in force, the count, the King under way, the race for the spoons, who owes
the phrase and until when, who has a last card to announce, the mistakes that may be razzed, and
the scores. The keys (``ui.razzkeys``) and the voice read this, never the game, so a seat at the
keyboard knows exactly what a seat over the network would.

The hand cursor lives here too, as it must follow the hand: it stays on its card while other
cards come and go, moves to the next card when its own is played, and goes to a card just drawn
that may be played at once.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from audiospoons.engine.cards import RANKS, SUITS, Card
from audiospoons.engine.events import Event
from audiospoons.games.razz.rules.events import (
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
from audiospoons.games.razz.rules.facts import KING, PHRASE_CHOICE_TIME, fits
from audiospoons.games.razz.rules.razztable import Phase
from audiospoons.games.razz.rules.referee import RAZZ_TURNS


def hand_order(card: Card) -> tuple[int, int]:
    """The cursor's order: by suit (clubs, diamonds, hearts, spades), then by rank, ace low."""
    return SUITS.index(card.suit), RANKS.index(card.rank)


@dataclass(slots=True)
class KingSeen:
    """A King under way: ``target`` takes ``count`` cards or bounces them to ``sender``;
    ``opener`` played the first King, and play goes on from them."""

    sender: int
    target: int
    count: int
    opener: int


@dataclass(slots=True)
class RaceSeen:
    """The race for the spoons after ``opener``'s Jack, until ``until``."""

    opener: int
    spoons: int
    started: float
    until: float
    holders: list[int] = field(default_factory=list)
    doubles: list[int] = field(default_factory=list)
    """Seats that grabbed a second time: they take the loss."""
    fighters: list[int] = field(default_factory=list)

    @property
    def spoons_left(self) -> int:
        return self.spoons - len(self.holders)


@dataclass(slots=True)
class OwedPhrase:
    until: float
    cause: DrawCause


@dataclass(slots=True)
class FaultSeen:
    """A mistake made during turn ``turn``: razzable until turn ``turn + 2`` ends, once."""

    seat: int
    fault: Fault
    turn: int
    at: float
    razzed: bool = False


@dataclass(slots=True)
class RazzSeatView:
    """The table as ``seat`` knows it."""

    seat: int
    names: list[str] = field(default_factory=list)
    phase: Phase = Phase.BETWEEN_ROUNDS
    round: int = 0
    dealer: int = 0
    spoons: int = 0
    """Spoons on the table at the deal (one fewer than players)."""
    phrase: str | None = None
    chooser: int | None = None
    """The dealer choosing the phrase, while the game waits for it."""
    choose_until: float | None = None
    """When the game chooses the phrase for the dealer, while they choose it."""
    hand: list[Card] = field(default_factory=list)
    """This seat's cards in the order they came (as the game holds them)."""
    ordered: list[Card] = field(default_factory=list)
    """The same cards in ``hand_order``: what the cursor moves through."""
    cursor: int = 0
    counts: list[int] = field(default_factory=list)
    top: Card | None = None
    suit: str = ""
    """The suit in force: the top card's, or the one named with an Eight."""
    stock: int = 0
    pile: int = 0
    turn_seat: int | None = None
    turn: int = 0
    """The turn number of the round, as ``TurnBegan`` counts it (razzing counts in turns)."""
    again: bool = False
    """The turn is a Ten's turn again."""
    clockwise: bool = True
    act_until: float | None = None
    """When the turn time limit runs out for whoever must act, if there is one."""
    drawn: Card | None = None
    """The playable card this seat just drew: it plays it or keeps it."""
    drawn_pending: bool = False
    """The player whose turn it is drew a card they may play at once (any seat)."""
    count: int = 0
    king: KingSeen | None = None
    race: RaceSeen | None = None
    race_losers: tuple[int, ...] = ()
    """Who lost the last race for the spoons this round."""
    owed: dict[int, list[OwedPhrase]] = field(default_factory=dict)
    """Seat to the phrases it owes, the earliest window first."""
    unannounced: set[int] = field(default_factory=set)
    """Seats down to one card that may still announce it (until another player acts)."""
    announced: set[int] = field(default_factory=set)
    faults: list[FaultSeen] = field(default_factory=list)
    """This round's mistakes, oldest first."""
    points: list[tuple[int, ...]] = field(default_factory=list)
    """What each round cost each seat, round by round."""
    totals: list[int] = field(default_factory=list)
    round_winner: int | None = None
    over: bool = False
    winners: tuple[int, ...] = ()

    # ----------------------------------------------------------------- what the seat may ask

    @property
    def players(self) -> int:
        return len(self.names)

    @property
    def in_round(self) -> bool:
        """Cards are being played (or the spoons raced for)."""
        return self.phase in (Phase.PLAYING, Phase.RACE)

    def to_act(self) -> int | None:
        """Who the game waits for: a King's target, or the player whose turn it is."""
        if self.phase is not Phase.PLAYING:
            return None
        return self.king.target if self.king is not None else self.turn_seat

    @property
    def my_turn(self) -> bool:
        return self.to_act() == self.seat

    @property
    def facing_king(self) -> bool:
        return self.king is not None and self.king.target == self.seat

    @property
    def facing_count(self) -> bool:
        """This seat must play a two or an ace on the count, or take it."""
        return (self.phase is Phase.PLAYING and self.king is None and self.count > 0
                and self.turn_seat == self.seat)

    def owes(self, seat: int | None = None) -> bool:
        return bool(self.owed.get(self.seat if seat is None else seat))

    def owed_until(self, seat: int | None = None) -> float | None:
        """When the first phrase the seat owes must be said by, if it owes one."""
        owed = self.owed.get(self.seat if seat is None else seat)
        return owed[0].until if owed else None

    @property
    def may_announce(self) -> bool:
        """This seat is down to one card and may still announce it."""
        return self.seat in self.unannounced

    @property
    def has_announced(self) -> bool:
        """This seat has announced its last card (and still holds just that one)."""
        return self.seat in self.announced

    def has_spoon(self, seat: int | None = None) -> bool:
        return self.race is not None and (self.seat if seat is None else seat) in self.race.holders

    def razzable(self) -> list[FaultSeen]:
        """Other players' mistakes that may be razzed now, the latest first."""
        return [fault for fault in reversed(self.faults)
                if fault.seat != self.seat and not fault.razzed
                and self.turn - fault.turn <= RAZZ_TURNS]

    def latest_razzable(self) -> int | None:
        """The player whose latest mistake may still be razzed, if any."""
        live = self.razzable()
        return live[0].seat if live else None

    def others_in_turn_order(self) -> list[int]:
        """The other seats, from the next player in the direction of play."""
        step = 1 if self.clockwise else -1
        return [(self.seat + step * n) % self.players for n in range(1, self.players)]

    def playable_cards(self) -> list[Card]:
        """The cards this seat may play now without a mistake, in cursor order, each once."""
        if self.phase is not Phase.PLAYING or self.top is None:
            return []
        cards = list(dict.fromkeys(self.ordered))
        if self.facing_king:
            return [card for card in cards if card.rank == KING]
        if not self.my_turn:
            return []
        if self.drawn is not None:
            return [self.drawn]
        return [card for card in cards if fits(card, self.top, self.suit, self.count)]

    def deadline(self) -> float | None:
        """The earliest limit running against this seat: its turn (or answer to a King), the
        race while it has no spoon, a phrase it owes, or choosing the phrase."""
        times = [t for t in (self.act_until if self.my_turn else None,
                             self.choose_until if self.chooser == self.seat else None,
                             self.race.until if self.race is not None
                             and not self.has_spoon() else None,
                             self.owed_until()) if t is not None]
        return min(times) if times else None

    # ----------------------------------------------------------------- the hand cursor

    @property
    def under_cursor(self) -> Card | None:
        return self.ordered[self.cursor] if self.ordered else None

    def move_cursor(self, step: int) -> Card | None:
        """Move the cursor by ``step`` cards, stopping at either end."""
        return self.cursor_to(self.cursor + step)

    def cursor_to(self, index: int) -> Card | None:
        self.cursor = min(max(index, 0), max(len(self.ordered) - 1, 0))
        return self.under_cursor

    def next_playable(self) -> Card | None:
        """Move the cursor to the next card that may be played, going round; it stays where it
        is when none may."""
        playable = set(self.playable_cards())
        size = len(self.ordered)
        for step in range(1, size + 1):
            index = (self.cursor + step) % size
            if self.ordered[index] in playable:
                return self.cursor_to(index)
        return None

    def _set_hand(self, cards: list[Card], focus: Card | None = None) -> None:
        """The hand is now ``cards``: the cursor goes to ``focus``, else stays on its card, else
        on its place."""
        before = self.under_cursor
        self.hand = cards
        self.ordered = sorted(cards, key=hand_order)
        for wanted in (focus, before):
            if wanted is not None and wanted in self.ordered:
                self.cursor = self.ordered.index(wanted)
                return
        self.cursor_to(self.cursor)

    # ----------------------------------------------------------------- taking events in

    def observe(self, event: Event) -> None:
        """Take in one event as this seat was given it."""
        if isinstance(event, RazzGameStarted):
            self.names = list(event.players)
            self.totals = [0] * len(event.players)
        elif isinstance(event, DealStarted):
            self._deal(event)
        elif isinstance(event, HandDealt) and event.seat == self.seat:
            self.cursor = 0
            self._set_hand(list(event.cards))
        elif isinstance(event, StarterTurned):
            self.top, self.suit, self.stock, self.pile = event.card, event.card.suit, event.stock, 1
        elif isinstance(event, PhraseWanted):
            self.phase, self.chooser = Phase.CHOOSING, event.seat
            self.choose_until = event.at + PHRASE_CHOICE_TIME
        elif isinstance(event, PhraseChosen):
            self.phrase, self.chooser, self.phase = event.text, None, Phase.PLAYING
            self.choose_until = None
        elif isinstance(event, TurnBegan):
            self.phase, self.turn_seat, self.turn = Phase.PLAYING, event.seat, event.turn
            self.again, self.clockwise, self.act_until = event.again, event.clockwise, event.until
            self.king, self.drawn, self.drawn_pending = None, None, False
        elif isinstance(event, CardPlayed):
            self._played(event)
        elif isinstance(event, CardsDrawn):
            self._drew(event)
        elif isinstance(event, PileTurnedOver):
            self.stock, self.pile = self.stock + event.cards, 1
        elif isinstance(event, TurnTimeUp):
            self.act_until = None
        elif isinstance(event, DirectionReversed):
            self.clockwise = event.clockwise
        elif isinstance(event, KingAimed):
            opener = self.king.opener if self.king is not None else event.seat
            self.king = KingSeen(event.seat, event.target, event.count, opener)
            self.act_until, self.drawn, self.drawn_pending = event.until, None, False
        elif isinstance(event, CountRaised):
            self.count = event.count
        else:
            self._observe_table(event)

    def _observe_table(self, event: Event) -> None:
        """The race, the phrase, razzing and scores."""
        if isinstance(event, SpoonsOut):
            self.phase = Phase.RACE
            self.race = RaceSeen(event.seat, event.spoons, event.at, event.until)
            self.act_until, self.drawn, self.drawn_pending = None, None, False
        elif isinstance(event, SpoonTaken) and self.race is not None:
            self.race.holders.append(event.seat)
        elif isinstance(event, DoubleGrab) and self.race is not None:
            self.race.doubles.append(event.seat)
        elif isinstance(event, SpoonFought) and self.race is not None:
            self.race.fighters = list(event.seats)
        elif isinstance(event, RaceOver):
            self.phase, self.race, self.race_losers = Phase.PLAYING, None, event.losers
        elif isinstance(event, PhraseOwed):
            owed = self.owed.setdefault(event.seat, [])
            owed.append(OwedPhrase(event.until, event.cause))
            owed.sort(key=lambda phrase: phrase.until)
        elif isinstance(event, PhraseSaid):
            self._settle(event.seat)
        elif isinstance(event, LastCardAnnounced):
            self.unannounced.discard(event.seat)
            self.announced.add(event.seat)
        elif isinstance(event, FaultMade):
            self.faults.append(FaultSeen(event.seat, event.fault, event.turn, event.at))
            if event.fault is Fault.NO_PHRASE:
                self._settle(event.seat)
            elif event.fault is Fault.NO_ANNOUNCEMENT:
                self.unannounced.discard(event.seat)
        elif isinstance(event, RazzCalled) and event.rightly:
            fault = next((f for f in self.faults if f.seat == event.target and not f.razzed
                          and self.turn - f.turn <= RAZZ_TURNS), None)
            if fault is not None:
                fault.razzed = True
        elif isinstance(event, RoundWon):
            self._round_over(event.seat)
        elif isinstance(event, RoundScored):
            self.points.append(event.points)
            self.totals = list(event.totals)
        elif isinstance(event, GameWon):
            self.phase, self.over = Phase.OVER, True
            self.winners, self.totals = event.winners, list(event.totals)

    def _deal(self, event: DealStarted) -> None:
        self.phase, self.round, self.dealer = Phase.BETWEEN_ROUNDS, event.round, event.dealer
        self.spoons, self.counts = event.spoons, list(event.counts)
        self.top, self.suit, self.stock, self.pile = None, "", 0, 0
        self.turn_seat, self.turn, self.again, self.clockwise = None, 0, False, True
        self.act_until, self.drawn, self.drawn_pending = None, None, False
        self.count, self.king, self.race, self.race_losers = 0, None, None, ()
        self.owed, self.faults, self.unannounced = {}, [], set()
        self.announced = {seat for seat, held in enumerate(event.counts) if held == 1}
        self.round_winner = None
        self.cursor = 0
        self._set_hand([])

    def _played(self, event: CardPlayed) -> None:
        self.top, self.suit, self.pile = event.card, event.suit, self.pile + 1
        if event.seat == self.seat and event.card in self.hand:
            cards = list(self.hand)
            cards.remove(event.card)
            self._set_hand(cards)
        self._held(event.seat, event.cards_left)

    def _drew(self, event: CardsDrawn) -> None:
        self.stock -= event.count
        playable = event.playable and event.count > 0
        if event.seat == self.seat:
            drawn = event.cards[-1] if playable and event.cards else None
            if drawn is not None:
                self.drawn = drawn
            self._set_hand(self.hand + list(event.cards), focus=drawn)
        if playable:
            self.drawn_pending = True
        if event.cause is DrawCause.KING:
            self.king = None
        elif event.cause is DrawCause.COUNT:
            self.count = 0
        if event.count:
            self._held(event.seat, event.cards_left)

    def _held(self, seat: int, cards: int) -> None:
        """``seat``'s hand changed to ``cards`` cards: at one it has a last card to announce,
        else nothing (any more)."""
        if seat < len(self.counts):
            self.counts[seat] = cards
        self.announced.discard(seat)
        if cards == 1:
            self.unannounced.add(seat)
        else:
            self.unannounced.discard(seat)

    def _settle(self, seat: int) -> None:
        """The seat said, or failed to say, the first phrase it owed (a phrase said with no
        phrase owed took a King's or a count's cards)."""
        owed = self.owed.get(seat)
        if owed:
            owed.pop(0)
            if not owed:
                del self.owed[seat]

    def _round_over(self, winner: int) -> None:
        self.phase, self.round_winner = Phase.BETWEEN_ROUNDS, winner
        self.act_until, self.king, self.count, self.race = None, None, 0, None
        self.drawn, self.drawn_pending = None, False
        self.owed, self.faults = {}, []
        self.unannounced, self.announced = set(), set()
