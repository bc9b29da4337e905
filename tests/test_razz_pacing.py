"""How long each line of Razz Spoons stays worth saying, as its announcer gives it: a scenario
heard by Ann, line by line."""

from __future__ import annotations

from pathlib import Path

from audiospoons.games.registry import GAMES
from audiospoons.replay.scenario import parse_scenario
from audiospoons.replay.transcript import heard
from audiospoons.voice.announcer import Utterance, Verbosity
from audiospoons.voice.pace import FLOW_LIFETIME

SCENARIO = Path(__file__).parent / "scenarios" / "razz_powers.toml"


def lines_heard_by(name: str) -> dict[str, Utterance]:
    scenario = parse_scenario(SCENARIO.read_text())
    return {said.text: said for _, said in heard(
        scenario.new_game(), scenario.script, scenario.seat_of(name), GAMES[scenario.game],
        verbosity=Verbosity.BRIEF) if isinstance(said, Utterance)}


def test_moves_and_others_turns_are_said_only_while_fresh() -> None:
    lines = lines_heard_by("Ann")
    for text in ("Bob plays the nine of hearts; 3 cards left.", "You play the five of hearts; 2 "
                 "cards left.", "Bob: Pickles and onions!", "Bob draws 2 cards, and has 5.",
                 "Bob must say the phrase."):
        assert lines[text].pace.lifetime == FLOW_LIFETIME, text
    assert lines["Bob's turn."].pace.topic == "turn"
    assert lines["Bob's turn."].pace.lifetime == FLOW_LIFETIME


def test_what_the_listener_must_act_on_waits_as_long_as_it_takes() -> None:
    lines = lines_heard_by("Ann")
    for text in ("You draw 2 cards: four of spades and four of clubs. You have 4.",
                 "Cat aims the king at you: say the phrase and take 2 cards, or bounce it back "
                 "with a king.", "Your turn: the top card is the king of hearts.",
                 "Cat has one card left!", "Say the phrase!"):
        assert lines[text].pace.lifetime is None, text
    assert lines["Your turn: the top card is the king of hearts."].pace.topic == "turn"
    assert lines["Cat wins round 1."].pace.retracts == ("round", "hand", "turn")
