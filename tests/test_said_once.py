"""What repeats without news is said once: the stock shuffled again and another player's knife
once a round, and a letter taken as the letters so far, never the new one twice."""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from conftest import replay

from audiospoons.engine.events import Event
from audiospoons.games.spoons.keyboard.announcer import Announcer
from audiospoons.games.spoons.rules.events import (
    KnifeDrawn,
    KnifeRedrawn,
    LetterGiven,
    RoundStarted,
    StockRecycled,
)
from audiospoons.voice.announcer import Verbosity
from audiospoons.voice.i18n import messages

STOCK_RUNS_OUT_THRICE = """
    [table]
    players = ["P1", "P2", "P3", "P4", "P5", "P6", "P7", "P8", "P9", "P10", "P11", "P12"]
    seed = 9
    [script]
    lines = [
        "0.10 P1 take",
        "0.20 P2 take",
        "0.30 P3 take",
        "0.40 P4 take",
        "0.50 P1 pass 8S",
        "0.60 P5 take",
        "0.70 P2 pass 4H",
        "0.80 P6 take",
        "0.90 P3 pass 9C",
        "1.00 P7 take",
    ]
"""

KNIFE_TWICE = """
    [options]
    deck = "knives"
    draw = "discard"
    knife_redraw = 1
    [table]
    players = ["Andrew", "Chris", "Ellen"]
    dealer = "Andrew"
    seed = 4
    stock = ["QK", "5D", "JK", "6D"]
    [table.hands]
    Andrew = ["7H", "7C", "7D", "JOKER"]
    [script]
    lines = [
        "0.50 Andrew take",
        "0.60 Andrew pass QK",
        "0.70 Andrew pass 5D",
        "1.00 Andrew take",
        "1.10 Andrew pass JK",
        "1.20 Andrew pass 6D",
    ]
"""

PLAYERS = ("Andrew", "Britany", "Chris")


def said(events: Sequence[Event], listener: int | None, lang: str = "en",
         verbosity: Verbosity = Verbosity.FULL) -> list[str]:
    """What one announcer says to ``listener`` for ``events``, in order."""
    announcer = Announcer(PLAYERS, messages(lang), verbosity=verbosity)
    return [line.text for event in events
            for line in announcer.announce(event, listener)]


def test_the_stock_shuffled_again_in_a_round_is_heard_but_said_once() -> None:
    """The stock runs out three times in round 1: each time the shuffle is heard, and only the
    first is said."""
    heard = [line for line in replay(STOCK_RUNS_OUT_THRICE) if "state:" not in line]
    assert heard == [
        '  0.00  Spoons for P1, P2, P3, P4, P5, P6, P7, P8, P9, P10, P11, and P12.',
        '  0.00  [sound deal pan +1.00]',
        '  0.00  Round 1. P1 deals. 11 spoons on the table.',
        '  0.10  P1 drew a card.',
        '  0.20  P2 drew a card.',
        '  0.30  P3 drew a card.',
        '  0.40  P4 drew a card.',
        '  0.50  P1 discarded a card.',
        '  0.60  [sound shuffle pan +0.00]',
        '  0.60  The discard pile is shuffled into a new stock.',
        '  0.60  P5 drew a card.',
        '  0.70  P2 discarded a card.',
        '  0.80  [sound shuffle pan +0.00]',
        '  0.80  P6 drew a card.',
        '  0.90  P3 discarded a card.',
        '  1.00  [sound shuffle pan +0.00]',
        '  1.00  P7 drew a card.',
    ]


@pytest.mark.parametrize("verbosity", [Verbosity.FULL, Verbosity.BRIEF])
def test_the_stock_shuffled_again_is_said_again_in_the_next_round(verbosity: Verbosity) -> None:
    events = [RoundStarted(0.0, 1, 0, 2, (0, 1, 2)), StockRecycled(5.0, 20),
              StockRecycled(9.0, 18), RoundStarted(20.0, 2, 1, 1, (0, 1, 2)),
              StockRecycled(25.0, 22), StockRecycled(31.0, 21)]
    round_1 = "Round 1. Andrew deals. 2 spoons on the table."
    round_2 = "Round 2. Britany deals. 1 spoon on the table."
    shuffled = "The discard pile is shuffled into a new stock."
    assert said(events, 2, verbosity=verbosity) == [round_1, shuffled, round_2, shuffled]
    line, = Announcer(PLAYERS, messages("en"), verbosity=verbosity).announce(events[1], 2)
    assert line.pace.aside, "it changes no one's next move: the table does not wait for it"


