"""The Razz Spoons bot: sheds matching cards, answers Kings and counts, races for the spoons,
says the phrase, announces its last card and razzes the mistakes it notices, at a human pace.

It has the classic bot's interface (``seat``, ``active``, ``observe``, ``next_move``, ``moved``,
``refused``) and learns the game only from the events its seat may see. Its level sets its pace
(``bots.levels``) and, here, how often it slips (forgets the phrase or its last card, plays a
card that does not match where the options allow it, grabs twice), razzes a mistake it heard,
or razzes too soon. Each chance is rolled once, when the moment comes, never on a replan.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from audiospoons.bots.levels import BotPace, Level, skill_for
from audiospoons.engine.cards import SUITS, Card
from audiospoons.engine.commands import Command
from audiospoons.engine.events import Event
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
    CardPlayed,
    CardsDrawn,
    CountRaised,
    DealStarted,
    DrawCause,
    Fault,
    FaultMade,
    GameWon,
    HandDealt,
    KingAimed,
    LastCardAnnounced,
    PhraseChosen,
    PhraseOwed,
    PhraseWanted,
    RaceOver,
    RazzCalled,
    RoundWon,
    SpoonsOut,
    SpoonTaken,
    StarterTurned,
    TurnBegan,
)
from audiospoons.games.razz.rules.facts import (
    ACE,
    EIGHT,
    JACK,
    KING,
    PHRASES,
    TEN,
    TWO,
    card_points,
    fits,
)
from audiospoons.games.razz.rules.options import RazzOptions
from audiospoons.games.razz.rules.referee import RAZZ_TURNS

HURRY = 0.8
"""A bot owing the phrase says it within this share of the window at the latest, however slow
its reactions: it misses the phrase only when it slips."""


@dataclass(frozen=True, slots=True)
class RazzSkill:
    """What a level sets beyond its pace."""

    notice: float
    """The chance to razz a mistake it heard."""
    slip: float
    """The chance to forget a phrase it owes, or to announce its last card."""
    misplay: float
    """With ``let_players_err``: the chance that a card play is one that does not match."""
    jump: float
    """The chance to razz a player down to one card before their chance to announce is over
    (a wrong razz if they then announce in time)."""
    bounce: float
    """The chance to bounce a King aimed at it when it holds one."""
    double: float
    """The chance to grab a second spoon in the race."""
    tactics: bool
    """Aim Kings at the player with the fewest cards, keep Eights for need, shed high points
    first; without, any matching card and any other player."""


RAZZ_SKILLS: dict[Level, RazzSkill] = {
    Level.EASY: RazzSkill(notice=0.35, slip=0.15, misplay=0.06, jump=0.04, bounce=0.5,
                          double=0.04, tactics=False),
    Level.NORMAL: RazzSkill(notice=0.6, slip=0.07, misplay=0.03, jump=0.015, bounce=0.8,
                            double=0.02, tactics=True),
    Level.HARD: RazzSkill(notice=0.85, slip=0.03, misplay=0.01, jump=0.005, bounce=1.0,
                          double=0.005, tactics=True),
    Level.EXPERT: RazzSkill(notice=0.97, slip=0.01, misplay=0.0, jump=0.0, bounce=1.0,
                            double=0.0, tactics=True),
}


@dataclass(slots=True)
class Owed:
    """A phrase this bot owes: the window's end, and when it will say it (None: forgotten)."""

    until: float
    say_at: float | None


@dataclass(slots=True)
class RazzPlan:
    at: float
    target: int
    turn: int
    """The turn its fault was made in (the last turn it may be razzed is ``turn + 2``); -1 for
    a razz on suspicion, before any fault."""


@dataclass(slots=True)
class Seen:
    """What the bot knows of the round, from public events and its own hand."""

    players: int = 0
    dealer: int = 0
    hand: list[Card] = field(default_factory=list)
    counts: list[int] = field(default_factory=list)
    top: Card | None = None
    suit: str = ""
    count: int = 0
    turn_seat: int | None = None
    turn: int = 0
    king: tuple[int, int] | None = None
    """The King's target and sender."""
    drawn: Card | None = None
    racing: bool = False
    playing: bool = False


