"""Property tests: whole bot games, with the engine's invariants checked after every step.

Hypothesis chooses the number of players, the seed and a combination of options; the game is
played out by the bots (``play_game``, with ``early_grabber`` slipping in the early grabs that
the bots never risk on their own), and ``InvariantWatch`` checks the live ``ClassicGame``
and the events of every step:

1. every card is in exactly one place (stock, pile, a hand or a seat's waiting cards);
2. the spoons on the table stay between 0 and one fewer than the active players (while they are
   fought over, players may go out with spoons still on the table), are dealt as
   ``max(1, active - spoons_subtracted)`` and are conserved (on the table or held), whether they
   go by a grab, a single selection's results or a realtime claim made safe;
3. hands hold no more than ``hand_size + 1`` cards (``hand_size`` without a waiting pile, where
   a seat passes first), and during a round no fewer than ``hand_size`` (``hand_size - 1`` with
   the no-stock pack or without a waiting pile, where a seat may pass first);
4. event times and ``game.now`` never go backwards;
5. every game ends (no deadlock, no livelock, well before the simulator's stuck cap), with
   exactly one ``GameOver`` whose winners follow the scoring rules;
6. every round that starts ends (``RoundEnded``, ``RoundVoided`` or ``GameOver``) before the next,
   and a void round is dealt again under its own number;
7. no seat but an event's own, and no spectator, learns a card from it.

Along the way: the seats the events leave in the game are the game's active seats, the dealer
the events last named is the game's dealer, each seat's ``held_set`` matches its hand, and with
the no-stock pack some rank stays whole among the cards in play (else no set could be made).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from dataclasses import fields
from typing import Any

import pytest
from hypothesis import HealthCheck, Phase, assume, given, settings
from hypothesis import strategies as st

from audiospoons.engine.cards import Card, DeckKind, build_deck, set_rank
from audiospoons.engine.commands import Command
from audiospoons.engine.errors import InvalidOptions, RulesError
from audiospoons.engine.events import Event
from audiospoons.games.spoons.rules.commands import Draw, Grab, Pass, Signal, Take
from audiospoons.games.spoons.rules.events import (
    DealerChanged,
    Eliminated,
    GameOver,
    RoundEnded,
    RoundStarted,
    RoundVoided,
    SpoonGrabbed,
    SpoonSafe,
    SpoonsChanged,
    SpoonsKept,
)
from audiospoons.games.spoons.rules.game import ClassicGame
from audiospoons.games.spoons.rules.options import Options, Scoring
from audiospoons.games.spoons.rules.presets import PRESETS, preset_named
from audiospoons.games.spoons.rules.seat import Phase as GamePhase
from audiospoons.simulate import GAME_TIME_CAP, play_game

WATCH_TIME_CAP = GAME_TIME_CAP / 5
"""Game seconds after which the watch calls a game stuck. The longest of 8,000 games tried (ten
players spelling SPOONS) lasted about 5,200 game seconds; a stuck game is stopped here, fast,
rather than ground out to the simulator's own cap."""

SAME_TIME_STEP_CAP = 1_000
"""Steps in a row without the game clock moving after which the watch calls a game stuck: a
livelock (the same command accepted over and over at one instant) never reaches a time cap."""

IN_ROUND = (GamePhase.PLAYING, GamePhase.GRABBING)

PROPERTY_SETTINGS = settings(
    deadline=None,
    derandomize=True,
    database=None,
    # No explain phase: it traces every line of a failing game, which takes minutes.
    phases=(Phase.explicit, Phase.reuse, Phase.generate, Phase.shrink),
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)


class GameStuck(AssertionError):
    """The game is not getting anywhere: past ``WATCH_TIME_CAP``, or ``SAME_TIME_STEP_CAP`` steps
    at one instant, or nothing left to do and no timer to wait for."""


_FIELDS: dict[type[Event], tuple[str, ...]] = {}


def _carries_a_card(value: object) -> bool:
    if isinstance(value, Card):
        return True
    if isinstance(value, tuple | list | frozenset | set):
        return any(_carries_a_card(item) for item in value)
    return False


def _cards_in(event: Event) -> list[str]:
    """The names of the fields of ``event`` that hold a card or cards (``StockRecycled.cards``,
    a number of cards, holds none)."""
    names = _FIELDS.get(type(event))
    if names is None:
        names = _FIELDS[type(event)] = tuple(f.name for f in fields(event))
    return [name for name in names if _carries_a_card(getattr(event, name))]


