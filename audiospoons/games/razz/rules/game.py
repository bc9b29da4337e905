"""Razz Spoons (seed 003) as a pure state machine: commands and times in, events out.

Nothing here reads a clock, sleeps, prints or draws from a global RNG; the same seed, deal and
timed commands give the same events. Every command has ``verify_*`` (raises a ``SpoonsError``
saying what is wrong) and the command itself (applies it, returns events);
``verify``/``allows`` take any command.

How the rules are read where seed 003 leaves a choice:

- Seats go clockwise in list order; the player to the dealer's left (the next seat) plays first,
  and the deal moves to the left (the next seat) each round. Two players get five cards each.
- The dealer has ``PHRASE_CHOICE_TIME`` to choose the Razzing Phrase; then the game chooses
  one of ``PHRASES`` for them (``PhraseTimeUp``, then ``PhraseChosen``).
- The starting discard has no power (an Eight turned over keeps its own suit).
- Eights are wild: one may go on any card (outside a counting phase) and names the new suit.
- A King's exchange happens inside the turn of the player who played the first King: once the
  cards are taken, play goes on from that player. Only the target answers: a King of their own
  naming the sender (a bounce, one more card), or ``SayPhrase`` (take the cards, phrase said)
  or ``DrawCard`` (take them; the phrase is then owed).
- A counting phase: the player facing the count plays a two or an ace (any suit) or takes the
  count the same two ways; taking it is their turn, and play resumes with the next player.
- Penalties from the race, from razzing, and a take by ``DrawCard`` or by the time limit are
  drawn at once, and the phrase is owed within ``phrase_window``; a window that closes unsaid
  is a fault (``FaultMade``) that anyone may razz. So is a razz of a player with no fault to
  razz (none, or none within two turns): the wrong razzer draws nothing unless razzed for it.
  A razz for a phrase not said draws the card but asks no phrase again: one missed phrase is
  razzed once, and a player who does not answer is not razzed round and round. A phrase said
  after its window closed is refused as too late while that mistake may still be razzed and
  has not been.
- A round ends the moment a hand is empty; a last card's power does not happen. A last card
  must be played in turn and must match, even when ``let_players_err`` allows the others.
- With ``let_players_err``, a card played out of turn or that does not match lies on the pile as
  the top card, in its own suit, and has no power; the turn does not change for a card played
  out of turn and passes on for a mismatch; a draw out of turn is one card. Without it, such
  moves are refused with a reason.
- The turn time limit (if any) draws one card for a player in their turn and ends it (or, with a
  playable card drawn, keeps it); facing a King or a count, it takes the cards for them.

The race for the spoons is ``race.SpoonRace``; what "two turns" means for razzing, and the last
card's announcement, are in ``referee``.
"""

from __future__ import annotations

import random
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

from audiospoons.engine.cards import RANKS, SUITS, Card
from audiospoons.engine.clock import ClockedGame, Route
from audiospoons.engine.commands import Command
from audiospoons.engine.errors import MalformedCommand, NotAllowedNow, SpoonsError
from audiospoons.engine.events import Event
from audiospoons.games.razz.rules import scoring
from audiospoons.games.razz.rules.commands import (
    Announce,
    ChoosePhrase,
    DrawCard,
    GrabSpoon,
    Keep,
    PlayCard,
    Razz,
    SayPhrase,
)
from audiospoons.games.razz.rules.events import (
    CardKept,
    CardPlayed,
    CardsDrawn,
    CountRaised,
    DealStarted,
    DirectionReversed,
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
    SpoonsOut,
    StarterTurned,
    TurnBegan,
    TurnTimeUp,
)
from audiospoons.games.razz.rules.facts import (
    EIGHT,
    JACK,
    KING,
    PHRASE_CHOICE_TIME,
    PHRASES,
    QUEEN,
    TEN,
    TWO,
    count_step,
    fits,
    hand_size_for,
)
from audiospoons.games.razz.rules.options import RazzOptions
from audiospoons.games.razz.rules.piles import Piles, RazzDeal
from audiospoons.games.razz.rules.race import SpoonRace
from audiospoons.games.razz.rules.referee import Referee

PHRASE_LENGTH = 40


class Phase(Enum):
    CHOOSING = "choosing"
    """The first deal is out; the dealer chooses the Razzing Phrase."""
    PLAYING = "playing"
    RACE = "race"
    """A Jack put the spoons out."""
    BETWEEN_ROUNDS = "between rounds"
    OVER = "over"