def test_another_player_s_knife_is_said_the_first_time_in_a_round_only() -> None:
    """Andrew meets a knife twice in round 1: Ellen hears the blade both times, and the knife
    and its new card are said the first time only; Andrew hears his own knife each time."""
    ellen = replay(KNIFE_TWICE, "Ellen")
    assert [line for line in ellen if "state:" not in line][4:] == [
        '  0.50  Andrew drew a card.',
        '  0.50  [sound knife pan -1.00]',
        '  0.50  Andrew has a knife: 1 card out and 1 in.',
        '  0.60  Andrew discarded a card.',
        '  0.60  Andrew draws 1 new card.',
        '  0.70  Andrew passed a card to Chris.',
        '  1.00  Andrew drew a card.',
        '  1.00  [sound knife pan -1.00]',
        '  1.10  Andrew discarded a card.',
        '  1.20  Andrew passed a card to Chris.',
    ]
    andrew = replay(KNIFE_TWICE, "Andrew")
    assert [line for line in andrew if "knife" in line.lower() or "knives" in line] == [
        '  0.50  You drew the queen of knives.',
        '  0.50  [sound knife pan +0.00]',
        '  0.50  A knife! Discard 1 card, any you like, then you draw 1 new.',
        '  0.60  You discard the queen of knives.',
        '  1.00  You drew the jack of knives.',
        '  1.00  [sound knife pan +0.00]',
        '  1.00  A knife! Discard 1 card, any you like, then you draw 1 new.',
        '  1.10  You discard the jack of knives.',
    ]


def test_another_player_s_knife_is_said_again_in_a_new_round() -> None:
    events = [RoundStarted(0.0, 1, 0, 2, (0, 1, 2)), KnifeDrawn(1.0, 1, 4),
              KnifeRedrawn(2.0, 1, 4), KnifeDrawn(3.0, 1, 4), KnifeRedrawn(4.0, 1, 4),
              KnifeDrawn(4.5, 0, 4), RoundStarted(20.0, 2, 1, 1, (0, 1, 2)),
              KnifeDrawn(21.0, 1, 4), KnifeDrawn(22.0, 1, 4)]
    assert said(events, 2) == [
        "Round 1. Andrew deals. 2 spoons on the table.",
        "Britany has a knife: 4 cards out and 4 in.",
        "Britany draws 4 new cards.",
        "Andrew has a knife: 4 cards out and 4 in.",
        "Round 2. Britany deals. 1 spoon on the table.",
        "Britany has a knife: 4 cards out and 4 in.",
    ]
    assert said(events, 2, verbosity=Verbosity.BRIEF) == [
        "Round 1. Andrew deals. 2 spoons on the table.",
        "Britany has a knife.",
        "Andrew has a knife.",
        "Round 2. Britany deals. 1 spoon on the table.",
        "Britany has a knife.",
    ]


def test_a_letter_taken_is_said_as_the_letters_so_far() -> None:
    letters = [LetterGiven(1.0, 1, "S"), LetterGiven(2.0, 1, "SP"), LetterGiven(3.0, 0, "S")]
    assert said(letters, 0) == ["Britany takes a letter, and has S.",
                                "Britany takes a letter, and has S P.",
                                "You take a letter, and have S."]
    assert said(letters, 0, "es") == ["Britany se lleva una letra y ya tiene S.",
                                      "Britany se lleva una letra y ya tiene S P.",
                                      "Te llevas una letra y ya tienes S."]


@pytest.mark.parametrize("lang", ["en", "de", "es", "fa", "fr", "pl", "pt_BR", "ru"])
def test_no_language_says_the_new_letter_twice(lang: str) -> None:
    for listener in (0, 1):
        line, = said([LetterGiven(1.0, 1, "X")], listener, lang)
        assert line.count("X") == 1, line
        assert "Britany" in line or listener == 1