class InvariantWatch:
    """The ``watch`` of ``play_game``: checks the game after every step and counts what ended."""

    def __init__(self, players: int, options: Options) -> None:
        self.players = players
        self.options = options
        self.active = set(range(players))
        self.deck_players = players
        self.last_at = 0.0
        self.last_now = 0.0
        self.round_open = False
        self.rounds_started = 0
        self.round_number = 0
        self.voided = False
        self.rounds_ended = 0
        self.game_overs: list[GameOver] = []
        self.steps = 0
        self.steps_at_now = 0
        self.round_spoons = 0
        self.dealer = -1
        self.spoons_taken = 0
        self._packs: dict[int, Counter[Card]] = {}

    def __call__(self, game: ClassicGame, events: list[Event]) -> None:
        self.steps += 1
        assert not self.game_overs, f"events after the game was over: {events}"
        for event in events:
            self._check_event(game, event)
        self._check_cards(game)
        self._check_spoons(game)
        self._check_hands(game)
        self._check_someone_can_move(game)
        self._check_a_set_can_be_made(game)
        if game.phase in IN_ROUND:
            assert game.dealer == self.dealer, (
                f"seat {game.dealer} deals, but the events last named seat {self.dealer}")
        assert game.now >= self.last_now, f"game.now went back from {self.last_now} to {game.now}"
        self.steps_at_now = self.steps_at_now + 1 if game.now == self.last_now else 0
        self.last_now = game.now
        assert sorted(self.active) == game.active_seats(), (
            f"the events leave seats {sorted(self.active)} in the game, the game has"
            f" {game.active_seats()}")
        if game.now > WATCH_TIME_CAP:
            raise GameStuck(f"the game is still going at {game.now:.0f} game seconds, in round"
                            f" {game.round}, phase {game.phase.value}")
        if self.steps_at_now > SAME_TIME_STEP_CAP:
            raise GameStuck(f"{self.steps_at_now} steps at game time {game.now}, the last {events}")

    # ------------------------------------------------------------------ per event

    def _check_event(self, game: ClassicGame, event: Event) -> None:
        assert event.at >= self.last_at, f"{event} is before the event before, {self.last_at}"
        assert event.at <= game.now, f"{event} is later than the game's clock {game.now}"
        self.last_at = event.at
        self._check_privacy(event)
        if isinstance(event, RoundStarted):
            assert not self.round_open, f"round {event.round} started before the last one ended"
            self.round_open = True
            self.rounds_started += 1
            expected = self.round_number if self.voided else self.round_number + 1
            assert (event.round, event.again) == (expected, self.voided), (
                f"{event} is round {expected}{' again' if self.voided else ''}")
            self.round_number, self.voided = event.round, False
            assert event.seats == tuple(sorted(self.active)), (
                f"{event} deals to seats other than the active ones {sorted(self.active)}")
            expected = max(1, len(event.seats) - self.options.spoons_subtracted)
            assert event.spoons == expected, f"{event}: {expected} spoons should be dealt"
            self.deck_players = len(event.seats)
            self.dealer = event.dealer
            self.round_spoons, self.spoons_taken = event.spoons, 0
        elif isinstance(event, RoundEnded | RoundVoided):
            assert self.round_open, f"{event} ends a round that was not going"
            self.round_open = False
            self.voided = isinstance(event, RoundVoided)
            if isinstance(event, RoundEnded):
                self.rounds_ended += 1
        elif isinstance(event, GameOver):
            self.round_open = False
            self.game_overs.append(event)
        elif isinstance(event, Eliminated):
            assert set(event.seats) <= self.active, f"{event} eliminates seats already out"
            self.active -= set(event.seats)
        elif isinstance(event, SpoonGrabbed | SpoonSafe | SpoonsKept):
            self.spoons_taken += len(event.seats) if isinstance(event, SpoonsKept) else 1
            assert event.spoons_left == self.round_spoons - self.spoons_taken, (
                f"{event}: {self.round_spoons} spoons were on the table and"
                f" {self.spoons_taken} have gone")
        elif isinstance(event, DealerChanged):
            assert event.dealer in self.active, f"{event}: that seat is out"
            self.dealer = event.dealer
        elif isinstance(event, SpoonsChanged):
            assert self.spoons_taken == 0, f"{event} after a spoon was taken"
            expected = max(1, len(self.active) - self.options.spoons_subtracted)
            assert event.spoons == expected, f"{event}: there should be {expected} spoons"
            self.round_spoons = event.spoons

    def _check_privacy(self, event: Event) -> None:
        owner = getattr(event, "seat", None)
        if isinstance(owner, int):
            assert event.seen_by(owner) == event, f"seat {owner} may not see its own {event}"
        for seat in (*range(self.players), None):
            if seat is not None and seat == owner:
                continue
            seen = event.seen_by(seat)
            if seen is not None:
                leaked = _cards_in(seen)
                who = "a spectator" if seat is None else f"seat {seat}"
                assert not leaked, f"{who} learns the {leaked} of {event}"

    # ------------------------------------------------------------------ per step

    def _check_cards(self, game: ClassicGame) -> None:
        cards = [*game.stock, *game.pile]
        for seat in game.seats:
            cards += seat.hand
            cards += seat.waiting
        pack = self._pack()
        where = Counter(cards)
        # Plain dicts: their equality is far quicker than Counter's.
        assert dict(where) == dict(pack), (
            f"cards out of place: extra {dict(where - pack)}, missing {dict(pack - where)}")

    def _pack(self) -> Counter[Card]:
        pack = self._packs.get(self.deck_players)
        if pack is None:
            pack = Counter(build_deck(self.options.deck, self.deck_players))
            self._packs[self.deck_players] = pack
        return pack

    def _check_spoons(self, game: ClassicGame) -> None:
        assert game.spoons >= 0, f"{game.spoons} spoons on the table"
        fights = self.options.grabbing.value != "reaction" and game.phase is GamePhase.GRABBING
        if game.phase in IN_ROUND and not fights:
            active = len(game.active_seats())
            assert game.spoons <= active - 1, (
                f"{game.spoons} spoons on the table for {active} active players")
        if game.phase in IN_ROUND:
            held = sum(seat.has_spoon for seat in game.seats)
            assert game.spoons + held == self.round_spoons, (
                f"{game.spoons} spoons on the table and {held} held, of {self.round_spoons}")
            assert held == self.spoons_taken

    def _check_hands(self, game: ClassicGame) -> None:
        size = self.options.hand_size
        passes_first = self.options.deck is DeckKind.NO_STOCK or not self.options.waiting_pile
        fewest = size - 1 if passes_first else size
        most = size if not self.options.waiting_pile else size + 1
        in_round = game.phase in IN_ROUND
        for index, seat in enumerate(game.seats):
            cards = len(seat.hand)
            assert cards <= most, f"seat {index} holds {cards} cards"
            if in_round and seat.active:
                least = most - self.options.knife_redraw if seat.knife_owed else fewest
                assert cards >= least, f"seat {index} holds {cards} cards during a round"
            if not seat.active:
                assert not seat.hand and not seat.waiting, f"seat {index} is out holding cards"
            assert seat.held_set == set_rank(seat.hand, self.options.set_size)

    def _check_someone_can_move(self, game: ClassicGame) -> None:
        """With no timer to wait for, somebody must be able to do something, or the game hangs."""
        if game.phase not in IN_ROUND or game.next_deadline() is not None:
            return
        for index in game.active_seats():
            seat = game.seats[index]
            if game.phase is GamePhase.GRABBING:
                numbered = game.grab_checks.numbered_spoons()
                spoons = range(1, numbered + 1) if game.options.grabbing.value != \
                    "reaction" else (None,)
                if any(may_grab_soon(game, index, spoon) for spoon in spoons):
                    return
            elif (game.has_set(index) or game.allows(Take(index))
                  or game.allows(Draw(index))
                  or any(game.allows(Pass(index, card)) for card in seat.hand[:1])):
                return
        table = {i: ([str(c) for c in game.seats[i].hand], [str(c) for c in game.seats[i].waiting])
                 for i in game.active_seats()}
        raise AssertionError(
            f"deadlock in round {game.round} ({game.phase.value}): no timer runs and no active seat"
            f" can move; hands and waiting cards {table}, stock {len(game.stock)},"
            f" pile {len(game.pile)}")

    def _check_a_set_can_be_made(self, game: ClassicGame) -> None:
        """Some rank is still whole among the cards in play, or nobody can ever grab legitimately.

        Only the no-stock pack can fail this: its discard pile never comes back into play, while
        the other packs shuffle the pile into a new stock.
        """
        if self.options.deck is not DeckKind.NO_STOCK or game.phase is not GamePhase.PLAYING:
            return
        ranks = Counter(card.rank for i in game.active_seats()
                        for card in (*game.seats[i].hand, *game.seats[i].waiting))
        assert max(ranks.values(), default=0) >= self.options.set_size, (
            f"no set can be made any more in round {game.round}: the cards in play hold only"
            f" {dict(ranks)}, and the discard pile holds"
            f" {dict(Counter(card.rank for card in game.pile))}")

    # ------------------------------------------------------------------ at the end

    def check_end(self, game: ClassicGame, winners: tuple[int, ...]) -> None:
        assert game.over
        assert len(self.game_overs) == 1, f"{len(self.game_overs)} GameOver events"
        assert not self.round_open
        over = self.game_overs[0]
        assert over.winners == winners == game.winners
        assert over.winners, "nobody won"
        assert len(set(over.winners)) == len(over.winners)
        active = game.active_seats()
        if self.options.teams:
            teams = game.teams_in()
            assert len(teams) == 1, f"the game ended with teams {teams} still in"
            assert over.winners == tuple(sorted(teams[0])), f"{over.winners} won, not {teams}"
            assert set(active) <= set(over.winners)
            return
        assert set(over.winners) <= set(active), f"{over.winners} won, but {active} are left"
        if self.options.scoring is Scoring.POINTS:
            # Among the seats still in: with premature = eliminate a seat can go out with points.
            lowest = min(game.seats[i].misses for i in active)
            assert over.winners == tuple(i for i in active if game.seats[i].misses == lowest)
            if len(active) >= 2:
                assert self.rounds_ended == self.players, (
                    f"a points game of {self.players} players ended after"
                    f" {self.rounds_ended} rounds")
        elif self.options.joint_winners_at_two:
            assert over.winners == tuple(active)
            assert len(over.winners) in (1, 2), f"{over.winners} share the win"
        else:
            assert over.winners == tuple(active)
            assert len(over.winners) == 1, f"{over.winners} share the win"


