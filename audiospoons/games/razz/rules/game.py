"""Razz Spoons (seed 003) as a pure state machine: commands and times in, events out.

Nothing here reads a clock, sleeps, prints or draws from a global RNG; the same seed, deal and
timed commands give the same events. Every command has ``verify_*`` (in ``movechecks``: raises
a ``RulesError`` saying what is wrong) and the command itself (here: applies it, returns
events); ``verify``/``allows`` take any command.

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
card's announcement, are in ``referee``; whether a move is allowed now, and what it would be, in
``movechecks``; what a Razzing Phrase may be, in ``phrase``.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from audiospoons.engine.cards import Card
from audiospoons.engine.clock import ClockedGame, Route
from audiospoons.engine.commands import Command
from audiospoons.engine.errors import MalformedCommand, NotAllowedNow, RulesError
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
from audiospoons.games.razz.rules.movechecks import DrawKind, MoveChecks
from audiospoons.games.razz.rules.options import RazzOptions
from audiospoons.games.razz.rules.phrase import clean_phrase
from audiospoons.games.razz.rules.piles import Piles, RazzDeal
from audiospoons.games.razz.rules.race import SpoonRace
from audiospoons.games.razz.rules.razztable import KingDemand, Phase
from audiospoons.games.razz.rules.referee import Referee


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
        self.checks = MoveChecks(self)
        """Whether a move is allowed now, and what it would be."""

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
        checks = self.checks
        checks.check_seat(seat)
        if isinstance(command, PlayCard):
            card, target, suit = command.card, command.target, command.suit
            return (lambda: checks.verify_play(seat, card, target, suit),
                    lambda: self.play(seat, card, target, suit))
        if isinstance(command, DrawCard):
            return lambda: checks.verify_draw(seat), lambda: self.draw(seat)
        if isinstance(command, Keep):
            return lambda: checks.verify_keep(seat), lambda: self.keep(seat)
        if isinstance(command, SayPhrase):
            return lambda: checks.verify_say_phrase(seat), lambda: self.say_phrase(seat)
        if isinstance(command, GrabSpoon):
            pressed_at = command.pressed_at
            return lambda: checks.verify_grab(seat), lambda: self.grab(seat, pressed_at)
        if isinstance(command, Announce):
            return lambda: checks.verify_announce(seat), lambda: self.announce(seat)
        if isinstance(command, Razz):
            target = command.target
            return lambda: checks.verify_razz(seat, target), lambda: self.razz(seat, target)
        if isinstance(command, ChoosePhrase):
            text = command.text
            return (lambda: checks.verify_choose_phrase(seat, text),
                    lambda: self.choose_phrase(seat, text))
        raise MalformedCommand(f"there is no command {type(command).__name__} in Razz Spoons")

    # ----------------------------------------------------------------- queries

    @property
    def over(self) -> bool:
        return self.phase is Phase.OVER

    def in_game(self, seat: int) -> bool:
        """Every seat plays to the end: Razz Spoons knocks nobody out."""
        self.checks.check_seat(seat)
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
                fault = self.checks.judge_play(seat, card, *self.checks.any_aim(seat, card))
            except RulesError:
                continue
            if fault is None:
                playable.append(card)
        return playable

    def next_seat(self, seat: int) -> int:
        return (seat + (1 if self.clockwise else -1)) % self.players

    # ----------------------------------------------------------------- play a card

    def play(self, seat: int, card: Card, target: int | None = None,
             suit: str | None = None) -> list[Event]:
        fault = self.checks.judge_play(seat, card, target, suit)
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

    # ----------------------------------------------------------------- draw, take, keep

    def draw(self, seat: int) -> list[Event]:
        kind = self.checks.draw_kind(seat)
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

    def keep(self, seat: int) -> list[Event]:
        self.checks.verify_keep(seat)
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

    def choose_phrase(self, seat: int, text: str) -> list[Event]:
        self.checks.verify_choose_phrase(seat, text)
        self.phrase = clean_phrase(text)
        self.phase = Phase.PLAYING
        self.choose_deadline = None
        return [PhraseChosen(self.now, seat, self.phrase),
                *self._begin_turn((self.dealer + 1) % self.players, again=False)]

    def say_phrase(self, seat: int) -> list[Event]:
        if self.checks.say_kind(seat) is DrawKind.TAKE:
            return self._acted(seat) + self._take(seat, said=True)
        self.referee.settle(seat)
        return [PhraseSaid(self.now, seat)]

    def _owe(self, seat: int, cause: DrawCause) -> list[Event]:
        until = self.now + self.options.phrase_window
        self.referee.owe(seat, until)
        return [PhraseOwed(self.now, seat, until, cause)]

    def _penalise(self, seat: int, count: int, cause: DrawCause) -> list[Event]:
        return self._owe(seat, cause) + self._draw(seat, count, cause)

    # ----------------------------------------------------------------- the spoons

    def grab(self, seat: int, pressed_at: float | None = None) -> list[Event]:
        self.checks.verify_grab(seat)
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

    def announce(self, seat: int) -> list[Event]:
        self.checks.verify_announce(seat)
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

    def razz(self, seat: int, target: int) -> list[Event]:
        """A razz for a fault within two turns draws the target a card and the phrase; any
        other razz is a fault of the razzer's, for the others to razz."""
        self.checks.verify_razz(seat, target)
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
