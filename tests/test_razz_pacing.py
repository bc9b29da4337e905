"""How long each line of Razz Spoons stays worth saying, as its announcer gives it: a scenario
heard by Ann, line by line."""

from __future__ import annotations

from pathlib import Path

from audiospoons.games.keyboards import KEYBOARDS
from audiospoons.replay.scenario import parse_scenario
from audiospoons.replay.transcript import heard
from audiospoons.voice.announcer import Utterance, Verbosity
from audiospoons.voice.pace import FLOW_LIFETIME

SCENARIO = Path(__file__).parent / "scenarios" / "razz_powers.toml"


def lines_heard_by(name: str, verbosity: Verbosity = Verbosity.BRIEF) -> dict[str, Utterance]:
    scenario = parse_scenario(SCENARIO.read_text())
    return {said.text: said for _, said in heard(
        scenario.new_game(), scenario.script, scenario.seat_of(name), KEYBOARDS[scenario.game],
        verbosity=verbosity) if isinstance(said, Utterance)}


def test_moves_and_others_news_are_said_only_while_fresh() -> None:
    lines = lines_heard_by("Ann")
    for text in ("Bob: nine of hearts.", "Bob: Pickles and onions!", "Bob draws 2 cards.",
                 "Bob must say the phrase.", "Cat plays the six of diamonds; 1 card left.",
                 "You say: Pickles and onions!"):
        assert lines[text].pace.lifetime == FLOW_LIFETIME, text
    assert lines["Bob: nine of hearts."].pace.topic == "move:1"
    assert lines["You say: Pickles and onions!"].pace.topic == "mine"


def test_what_the_listener_must_act_on_waits_as_long_as_it_takes() -> None:
    lines = lines_heard_by("Ann")
    for text in ("You draw 2 cards: four of spades and four of clubs. You have 4.",
                 "Cat aims the king at you: say the phrase and take 2 cards, or bounce it back "
                 "with a king.", "Your turn: king of hearts.",
                 "Cat has one card left!", "Say the phrase!"):
        assert lines[text].pace.lifetime is None, text
    assert lines["Cat wins round 1."].pace.retracts == ("round", "hand", "turn")


def test_the_listener_s_turn_goes_before_the_flow_and_puts_the_table_s_news_out_of_date(
        ) -> None:
    turn = lines_heard_by("Ann")["Your turn: king of hearts."]
    assert not turn.urgent and turn.pace.before_flow and turn.pace.topic == "turn"
    assert turn.pace.retracts == ("count", "direction", "move:0", "move:1", "move:2")


def test_a_last_card_announced_goes_unsaid_once_its_player_has_drawn() -> None:
    lines = lines_heard_by("Ann")
    assert lines["Cat has one card left!"].pace.topic == "last:2"
    assert lines["Bob draws a card."].pace.retracts == ("last:1",)
    assert lines["You draw 2 cards: four of spades and four of clubs. You have 4."
                 ].pace.retracts == ("last:0", "mine")


def test_others_grabs_that_wait_together_are_one_line() -> None:
    lines = lines_heard_by("Ann", Verbosity.FULL)
    grab = lines["Bob grabbed a spoon!"]
    assert grab.urgent and grab.pace.group is not None
    assert grab.pace.group.join(("Bob", "Cat")) == "Bob and Cat grabbed spoons!"