def options_for(players: int, values: dict[str, Any]) -> Options:
    """These options for this many players; combinations the engine refuses are assumed away."""
    options: Options | None = None
    try:
        options = Options.from_mapping(values)
        options.check_players(players)
    except InvalidOptions:
        options = None
    if options is None:
        assume(False)
    assert options is not None
    return options


def play_and_check(players: int, values: dict[str, Any], seed: int,
                   interject: Callable[[ClassicGame, float], Command | None] | None = None,
                   late_window: float = 0.0) -> InvariantWatch:
    """Play one checked bot game with these options, through ``play_game``; ``late_window``
    as the relay sets it for a room."""
    options = options_for(players, values)
    watch = InvariantWatch(players, options)
    games: list[ClassicGame] = []

    def step(game: ClassicGame, events: list[Event]) -> None:
        if not games:
            games.append(game)
            game.late_window = late_window
        watch(game, events)

    record = play_game(players, options, seed, step, interject)
    assert not record.stuck, f"the game was abandoned as stuck at {record.game_seconds}"
    assert games and watch.steps > 1
    watch.check_end(games[0], record.winners)
    assert record.rounds == watch.rounds_ended
    return watch


def early_grabber(early_grabs: int, rate: float, seed: int
                  ) -> Callable[[ClassicGame, float], Command | None]:
    """An ``interject`` for ``play_game``: now and then (before a bot's move, with chance
    ``rate``) a random active seat grabs a spoon at once, set or no set, until ``early_grabs``
    grabs have been made that way (endless early grabs could void every round).

    The bots never grab early themselves, so without this the ``premature`` penalties would never
    be exercised: players going out mid-round, letters and points for early grabs, void rounds.
    """
    rng = random.Random(seed)
    left = early_grabs

    def interject(game: ClassicGame, now: float) -> Command | None:
        nonlocal left
        if left and game.phase is GamePhase.PLAYING and rng.random() < rate:
            left -= 1
            numbered = game.options.grabbing.value != "reaction"
            seat = rng.choice(game.active_seats())
            return Signal(seat) if game.options.signal else Grab(seat, 1 if numbered else None)
        return None

    return interject


