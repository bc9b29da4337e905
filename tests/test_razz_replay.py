"""Razz Spoons scenarios replayed: what a spectator or a player hears, the raw events, the state
of play, the refusals, and the files that cannot be played.

Ann, Bob and Cat sit in that order and Cat deals, so Ann plays first. A spectator hears Ann on
the right, Bob in the middle and Cat on the left; Ann, listening, hears Bob on her left and Cat
on her right, her own cards going to the pile (-0.50) and coming from the stock (+0.50).
"""

from __future__ import annotations

import io
import os
import subprocess
import sys
import textwrap
from collections.abc import Callable
from pathlib import Path

import pytest

from audiospoons.cli import main
from audiospoons.engine.cards import parse_card
from audiospoons.games.keyboards import KEYBOARDS
from audiospoons.games.razz.rules.commands import ChoosePhrase, GrabSpoon, PlayCard
from audiospoons.games.razz.scenario import RazzScenario, parse_razz_command
from audiospoons.replay.listen import listen
from audiospoons.replay.scenario import parse_scenario
from audiospoons.sound.cue import Cue
from audiospoons.voice.announcer import Verbosity
from audiospoons.voice.speaker import Speaker
from audiospoons.voice.speech import TextOutput

SCENARIOS = Path(__file__).resolve().parent / "scenarios"
POWERS = SCENARIOS / "razz_powers.toml"
TWO_PLAYERS = SCENARIOS / "razz_two_players.toml"
WRONG_RAZZ = SCENARIOS / "razz_wrong_razz.toml"

Replay = Callable[..., list[str]]

A_KING = """
    [table]
    game = "razz"
    players = ["Ann", "Bob", "Cat"]
    dealer = "Cat"
    starter = "7H"
    stock = ["2D", "3D", "4D"]
    [table.hands]
    Ann = ["KH", "3C", "4C"]
    Bob = ["KS", "5D", "6D"]
    Cat = ["9H", "9C", "2S"]
    [script]
    lines = [
        "0.50 Cat choose Pickles",
        "1.00 Ann play KH Bob",
        "2.00 Bob play KS Ann",
        "3.00 Ann phrase",
    ]
"""

B_EIGHT = """
    [table]
    game = "razz"
    players = ["Ann", "Bob", "Cat"]
    dealer = "Cat"
    starter = "7H"
    stock = ["9S"]
    [table.hands]
    Ann = ["10H", "8C", "QS", "4S", "5S"]
    Bob = ["3S", "9D", "6D", "JD"]
    Cat = ["9H", "9C", "2S", "7C"]
    [script]
    lines = [
        "0.20 Ann play 8C spades",
        "0.30 Bob choose Hi",
        "0.40 Cat choose",
        "0.50 Cat choose Pickles  and   onions",
        "1.00 Ann play 10H",
        "1.50 Ann play 8C",
        "1.60 Ann play 8C Spades",
        "2.00 Bob play 9D",
        "2.10 Bob play 3S",
        "2.50 Cat draw",
        "2.60 Cat keep",
        "3.00 Ann play QS",
        "3.50 Cat keep",
        "3.60 Cat play 9S",
    ]
"""

C_JACK = """
    [table]
    game = "razz"
    players = ["Ann", "Bob", "Cat"]
    dealer = "Cat"
    starter = "7H"
    stock = ["3C", "3D"]
    [table.hands]
    Ann = ["JH", "4C", "5C"]
    Bob = ["6H", "7D"]
    Cat = ["9H", "9C"]
    [script]
    lines = [
        "0.50 Cat choose Pickles",
        "1.00 Bob grab",
        "1.50 Ann play JH",
        "1.80 Ann play 4C",
        "2.00 Bob grab",
        "2.40 Cat grab from 2.10",
        "2.60 Ann grab",
    ]
"""

D_COUNT = """
    [options]
    phrase_window = 2

    [table]
    game = "razz"
    players = ["Ann", "Bob", "Cat"]
    dealer = "Cat"
    starter = "7H"
    stock = ["3C", "4C", "5C", "6C", "7C", "8C", "9C"]
    [table.hands]
    Ann = ["2H", "QC", "KC"]
    Bob = ["AH", "5D", "6D"]
    Cat = ["2S", "9H", "10S"]
    [script]
    lines = [
        "0.50 Cat choose Pickles",
        "1.00 Ann play 2H",
        "1.50 Bob play AH",
        "1.80 Cat play 9H",
        "2.00 Cat play 2S",
        "2.50 Ann draw",
        "5.00 Cat razz Ann",
        "5.50 Ann phrase",
        "6.00 Bob razz Cat",
        "6.20 Ann razz Bob",
        "6.50 Bob phrase",
        "7.00 Cat razz Ann",
    ]
"""

F_LAST = """
    [table]
    game = "razz"
    players = ["Ann", "Bob", "Cat"]
    dealer = "Cat"
    seed = 4
    starter = "7H"
    stock = ["9D", "QH"]
    [table.hands]
    Ann = ["4H", "5H", "9C"]
    Bob = ["4C", "6D", "7D"]
    Cat = ["5C", "8S", "KD", "9S"]
    [script]
    lines = [
        "0.50 Cat choose Oops",
        "1.00 Ann play 4H",
        "1.50 Bob play 4C",
        "2.00 Cat play 5C",
        "2.50 Ann play 9C",
        "4.50 Bob draw",
        "4.70 Ann announce",
        "5.00 Bob play 9D",
        "5.50 Cat razz Ann",
        "5.70 Ann phrase",
        "6.00 Bob razz Bob",
        "6.10 Cat play KD",
        "6.20 Cat play KD Cat",
        "6.30 Cat play 9S Bob",
        "6.40 Cat play KD Bob",
    ]
"""


