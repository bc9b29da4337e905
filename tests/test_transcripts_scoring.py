"""Scoring over whole games. An unshuffled no-stock pack deals every player a set, so each round's
grabs can be scripted without knowing the shuffle."""

from __future__ import annotations

import random
from collections.abc import MutableSequence
from typing import Any

from audiospoons.games.scenariofile import ScriptLine
from audiospoons.games.spoons.keyboard.side import KEYBOARD as SPOONS
from audiospoons.games.spoons.rules.game import ClassicGame
from audiospoons.games.spoons.rules.options import Options
from audiospoons.games.spoons.scenario import parse_command
from audiospoons.replay.transcript import game_transcript

PLAYERS = ("Andrew", "Chris", "Ellen")


class Unshuffled(random.Random):
    """Leaves the pack in order: with the no-stock pack, each hand is four of one rank."""

    def shuffle(self, x: MutableSequence[Any]) -> None:
        return None


def script(*lines: str) -> list[ScriptLine]:
    result = []
    for line in lines:
        at, name, *words = line.split()
        command = parse_command(PLAYERS.index(name), tuple(words))
        result.append(ScriptLine(float(at), command, " ".join([name, *words])))
    return result


def no_stock_game(**options: object) -> ClassicGame:
    values = {"deck": "no-stock", "draw": "discard", "round_pause": 1, **options}
    return ClassicGame(PLAYERS, Options.from_mapping(values), Unshuffled(0))


def test_points_scoring_plays_one_round_per_dealer_and_ties_share_the_win() -> None:
    game = no_stock_game(scoring="points")
    lines = game_transcript(game, script(
        "0.50 Chris grab", "0.70 Ellen grab",
        "1.80 Ellen grab", "1.90 Chris grab", "2.00 Andrew grab",
        "3.10 Ellen grab", "3.20 Chris grab",
    ), 0, SPOONS)
    assert lines == [
        "  0.00  Spoons: you against Chris and Ellen.",
        "  0.00  [sound deal pan +0.00]",
        "  0.00  Round 1. You deal. 2 spoons on the table.",
        "  0.00  Your cards: ace of spades, ace of hearts, ace of diamonds, and ace of clubs.",
        "  0.00  [sound set pan +0.00]",
        "  0.00  You have four aces!",
        "  0.50  [sound spoon pan -1.00]",
        "  0.70  [sound spoon pan +1.00]",
        "  0.70  Ellen grabbed a spoon!",
        "  0.70  [sound letter pan +0.00]",
        "  0.70  You take a penalty point, 1 in total.",
        "  0.70  [sound round-over pan +0.00]",
        "  0.70  Chris had four threes.",
        "  1.70  [sound deal pan -1.00]",
        "  1.70  Round 2. Chris deals. 2 spoons on the table.",
        "  1.70  Your cards: two of spades, two of hearts, two of diamonds, and two of clubs.",
        "  1.70  [sound set pan +0.00]",
        "  1.70  You have four twos!",
        "  1.80  [sound spoon pan +1.00]",
        "  1.90  [sound spoon pan -1.00]",
        "  1.90  Chris grabbed a spoon!",
        "  1.90  [sound letter pan +0.00]",
        "  1.90  You take a penalty point, 2 in total.",
        "  1.90  [sound round-over pan +0.00]",
        "  1.90  Ellen had four threes.",
        "  2.00  refused: Andrew grab: the next round has not been dealt yet",
        "  2.90  [sound deal pan +1.00]",
        "  2.90  Round 3. Ellen deals. 2 spoons on the table.",
        "  2.90  Your cards: three of spades, three of hearts, three of diamonds, and three of clubs.",
        "  2.90  [sound set pan +0.00]",
        "  2.90  You have four threes!",
        "  3.10  [sound spoon pan +1.00]",
        "  3.20  [sound spoon pan -1.00]",
        "  3.20  Chris grabbed a spoon!",
        "  3.20  [sound letter pan +0.00]",
        "  3.20  You take a penalty point, 3 in total.",
        "  3.20  [sound round-over pan +0.00]",
        "  3.20  Ellen had four aces.",
        "  3.20  [sound win pan +0.00]",
        "  3.20  Chris and Ellen are joint winners! Penalty points: Chris 0, Ellen 0, and you 3.",
    ]
    assert game.over and game.winners == (1, 2)
    assert [seat.misses for seat in game.seats] == [3, 0, 0]


def test_letters_scoring_eliminates_on_the_last_letter_and_the_last_one_in_wins() -> None:
    game = no_stock_game(scoring="letters", word="PIG")
    grabs = []
    for round_start in (0.0, 1.5, 3.0):
        grabs += [f"{round_start + 0.5:.2f} Chris grab", f"{round_start + 0.6:.2f} Ellen grab"]
    grabs += ["4.60 Chris grab"]
    lines = game_transcript(game, script(*grabs), None, SPOONS)
    spoken = [line for line in lines if "state:" not in line and "[sound" not in line]
    assert [line for line in spoken if "letter" in line or "win" in line or "elim" in line] == [
        "  0.60  Andrew takes a letter, and has P.",
        "  2.10  Andrew takes a letter, and has P I.",
        "  3.60  Andrew takes a letter, and has P I G.",
        "  3.60  Andrew is eliminated.",
        "  4.60  Ellen takes a letter, and has P.",
    ]
    assert not game.over
    assert [seat.misses for seat in game.seats] == [3, 0, 1]
    assert lines[-3:] == [
        "  5.60  state: Andrew: out",
        "  5.60  state: Chris: 4 cards, 0 waiting",
        "  5.60  state: Ellen: 4 cards, 0 waiting, letters P",
    ]
