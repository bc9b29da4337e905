"""The Razz Spoons bot, fed the events its seat sees from a real game: what it means to do next,
and when."""

from __future__ import annotations

import random
import statistics
from dataclasses import replace

from audiospoons.bots.levels import Level
from audiospoons.engine.cards import Card, parse_card
from audiospoons.engine.commands import Command
from audiospoons.engine.events import Event
from audiospoons.games.razz.bots import RAZZ_SKILLS, RazzBot
from audiospoons.games.razz.rules.commands import (
    Announce,
    ChoosePhrase,
    DrawCard,
    GrabSpoon,
    PlayCard,
    Razz,
    SayPhrase,
)
from audiospoons.games.razz.rules.events import DrawCause, Fault, PhraseOwed, RazzCalled
from audiospoons.games.razz.rules.facts import PHRASES
from audiospoons.games.razz.rules.game import RazzGame
from audiospoons.games.razz.rules.options import RazzOptions
from audiospoons.games.razz.rules.piles import RazzDeal

ANN, BOB, CAT = 0, 1, 2
KEEN = replace(RAZZ_SKILLS[Level.EXPERT], slip=0.0, notice=1.0)
"""Never slips, razzes every fault it hears."""


def cards(text: str) -> tuple[Card, ...]:
    return tuple(parse_card(word) for word in text.split())


class Seated:
    """A game and one bot at ``seat`` that hears every event as that seat."""

    def __init__(self, hands: dict[int, str], seat: int, stock: str = "", *,
                 level: Level = Level.EXPERT, phrase: bool = True) -> None:
        deal = RazzDeal({s: cards(h) for s, h in hands.items()}, parse_card("7H"), cards(stock))
        self.game = RazzGame(["Ann", "Bob", "Cat"], RazzOptions(), random.Random(2), CAT, deal)
        self.bot = RazzBot(seat, RazzOptions(), random.Random(8), level,
                           KEEN if level is Level.EXPERT else None)
        self.hear(self.game.start())
        if phrase:
            self.do(ChoosePhrase(CAT, "Rats!"), 0.0)

    def hear(self, events: list[Event]) -> None:
        for event in events:
            seen = event.seen_by(self.bot.seat)
            if seen is not None:
                self.bot.observe(seen)

    def do(self, command: Command, at: float) -> None:
        self.hear(self.game.handle(command, at))

    def plan(self) -> tuple[float, Command] | None:
        return self.bot.next_move()

    def move(self) -> Command:
        """The command the bot means to give next (it must mean to give one)."""
        plan = self.bot.next_move()
        assert plan is not None
        return plan[1]


def test_a_bot_dealer_chooses_a_phrase_from_its_list() -> None:
    table = Seated({ANN: "3C", BOB: "4C", CAT: "5C"}, CAT, phrase=False)
    plan = table.plan()
    assert plan is not None
    at, command = plan
    assert at > 0 and isinstance(command, ChoosePhrase) and command.text in PHRASES
    assert table.game.allows(command)


def test_a_bot_taking_a_seat_over_waits_a_cards_time_for_a_move_long_due() -> None:
    table = Seated({ANN: "3C 8S 9H 4D", BOB: "4C 5C", CAT: "5D 6D"}, ANN)
    plan = table.plan()
    assert plan is not None and plan[0] < 30.0
    table.bot.wake(30.0)
    woken = table.plan()
    assert woken is not None and woken[1] == plan[1]
    assert 30.0 < woken[0] <= 30.0 + 5.0
    table.bot.wake(woken[0] - 0.1)
    assert table.plan() == woken, "a move not yet due keeps its time"
    dealer = Seated({ANN: "3C", BOB: "4C", CAT: "5C"}, CAT, phrase=False)
    chosen = dealer.plan()
    assert chosen is not None
    dealer.bot.wake(50.0)
    later = dealer.plan()
    assert later is not None and later[1] == chosen[1] and later[0] > 50.0