@pytest.fixture
def replay(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Replay:
    """``audiospoons replay`` run in this process on a scenario's text (or a file's path) with
    more arguments: its lines, English whatever the system's language."""

    def run(scenario: str | Path, *args: str) -> list[str]:
        path = scenario
        if isinstance(scenario, str):
            path = tmp_path / "game.toml"
            path.write_text(textwrap.dedent(scenario), encoding="utf-8")
        code = main(["replay", str(path), "--lang", "en", *args])
        out, err = capsys.readouterr()
        assert (code, err) == (0, "")
        return out.splitlines()

    return run


def audiospoons(*args: str, extra_env: dict[str, str] | None = None
                ) -> subprocess.CompletedProcess[str]:
    env = {key: value for key, value in os.environ.items()
           if key not in ("LANGUAGE", "LC_ALL", "LC_MESSAGES")}
    env.update({"LANG": "C.UTF-8", **(extra_env or {})})
    return subprocess.run([sys.executable, "-m", "audiospoons", *args], capture_output=True,
                          text=True, timeout=120, env=env)


# --------------------------------------------------------------------- the powers

def test_a_king_is_bounced_and_taken_with_the_phrase_by_the_player_who_sent_it(
        replay: Replay) -> None:
    # The bounce adds a card; Ann takes three with the phrase, and play goes on after her.
    assert replay(A_KING) == [
        "  0.00  Razz Spoons for Ann, Bob, and Cat.",
        "  0.00  [sound deal pan -1.00]",
        "  0.00  Round 1. Cat deals. 3 cards each. 2 spoons on the table.",
        "  0.00  The top card is the seven of hearts.",
        "  0.00  Cat is choosing the Razzing Phrase.",
        "  0.50  [sound phrase pan -1.00]",
        "  0.50  The Razzing Phrase is Pickles!",
        "  0.50  Ann's turn: the top card is the seven of hearts.",
        "  1.00  [sound card-out pan +1.00]",
        "  1.00  Ann plays the king of hearts; 2 cards left.",
        "  1.00  [sound king pan +1.00]",
        "  1.00  Ann aims the king at Bob: 2 cards.",
        "  2.00  [sound card-out pan +0.00]",
        "  2.00  Bob plays the king of spades; 2 cards left.",
        "  2.00  [sound king pan +0.00]",
        "  2.00  Bob bounces the king back to Ann: 3 cards.",
        "  3.00  [sound phrase pan +1.00]",
        "  3.00  Ann: Pickles!",
        "  3.00  [sound card-in pan +1.00]",
        "  3.00  Ann draws 3 cards, and has 5.",
        "  3.00  Bob's turn: the top card is the king of spades.",
        "  3.00  state: round 1, playing, top KS, suit spades, count 0, clockwise, Bob's turn,"
         " Cat deals",
        '  3.00  state: phrase "Pickles"',
        "  3.00  state: Ann: 5 cards, 0 points",
        "  3.00  state: Bob: 2 cards, 0 points",
        "  3.00  state: Cat: 3 cards, 0 points",
    ]


def test_the_player_a_king_comes_back_to_hears_it_and_their_own_cards(replay: Replay) -> None:
    assert replay(A_KING, "--listener", "ann") == [
        "  0.00  Razz Spoons: you against Bob and Cat.",
        "  0.00  [sound deal pan +1.00]",
        "  0.00  Round 1. Cat deals. You have 3 cards. 2 spoons on the table.",
        "  0.00  Your cards. Clubs: a three and a four. Hearts: a king.",
        "  0.00  The top card is the seven of hearts.",
        "  0.00  Cat is choosing the Razzing Phrase.",
        "  0.50  [sound phrase pan +1.00]",
        "  0.50  The Razzing Phrase is Pickles!",
        "  0.50  Your turn: the top card is the seven of hearts.",
        "  1.00  [sound card-out pan -0.50]",
        "  1.00  You play the king of hearts; 2 cards left.",
        "  1.00  [sound king pan +0.00]",
        "  1.00  You aim the king at Bob: 2 cards.",
        "  2.00  [sound card-out pan -1.00]",
        "  2.00  Bob plays the king of spades; 2 cards left.",
        "  2.00  [sound king pan -1.00]",
        "  2.00  Bob bounces the king back to you: say the phrase and take 3 cards, or bounce"
         " it again with a king.",
        "  3.00  [sound phrase pan +0.00]",
        "  3.00  You say: Pickles!",
        "  3.00  [sound card-in pan +0.50]",
        "  3.00  You draw 3 cards: two of diamonds, three of diamonds, and four of diamonds."
         " You have 5.",
        "  3.00  Bob's turn: the top card is the king of spades.",
        "  3.00  state: round 1, playing, top KS, suit spades, count 0, clockwise, Bob's turn,"
         " Cat deals",
        '  3.00  state: phrase "Pickles"',
        "  3.00  state: Ann: 5 cards, 0 points, hand 3C 4C 2D 3D 4D",
        "  3.00  state: Bob: 2 cards, 0 points",
        "  3.00  state: Cat: 3 cards, 0 points",
    ]


def test_a_ten_plays_again_an_eight_names_the_suit_and_a_queen_turns_play_round(
        replay: Replay) -> None:
    # Before the phrase is chosen nobody plays; only the dealer chooses it, and not an empty
    # one. An Eight with no suit is refused by the rules; "Spades" names spades. Cat draws the
    # nine of spades, playable on the three, and keeps it; after Ann's Queen it is Cat's turn.
    assert replay(B_EIGHT) == [
        "  0.00  Razz Spoons for Ann, Bob, and Cat.",
        "  0.00  [sound deal pan -1.00]",
        "  0.00  Round 1. Cat deals. Cards: Ann 5, Bob 4, and Cat 4. 2 spoons on the table.",
        "  0.00  The top card is the seven of hearts.",
        "  0.00  Cat is choosing the Razzing Phrase.",
        "  0.20  refused: Ann play 8C spades: Cat is choosing the Razzing Phrase",
        "  0.30  refused: Bob choose Hi: Cat deals and chooses the phrase",
        "  0.40  refused: Cat choose: a Razzing Phrase has 1 to 40 characters, not 0",
        "  0.50  [sound phrase pan -1.00]",
        "  0.50  The Razzing Phrase is Pickles and onions!",
        "  0.50  Ann's turn: the top card is the seven of hearts.",
        "  1.00  [sound card-out pan +1.00]",
        "  1.00  Ann plays the ten of hearts; 4 cards left.",
        "  1.00  [sound repeat pan +1.00]",
        "  1.00  Ann plays again.",
        "  1.50  refused: Ann play 8C: an Eight names the new suit: C, D, H or S",
        "  1.60  [sound card-out pan +1.00]",
        "  1.60  [sound wild pan +1.00]",
        "  1.60  Ann plays the eight of clubs and calls spades; 3 cards left.",
        "  1.60  Bob's turn: the top card is the eight of clubs, and the suit is spades.",
        "  2.00  refused: Bob play 9D: the 9D matches neither the suit called (S) nor the rank"
        " of the 8C",
        "  2.10  [sound card-out pan +0.00]",
        "  2.10  Bob plays the three of spades; 3 cards left.",
        "  2.10  Cat's turn: the top card is the three of spades.",
        "  2.50  [sound card-in pan -1.00]",
        "  2.50  Cat draws a card, and has 5.",
        "  2.60  Cat keeps the card.",
        "  2.60  Ann's turn: the top card is the three of spades.",
        "  3.00  [sound card-out pan +1.00]",
        "  3.00  Ann plays the queen of spades; 2 cards left.",
        "  3.00  [sound reverse pan +0.00]",
        "  3.00  Reverse! Play goes counterclockwise.",
        "  3.00  Cat's turn: the top card is the queen of spades.",
        "  3.50  refused: Cat keep: Cat has no card just drawn to keep",
        "  3.60  [sound card-out pan -1.00]",
        "  3.60  Cat plays the nine of spades; 4 cards left.",
        "  3.60  Bob's turn: the top card is the nine of spades.",
        "  3.60  state: round 1, playing, top 9S, suit spades, count 0, counterclockwise,"
         " Bob's turn, Cat deals",
        '  3.60  state: phrase "Pickles and onions"',
        "  3.60  state: Ann: 2 cards, 0 points",
        "  3.60  state: Bob: 3 cards, 0 points",
        "  3.60  state: Cat: 4 cards, 0 points",
    ]


def test_the_dealer_hears_the_card_they_drew_and_may_keep_it(replay: Replay) -> None:
    assert replay(B_EIGHT, "--listener", "Cat") == [
        "  0.00  Razz Spoons: you against Ann and Bob.",
        "  0.00  [sound deal pan +0.00]",
        "  0.00  Round 1. You deal. You have 4 cards. 2 spoons on the table.",
        "  0.00  Your cards. Clubs: a seven and a nine. Hearts: a nine. Spades: a two.",
        "  0.00  The top card is the seven of hearts.",
        "  0.00  You deal: choose the Razzing Phrase.",
        "  0.20  refused: Ann play 8C spades: Cat is choosing the Razzing Phrase",
        "  0.30  refused: Bob choose Hi: Cat deals and chooses the phrase",
        "  0.40  refused: Cat choose: a Razzing Phrase has 1 to 40 characters, not 0",
        "  0.50  [sound phrase pan +0.00]",
        "  0.50  The Razzing Phrase is Pickles and onions!",
        "  0.50  Ann's turn: the top card is the seven of hearts.",
        "  1.00  [sound card-out pan -1.00]",
        "  1.00  Ann plays the ten of hearts; 4 cards left.",
        "  1.00  [sound repeat pan -1.00]",
        "  1.00  Ann plays again.",
        "  1.50  refused: Ann play 8C: an Eight names the new suit: C, D, H or S",
        "  1.60  [sound card-out pan -1.00]",
        "  1.60  [sound wild pan -1.00]",
        "  1.60  Ann plays the eight of clubs and calls spades; 3 cards left.",
        "  1.60  Bob's turn: the top card is the eight of clubs, and the suit is spades.",
        "  2.00  refused: Bob play 9D: the 9D matches neither the suit called (S) nor the rank"
        " of the 8C",
        "  2.10  [sound card-out pan +1.00]",
        "  2.10  Bob plays the three of spades; 3 cards left.",
        "  2.10  Your turn: the top card is the three of spades.",
        "  2.50  [sound card-in pan +0.50]",
        "  2.50  You draw the nine of spades: play it, or keep it.",
        "  2.60  You keep the card.",
        "  2.60  Ann's turn: the top card is the three of spades.",
        "  3.00  [sound card-out pan -1.00]",
        "  3.00  Ann plays the queen of spades; 2 cards left.",
        "  3.00  [sound reverse pan +0.00]",
        "  3.00  Reverse! Play goes counterclockwise: after you comes Bob.",
        "  3.00  Your turn: the top card is the queen of spades.",
        "  3.50  refused: Cat keep: Cat has no card just drawn to keep",
        "  3.60  [sound card-out pan -0.50]",
        "  3.60  You play the nine of spades; 4 cards left.",
        "  3.60  Bob's turn: the top card is the nine of spades.",
        "  3.60  state: round 1, playing, top 9S, suit spades, count 0, counterclockwise,"
         " Bob's turn, Cat deals",
        '  3.60  state: phrase "Pickles and onions"',
        "  3.60  state: Ann: 2 cards, 0 points",
        "  3.60  state: Bob: 3 cards, 0 points",
        "  3.60  state: Cat: 4 cards, 0 points, hand 9H 9C 2S 7C",
    ]


def test_a_jack_puts_the_spoons_out_and_the_player_left_without_one_draws_two(
        replay: Replay) -> None:
    # Cat's grab was made at 2.10 and arrives at 2.40: it takes the last spoon, and the race
    # settles as it arrives. Ann, without a spoon, owes the phrase, draws two, and lets the
    # phrase window close unsaid at 5.40: a fault, which nobody hears.
    assert replay(C_JACK) == [
        "  0.00  Razz Spoons for Ann, Bob, and Cat.",
        "  0.00  [sound deal pan -1.00]",
        "  0.00  Round 1. Cat deals. Cards: Ann 3, Bob 2, and Cat 2. 2 spoons on the table.",
        "  0.00  The top card is the seven of hearts.",
        "  0.00  Cat is choosing the Razzing Phrase.",
        "  0.50  [sound phrase pan -1.00]",
        "  0.50  The Razzing Phrase is Pickles!",
        "  0.50  Ann's turn: the top card is the seven of hearts.",
        "  1.00  refused: Bob grab: the spoons are not out: they come out for a Jack",
        "  1.50  [sound card-out pan +1.00]",
        "  1.50  Ann plays the jack of hearts; 2 cards left.",
        "  1.50  [sound react pan +0.00]",
        "  1.50  Spoons! The race is on for 2 spoons.",
        "  1.80  refused: Ann play 4C: the spoons are out: grab one",
        "  2.00  [sound spoon pan +0.00]",
        "  2.00  Bob grabbed a spoon!",
        "  2.40  [sound spoon pan -1.00]",
        "  2.40  Cat grabbed the last spoon!",
        "  2.40  Ann loses the race.",
        "  2.40  Ann must say the phrase.",
        "  2.40  [sound card-in pan +1.00]",
        "  2.40  Ann draws 2 cards, and has 4.",
        "  2.40  Bob's turn: the top card is the jack of hearts.",
        "  2.60  refused: Ann grab: the spoons are not out: they come out for a Jack",
        "  5.40  state: round 1, playing, top JH, suit hearts, count 0, clockwise, Bob's turn,"
         " Cat deals",
        '  5.40  state: phrase "Pickles"',
        "  5.40  state: Ann: 4 cards, 0 points",
        "  5.40  state: Bob: 2 cards, 0 points",
        "  5.40  state: Cat: 2 cards, 0 points",
    ]


def test_with_the_relays_late_window_the_spoons_go_in_the_order_the_grabs_were_made(
        replay: Replay) -> None:
    # Each grab waits half a second from its arrival for one made earlier: Bob's (made at
    # 2.00) takes a spoon at 2.50; Cat's (made at 2.10, arrived at 2.40) the last at 2.90. Ann's
    # grab at 2.60, made after both, comes in time to be weighed, and loses.
    late = C_JACK.replace('starter = "7H"', 'starter = "7H"\n    late_window = 0.5')
    assert replay(late)[14:26] == [
        "  2.50  [sound spoon pan +0.00]",
        "  2.50  Bob grabbed a spoon!",
        "  2.90  [sound spoon pan -1.00]",
        "  2.90  Cat grabbed the last spoon!",
        "  2.90  Ann loses the race.",
        "  2.90  Ann must say the phrase.",
        "  2.90  [sound card-in pan +1.00]",
        "  2.90  Ann draws 2 cards, and has 4.",
        "  2.90  Bob's turn: the top card is the jack of hearts.",
        "  5.90  state: round 1, playing, top JH, suit hearts, count 0, clockwise, Bob's turn,"
        " Cat deals",
        '  5.90  state: phrase "Pickles"',
        "  5.90  state: Ann: 4 cards, 0 points",
    ]


def test_the_loser_of_the_race_hears_the_ticks_of_their_phrase_window(replay: Replay) -> None:
    assert replay(C_JACK, "--listener", "Ann") == [
        "  0.00  Razz Spoons: you against Bob and Cat.",
        "  0.00  [sound deal pan +1.00]",
        "  0.00  Round 1. Cat deals. You have 3 cards. 2 spoons on the table.",
        "  0.00  Your cards. Clubs: a four and a five. Hearts: a jack.",
        "  0.00  The top card is the seven of hearts.",
        "  0.00  Cat is choosing the Razzing Phrase.",
        "  0.50  [sound phrase pan +1.00]",
        "  0.50  The Razzing Phrase is Pickles!",
        "  0.50  Your turn: the top card is the seven of hearts.",
        "  1.00  refused: Bob grab: the spoons are not out: they come out for a Jack",
        "  1.50  [sound card-out pan -0.50]",
        "  1.50  You play the jack of hearts; 2 cards left.",
        "  1.50  [sound react pan +0.00]",
        "  1.50  Spoons! Grab one!",
        "  1.80  refused: Ann play 4C: the spoons are out: grab one",
        "  2.00  [sound spoon pan -1.00]",
        "  2.00  Bob grabbed a spoon!",
        "  2.40  [sound spoon pan +1.00]",
        "  2.40  Cat grabbed the last spoon!",
        "  2.40  You lose the race!",
        "  2.40  [sound react pan +0.00]",
        "  2.40  Say the phrase!",
        "  2.40  [sound card-in pan +0.50]",
        "  2.40  You draw 2 cards: three of clubs and three of diamonds. You have 4.",
        "  2.40  Bob's turn: the top card is the jack of hearts.",
        "  2.40  [sound tick pan +0.00]",
        "  2.60  refused: Ann grab: the spoons are not out: they come out for a Jack",
        "  3.40  [sound tick pan +0.00]",
        "  4.40  [sound tick pan +0.00]",
        "  5.40  state: round 1, playing, top JH, suit hearts, count 0, clockwise, Bob's turn,"
         " Cat deals",
        '  5.40  state: phrase "Pickles"',
        "  5.40  state: Ann: 4 cards, 0 points, hand 4C 5C 3C 3D",
        "  5.40  state: Bob: 2 cards, 0 points",
        "  5.40  state: Cat: 2 cards, 0 points",
    ]


def test_raw_events_name_the_seats_and_the_races_losers(
        replay: Replay) -> None:
    assert replay(C_JACK, "--events") == [
        "  0.00  RazzGameStarted players=Ann,Bob,Cat",
        "  0.00  DealStarted round=1 dealer=Cat spoons=2 counts=3,2,2",
        "  0.00  StarterTurned card=7H stock=96",
        "  0.00  PhraseWanted seat=Cat",
        "  0.50  PhraseChosen seat=Cat text=Pickles",
        "  0.50  TurnBegan seat=Ann turn=1 again=False clockwise=True until=-",
        "  1.50  CardPlayed seat=Ann card=JH suit=H cards_left=2",
        "  1.50  SpoonsOut seat=Ann spoons=2 until=6.5",
        "  2.00  SpoonTaken seat=Bob spoons_left=1",
        "  2.40  SpoonTaken seat=Cat spoons_left=0",
        "  2.40  RaceOver losers=Ann timed_out=False",
        "  2.40  PhraseOwed seat=Ann until=5.4 cause=spoons",
        "  2.40  CardsDrawn seat=Ann cards=- count=2 cards_left=4 cause=spoons playable=False",
        "  2.40  TurnBegan seat=Bob turn=2 again=False clockwise=True until=-",
        "  5.40  FaultMade seat=Ann fault=no-phrase turn=2",
    ]


def test_a_players_raw_events_show_their_own_cards_and_no_one_elses(replay: Replay) -> None:
    assert replay(A_KING, "--events", "--listener", "Ann") == [
        "  0.00  RazzGameStarted players=Ann,Bob,Cat",
        "  0.00  DealStarted round=1 dealer=Cat spoons=2 counts=3,3,3",
        "  0.00  HandDealt seat=Ann cards=KH,3C,4C",
        "  0.00  StarterTurned card=7H stock=94",
        "  0.00  PhraseWanted seat=Cat",
        "  0.50  PhraseChosen seat=Cat text=Pickles",
        "  0.50  TurnBegan seat=Ann turn=1 again=False clockwise=True until=-",
        "  1.00  CardPlayed seat=Ann card=KH suit=H cards_left=2",
        "  1.00  KingAimed seat=Ann target=Bob count=2 until=-",
        "  2.00  CardPlayed seat=Bob card=KS suit=S cards_left=2",
        "  2.00  KingAimed seat=Bob target=Ann count=3 until=-",
        "  3.00  PhraseSaid seat=Ann",
        "  3.00  CardsDrawn seat=Ann cards=2D,3D,4D count=3 cards_left=5 cause=king playable=False",
        "  3.00  TurnBegan seat=Bob turn=2 again=False clockwise=True until=-",
    ]


def test_twos_and_aces_raise_the_count_and_a_razz_is_right_or_wrong(replay: Replay) -> None:
    # 2 + 1 + 2: Ann takes five cards without the phrase, and lets its window close. Cat's razz
    # is right and draws Ann a card, and asks no phrase again: Ann owes none; Bob's razz of
    # Cat, who made no mistake, is Bob's mistake, and Ann's razz of it draws Bob one; and Ann's
    # mistake cannot be razzed twice.
    assert replay(D_COUNT) == [
        "  0.00  Razz Spoons for Ann, Bob, and Cat.",
        "  0.00  [sound deal pan -1.00]",
        "  0.00  Round 1. Cat deals. 3 cards each. 2 spoons on the table.",
        "  0.00  The top card is the seven of hearts.",
        "  0.00  Cat is choosing the Razzing Phrase.",
        "  0.50  [sound phrase pan -1.00]",
        "  0.50  The Razzing Phrase is Pickles!",
        "  0.50  Ann's turn: the top card is the seven of hearts.",
        "  1.00  [sound card-out pan +1.00]",
        "  1.00  Ann plays the two of hearts; 2 cards left.",
        "  1.00  [sound count pan +1.00]",
        "  1.00  Count 2: only twos and aces now.",
        "  1.00  Bob's turn, count 2.",
        "  1.50  [sound card-out pan +0.00]",
        "  1.50  Bob plays the ace of hearts; 2 cards left.",
        "  1.50  [sound count pan +0.00]",
        "  1.50  Count 3.",
        "  1.50  Cat's turn, count 3.",
        "  1.80  refused: Cat play 9H: only a two or an ace may go on the count of 3",
        "  2.00  [sound card-out pan -1.00]",
        "  2.00  Cat plays the two of spades; 2 cards left.",
        "  2.00  [sound count pan -1.00]",
        "  2.00  Count 5.",
        "  2.00  Ann's turn, count 5.",
        "  2.50  Ann must say the phrase.",
        "  2.50  [sound card-in pan +1.00]",
        "  2.50  Ann draws 5 cards, and has 7.",
        "  2.50  Bob's turn: the top card is the two of spades.",
        "  5.00  [sound razz pan -1.00]",
        "  5.00  Cat razzes Ann, rightly, for not saying the phrase.",
        "  5.00  [sound card-in pan +1.00]",
        "  5.00  Ann draws a card, and has 8.",
        "  5.50  refused: Ann phrase: Ann owes no phrase now",
        "  6.00  [sound razz pan +0.00]",
        "  6.00  Bob razzes Cat wrongly.",
        "  6.20  [sound razz pan +1.00]",
        "  6.20  Ann razzes Bob, rightly, for a wrong razz.",
        "  6.20  Bob must say the phrase.",
        "  6.20  [sound card-in pan +0.00]",
        "  6.20  Bob draws a card, and has 3.",
        "  6.50  [sound phrase pan +0.00]",
        "  6.50  Bob: Pickles!",
        "  7.00  refused: Cat razz Ann: Ann's mistake has been razzed already",
        "  7.00  state: round 1, playing, top 2S, suit spades, count 0, clockwise, Bob's turn,"
         " Cat deals",
        '  7.00  state: phrase "Pickles"',
        "  7.00  state: Ann: 8 cards, 0 points",
        "  7.00  state: Bob: 3 cards, 0 points",
        "  7.00  state: Cat: 2 cards, 0 points",
    ]


def test_a_last_card_unannounced_is_razzed_and_a_king_must_name_another_player(
        replay: Replay) -> None:
    # Bob drawing two seconds after Ann came down to one card is the moment she missed
    # announcing it.
    assert replay(F_LAST) == [
        "  0.00  Razz Spoons for Ann, Bob, and Cat.",
        "  0.00  [sound deal pan -1.00]",
        "  0.00  Round 1. Cat deals. Cards: Ann 3, Bob 3, and Cat 4. 2 spoons on the table.",
        "  0.00  The top card is the seven of hearts.",
        "  0.00  Cat is choosing the Razzing Phrase.",
        "  0.50  [sound phrase pan -1.00]",
        "  0.50  The Razzing Phrase is Oops!",
        "  0.50  Ann's turn: the top card is the seven of hearts.",
        "  1.00  [sound card-out pan +1.00]",
        "  1.00  Ann plays the four of hearts; 2 cards left.",
        "  1.00  Bob's turn: the top card is the four of hearts.",
        "  1.50  [sound card-out pan +0.00]",
        "  1.50  Bob plays the four of clubs; 2 cards left.",
        "  1.50  Cat's turn: the top card is the four of clubs.",
        "  2.00  [sound card-out pan -1.00]",
        "  2.00  Cat plays the five of clubs; 3 cards left.",
        "  2.00  Ann's turn: the top card is the five of clubs.",
        "  2.50  [sound card-out pan +1.00]",
        "  2.50  Ann plays the nine of clubs; 1 card left.",
        "  2.50  Bob's turn: the top card is the nine of clubs.",
        "  4.50  [sound card-in pan +0.00]",
        "  4.50  Bob draws a card, and has 3.",
        "  4.70  refused: Ann announce: too late: another player has acted since Ann came down"
         " to one card",
        "  5.00  [sound card-out pan +0.00]",
        "  5.00  Bob plays the nine of diamonds; 2 cards left.",
        "  5.00  Cat's turn: the top card is the nine of diamonds.",
        "  5.50  [sound razz pan -1.00]",
        "  5.50  Cat razzes Ann, rightly, for not announcing the last card.",
        "  5.50  Ann must say the phrase.",
        "  5.50  [sound card-in pan +1.00]",
        "  5.50  Ann draws a card, and has 2.",
        "  5.70  [sound phrase pan +1.00]",
        "  5.70  Ann: Oops!",
        "  6.00  refused: Bob razz Bob: a player razzes another player",
        "  6.10  refused: Cat play KD: a King names the player who must draw",
        "  6.20  refused: Cat play KD Cat: a King names another player",
        "  6.30  refused: Cat play 9S Bob: only a King names a player",
        "  6.40  [sound card-out pan -1.00]",
        "  6.40  Cat plays the king of diamonds; 2 cards left.",
        "  6.40  [sound king pan -1.00]",
        "  6.40  Cat aims the king at Bob: 2 cards.",
        "  6.40  state: round 1, playing, top KD, suit diamonds, count 0, clockwise, Cat's"
         " turn, Bob must answer Cat's King: 2 cards, Cat deals",
        '  6.40  state: phrase "Oops"',
        "  6.40  state: Ann: 2 cards, 0 points",
        "  6.40  state: Bob: 2 cards, 0 points",
        "  6.40  state: Cat: 2 cards, 0 points",
    ]


def test_a_listeners_state_of_play_holds_their_hand(replay: Replay) -> None:
    assert replay(F_LAST, "--listener", "Ann")[-5:] == [
        "  6.40  state: round 1, playing, top KD, suit diamonds, count 0, clockwise, Cat's"
         " turn, Bob must answer Cat's King: 2 cards, Cat deals",
        '  6.40  state: phrase "Oops"',
        "  6.40  state: Ann: 2 cards, 0 points, hand 5H QH",
        "  6.40  state: Bob: 2 cards, 0 points",
        "  6.40  state: Cat: 2 cards, 0 points",
    ]


# --------------------------------------------------------------------- a whole game from a file

def test_the_scenario_file_plays_a_round_to_the_end_of_the_game(replay: Replay) -> None:
    # Bob grabs twice and takes the loss instead of Ann, who has no spoon. Cat goes out; Ann
    # holds 4S 4C (2 points), Bob 5S 9S 3S 3C 2D (1 + 1 + 1 + 1 + 2). After the game, nothing.
    assert replay(POWERS) == [
        "  0.00  Razz Spoons for Ann, Bob, and Cat.",
        "  0.00  [sound deal pan -1.00]",
        "  0.00  Round 1. Cat deals. Cards: Ann 3, Bob 4, and Cat 3. 2 spoons on the table.",
        "  0.00  The top card is the seven of hearts.",
        "  0.00  Cat is choosing the Razzing Phrase.",
        "  0.50  [sound phrase pan -1.00]",
        "  0.50  The Razzing Phrase is Pickles and onions!",
        "  0.50  Ann's turn: the top card is the seven of hearts.",
        "  1.00  [sound card-out pan +1.00]",
        "  1.00  Ann plays the five of hearts; 2 cards left.",
        "  1.00  Bob's turn: the top card is the five of hearts.",
        "  1.50  [sound card-out pan +0.00]",
        "  1.50  Bob plays the nine of hearts; 3 cards left.",
        "  1.50  Cat's turn: the top card is the nine of hearts.",
        "  2.00  [sound card-out pan -1.00]",
        "  2.00  Cat plays the king of hearts; 2 cards left.",
        "  2.00  [sound king pan -1.00]",
        "  2.00  Cat aims the king at Ann: 2 cards.",
        "  2.50  Ann must say the phrase.",
        "  2.50  [sound card-in pan +1.00]",
        "  2.50  Ann draws 2 cards, and has 4.",
        "  2.50  Ann's turn: the top card is the king of hearts.",
        "  3.00  [sound phrase pan +1.00]",
        "  3.00  Ann: Pickles and onions!",
        "  3.50  [sound card-out pan +1.00]",
        "  3.50  Ann plays the jack of hearts; 3 cards left.",
        "  3.50  [sound react pan +0.00]",
        "  3.50  Spoons! The race is on for 2 spoons.",
        "  3.60  [sound spoon pan +0.00]",
        "  3.60  Bob grabbed a spoon!",
        "  3.70  [sound spoon pan +0.00]",
        "  3.70  Bob grabbed twice, and draws instead!",
        "  3.80  [sound spoon pan -1.00]",
        "  3.80  Cat grabbed the last spoon!",
        "  3.80  Bob loses the race.",
        "  3.80  Bob must say the phrase.",
        "  3.80  [sound card-in pan +0.00]",
        "  3.80  Bob draws 2 cards, and has 5.",
        "  3.80  Bob's turn: the top card is the jack of hearts.",
        "  4.00  [sound phrase pan +0.00]",
        "  4.00  Bob: Pickles and onions!",
        "  4.50  [sound card-out pan +0.00]",
        "  4.50  Bob plays the six of hearts; 4 cards left.",
        "  4.50  Cat's turn: the top card is the six of hearts.",
        "  5.00  [sound card-out pan -1.00]",
        "  5.00  Cat plays the six of diamonds; 1 card left.",
        "  5.00  Ann's turn: the top card is the six of diamonds.",
        "  5.10  [sound last-card pan -1.00]",
        "  5.10  Cat has one card left!",
        "  5.50  [sound card-out pan +1.00]",
        "  5.50  Ann plays the six of hearts; 2 cards left.",
        "  5.50  Bob's turn: the top card is the six of hearts.",
        "  6.00  [sound card-in pan +0.00]",
        "  6.00  Bob draws a card, and has 5.",
        "  6.00  Cat's turn: the top card is the six of hearts.",
        "  6.50  [sound card-out pan -1.00]",
        "  6.50  Cat plays the six of spades, their last card.",
        "  6.50  [sound round-over pan +0.00]",
        "  6.50  Cat wins round 1.",
        "  6.50  Points: Cat 0, Ann 2, and Bob 6.",
        "  6.50  [sound win pan +0.00]",
        "  6.50  Cat wins the game with 0 points.",
        "  7.00  refused: Ann play 4S: the game is over",
    ]


def test_a_wrong_razz_is_a_mistake_the_others_razz(replay: Replay) -> None:
    # Bob razzes Ann, who made no mistake, and draws nothing for it; Cat razzes him for it,
    # rightly: he owes the phrase and draws a card. Ann's razz for the same mistake is refused.
    assert replay(WRONG_RAZZ) == [
        "  0.00  Razz Spoons for Ann, Bob, and Cat.",
        "  0.00  [sound deal pan -1.00]",
        "  0.00  Round 1. Cat deals. 3 cards each. 2 spoons on the table.",
        "  0.00  The top card is the seven of hearts.",
        "  0.00  Cat is choosing the Razzing Phrase.",
        "  0.50  [sound phrase pan -1.00]",
        "  0.50  The Razzing Phrase is Doh!",
        "  0.50  Ann's turn: the top card is the seven of hearts.",
        "  1.00  [sound card-out pan +1.00]",
        "  1.00  Ann plays the five of hearts; 2 cards left.",
        "  1.00  Bob's turn: the top card is the five of hearts.",
        "  1.20  [sound razz pan +0.00]",
        "  1.20  Bob razzes Ann wrongly.",
        "  1.60  [sound razz pan -1.00]",
        "  1.60  Cat razzes Bob, rightly, for a wrong razz.",
        "  1.60  Bob must say the phrase.",
        "  1.60  [sound card-in pan +0.00]",
        "  1.60  Bob draws a card, and has 4.",
        "  1.80  refused: Ann razz Bob: Bob's mistake has been razzed already",
        "  2.00  [sound phrase pan +0.00]",
        "  2.00  Bob: Doh!",
        "  2.50  [sound card-out pan +0.00]",
        "  2.50  Bob plays the nine of hearts; 3 cards left.",
        "  2.50  Cat's turn: the top card is the nine of hearts.",
        "  2.50  state: round 1, playing, top 9H, suit hearts, count 0, clockwise, Cat's turn,"
        " Cat deals",
        '  2.50  state: phrase "Doh"',
        "  2.50  state: Ann: 2 cards, 0 points",
        "  2.50  state: Bob: 3 cards, 0 points",
        "  2.50  state: Cat: 3 cards, 0 points",
    ]


def test_the_wrong_razzer_hears_their_razz_and_then_the_razz_of_it(replay: Replay) -> None:
    assert replay(WRONG_RAZZ, "--listener", "Bob")[12:23] == [
        "  1.20  [sound razz pan +0.00]",
        "  1.20  You razz Ann wrongly.",
        "  1.60  [sound razz pan -1.00]",
        "  1.60  Cat razzes you, rightly, for a wrong razz.",
        "  1.60  [sound react pan +0.00]",
        "  1.60  Say the phrase!",
        "  1.60  [sound card-in pan +0.50]",
        "  1.60  You draw the two of clubs, and have 4.",
        "  1.80  refused: Ann razz Bob: Bob's mistake has been razzed already",
        "  2.00  [sound phrase pan +0.00]",
        "  2.00  You say: Doh!",
    ]


def test_two_players_are_dealt_five_cards_each(replay: Replay) -> None:
    # Seed 003 deals seven to three or four players, six to five or six, and five otherwise.
    assert replay(TWO_PLAYERS)[2] == ("  0.00  Round 1. Bob deals. 5 cards each. 1 spoon on the"
                                      " table.")
    assert replay(TWO_PLAYERS, "--listener", "Ann") == [
        "  0.00  Razz Spoons: you against Bob.",
        "  0.00  [sound deal pan +0.00]",
        "  0.00  Round 1. Bob deals. You have 5 cards. 1 spoon on the table.",
        "  0.00  Your cards. Diamonds: a four, a five, and a jack. Hearts: a five. Spades: a"
        " nine.",
        "  0.00  The top card is the eight of spades.",
        "  0.00  Bob is choosing the Razzing Phrase.",
        "  0.50  [sound phrase pan +0.00]",
        "  0.50  The Razzing Phrase is Rats!",
        "  0.50  Your turn: the top card is the eight of spades.",
        "  1.00  [sound card-out pan -0.50]",
        "  1.00  You play the nine of spades; 4 cards left.",
        "  1.00  Bob's turn: the top card is the nine of spades.",
        "  1.50  [sound card-in pan +0.00]",
        "  1.50  Bob draws a card, and has 6.",
        "  1.50  Your turn: the top card is the nine of spades.",
        "  1.50  state: round 1, playing, top 9S, suit spades, count 0, clockwise, Ann's turn,"
        " Bob deals",
        '  1.50  state: phrase "Rats"',
        "  1.50  state: Ann: 4 cards, 0 points, hand 5H JD 5D 4D",
        "  1.50  state: Bob: 6 cards, 0 points",
    ]


def test_the_same_file_prints_the_same_bytes_every_time() -> None:
    first = audiospoons("replay", str(POWERS), "--listener", "Bob")
    second = audiospoons("replay", str(POWERS), "--listener", "Bob")
    assert first.returncode == 0, first.stderr
    assert first.stdout == second.stdout
    assert "  6.00  You draw the two of diamonds, and have 5.\n" in first.stdout


def test_spoken_as_text_a_razz_replay_prints_only_what_is_said(tmp_path: Path) -> None:
    path = tmp_path / "game.toml"
    path.write_text(textwrap.dedent(A_KING), encoding="utf-8")
    result = audiospoons("replay", str(path), "--listener", "Bob", "--speak", "--speech", "text",
                         extra_env={"SDL_AUDIODRIVER": "dummy"})
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines() == [
        "Razz Spoons: you against Ann and Cat.",
        "Round 1. Cat deals. You have 3 cards. 2 spoons on the table.",
        "Your cards. Diamonds: a five and a six. Spades: a king.",
        "The top card is the seven of hearts.",
        "Cat is choosing the Razzing Phrase.",
        "The Razzing Phrase is Pickles!",
        "Ann's turn: the top card is the seven of hearts.",
        "Ann plays the king of hearts; 2 cards left.",
        "Ann aims the king at you: say the phrase and take 2 cards, or bounce it back with a king.",
        "You play the king of spades; 2 cards left.",
        "You bounce the king back to Ann: 3 cards.",
        "Ann: Pickles!",
        "Ann draws 3 cards, and has 5.",
        "Your turn: the top card is the king of spades.",
    ]


def test_listening_plays_a_razz_game_at_its_moments() -> None:
    scenario = parse_scenario(textwrap.dedent(A_KING))
    assert isinstance(scenario, RazzScenario)
    now = [0.0]
    played: list[tuple[float, str]] = []

    class Sounds:
        sound_volume = speech_volume = 1.0
        mono = False

        def play(self, cue: Cue) -> None:
            played.append((now[0], cue.name))

    def sleep(seconds: float) -> None:
        now[0] += seconds

    stream = io.StringIO()
    listen(scenario.new_game(), scenario.script, 1, KEYBOARDS[scenario.game],
           speaker=Speaker(TextOutput(stream)),
           sounds=Sounds(), lang="en", verbosity=Verbosity.FULL, clock=lambda: now[0],
           sleep=sleep, length=lambda name: 0.0)
    assert played == [(0.0, "deal"), (0.5, "phrase"), (1.0, "card-out"), (1.0, "king"),
                      (2.0, "card-out"), (2.0, "king"), (3.0, "phrase"), (3.0, "card-in")]
    assert stream.getvalue().splitlines()[-1] == "Your turn: the top card is the king of spades."


def test_game_spoons_is_the_classic_game_as_before(replay: Replay) -> None:
    classic = SCENARIOS / "seed000_single_selection.toml"
    text = classic.read_text(encoding="utf-8").replace("[table]\n", "[table]\ngame = \"spoons\"\n")
    assert text != classic.read_text(encoding="utf-8")
    assert replay(text, "--listener", "Chris") == replay(classic, "--listener", "Chris")


# --------------------------------------------------------------------- files that cannot be played

BASE = """\
[options]
round_pause = 1
[table]
game = "razz"
players = ["Ann", "Bob", "Cat"]
starter = "7H"
[table.hands]
Ann = ["8H", "KS", "3C"]
[script]
lines = ["0.5 Ann choose Hi", "1.0 Bob play 8H hearts"]
"""

COMMANDS = ("the commands are play CARD, play KING NAME, play EIGHT SUIT, draw, keep, phrase,"
            " choose PHRASE, grab, grab from T, announce and razz NAME")
NOT_A_CARD = ("is not a card of Razz Spoons' two standard packs: write a rank (A, 2 to 10, J, Q,"
              " K) and a suit (C, D, H, S), as in 10H or QS")


def test_the_base_of_the_malformed_files_plays(replay: Replay) -> None:
    assert "  1.00  refused: Bob play 8H hearts: Bob does not hold the 8H" in replay(BASE)


def test_script_words_are_read_in_any_case_and_an_eight_names_its_suit_by_letter_or_name() -> None:
    players = ("Ann", "Bob")
    for word, suit in (("c", "C"), ("D", "D"), ("Hearts", "H"), ("SPADES", "S")):
        assert parse_razz_command(players, 1, ("PLAY", "8h", word)) == PlayCard(
            1, parse_card("8H"), suit=suit)
    assert parse_razz_command(players, 0, ("play", "KH", "bob")) == PlayCard(
        0, parse_card("KH"), target=1)
    assert parse_razz_command(players, 0, ("grab", "FROM", "1.25")) == GrabSpoon(0, 1.25)
    assert parse_razz_command(players, 1, ("choose", "Oh", "no!")) == ChoosePhrase(1, "Oh no!")


@pytest.mark.parametrize(("old", "new", "message"), [
    ('game = "razz"', 'game = "poker"',
     "line 4: game must be \"spoons\" (the classic game), \"razz\" (Razz Spoons) or"
     " \"slapjack\" (Slapjack), not 'poker'"),
    ('starter = "7H"', 'starter = "7H"\nlate_window = 2',
     "line 7: late_window must be seconds from 0 to 1"),
    ("Bob play 8H hearts", "Bob fold",
     f"line 10: '1.0 Bob fold': 'fold' is not a command; {COMMANDS}"),
    ("Bob play 8H hearts", "Bob grab 1",
     f"line 10: '1.0 Bob grab 1': 'grab 1' is not a command; {COMMANDS}"),
    ("Bob play 8H hearts", "Bob play 8H purple",
     "line 10: '1.0 Bob play 8H purple': 'purple' is not a suit: an Eight names C, D, H or S (or"
     " clubs, diamonds, hearts or spades)"),
    ("Bob play 8H hearts", "Bob play KS Zed",
     "line 10: '1.0 Bob play KS Zed': there is no player 'Zed'"),
    ("Bob play 8H hearts", "Bob play QK", f"line 10: '1.0 Bob play QK': 'QK' {NOT_A_CARD}"),
    ("Bob play 8H hearts", "Bob grab from soon",
     "line 10: '1.0 Bob grab from soon': from takes a time in seconds, not 'soon'"),
    ("round_pause = 1", 'grabbing = "reaction"',
     "line 2: [options]: there is no option 'grabbing'; the options are: end, end_at,"
     " phrase_window, let_players_err, turn_time_limit, grab_time_limit, round_pause"),
    ("round_pause = 1", "phrase_window = 0.5",
     "line 2: [options]: phrase_window must be 1 or more, not 0.5"),
    ('"3C"', '"8H", "8H"', "this table cannot be played: the deal names the 8H 3 times; two packs"
     " hold 2"),
    ('"3C"', '"JOKER"', f"line 8: Ann: 'JOKER' {NOT_A_CARD}"),
    ('["8H", "KS", "3C"]', "[]", "line 8: Ann: a hand holds one card or more"),
    ('starter = "7H"', 'starter = ["7H"]', 'line 6: starter must be one card such as "7H"'),
    ('starter = "7H"', 'starters = "7H"', "line 6: unknown key 'starters' in [table]"),
    ('"Cat"]', '"Cat", "D", "E", "F", "G", "H", "I", "J", "K"]',
     "line 5: Razz Spoons is for 2 to 10 players, not 11"),
])
def test_a_malformed_razz_file_names_the_line_and_exits_2(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], old: str, new: str,
        message: str) -> None:
    assert old in BASE
    path = tmp_path / "bad.toml"
    path.write_text(BASE.replace(old, new, 1), encoding="utf-8")
    assert main(["replay", str(path), "--lang", "en"]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err == f"audiospoons replay: {path}: {message}\n"