COMMON_OPTIONS: dict[str, st.SearchStrategy[Any]] = {
    "grabbing": st.sampled_from(["reaction", "selection", "realtime"]),
    "selection_time": st.sampled_from([2, 5]),
    "claim_hold": st.sampled_from([1, 3]),
    "stealer_timeframe": st.sampled_from([0, 0.5]),
    "teams": st.sampled_from([False, False, True]),
    "reaction_style": st.sampled_from(["first", "mash"]),
    "react_pause": st.sampled_from(["random", 0.5, 1]),
    "spoons_subtracted": st.sampled_from([1, 2]),
    "grab_time_limit": st.sampled_from([0, 2, 10]),
    "discard_time_limit": st.sampled_from([0, 1.5]),
    "scoring": st.sampled_from(["sudden-death", "letters", "points"]),
    "word": st.sampled_from(["SPOONS", "PIG"]),
    "joint_winners_at_two": st.booleans(),
    "next_dealer": st.sampled_from(["rotate", "first-set"]),
    "announce_phase2": st.booleans(),
    "signal": st.sampled_from([False, False, True]),
    "keep_playing": st.booleans(),
    "waiting_pile": st.sampled_from([True, True, False]),
    "disputed": st.sampled_from(["order", "void"]),
}

ANY_PREMATURE = st.sampled_from(["none", "eliminate", "letter", "void", "bluff"])
PENALTIES = st.sampled_from(["eliminate", "letter", "void", "bluff"])
ANY_PACK: dict[str, st.SearchStrategy[Any]] = {
    "draw": st.sampled_from(["draw", "discard", "either"]),
    "deck": st.sampled_from(["standard", "two-packs", "no-stock", "knives"]),
    "hand_size": st.sampled_from([3, 4, 5]),
    "knife_redraw": st.sampled_from([1, 4]),
}
NO_STOCK_PACK: dict[str, st.SearchStrategy[Any]] = {
    "draw": st.just("discard"),
    "deck": st.just("no-stock"),
    "hand_size": st.just(4),
}