class RazzBot:
    """One bot at one seat; ``level`` sets its pace and its skill, ``skill`` and ``pace``
    (when given) replace the level's. A level's bot thinks a turn over for ``TURN_THOUGHT``
    card moves' time; a bot given a pace moves at that pace, turns as any move."""

    hears_all = True
    """It counts every seat's cards."""

    def __init__(self, seat: int, options: RazzOptions, rng: random.Random,
                 level: Level = Level.NORMAL, skill: RazzSkill | None = None,
                 pace: BotPace | None = None) -> None:
        self.seat = seat
        self.options = options
        self.rng = rng
        self.level = level
        self.skill = RAZZ_SKILLS[level] if skill is None else skill
        self._thought = TURN_THOUGHT if pace is None else 1.0
        pace = skill_for(level).pace if pace is None else pace
        self._card_delay, self._reaction_delay = pace.card, pace.reaction
        self.active = True
        self.seen = Seen()
        self.choose_at: float | None = None
        self.phrase = ""
        self.move_at: float | None = None
        self.grab_at: float | None = None
        self.owed: list[Owed] = []
        self.announce_at: float | None = None
        self.razzes: list[RazzPlan] = []
        self._decision: tuple[tuple[object, ...], Command] | None = None
        self._plan: tuple[float, Command] | None = None
        self._stale = True

    # ----------------------------------------------------------------- what the host calls

    def observe(self, event: Event) -> bool:
        """Take in one event as this seat sees it; True when it may change this bot's plans."""
        if isinstance(event, CardsDrawn) and event.seat != self.seat:
            self._count(event.seat, event.cards_left)
            if event.cause is DrawCause.KING:
                self.seen.king = None
            elif event.cause is DrawCause.COUNT:
                self.seen.count = 0
            else:
                return False
        else:
            self._take_in(event)
        self._stale = True
        return True

    def next_move(self) -> tuple[float, Command] | None:
        """The next command this bot means to give, and when."""
        if self._stale:
            self._plan = self._decide()
            self._stale = False
        return self._plan

    def wake(self, now: float) -> None:
        """The bot takes a seat over at ``now``, told the round so far: a card move or the
        phrase's choice that fell due before then is made a card's time from now, as a player
        sitting down would; a spoon grab or a phrase owed keeps its time, its window closing."""
        if self.move_at is not None and self.move_at < now:
            self.move_at = now + self._card_time()
        if self.choose_at is not None and self.choose_at < now:
            self.choose_at = now + self._card_time()
        self._stale = True

    def moved(self, now: float) -> None:
        """The planned move was made at ``now``."""
        if self._plan is not None:
            self._done(self._plan[1])
        self._plan = None
        self._stale = True

    def refused(self, now: float, reason: str = "") -> None:
        """The planned move was refused: a card move is thought over a moment later; anything
        else is dropped (its moment has passed)."""
        if self._plan is not None:
            command = self._plan[1]
            if isinstance(command, PlayCard | DrawCard | Keep) or (
                    isinstance(command, SayPhrase) and not self.owed):
                self.move_at = now + self._card_time()
                self._decision = None
            else:
                self._done(command)
        self._plan = None
        self._stale = True

    # ----------------------------------------------------------------- taking events in

    def _take_in(self, event: Event) -> None:
        seen, me = self.seen, self.seat
        if isinstance(event, DealStarted):
            self.seen = Seen(players=len(event.counts), dealer=event.dealer,
                             counts=list(event.counts), playing=True)
            self.owed, self.razzes, self._decision = [], [], None
            self.move_at = self.grab_at = self.announce_at = None
        elif isinstance(event, HandDealt) and event.seat == me:
            seen.hand = list(event.cards)
        elif isinstance(event, StarterTurned):
            seen.top, seen.suit = event.card, event.card.suit
        elif isinstance(event, PhraseWanted) and event.seat == me:
            self.choose_at = event.at + 3 * self._card_time()
            self.phrase = self.rng.choice(PHRASES)
        elif isinstance(event, PhraseChosen):
            self.choose_at = None
        elif isinstance(event, TurnBegan):
            seen.turn_seat, seen.turn, seen.drawn = event.seat, event.turn, None
            self.move_at = event.at + self._turn_time() if event.seat == me else None
            self.razzes = [plan for plan in self.razzes
                           if plan.turn < 0 or plan.turn + RAZZ_TURNS >= event.turn]
        elif isinstance(event, CardPlayed):
            self._played(event)
        elif isinstance(event, CardsDrawn):
            self._drew(event)
        elif isinstance(event, KingAimed):
            seen.king = (event.target, event.seat)
            self.move_at = event.at + self._card_time() if event.target == me else None
        elif isinstance(event, CountRaised):
            seen.count = event.count
        elif isinstance(event, SpoonsOut):
            seen.racing = True
            self.grab_at = event.at + self._reaction_time()
        elif isinstance(event, SpoonTaken) and event.seat == me:
            self.grab_at = None
            if self.rng.random() < self.skill.double:
                self.grab_at = event.at + self._reaction_time() / 2
        elif isinstance(event, RaceOver):
            seen.racing, self.grab_at = False, None
        elif isinstance(event, PhraseOwed) and event.seat == me:
            forgets = self.rng.random() < self.skill.slip
            hurry = event.at + HURRY * (event.until - event.at)
            self.owed.append(Owed(event.until, None if forgets else
                                  min(event.at + self._reaction_time(), hurry)))
            self.owed.sort(key=lambda owed: owed.until)
        elif isinstance(event, FaultMade):
            self._fault(event)
        elif isinstance(event, LastCardAnnounced):
            if event.seat == me:
                self.announce_at = None
            self.razzes = [plan for plan in self.razzes
                           if plan.target != event.seat or plan.turn >= 0]
        elif isinstance(event, RazzCalled) and event.rightly:
            plans = [plan for plan in self.razzes if plan.target == event.target]
            if plans:
                self.razzes.remove(plans[0])
        elif isinstance(event, RoundWon | GameWon):
            seen.playing = False

    def _played(self, event: CardPlayed) -> None:
        seen, me = self.seen, self.seat
        seen.top, seen.suit = event.card, event.suit
        self._count(event.seat, event.cards_left)
        if event.seat == me:
            seen.hand.remove(event.card)
            seen.drawn = None
            if event.cards_left == 1 and self.rng.random() >= self.skill.slip:
                self.announce_at = event.at + self._reaction_time()
        elif event.cards_left == 1 and self.rng.random() < self.skill.jump:
            self.razzes.append(RazzPlan(event.at + self._reaction_time() / 2, event.seat, -1))
        if seen.king is not None and event.card.rank == KING and event.seat == seen.king[0]:
            seen.king = None

    def _drew(self, event: CardsDrawn) -> None:
        """One of its own draws."""
        seen = self.seen
        seen.hand += event.cards
        self._count(self.seat, event.cards_left)
        self.announce_at = None
        if event.cause is DrawCause.KING:
            seen.king = None
        elif event.cause is DrawCause.COUNT:
            seen.count = 0
        if event.playable and event.cards:
            seen.drawn = event.cards[-1]
            self.move_at = event.at + self._card_time()

    def _fault(self, event: FaultMade) -> None:
        if event.seat == self.seat:
            if event.fault is Fault.NO_PHRASE and self.owed:
                self.owed.pop(0)
            elif event.fault is Fault.NO_ANNOUNCEMENT:
                self.announce_at = None
            return
        self.razzes = [plan for plan in self.razzes if plan.target != event.seat
                       or plan.turn >= 0]
        if self.rng.random() < self.skill.notice:
            at = event.at + self._reaction_time() + self._card_time()
            self.razzes.append(RazzPlan(at, event.seat, event.turn))

    def _count(self, seat: int, cards: int) -> None:
        if seat < len(self.seen.counts):
            self.seen.counts[seat] = cards

    def _done(self, command: Command) -> None:
        """A planned move went through (or cannot): what it settles."""
        if isinstance(command, ChoosePhrase):
            self.choose_at = None
        elif isinstance(command, GrabSpoon):
            self.grab_at = None
        elif isinstance(command, Announce):
            self.announce_at = None
        elif isinstance(command, Razz):
            self.razzes = [plan for plan in self.razzes if plan.target != command.target]
        elif isinstance(command, SayPhrase) and self.owed:
            self.owed.pop(0)
        else:
            self.move_at = None
            self._decision = None

    # ----------------------------------------------------------------- deciding

    def _decide(self) -> tuple[float, Command] | None:
        seen, me = self.seen, self.seat
        if not seen.playing:
            return None
        moves: list[tuple[float, Command]] = []
        if self.choose_at is not None:
            moves.append((self.choose_at, ChoosePhrase(me, self.phrase)))
        if seen.racing and self.grab_at is not None:
            moves.append((self.grab_at, GrabSpoon(me)))
        said = [owed.say_at for owed in self.owed if owed.say_at is not None]
        if said:
            moves.append((min(said), SayPhrase(me)))
        if self.announce_at is not None:
            moves.append((self.announce_at, Announce(me)))
        for plan in self.razzes:
            if plan.turn < 0 or seen.turn <= plan.turn + RAZZ_TURNS:
                moves.append((plan.at, Razz(me, plan.target)))
        if self.move_at is not None and not seen.racing and self._my_move():
            moves.append((self.move_at, self._card_move()))
        return min(moves, key=lambda move: move[0]) if moves else None

    def _my_move(self) -> bool:
        seen = self.seen
        return self._answering() or (seen.king is None and seen.turn_seat == self.seat)

    def _answering(self) -> bool:
        return self.seen.king is not None and self.seen.king[0] == self.seat

    def _card_move(self) -> Command:
        """The card move for this moment of the turn, decided once for it."""
        seen = self.seen
        key = (seen.turn, seen.drawn, seen.king, seen.count, len(seen.hand))
        if self._decision is None or self._decision[0] != key:
            self._decision = (key, self._choose_card_move())
        return self._decision[1]

    def _choose_card_move(self) -> Command:
        seen, me = self.seen, self.seat
        if seen.king is not None:
            kings = [card for card in seen.hand if card.rank == KING]
            if kings and self.rng.random() < self.skill.bounce:
                return PlayCard(me, kings[0], target=seen.king[1])
            return SayPhrase(me)
        if seen.count:
            counters = sorted((c for c in seen.hand if c.rank in (TWO, ACE)),
                              key=lambda c: c.rank != TWO)
            return self._play(counters[0]) if counters else SayPhrase(me)
        if seen.drawn is not None:
            return self._play(seen.drawn)
        assert seen.top is not None
        matching = [card for card in seen.hand if fits(card, seen.top, seen.suit, 0)]
        if self.options.let_players_err and len(seen.hand) > 1 \
                and self.rng.random() < self.skill.misplay:
            wrong = [card for card in seen.hand if card not in matching]
            if wrong:
                return self._play(self.rng.choice(wrong))
        if not matching:
            return DrawCard(me)
        if not self.skill.tactics:
            return self._play(self.rng.choice(matching))
        return self._play(max(matching, key=lambda card: (self._worth(card, matching),
                                                           card.suit, card.rank)))

    def _worth(self, card: Card, matching: list[Card]) -> float:
        """How good a play ``card`` is now: shed the points, keep Eights for need, hurt the
        player closest to going out."""
        worth = float(card_points(card))
        fewest = min(count for seat, count in enumerate(self.seen.counts) if seat != self.seat)
        if card.rank == EIGHT and len(matching) > 1:
            worth -= 8
        elif card.rank == KING and fewest <= 2:
            worth += 4
        elif card.rank in (TWO, JACK) or (card.rank == TEN and len(self.seen.hand) > 2):
            worth += 2
        return worth

    def _play(self, card: Card) -> PlayCard:
        me = self.seat
        if card.rank == KING:
            return PlayCard(me, card, target=self._king_target())
        if card.rank == EIGHT:
            return PlayCard(me, card, suit=self._best_suit(card))
        return PlayCard(me, card)

    def _king_target(self) -> int:
        seen = self.seen
        others = [seat for seat in range(seen.players) if seat != self.seat]
        if seen.king is not None and seen.king[0] == self.seat:
            return seen.king[1]
        if not self.skill.tactics:
            return self.rng.choice(others)
        return min(others, key=lambda seat: (seen.counts[seat],
                                             (seat - self.seat) % seen.players))

    def _best_suit(self, eight: Card) -> str:
        rest = [card for card in self.seen.hand if card != eight and card.rank != EIGHT]
        if not rest:
            return eight.suit
        return max(SUITS, key=lambda suit: (sum(card.suit == suit for card in rest),
                                            -SUITS.index(suit)))

    # ----------------------------------------------------------------- timing

    def _card_time(self) -> float:
        return self._card_delay.sample(self.rng)

    def _turn_time(self) -> float:
        """A turn's choice of card: longer than a classic pass, as a player by ear goes through
        a hand of seven or more for one that matches, but made in time for a turn time limit
        when the card's own time allows."""
        card = self._card_time()
        thought = self._thought * card
        limit = self.options.turn_time_limit
        if limit > 0:
            thought = min(thought, max(card, limit - LIMIT_MARGIN))
        return thought

    def _reaction_time(self) -> float:
        return self._reaction_delay.sample(self.rng)


TURN_THOUGHT = 2.0
"""How many card moves' time a turn's choice takes."""
LIMIT_MARGIN = 0.5
"""How long before a turn's time limit a bot thinking it over has chosen."""
