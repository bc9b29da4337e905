"""The classic game heard through the game's own queue of lines, as a player at a screen reader
hears it: exact transcripts of what is handed to the reader, and when."""

from __future__ import annotations

import itertools
import textwrap

from audiospoons.engine.events import Event
from audiospoons.games.keyboards import KEYBOARDS
from audiospoons.games.registry import GAMES
from audiospoons.games.spoons.keyboard.announcer import Announcer
from audiospoons.games.spoons.rules.events import KnifeDrawn, RoundStarted, StockRecycled
from audiospoons.replay.scenario import parse_scenario
from audiospoons.replay.transcript import heard
from audiospoons.simulate import bot_game_script
from audiospoons.voice.announcer import Utterance, Verbosity
from audiospoons.voice.i18n import messages
from audiospoons.voice.linequeue import SpeechQueue, reader_seconds

GRABS = textwrap.dedent("""
    [options]
    scoring = "sudden-death"
    [table]
    players = ["Andrew", "Britany", "Chris", "Debra", "Ellen", "Frank"]
    dealer = "Andrew"
    seed = 7
    [table.hands]
    Andrew = ["7H", "7C", "7D", "7S"]
    [script]
    lines = ["4.00 Andrew grab", "4.40 Britany grab", "4.55 Chris grab", "4.70 Debra grab",
             "4.90 Ellen grab"]
""")


def paced(lines: list[tuple[float, Utterance]], rate: int = 175) -> list[str]:
    """What the queue hands the reader, as ``  T.TT  text`` (``!`` where it cuts in)."""
    queue = SpeechQueue(lambda text: reader_seconds(text, rate))
    handed: list[str] = []
    last = 0.0

    def hand_out_until(moment: float) -> None:
        nonlocal last
        while (due := queue.next_at(last)) is not None and due <= moment:
            last = due
            if (line := queue.take(due)) is not None:
                handed.append(f"{due:6.2f} {'!' if line.interrupt else ' '} {line.text}")
        last = max(last, moment)

    for at, utterance in lines:
        hand_out_until(at)
        queue.add(utterance, at)
    hand_out_until(lines[-1][0] + 3600)
    return handed


def test_grabs_close_together_are_one_line_and_an_ended_round_s_opening_is_dropped() -> None:
    """Frank, with no set, hears the table: Andrew's first grab is only a sound; Britany's cuts
    the welcome off; Chris's, Debra's and Ellen's, which wait together behind it, are one line;
    round 1's opening, never reached before the round ended, is not said after it."""
    scenario = parse_scenario(GRABS)
    lines = [(at, said) for at, said in heard(scenario.new_game(), scenario.script,
                                              scenario.seat_of("Frank"), KEYBOARDS[scenario.game],
                                              verbosity=Verbosity.BRIEF)
             if isinstance(said, Utterance)]
    assert [said.text for _, said in lines][:3] == [
        "Spoons: you against Andrew, Britany, Chris, Debra, and Ellen.",
        "Round 1. Andrew deals. 5 spoons on the table.",
        "Your cards: three of hearts, ten of spades, nine of clubs, and eight of hearts."]
    assert paced(lines) == [
        "  0.05   Spoons: you against Andrew, Britany, Chris, Debra, and Ellen.",
        "  4.40 ! Britany grabbed a spoon!",
        "  5.40 ! Chris, Debra, and Ellen grabbed spoons!",
        "  9.28   You are eliminated.",
        " 10.78   Andrew had four sevens.",
        " 12.47   Round 2. Britany deals. 4 spoons on the table.",
    ]


def announced(events: list[Event], listener: int) -> list[tuple[float, Utterance]]:
    """What the classic game's announcer gives ``listener`` for ``events``, at their times."""
    announcer = Announcer(("Andrew", "Britany", "Chris"), messages("en"),
                          verbosity=Verbosity.BRIEF)
    return [(event.at, said) for event in events for said in announcer.announce(event, listener)]


def test_the_next_round_s_first_reshuffle_and_knife_are_handed_to_the_reader() -> None:
    """Once a round is the one rule: a round shorter than a minute leaves the next round's first
    shuffle and another player's first knife to be said, and the round's later ones unsaid."""
    events: list[Event] = [
        RoundStarted(0.0, 1, 0, 2, (0, 1, 2)), StockRecycled(5.0, 20), KnifeDrawn(8.0, 1, 1),
        StockRecycled(11.0, 18), KnifeDrawn(14.0, 1, 1),
        RoundStarted(20.0, 2, 1, 1, (0, 1, 2)), StockRecycled(25.0, 22), KnifeDrawn(28.0, 1, 1),
        StockRecycled(31.0, 21), KnifeDrawn(34.0, 1, 1)]
    assert paced(announced(events, 2)) == [
        "  0.05   Round 1. Andrew deals. 2 spoons on the table.",
        "  5.05   The discard pile is shuffled into a new stock.",
        "  8.05   Britany has a knife.",
        " 20.05   Round 2. Britany deals. 1 spoon on the table.",
        " 25.05   The discard pile is shuffled into a new stock.",
        " 28.05   Britany has a knife.",
    ]


def test_the_stock_shuffled_again_is_said_once_a_round_at_most() -> None:
    spec = GAMES["spoons"]
    options, _ = spec.read_options({})
    rules, script = bot_game_script(6, options, 4, game=spec)
    lines = [(at, said) for at, said in heard(rules, script, 0, KEYBOARDS["spoons"],
                                                     verbosity=Verbosity.BRIEF)
             if isinstance(said, Utterance)]
    shuffled = "The discard pile is shuffled into a new stock."
    every = [at for at, said in lines if said.text == shuffled]
    rounds = [at for at, said in lines if said.text.startswith("Round ")]
    said = [float(line.split()[0]) for line in paced(lines) if line.endswith(shuffled)]
    assert len(every) > len(said) >= 1
    assert all(any(earlier < start <= later for start in rounds)
               for earlier, later in itertools.pairwise(said))