ALL_OPTIONS = st.fixed_dictionaries({**COMMON_OPTIONS, **ANY_PACK, "premature": ANY_PREMATURE})
NO_STOCK_OPTIONS = st.fixed_dictionaries(
    {**COMMON_OPTIONS, **NO_STOCK_PACK, "premature": ANY_PREMATURE})
EARLY_GRAB_OPTIONS = st.one_of(
    st.fixed_dictionaries({**COMMON_OPTIONS, **ANY_PACK, "premature": PENALTIES}),
    st.fixed_dictionaries({**COMMON_OPTIONS, **NO_STOCK_PACK, "premature": PENALTIES}),
)

PLAYERS = st.integers(min_value=2, max_value=10)
SEEDS = st.integers(min_value=0, max_value=2**32 - 1)


@settings(PROPERTY_SETTINGS, max_examples=120)
@given(players=PLAYERS, values=ALL_OPTIONS, seed=SEEDS,
       late_window=st.sampled_from([0.0, 0.0, 0.05, 0.3]))
def test_every_invariant_holds_after_every_step_of_any_game(
        players: int, values: dict[str, Any], seed: int, late_window: float) -> None:
    """Bot-only games with any options the engine accepts for the table, at one table or as
    the relay plays them (the last spoon waiting for a grab made earlier)."""
    watch = play_and_check(players, values, seed, late_window=late_window)
    assert watch.rounds_started >= 1


@pytest.mark.parametrize("players", [3, 6])
@pytest.mark.parametrize("preset", [preset.name for preset in PRESETS])
def test_every_preset_plays_bot_games_to_a_finish(preset: str, players: int) -> None:
    """Each named preset, as chosen from the menu or with --preset, at a small and a big table."""
    for seed in range(3):
        watch = play_and_check(players, dict(preset_named(preset).values), seed)
        assert watch.rounds_started >= 1


@settings(PROPERTY_SETTINGS, max_examples=60)
@given(players=PLAYERS, values=NO_STOCK_OPTIONS, seed=SEEDS)
def test_every_invariant_holds_with_the_no_stock_pack(
        players: int, values: dict[str, Any], seed: int) -> None:
    """The no-stock pack is rarely drawn above (it needs draw = discard and four-card hands)."""
    watch = play_and_check(players, values, seed)
    assert watch.rounds_started >= 1


@settings(PROPERTY_SETTINGS, max_examples=60)
@given(players=PLAYERS, values=EARLY_GRAB_OPTIONS, seed=SEEDS,
       early_grabs=st.integers(min_value=1, max_value=8), rate=st.sampled_from([0.003, 0.02, 0.1]))
def test_every_invariant_holds_when_players_grab_early(
        players: int, values: dict[str, Any], seed: int, early_grabs: int, rate: float) -> None:
    """Early grabs (with a penalty: out, a letter or a void round) in bot games."""
    play_and_check(players, values, seed, early_grabber(early_grabs, rate, seed))


def may_grab_soon(game: ClassicGame, index: int, spoon: int | None) -> bool:
    """Whether the seat may grab now, or will as soon as a press can be a reaction: the
    reaction floor passes with time and needs no timer."""
    try:
        game.grab_checks.verify_grab(index, spoon)
    except RulesError as error:
        return error.reason == "too-soon"
    return True