def test_a_bot_plays_a_matching_card_on_its_turn_and_draws_without_one() -> None:
    table = Seated({ANN: "3C 8S 9H 4D", BOB: "4C 5C", CAT: "5D 6D"}, ANN)
    assert table.move() == PlayCard(ANN, parse_card("9H"))
    table = Seated({ANN: "3C 4D", BOB: "4C 5C", CAT: "5D 6D"}, ANN)
    assert table.move() == DrawCard(ANN)
    table = Seated({ANN: "3C 8S 4D 5D", BOB: "4C 5C", CAT: "5D 6D"}, ANN)
    assert table.move() == PlayCard(ANN, parse_card("8S"), suit="D")


def test_a_bot_bounces_a_king_aimed_at_it_or_takes_it_with_the_phrase() -> None:
    table = Seated({ANN: "KH 3C 4C", BOB: "KD 9C 5C", CAT: "5D 6D 7D"}, BOB, "2D 3D")
    assert table.plan() is None
    table.do(PlayCard(ANN, parse_card("KH"), target=BOB), 1.0)
    assert table.move() == PlayCard(BOB, parse_card("KD"), target=ANN)
    table = Seated({ANN: "KH 3C 4C", BOB: "QD 9C 5C", CAT: "5D 6D 7D"}, BOB, "2D 3D")
    table.do(PlayCard(ANN, parse_card("KH"), target=BOB), 1.0)
    assert table.move() == SayPhrase(BOB)


def test_a_bot_facing_a_count_plays_a_two_before_an_ace() -> None:
    table = Seated({ANN: "2H 3C 4C", BOB: "AS 2C 5C", CAT: "5D 6D 7D"}, BOB)
    table.do(PlayCard(ANN, parse_card("2H")), 1.0)
    assert table.move() == PlayCard(BOB, parse_card("2C"))


def test_a_bot_races_for_a_spoon_after_a_jack() -> None:
    table = Seated({ANN: "JH 3C 4C", BOB: "9C 5C", CAT: "6D 7D"}, CAT)
    table.do(PlayCard(ANN, parse_card("JH")), 1.0)
    plan = table.plan()
    assert plan is not None and 1.0 < plan[0] < 6.0 and plan[1] == GrabSpoon(CAT)


def test_a_bot_announces_its_last_card_and_razzes_a_last_card_not_announced() -> None:
    table = Seated({ANN: "3H 4C", BOB: "5H 6C 9C", CAT: "6H 7D"}, ANN)
    table.do(PlayCard(ANN, parse_card("3H")), 1.0)
    plan = table.plan()
    assert plan is not None and plan[0] > 1.0 and plan[1] == Announce(ANN)
    table = Seated({ANN: "3H 4C", BOB: "5H 6C 9C", CAT: "6H 7D"}, CAT)
    table.do(PlayCard(ANN, parse_card("3H")), 1.0)
    assert table.plan() is None
    table.do(PlayCard(BOB, parse_card("5H")), 3.0)
    [razz] = table.bot.razzes
    assert (razz.target, razz.turn) == (ANN, 2) and razz.at > 3.0
    table.do(Razz(BOB, ANN), 3.1)
    assert table.bot.razzes == []
    assert table.move() == PlayCard(CAT, parse_card("6H"))


def test_a_bot_razzes_a_wrong_razz_and_is_right() -> None:
    table = Seated({ANN: "3H 4C 5C", BOB: "5H 6C 9C", CAT: "6H 7D"}, CAT)
    table.do(PlayCard(ANN, parse_card("3H")), 1.0)
    table.do(Razz(BOB, ANN), 1.5)
    plan = table.plan()
    assert plan is not None and plan[0] > 1.5 and plan[1] == Razz(CAT, BOB)
    assert table.game.handle(plan[1], plan[0])[0] == RazzCalled(plan[0], CAT, BOB, True,
                                                                 Fault.WRONG_RAZZ)


def test_faster_levels_say_the_phrase_sooner() -> None:
    def delays(level: Level) -> float:
        bot = RazzBot(ANN, RazzOptions(), random.Random(1), level)
        for n in range(300):
            bot.observe(PhraseOwed(float(n), ANN, n + 3.0, DrawCause.RAZZED))
        return statistics.fmean(owed.say_at - n for n, owed in enumerate(bot.owed)
                                if owed.say_at is not None)

    easy, normal, hard, expert = (delays(level) for level in Level)
    assert easy > normal > hard > expert
    assert easy <= 0.8 * 3.0
