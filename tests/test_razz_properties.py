"""Property tests: bot-only games of Razz Spoons, with the engine's invariants checked after
every step.

Hypothesis chooses the table (3 to 8 players), the options and the bots' levels; the game is
played out in virtual time by ``play_game``, and after every step:

1. every card is in one place: the hands, the stock and the pile hold 104;
2. the card counts the events make public (a deal's, and each play's and draw's) are the
   hands' sizes;
3. no seat but a card's owner, and no spectator, learns a card from an event;
4. event times and ``game.now`` never go backwards.

And for the whole game: it ends (no deadlock, no livelock), with one ``GameWon`` naming the
fewest points; and no move that ``RazzGame.allows`` accepted was then refused.
"""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from audiospoons.bots.levels import Level
from audiospoons.engine.events import Event
from audiospoons.games.razz.rules.events import (
    CardPlayed,
    CardsDrawn,
    DealStarted,
    GameWon,
    HandDealt,
    RoundScored,
)
from audiospoons.games.razz.rules.facts import PACK_SIZE
from audiospoons.games.razz.rules.game import RazzGame
from audiospoons.games.razz.rules.options import EndRule, RazzOptions
from audiospoons.games.razz.spec import SPEC as RAZZ
from audiospoons.simulate import play_game

OPTIONS = st.builds(
    RazzOptions,
    end=st.sampled_from(EndRule),
    end_at=st.integers(1, 3),
    phrase_window=st.sampled_from([1.0, 3.0]),
    let_players_err=st.booleans(),
    turn_time_limit=st.sampled_from([0.0, 2.0, 3.5]),
    grab_time_limit=st.sampled_from([2.0, 5.0]),
    round_pause=st.sampled_from([0.0, 3.0]),
)


class Watch:
    """Checks the live game and the events of every step."""

    def __init__(self) -> None:
        self.now = 0.0
        self.counts: list[int] = []
        self.won: list[GameWon] = []
        self.totals: tuple[int, ...] = ()

    def __call__(self, game: RazzGame, events: list[Event]) -> None:
        assert game.piles.in_play(game.hands) == PACK_SIZE
        for event in events:
            assert event.at >= self.now
            self.now = event.at
            if isinstance(event, DealStarted):
                self.counts = list(event.counts)
            elif isinstance(event, CardPlayed | CardsDrawn):
                self.counts[event.seat] = event.cards_left
            if isinstance(event, HandDealt | CardsDrawn):
                for seat in (None, *range(game.players)):
                    view = event.seen_by(seat)
                    if seat != event.seat and view is not None:
                        assert isinstance(view, CardsDrawn) and view.cards == ()
            elif isinstance(event, RoundScored):
                self.totals = event.totals
            elif isinstance(event, GameWon):
                self.won.append(event)
        assert game.now >= self.now
        assert self.counts == [len(hand) for hand in game.hands]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.integers(3, 8), options=OPTIONS, seed=st.integers(0, 2**32),
       levels=st.lists(st.sampled_from(Level), min_size=1, max_size=4))
def test_bot_games_finish_with_every_card_in_its_place(players: int, options: RazzOptions,
                                                       seed: int, levels: list[Level]) -> None:
    watch = Watch()
    record = play_game(players, options, seed, watch, level=levels, game=RAZZ)
    assert not record.stuck
    assert record.refused_though_allowed == []
    assert len(watch.won) == 1
    lowest = min(watch.totals)
    assert watch.won[0].winners == tuple(s for s, t in enumerate(watch.totals) if t == lowest)
    assert record.rounds >= 1