class DrawKind(Enum):
    """What a ``DrawCard`` would be now."""

    TURN = "turn"
    TAKE = "take"
    OUT_OF_TURN = "out-of-turn"


@dataclass(frozen=True, slots=True)
class KingDemand:
    """``target`` must take ``count`` cards or bounce them to ``sender``; ``opener`` played the
    first King, and play goes on from them."""

    target: int
    sender: int
    count: int
    opener: int


def clean_phrase(text: str) -> str:
    """The phrase as it will be used: trimmed, 1 to 40 characters, no control or format
    characters (it reaches speech engines as plain text)."""
    phrase = text.strip()
    if not 1 <= len(phrase) <= PHRASE_LENGTH:
        raise MalformedCommand(f"a Razzing Phrase has 1 to {PHRASE_LENGTH} characters, not"
                               f" {len(phrase)}", reason="phrase-length")
    if any(unicodedata.category(char).startswith("C") for char in phrase):
        raise MalformedCommand("a Razzing Phrase holds no control characters",
                               reason="phrase-characters")
    return phrase


class RazzGame(ClockedGame):
    """Razz Spoons for 2 to 10 seats, with the options of ``RazzOptions``."""

    def __init__(self, players: Sequence[str], options: RazzOptions, rng: random.Random,
                 dealer: int = 0, first_deal: RazzDeal | None = None) -> None:
        options.check()
        options.check_players(len(players))
        if not 0 <= dealer < len(players):
            raise MalformedCommand(f"there is no seat {dealer} to deal")
        if first_deal is not None:
            first_deal.check(len(players))
        super().__init__()
        self.options = options
        self.names = list(players)
        self.piles = Piles(rng)
        self.hands: list[list[Card]] = [[] for _ in players]
        self.totals = [0] * len(players)
        self.referee = Referee()
        self.round = 0
        self.dealer = dealer
        self.phase = Phase.BETWEEN_ROUNDS
        self.phrase: str | None = None
        self.turn_seat = 0
        self.turn_number = 0
        self.clockwise = True
        self.suit = ""
        self.count = 0
        self.drawn: Card | None = None
        """The playable card the turn's player just drew: they play it or keep it."""
        self.king: KingDemand | None = None
        self.race: SpoonRace | None = None
        self.race_opener = 0
        self.act_deadline: float | None = None
        """When the turn time limit runs out for whoever must act (``to_act``)."""
        self.choose_deadline: float | None = None
        """When the game chooses the phrase for a dealer who has not."""
        self.deal_at: float | None = None
        self.winners: tuple[int, ...] = ()
        self.late_window = 0.0
        """How long a grab in the race waits for one made earlier that arrived later (the
        relay sets it to its players' round trips; see ``SpoonRace``)."""
        self._first_deal = first_deal
        self._started = False

    # ----------------------------------------------------------------- time and dispatch

    def start(self) -> list[Event]:
        """Seat the players and deal the first round at time 0."""
        if self._started:
            raise NotAllowedNow("the game has already started", reason="started")
        self._started = True
        return [RazzGameStarted(self.now, tuple(self.names)), *self._deal()]

    def next_deadline(self) -> float | None:
        """The earliest time at which ``advance`` has something to do, if any."""
        times = [self.deal_at, self.act_deadline, self.choose_deadline,
                 self.race.deadline() if self.race is not None else None]
        expiry = self.referee.next_expiry()
        if expiry is not None:
            times.append(expiry[0])
        due = [t for t in times if t is not None]
        return min(due) if due else None

    def deadline_for(self, seat: int) -> float | None:
        """The earliest limit running against ``seat``: its turn (or answer to a King), the
        race for a seat without a spoon, or a phrase it owes. The shell counts down to it."""
        times: list[float] = []
        if self.act_deadline is not None and seat == self.to_act():
            times.append(self.act_deadline)
        if self.choose_deadline is not None and seat == self.dealer:
            times.append(self.choose_deadline)
        if self.race is not None and seat not in self.race.holders:
            times.append(self.race.until)
        owed = self.referee.owed.get(seat)
        if owed:
            times.append(owed[0])
        return min(times) if times else None

    def _fire(self, now: float) -> list[Event]:
        if self.deal_at is not None and self.deal_at <= now:
            self.deal_at = None
            return self._deal()
        if self.choose_deadline is not None and self.choose_deadline <= now:
            return [PhraseTimeUp(now, self.dealer),
                    *self.choose_phrase(self.dealer, self.piles.rng.choice(PHRASES))]
        if self.race is not None and self.race.claim_due(now):
            return self.race.settle_claim(now)
        if self.race is not None and self.race.deadline() <= now:
            return self._settle_race()
        expiry = self.referee.next_expiry()
        if expiry is not None and expiry[0] <= now:
            self.referee.miss(expiry[1], self.turn_number)
            return self._fault(expiry[1], Fault.NO_PHRASE)
        return self._time_up()

    def _route(self, command: Command) -> Route:
        """The verify and the action of ``command``."""
        seat = command.seat
        self._check_seat(seat)
        if isinstance(command, PlayCard):
            card, target, suit = command.card, command.target, command.suit
            return (lambda: self.verify_play(seat, card, target, suit),
                    lambda: self.play(seat, card, target, suit))
        if isinstance(command, DrawCard):
            return lambda: self.verify_draw(seat), lambda: self.draw(seat)
        if isinstance(command, Keep):
            return lambda: self.verify_keep(seat), lambda: self.keep(seat)
        if isinstance(command, SayPhrase):
            return lambda: self.verify_say_phrase(seat), lambda: self.say_phrase(seat)
        if isinstance(command, GrabSpoon):
            pressed_at = command.pressed_at
            return lambda: self.verify_grab(seat), lambda: self.grab(seat, pressed_at)
        if isinstance(command, Announce):
            return lambda: self.verify_announce(seat), lambda: self.announce(seat)
        if isinstance(command, Razz):
            target = command.target
            return lambda: self.verify_razz(seat, target), lambda: self.razz(seat, target)
        if isinstance(command, ChoosePhrase):
            text = command.text
            return (lambda: self.verify_choose_phrase(seat, text),
                    lambda: self.choose_phrase(seat, text))
        raise MalformedCommand(f"there is no command {type(command).__name__} in Razz Spoons")

    # ----------------------------------------------------------------- queries

    @property
    def over(self) -> bool:
        return self.phase is Phase.OVER

    def in_game(self, seat: int) -> bool:
        """Every seat plays to the end: Razz Spoons knocks nobody out."""
        self._check_seat(seat)
        return True

    @property
    def players(self) -> int:
        return len(self.names)

    @property
    def top(self) -> Card:
        return self.piles.top

    def to_act(self) -> int | None:
        """Who the game waits for: a King's target, or the player whose turn it is."""
        if self.phase is not Phase.PLAYING:
            return None
        return self.king.target if self.king is not None else self.turn_seat

    def cards_held(self, seat: int) -> int:
        return len(self.hands[seat])

    def hand(self, seat: int) -> tuple[Card, ...]:
        return tuple(self.hands[seat])

    def playable_cards(self, seat: int) -> list[Card]:
        """The seat's cards that may be played now without a fault (a King or an Eight with
        any target or suit that fits)."""
        playable = []
        for card in dict.fromkeys(self.hands[seat]):
            try:
                fault = self._judge_play(seat, card, *self._any_aim(seat, card))
            except SpoonsError:
                continue
            if fault is None:
                playable.append(card)
        return playable

    def next_seat(self, seat: int) -> int:
        return (seat + (1 if self.clockwise else -1)) % self.players

    def _any_aim(self, seat: int, card: Card) -> tuple[int | None, str | None]:
        """A target and a suit that make ``card`` a well-formed play for ``seat``."""
        target = None
        if card.rank == KING:
            target = self.king.sender if self.king is not None and seat == self.king.target \
                else (seat + 1) % self.players
        return target, (SUITS[0] if card.rank == EIGHT else None)

    # ----------------------------------------------------------------- play a card

    def verify_play(self, seat: int, card: Card, target: int | None = None,
                    suit: str | None = None) -> None:
        self._judge_play(seat, card, target, suit)

    def play(self, seat: int, card: Card, target: int | None = None,
             suit: str | None = None) -> list[Event]:
        fault = self._judge_play(seat, card, target, suit)
        events = self._acted(seat)
        hand = self.hands[seat]
        hand.remove(card)
        self.piles.pile.append(card)
        self.suit = suit if fault is None and card.rank == EIGHT and suit else card.suit
        events.append(CardPlayed(self.now, seat, card, self.suit, len(hand)))
        self._hand_changed(seat)
        if fault is not None:
            events += self._fault(seat, fault)
            return events + (self._end_turn(seat) if fault is Fault.MISMATCH else [])
        if not hand:
            return events + self._win_round(seat)
        if self.king is not None:
            return events + self._aim_king(self.king.sender, seat, self.king.count + 1,
                                           self.king.opener)
        if self.count:
            self.count += count_step(card)
            return [*events, CountRaised(self.now, seat, self.count), *self._end_turn(seat)]
        return events + self._power(seat, card, target)

    def _power(self, seat: int, card: Card, target: int | None) -> list[Event]:
        if card.rank == KING:
            assert target is not None
            return self._aim_king(target, seat, 2, seat)
        if card.rank == QUEEN:
            self.clockwise = not self.clockwise
            return [DirectionReversed(self.now, self.clockwise), *self._end_turn(seat)]
        if card.rank == JACK:
            self.phase = Phase.RACE
            self.race = SpoonRace(self.players, self.now, self.options.grab_time_limit,
                                  self.late_window)
            self.race_opener = seat
            self.act_deadline = None
            self.drawn = None
            return [SpoonsOut(self.now, seat, self.race.spoons, self.race.until)]
        if card.rank == TEN:
            return self._begin_turn(seat, again=True)
        if card.rank == TWO:
            self.count = 2
            return [CountRaised(self.now, seat, self.count), *self._end_turn(seat)]
        return self._end_turn(seat)

    def _aim_king(self, target: int, sender: int, count: int, opener: int) -> list[Event]:
        self.king = KingDemand(target, sender, count, opener)
        self.drawn = None
        self.act_deadline = self._limit()
        return [KingAimed(self.now, sender, target, count, self.act_deadline)]

    def _judge_play(self, seat: int, card: Card, target: int | None,
                    suit: str | None) -> Fault | None:
        """Refuse the play, or say the fault it would be (``None``: a play by the rules)."""
        self._check_seat(seat)
        self._check_play_shape(seat, card, target, suit)
        self._verify_card_move(seat)
        name, hand = self.names[seat], self.hands[seat]
        if card not in hand:
            raise NotAllowedNow(f"{name} does not hold the {card}", reason="not-held")
        king = self.king
        if king is not None and seat == king.target:
            if card.rank != KING:
                raise NotAllowedNow(f"{name} must bounce the King with a King, or take the"
                                    " cards", reason="king-or-take")
            if target != king.sender:
                raise NotAllowedNow(f"a bounce goes back to {self.names[king.sender]}, who"
                                    " sent it", reason="bounce-sender")
            return None
        if seat != self.to_act():
            fault = Fault.OUT_OF_TURN
        elif self.drawn is not None and card != self.drawn:
            raise NotAllowedNow(f"{name} has drawn: only the {self.drawn} may be played now",
                                reason="play-drawn")
        elif not fits(card, self.top, self.suit, self.count):
            fault = Fault.MISMATCH
        else:
            return None
        if not self.options.let_players_err:
            if fault is Fault.OUT_OF_TURN:
                raise NotAllowedNow(f"it is not {name}'s turn", reason="not-your-turn")
            if self.count:
                raise NotAllowedNow(f"only a two or an ace may go on the count of {self.count}",
                                    reason="count-only")
            if self.suit != self.top.suit:
                raise NotAllowedNow(f"the {card} matches neither the suit called ({self.suit})"
                                    f" nor the rank of the {self.top}",
                                    reason="no-match-called")
            raise NotAllowedNow(f"the {card} matches neither the suit nor the rank of the"
                                f" {self.top}", reason="no-match")
        if len(hand) == 1:
            raise NotAllowedNow(f"{name}'s last card must be played in turn and must match",
                                reason="last-card")
        return fault

    def _check_play_shape(self, seat: int, card: Card, target: int | None,
                          suit: str | None) -> None:
        if card.rank not in RANKS or card.suit not in SUITS:
            raise MalformedCommand(f"there is no {card} in two standard packs")
        if card.rank == KING:
            if target is None:
                raise MalformedCommand("a King names the player who must draw")
            self._check_seat(target)
            if target == seat:
                raise MalformedCommand("a King names another player")
        elif target is not None:
            raise MalformedCommand("only a King names a player")
        if card.rank == EIGHT:
            if suit not in SUITS:
                raise MalformedCommand("an Eight names the new suit: C, D, H or S")
        elif suit is not None:
            raise MalformedCommand("only an Eight names a suit")

    # ----------------------------------------------------------------- draw, take, keep

    def verify_draw(self, seat: int) -> None:
        self._draw_kind(seat)

    def draw(self, seat: int) -> list[Event]:
        kind = self._draw_kind(seat)
        events = self._acted(seat)
        if kind is DrawKind.TAKE:
            return events + self._take(seat, said=False)
        if kind is DrawKind.OUT_OF_TURN:
            return events + self._draw(seat, 1, DrawCause.TURN) + self._fault(
                seat, Fault.OUT_OF_TURN)
        events += self._draw(seat, 1, DrawCause.TURN, may_play=True)
        last = events[-1]
        if isinstance(last, CardsDrawn) and last.playable:
            self.drawn = self.hands[seat][-1]
            return events
        return events + self._end_turn(seat)

    def _draw_kind(self, seat: int) -> DrawKind:
        self._check_seat(seat)
        self._verify_card_move(seat)
        if self.king is not None:
            if seat == self.king.target:
                return DrawKind.TAKE
        elif seat == self.turn_seat:
            if self.drawn is not None:
                raise NotAllowedNow(f"{self.names[seat]} has drawn: play the {self.drawn} or"
                                    " keep it", reason="already-drawn")
            return DrawKind.TAKE if self.count else DrawKind.TURN
        if not self.options.let_players_err:
            raise NotAllowedNow(f"it is not {self.names[seat]}'s turn", reason="not-your-turn")
        return DrawKind.OUT_OF_TURN

    def verify_keep(self, seat: int) -> None:
        self._check_seat(seat)
        self._verify_card_move(seat)
        if self.king is not None or seat != self.turn_seat or self.drawn is None:
            raise NotAllowedNow(f"{self.names[seat]} has no card just drawn to keep",
                                reason="nothing-drawn")

    def keep(self, seat: int) -> list[Event]:
        self.verify_keep(seat)
        return [*self._acted(seat), CardKept(self.now, seat), *self._end_turn(seat)]

    def _take(self, seat: int, *, said: bool) -> list[Event]:
        """``seat`` takes the cards of a King or of the count."""
        if self.king is not None:
            count, cause, after = self.king.count, DrawCause.KING, self.king.opener
            self.king = None
        else:
            count, cause, after = self.count, DrawCause.COUNT, seat
            self.count = 0
        self.act_deadline = None
        events = [PhraseSaid(self.now, seat)] if said else self._owe(seat, cause)
        return events + self._draw(seat, count, cause) + self._end_turn(after)

    def _draw(self, seat: int, count: int, cause: DrawCause, *,
              may_play: bool = False) -> list[Event]:
        cards, turned = self.piles.draw(count)
        events: list[Event] = [] if turned is None else [PileTurnedOver(self.now, turned)]
        hand = self.hands[seat]
        hand += cards
        playable = may_play and len(cards) == 1 and fits(cards[0], self.top, self.suit, 0)
        events.append(CardsDrawn(self.now, seat, tuple(cards), len(cards), len(hand), cause,
                                 playable))
        if cards:
            self._hand_changed(seat)
        return events

    # ----------------------------------------------------------------- the phrase

    def verify_choose_phrase(self, seat: int, text: str) -> None:
        self._check_seat(seat)
        if self.phase is not Phase.CHOOSING:
            raise NotAllowedNow("the phrase is chosen once, after the first deal",
                                reason="phrase-chosen")
        if seat != self.dealer:
            raise NotAllowedNow(f"{self.names[self.dealer]} deals and chooses the phrase",
                                reason="not-dealer")
        clean_phrase(text)

    def choose_phrase(self, seat: int, text: str) -> list[Event]:
        self.verify_choose_phrase(seat, text)
        self.phrase = clean_phrase(text)
        self.phase = Phase.PLAYING
        self.choose_deadline = None
        return [PhraseChosen(self.now, seat, self.phrase),
                *self._begin_turn((self.dealer + 1) % self.players, again=False)]

    def verify_say_phrase(self, seat: int) -> None:
        self._say_kind(seat)

    def say_phrase(self, seat: int) -> list[Event]:
        if self._say_kind(seat) is DrawKind.TAKE:
            return self._acted(seat) + self._take(seat, said=True)
        self.referee.settle(seat)
        return [PhraseSaid(self.now, seat)]

    def _say_kind(self, seat: int) -> DrawKind | None:
        """``None``: the seat says a phrase it owes; ``TAKE``: it takes a King's or a count's
        cards with it."""
        self._check_seat(seat)
        self._verify_in_round(seat)
        if self.referee.owes(seat):
            return None
        late = self.referee.is_late(seat, self.turn_number)
        if self.phase is Phase.PLAYING and (
                (self.king is not None and seat == self.king.target)
                or (self.king is None and seat == self.turn_seat and self.count
                    and self.drawn is None)):
            return DrawKind.TAKE
        if late:
            raise NotAllowedNow(f"too late: {self.names[seat]}'s time to say the phrase is over",
                                reason="phrase-late")
        raise NotAllowedNow(f"{self.names[seat]} owes no phrase now", reason="no-phrase-owed")

    def _owe(self, seat: int, cause: DrawCause) -> list[Event]:
        until = self.now + self.options.phrase_window
        self.referee.owe(seat, until)
        return [PhraseOwed(self.now, seat, until, cause)]

    def _penalise(self, seat: int, count: int, cause: DrawCause) -> list[Event]:
        return self._owe(seat, cause) + self._draw(seat, count, cause)

    # ----------------------------------------------------------------- the spoons

    def verify_grab(self, seat: int) -> None:
        self._check_seat(seat)
        self._verify_in_round(seat)
        if self.race is None:
            raise NotAllowedNow("the spoons are not out: they come out for a Jack",
                                reason="no-race")
        self.race.verify_grab(seat)

    def grab(self, seat: int, pressed_at: float | None = None) -> list[Event]:
        self.verify_grab(seat)
        assert self.race is not None
        at = self.now if pressed_at is None else min(self.now, pressed_at)
        return self.race.grab(seat, self.now, at)

    def _settle_race(self) -> list[Event]:
        assert self.race is not None
        losers, timed_out = self.race.losers()
        self.race = None
        self.phase = Phase.PLAYING
        events: list[Event] = [RaceOver(self.now, losers, timed_out)]
        for seat in losers:
            events += self._penalise(seat, 2, DrawCause.SPOONS)
        return events + self._end_turn(self.race_opener)

    # ----------------------------------------------------------------- one card left

    def verify_announce(self, seat: int) -> None:
        self._check_seat(seat)
        self._verify_in_round(seat)
        name, held = self.names[seat], len(self.hands[seat])
        if held != 1:
            raise NotAllowedNow(f"{name} holds {held} cards", reason="not-one-card")
        if seat in self.referee.announced:
            raise NotAllowedNow(f"{name} has announced it already", reason="announced")
        if seat not in self.referee.unannounced:
            raise NotAllowedNow(f"too late: another player has acted since {name} came down"
                                " to one card", reason="announce-late")

    def announce(self, seat: int) -> list[Event]:
        self.verify_announce(seat)
        self.referee.announce(seat)
        return [LastCardAnnounced(self.now, seat)]

    def _hand_changed(self, seat: int) -> None:
        if len(self.hands[seat]) == 1:
            self.referee.down_to_one(seat, self.now)
        else:
            self.referee.hand_changed(seat)

    def _acted(self, actor: int) -> list[Event]:
        """``actor`` acts in play: whoever had yet to announce their last card has missed it."""
        events: list[Event] = []
        for seat in self.referee.acted(actor, self.now):
            events += self._fault(seat, Fault.NO_ANNOUNCEMENT)
        return events

    # ----------------------------------------------------------------- razzing

    def verify_razz(self, seat: int, target: int) -> None:
        self._check_seat(seat)
        self._check_seat(target)
        if target == seat:
            raise MalformedCommand("a player razzes another player")
        self._verify_in_round(seat)
        live = self.referee.live(target, self.turn_number)
        if live and all(fault.razzed for fault in live):
            raise NotAllowedNow(f"{self.names[target]}'s mistake has been razzed already",
                                reason="already-razzed")

    def razz(self, seat: int, target: int) -> list[Event]:
        """A razz for a fault within two turns draws the target a card and the phrase; any
        other razz is a fault of the razzer's, for the others to razz."""
        self.verify_razz(seat, target)
        record = self.referee.razzable(target, self.turn_number)
        if record is None:
            return [RazzCalled(self.now, seat, target, False),
                    *self._fault(seat, Fault.WRONG_RAZZ)]
        record.razzed = True
        if record.fault is Fault.NO_PHRASE:
            self.referee.late.pop(target, None)
            return [RazzCalled(self.now, seat, target, True, record.fault),
                    *self._draw(target, 1, DrawCause.RAZZED)]
        return [RazzCalled(self.now, seat, target, True, record.fault),
                *self._penalise(target, 1, DrawCause.RAZZED)]

    def _fault(self, seat: int, fault: Fault) -> list[Event]:
        self.referee.record(seat, fault, self.turn_number)
        return [FaultMade(self.now, seat, fault, self.turn_number)]

    # ----------------------------------------------------------------- turns and rounds

    def _deal(self) -> list[Event]:
        self.round += 1
        fixed = self._first_deal if self.round == 1 else None
        self.hands = self.piles.deal(self.players, hand_size_for(self.players), fixed)
        self.referee.clear()
        self.clockwise, self.count, self.turn_number = True, 0, 0
        self.king, self.race, self.drawn = None, None, None
        self.suit = self.top.suit
        counts = tuple(len(hand) for hand in self.hands)
        events: list[Event] = [DealStarted(self.now, self.round, self.dealer, self.players - 1,
                                           counts)]
        events += [HandDealt(self.now, seat, tuple(hand)) for seat, hand in enumerate(self.hands)]
        events.append(StarterTurned(self.now, self.top, len(self.piles.stock)))
        for seat, hand in enumerate(self.hands):
            if len(hand) == 1:
                self.referee.announced.add(seat)
        if self.phrase is None:
            self.phase = Phase.CHOOSING
            self.choose_deadline = self.now + PHRASE_CHOICE_TIME
            return [*events, PhraseWanted(self.now, self.dealer)]
        self.phase = Phase.PLAYING
        return events + self._begin_turn((self.dealer + 1) % self.players, again=False)

    def _begin_turn(self, seat: int, *, again: bool) -> list[Event]:
        self.turn_seat = seat
        self.turn_number += 1
        self.drawn = None
        self.act_deadline = self._limit()
        return [TurnBegan(self.now, seat, self.turn_number, again, self.clockwise,
                          self.act_deadline)]

    def _end_turn(self, seat: int) -> list[Event]:
        return self._begin_turn(self.next_seat(seat), again=False)

    def _limit(self) -> float | None:
        limit = self.options.turn_time_limit
        return self.now + limit if limit > 0 else None

    def _time_up(self) -> list[Event]:
        """The turn time limit ran out for whoever must act."""
        seat = self.to_act()
        self.act_deadline = None
        if seat is None:
            return []
        events: list[Event] = [TurnTimeUp(self.now, seat), *self._acted(seat)]
        if self.king is not None or self.count:
            return events + self._take(seat, said=False)
        if self.drawn is None:
            events += self._draw(seat, 1, DrawCause.TURN)
        return events + self._end_turn(seat)

    def _win_round(self, seat: int) -> list[Event]:
        self.phase = Phase.BETWEEN_ROUNDS
        self.act_deadline, self.king, self.count, self.drawn = None, None, 0, None
        self.referee.clear()
        points = scoring.round_points(self.hands)
        self.totals = [total + add for total, add in zip(self.totals, points, strict=True)]
        totals = tuple(self.totals)
        events: list[Event] = [RoundWon(self.now, seat, self.round),
                               RoundScored(self.now, points, totals)]
        if scoring.game_finished(self.options, self.round, totals):
            self.phase = Phase.OVER
            self.winners = scoring.winners(totals)
            return [*events, GameWon(self.now, self.winners, totals)]
        self.dealer = (self.dealer + 1) % self.players
        self.deal_at = self.now + self.options.round_pause
        return events

    # ----------------------------------------------------------------- checks

    def _check_seat(self, seat: int) -> None:
        if not 0 <= seat < self.players:
            raise MalformedCommand(f"there is no seat {seat}")

    def _verify_in_round(self, seat: int) -> None:
        if self.phase is Phase.CHOOSING:
            raise NotAllowedNow(f"{self.names[self.dealer]} is choosing the Razzing Phrase",
                                reason="choosing-phrase")
        if self.phase is Phase.BETWEEN_ROUNDS:
            raise NotAllowedNow("the next round has not been dealt yet", reason="between-rounds")
        if self.phase is Phase.OVER:
            raise NotAllowedNow("the game is over", reason="game-over")

    def _verify_card_move(self, seat: int) -> None:
        self._verify_in_round(seat)
        if self.phase is Phase.RACE:
            raise NotAllowedNow("the spoons are out: grab one", reason="spoons-out")
