"""The classic game of Spoons as a pure state machine: commands and times in, events out.

Nothing here reads a clock, sleeps, prints or draws from a global RNG. The shell stamps every
command with the time it happened, calls ``advance`` to fire timers that are due, and may sleep
until ``next_deadline``. The same seed and the same timed commands give the same events.

Play runs in real time: there are no turns. Each seat holds ``hand_size`` cards, picks up one
(``take``/``draw``) and passes one (``pass``). With the no-stock pack everyone passes at once, so
a seat may pass first and pick up after. Every command has ``verify_*`` (raises a ``RulesError``
saying what is wrong) and the command itself (applies it, returns events).

The game is split along its seams: the cards' way round the table is ``cardflow``'s; whether a
reach for the spoons is allowed is ``grabchecks``'; the ways of handing out numbered spoons are
``selection``'s and ``fighting``'s and the counting of misses is ``scoring``'s, each through the
small shape ``spoontable``; a reaction test is ``reaction``'s, and the round's tests, running and
waiting their turn, ``reactiontests``'. What stays here is time and dispatch, the race for the
spoons and the rounds.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from audiospoons.engine.cards import Card
from audiospoons.engine.clock import ClockedGame, Route
from audiospoons.engine.commands import TIE_WINDOW, Command
from audiospoons.engine.errors import MalformedCommand, NotAllowedNow
from audiospoons.engine.events import Event
from audiospoons.games.spoons.rules import scoring
from audiospoons.games.spoons.rules.cardflow import CardFlow, Deal
from audiospoons.games.spoons.rules.commands import Draw, Feint, Grab, Pass, React, Signal, Take
from audiospoons.games.spoons.rules.events import (
    DealerChanged,
    Eliminated,
    Feinted,
    GameOver,
    GameStarted,
    GrabDisputed,
    GrabTimeUp,
    Penalty,
    PhaseTwoStarted,
    PrematureGrab,
    RoundEnded,
    RoundLost,
    RoundStarted,
    RoundVoided,
    SpoonGrabbed,
    SpoonsChanged,
    TeamOut,
    TeamsFormed,
)
from audiospoons.games.spoons.rules.fighting import RealtimeFighting
from audiospoons.games.spoons.rules.grabchecks import GrabChecks
from audiospoons.games.spoons.rules.options import (
    FEINT_LOCKOUT,
    Disputed,
    Grabbing,
    NextDealer,
    Options,
    Premature,
    ReactionStyle,
    Scoring,
)
from audiospoons.games.spoons.rules.reaction import ReactionTest
from audiospoons.games.spoons.rules.reactiontests import ReactionTests
from audiospoons.games.spoons.rules.seat import Phase, Seat
from audiospoons.games.spoons.rules.selection import SingleSelection


class ClassicGame(ClockedGame):
    """Classic Spoons for any number of seats, with the options of ``Options``."""

    def __init__(self, players: Sequence[str], options: Options, rng: random.Random,
                 dealer: int = 0, first_deal: Deal | None = None) -> None:
        options.check()
        options.check_players(len(players))
        if not 0 <= dealer < len(players):
            raise MalformedCommand(f"there is no seat {dealer} to deal")
        super().__init__()
        self.options = options
        self.rng = rng
        self.seats = [Seat(name) for name in players]
        self.round = 0
        self.counted_rounds = 0
        self.dealer = dealer
        self.round_dealer = dealer
        self.phase = Phase.BETWEEN_ROUNDS
        self.stock: list[Card] = []
        self.pile: list[Card] = []
        self.spoons = 0
        self.round_spoons = 0
        self.first_grabber: int | None = None
        self.phase_two_at: float | None = None
        self.set_shown: tuple[int, str] | None = None
        """The set that let the spoons go, shown to the table when the round ends: who made
        it, and its rank."""
        self.first_set_by: int | None = None
        """Who held a set first this round: with ``next_dealer = first-set`` the next dealer
        (seed 002: "whoever got four of a kind first"), whoever grabbed first."""
        self.redeal = False
        """The round was void: the next deal is the same round again."""
        self.grab_deadline: float | None = None
        self.unaware_limits: dict[int, float] = {}
        """After a hidden first grab, the discard deadline each seat had then: what the seats
        that cannot know the spoons are going go on being told (``limit_deadline``)."""
        self.deal_at: float | None = None
        self.settle_at: float | None = None
        """With ``disputed = void``: the last spoon is gone, and the round ends at this time
        unless another hand takes hold of it before."""
        self.late_window = 0.0
        """Seconds a grab in the race for the spoons waits, once it has reached the table, for
        grabs that happened earlier but arrived later (``Grab.pressed_at``); the spoons then go
        in the order the grabs were made. A host whose presses cross a network sets it; at
        one table it is 0 and a spoon goes to the first grab to arrive."""
        self.claims: dict[int, tuple[float, float]] = {}
        """The race grabs waiting for a spoon: seat to when it grabbed and when that arrived."""
        self.claim_until: float | None = None
        """When the next waiting grab is settled."""
        self.last_grab: int | None = None
        self.winners: tuple[int, ...] = ()
        self.cards = CardFlow(self)
        """The cards' way round the table: picking up, passing, the stock and the knives."""
        self._first_deal = first_deal
        if first_deal is not None:
            self.cards.check_deal(first_deal)
        self.charged: set[int] = set()
        """Seats already charged a miss this round: a fight lost, or no spoon chosen."""
        self.tests = ReactionTests(self)
        """The round's reaction tests, running and waiting their turn."""
        self._started = False
        half = len(players) // 2
        self.teams: tuple[tuple[int, ...], ...] = tuple(
            (seat, seat + half) for seat in range(half)) if options.teams else ()
        """Playing in teams: pairs of seats half the table apart."""
        self.selection = SingleSelection(self)
        self.fighting = RealtimeFighting(self)
        self.numbered: SingleSelection | RealtimeFighting | None = None
        """The numbered-spoon variant in play, which keeps timers of its own."""
        if options.grabbing is Grabbing.SELECTION:
            self.numbered = self.selection
        elif options.grabbing is Grabbing.REALTIME:
            self.numbered = self.fighting
        self.grab_checks = GrabChecks(self)
        """Whether a reach for the spoons (a grab, a feint, the signal) is allowed now."""

    # ----------------------------------------------------------------- time and dispatch

    def start(self) -> list[Event]:
        """Seat the players and deal the first round at time 0."""
        if self._started:
            raise NotAllowedNow("the game has already started", reason="started")
        self._started = True
        names = tuple(seat.name for seat in self.seats)
        teams: list[Event] = [TeamsFormed(self.now, self.teams)] if self.teams else []
        return [GameStarted(self.now, names), *teams, *self._deal()]

    def next_deadline(self) -> float | None:
        """The earliest time at which ``advance`` has something to do, if any."""
        soonest = self.deal_at
        if self.settle_at is not None and (soonest is None or self.settle_at < soonest):
            soonest = self.settle_at
        if self.claim_until is not None and (soonest is None or self.claim_until < soonest):
            soonest = self.claim_until
        if self.grab_deadline is not None and (soonest is None or self.grab_deadline < soonest):
            soonest = self.grab_deadline
        test_time = self.tests.deadline()
        if test_time is not None and (soonest is None or test_time < soonest):
            soonest = test_time
        if self.numbered is not None:
            variant_time = self.numbered.deadline()
            if variant_time is not None and (soonest is None or variant_time < soonest):
                soonest = variant_time
        limit = self.options.discard_time_limit
        if limit > 0 and self.phase is Phase.PLAYING:
            for seat in self.seats:
                if seat.owes_since is not None and (soonest is None
                                                    or seat.owes_since + limit < soonest):
                    soonest = seat.owes_since + limit
        return soonest

    def limit_deadline(self, index: int | None) -> float | None:
        """When the time limit now running against seat ``index`` runs out, if one is: the grab
        time limit for an active seat still without a spoon, or the seat's discard clock. The
        shell counts the last seconds down to it."""
        if index is None:
            return None
        seat = self.seats[index]
        if not seat.active:
            return None
        if self.phase is Phase.GRABBING and not seat.has_spoon and index not in self.charged:
            if self._first_grab_hidden() and index != self.first_grabber \
                    and self.round_spoons - self.spoons <= 1:
                return self.unaware_limits.get(index)
            if self.numbered is not None:
                return self.numbered.deadline_for(index)
            return self.grab_deadline
        limit = self.options.discard_time_limit
        if self.phase is Phase.PLAYING and limit > 0 and seat.owes_since is not None:
            return seat.owes_since + limit
        return None

    def _fire(self, now: float) -> list[Event]:
        if self.deal_at is not None and self.deal_at <= now:
            self.deal_at = None
            return self._deal()
        if self.settle_at is not None and self.settle_at <= now:
            self.settle_at = None
            return self.end_round(now)
        if self.claim_until is not None and self.claim_until <= now:
            return self._settle_claim(now)
        if self.grab_deadline is not None and self.grab_deadline <= now and self.claims:
            return self._settle_claim(now)
        tested = self.tests.fire(now)
        if tested is not None:
            return tested
        variant = self.numbered
        variant_time = variant.deadline() if variant is not None else None
        if variant is not None and variant_time is not None and variant_time <= now:
            return variant.fire(now)
        if self.grab_deadline is not None and self.grab_deadline <= now:
            self.grab_deadline = None
            if self.numbered is not None:
                return [GrabTimeUp(now), *self.numbered.time_up(now)]
            return [GrabTimeUp(now), *self.end_round(now)]
        limit = self.options.discard_time_limit
        for index, seat in enumerate(self.seats):
            if seat.owes_since is not None and seat.owes_since + limit <= now:
                return self.cards.force_play(index, now)
        return []

    def _route(self, command: Command) -> Route:
        """The verify and the action of ``command``."""
        self.check_seat(command.seat)
        seat = command.seat
        if isinstance(command, Take):
            return lambda: self.cards.verify_take(seat), lambda: self.cards.take(seat)
        if isinstance(command, Draw):
            return lambda: self.cards.verify_draw(seat), lambda: self.cards.draw(seat)
        if isinstance(command, Pass):
            card = command.card
            cards = self.cards
            return lambda: cards.verify_pass(seat, card), lambda: cards.pass_card(seat, card)
        checks = self.grab_checks
        if isinstance(command, Grab):
            spoon, pressed_at = command.spoon, command.pressed_at
            if self.options.signal:
                return (lambda: checks.verify_no_spoons(seat),
                        lambda: self._refuse_no_spoons(seat))
            return (lambda: checks.verify_grab(seat, spoon, pressed_at),
                    lambda: self.grab(seat, spoon, pressed_at))
        if isinstance(command, React):
            pressed = command.pressed_at
            tests = self.tests
            return lambda: tests.verify_react(seat), lambda: tests.react(seat, pressed)
        if isinstance(command, Feint):
            return lambda: checks.verify_feint(seat), lambda: self.feint(seat)
        if isinstance(command, Signal):
            return lambda: checks.verify_signal(seat), lambda: self.signal(seat)
        raise MalformedCommand(f"unknown command {type(command).__name__}")

    def _refuse_no_spoons(self, seat: int) -> list[Event]:
        self.grab_checks.verify_no_spoons(seat)
        return []

    # ----------------------------------------------------------------- queries

    @property
    def over(self) -> bool:
        return self.phase is Phase.OVER

    def in_game(self, seat: int) -> bool:
        """Whether the seat still plays: one knocked out needs no stand-in."""
        return self.seats[seat].active

    def deadline_for(self, seat: int) -> float | None:
        """The earliest limit running against ``seat`` (``limit_deadline``)."""
        return self.limit_deadline(seat)

    def active_seats(self) -> list[int]:
        return [i for i, seat in enumerate(self.seats) if seat.active]

    def partner_of(self, index: int) -> int | None:
        """The seat's partner when playing in teams."""
        for team in self.teams:
            if index in team:
                return next(seat for seat in team if seat != index)
        return None

    def teams_in(self) -> list[tuple[int, ...]]:
        """The teams with a player still in the game."""
        return [team for team in self.teams if any(self.seats[s].active for s in team)]

    def has_set(self, index: int) -> bool:
        return self.seats[index].held_set is not None

    # ----------------------------------------------------------------- grab

    def grab(self, index: int, spoon: int | None = None,
             pressed_at: float | None = None) -> list[Event]:
        """Grab a spoon. A press too soon to be a reaction is refused and kept, so that a key
        held down or pressed over and over takes nothing until it rests (``reactionfloor``)."""
        checks = self.grab_checks
        try:
            checks.verify_grab(index, spoon, pressed_at)
        except NotAllowedNow as error:
            if error.reason == "too-soon":
                checks.note_too_soon(index, pressed_at)
            raise
        if self.tests.test_of(index) is not None:
            return self.tests.press(index, pressed_at)
        if checks.is_premature(index):
            return self._premature(index)
        if self.settle_at is not None:
            return self._dispute(index)
        at = checks.press_time(pressed_at)
        variant = self.numbered
        if variant is not None:
            assert spoon is not None
            return variant.grab(index, spoon)
        starts_phase_two = self.first_grabber is None
        if not starts_phase_two and self.late_window > 0:
            self.claims[index] = (at, self.now)
            if self.claim_until is None:
                self.claim_until = self.now + self.late_window
            return []
        events = self.begin_phase_two(index) if starts_phase_two else []
        events += self._give_spoon(index, first=starts_phase_two,
                                   hidden=starts_phase_two and self._first_grab_hidden())
        self.last_grab = index
        if self.spoons == 0 and self.options.disputed is Disputed.VOID:
            self.settle_at = self.now + TIE_WINDOW
        elif self.spoons == 0:
            events += self.end_round(self.now)
        elif starts_phase_two and self._mash_grabbing():
            racers = tuple(i for i in self.active_seats() if not self.seats[i].has_spoon)
            events += self.tests.queue(racers, self._mash_results)
        return events

    def _settle_claim(self, now: float) -> list[Event]:
        """The earliest-arrived waiting grab has waited long enough: a spoon goes to the
        earliest made. With the last spoon gone the round ends (with ``disputed = void``, two
        grabs on it made within ``TIE_WINDOW`` void it); otherwise the next waiting grab is
        settled when it too has waited."""
        winner = min(self.claims, key=lambda seat: (*self.claims[seat], seat))
        made = self.claims.pop(winner)[0]
        events = self._give_spoon(winner)
        self.last_grab = winner
        if self.spoons > 0:
            self.claim_until = (min(arrived for _, arrived in self.claims.values())
                                + self.late_window) if self.claims else None
            return events
        rival = next((seat for seat, (at, _) in self.claims.items()
                      if at - made < TIE_WINDOW), None)
        self.claims, self.claim_until = {}, None
        if self.options.disputed is Disputed.VOID and rival is not None:
            return [*events, GrabDisputed(now, (winner, rival)), *self._void_round()]
        return events + self.end_round(now)

    def begin_phase_two(self, index: int) -> list[Event]:
        """The first legitimate grab: card play stops and the grab time limit starts (except
        for a mash race, which is its own limit, and single selection, whose choosing time is)."""
        self.first_grabber = index
        self.phase_two_at = self.now
        self.set_shown = self._set_shown(index)
        self.round_spoons = self.spoons
        self.phase = Phase.GRABBING
        discard = self.options.discard_time_limit
        self.unaware_limits = {
            other: seat.owes_since + discard for other, seat in enumerate(self.seats)
            if seat.owes_since is not None and discard > 0 and self._first_grab_hidden()}
        for seat in self.seats:
            seat.owes_since = None
        limit = self.options.grab_time_limit
        timed = not self._mash_grabbing() if self.numbered is None \
            else self.numbered.limits_grabs
        if limit > 0 and timed:
            self.grab_deadline = self.now + limit
        return [PhaseTwoStarted(self.now, index, self._first_grab_hidden())]

    def _first_grab_hidden(self) -> bool:
        """With feints allowed and phase 2 not announced, the first grab sounds like a feint:
        only the grabber knows it is real until the round ends."""
        return self.options.premature is Premature.BLUFF and not self.options.announce_phase2

    def _set_shown(self, first: int) -> tuple[int, str] | None:
        """The set that made the first grab legitimate: the grabber's own, or with two players
        left the other's."""
        makers = [first] if self.has_set(first) else sorted(
            (i for i in self.active_seats() if self.has_set(i)),
            key=lambda i: self.seats[i].set_since or 0.0)
        if not makers:
            return None
        rank = self.seats[makers[0]].held_set
        assert rank is not None
        return makers[0], rank

    def _round_ended(self, now: float) -> RoundEnded:
        """The round's end, showing the set that started it (seed 004: the first picker shows
        their cards) and who grabbed first; with early grabs punished, the first grab stands
        checked against it."""
        if self.set_shown is None:
            return RoundEnded(now, self.round)
        maker, rank = self.set_shown
        return RoundEnded(now, self.round, maker, rank, self.first_grabber,
                          checked=self.options.premature is not Premature.NONE)

    def charge(self, seats: tuple[int, ...], *, at_once: bool = False) -> list[Event]:
        """Charge seats a miss mid-round (a lost fight, no spoon chosen or left to try for);
        the game ends here if too few players are left."""
        if not seats or self.over:
            return []
        self.charged.update(seats)
        events = scoring.miss(self, seats, at_once=at_once)
        if scoring.survivors_decide(self):
            self.counted_rounds += 1
            events += [self._round_ended(self.now), *self._end_game()]
        return events

    def _mash_grabbing(self) -> bool:
        return self.options.reaction_style is ReactionStyle.MASH

    def _give_spoon(self, index: int, *, first: bool = False,
                    hidden: bool = False) -> list[Event]:
        left = self.take_spoon(index)
        return [SpoonGrabbed(self.now, index, left, first, hidden=hidden)]

    def take_spoon(self, seat: int) -> int:
        self.seats[seat].has_spoon = True
        self.spoons -= 1
        return self.spoons

    def _mash_results(self, test: ReactionTest, now: float) -> list[Event]:
        events: list[Event] = []
        for index in test.ranking():
            if self.spoons == 0:
                break
            events += self._give_spoon(index)
        return events + self.end_round(now)

    def _dispute(self, index: int) -> list[Event]:
        """A second hand on the last spoon within ``TIE_WINDOW``: nobody can say who lifted it
        first, so the round is void and the same dealer deals again (seed 004)."""
        assert self.last_grab is not None
        events: list[Event] = [GrabDisputed(self.now, (self.last_grab, index))]
        return events + self._void_round()

    def _void_round(self) -> list[Event]:
        self.phase = Phase.BETWEEN_ROUNDS
        self.redeal = True
        self.deal_at = self.now + self.options.round_pause
        self._clear_round_timers()
        return [RoundVoided(self.now, self.dealer)]

    def _premature(self, index: int) -> list[Event]:
        premature = self.options.premature
        penalty = Penalty.ELIMINATE if premature is Premature.BLUFF else Penalty(premature.value)
        events: list[Event] = [PrematureGrab(self.now, index, penalty)]
        if penalty is Penalty.VOID:
            return events + self._void_round()
        if penalty is Penalty.ELIMINATE:
            events += self.eliminate((index,))
        else:
            events += scoring.miss(self, (index,))
        if scoring.survivors_decide(self):
            return events + self._end_game()
        spoons = self.options.spoons_for(len(self.active_seats()))
        if spoons != self.spoons:
            self.spoons = spoons
            events.append(SpoonsChanged(self.now, spoons))
        return events

    # ----------------------------------------------------------------- the later variants

    def feint(self, index: int) -> list[Event]:
        """Reach for the spoons and take none (``premature = bluff``): the others hear the same
        reach as a real first grab. One feint a second, so that a held key is one feint."""
        self.grab_checks.verify_feint(index)
        self.seats[index].feint_locked_until = self.now + FEINT_LOCKOUT
        return [Feinted(self.now, index)]

    def signal(self, index: int) -> list[Event]:
        """Pig, Donkey and Tongue: the signal, given or copied, is a spoon taken; the last to
        copy is left without one and loses the round. ``grab`` verifies it, so that a signal
        too soon locks the seat's signals for a moment as a grab too soon does."""
        self.grab_checks.verify_signal_game(index)
        return self.grab(index)

    # ----------------------------------------------------------------- rounds

    def _deal(self) -> list[Event]:
        again, self.redeal = self.redeal, False
        self.round += 0 if again else 1
        self.round_dealer = self.dealer
        self.phase = Phase.PLAYING
        self.first_grabber = self.phase_two_at = self.set_shown = self.first_set_by = None
        self.grab_deadline = None
        self.unaware_limits = {}
        self.charged = set()
        active = self.active_seats()
        self.spoons = self.options.spoons_for(len(active))
        self.round_spoons = self.spoons
        explicit = self._first_deal or Deal()
        self._first_deal = None
        for seat in self.seats:
            seat.has_spoon = False
            seat.early_press_at, seat.feint_locked_until = None, 0.0
        started = RoundStarted(self.now, self.round, self.dealer, self.spoons, tuple(active),
                               again)
        return [started, *self.cards.deal(explicit, len(active))]

    def end_round(self, now: float) -> list[Event]:
        """Everyone active without a spoon loses the round; score it and deal on or end."""
        self._clear_round_timers()
        losers = tuple(i for i in self.active_seats()
                       if not self.seats[i].has_spoon and i not in self.charged)
        events: list[Event] = [RoundLost(now, losers)] if losers else []
        events += scoring.miss(self, losers)
        events.append(self._round_ended(now))
        self.counted_rounds += 1
        if scoring.game_finished(self):
            return events + self._end_game()
        self._choose_next_dealer()
        self.phase = Phase.BETWEEN_ROUNDS
        self.deal_at = now + self.options.round_pause
        return events

    def _choose_next_dealer(self) -> None:
        first = self.first_set_by
        if self.options.next_dealer is NextDealer.FIRST_SET and first is not None \
                and self.seats[first].active:
            self.dealer = first
        else:
            self.dealer = self.cards.left_of(self.round_dealer)

    def _clear_round_timers(self) -> None:
        self.grab_deadline = None
        self.settle_at = None
        self.claims, self.claim_until = {}, None
        self.tests.clear()
        self.selection.reset()
        self.fighting.reset()
        for seat in self.seats:
            seat.owes_since = None

    def eliminate(self, indexes: tuple[int, ...], *, at_once: bool = False) -> list[Event]:
        """Take seats out of the game. Their cards go to the discard pile, to come back through
        the stock; with the no-stock pack, which has no way back from the pile, they pass on to
        the next player's waiting cards, so every rank stays whole and a set can still be made.
        A dealer going out during card play hands the stock on; once card play has stopped, the
        next dealer is chosen when the round ends."""
        if not indexes:
            return []
        teams_before = self.teams_in()
        for index in indexes:
            self.seats[index].active = False
        events: list[Event] = [Eliminated(self.now, indexes, at_once)]
        events += [TeamOut(self.now, team) for team in teams_before
                   if team not in self.teams_in()]
        playing = self.phase is Phase.PLAYING and len(self.active_seats()) > 1
        for index in indexes:
            events += self.cards.leave(index, playing=playing)
        if self.phase is Phase.PLAYING and not self.seats[self.dealer].active \
                and self.active_seats():
            self.dealer = self.cards.left_of(self.dealer)
            events.append(DealerChanged(self.now, self.dealer))
        return events

    def _end_game(self) -> list[Event]:
        self.phase = Phase.OVER
        self.deal_at = None
        self._clear_round_timers()
        self.winners = scoring.winners(self)
        points = (tuple(seat.misses for seat in self.seats)
                  if self.options.scoring is Scoring.POINTS else ())
        return [GameOver(self.now, self.winners, points)]

    # ----------------------------------------------------------------- checks

    def check_seat(self, index: int) -> None:
        if not 0 <= index < len(self.seats):
            raise MalformedCommand(f"there is no seat {index}")

    def verify_in_game(self, index: int) -> None:
        self.check_seat(index)
        if self.phase is Phase.OVER:
            raise NotAllowedNow("the game is over", reason="game-over")
        if not self.seats[index].active:
            raise NotAllowedNow(f"{self.seats[index].name} is out of the game", reason="out")
