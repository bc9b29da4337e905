"""How long each line of Slapjack stays worth saying, as its announcer gives it to seat 1 of a
bot game."""

from __future__ import annotations

from audiospoons.games.registry import GAMES
from audiospoons.replay.transcript import heard
from audiospoons.simulate import bot_game_script
from audiospoons.voice.announcer import Utterance, Verbosity
from audiospoons.voice.pace import FLOW_LIFETIME


def test_a_card_is_news_until_the_next_and_a_jack_waits_as_long_as_it_takes() -> None:
    spec = GAMES["slapjack"]
    options, _ = spec.read_options({})
    rules, script = bot_game_script(4, options, 4, game=spec)
    lines = [said for _, said in heard(rules, script, 0, spec, verbosity=Verbosity.BRIEF)
             if isinstance(said, Utterance)]
    turned = [said for said in lines if said.text.startswith("A ") and "jack" not in said.text]
    jacks = [said for said in lines if said.text.endswith("Slap!")]
    outs = [said for said in lines if said.text.endswith(" is out.")]
    turns = [said for said in lines if said.text == "Your turn."]
    assert turned and jacks and outs and turns
    assert all(said.pace.topic == "pile" and said.pace.lifetime == FLOW_LIFETIME
               for said in turned)
    assert all(said.urgent and said.pace.lifetime is None for said in jacks)
    assert all(said.pace.lifetime is None and said.pace.group is not None for said in outs)
    assert all(said.pace.topic == "turn" and said.pace.lifetime is None for said in turns)


def test_at_brief_a_card_is_its_rank_and_your_own_card_ends_your_turn_s_line() -> None:
    spec = GAMES["slapjack"]
    options, _ = spec.read_options({})
    rules, script = bot_game_script(4, options, 4, game=spec)
    lines = [(at, said) for at, said in heard(rules, script, 0, spec,
                                              verbosity=Verbosity.BRIEF)
             if isinstance(said, Utterance)]
    texts = [said.text for _, said in lines]
    assert texts[:4] == ["Slapjack: you against Britany, Chris, and Debra. You have 13 cards.",
                         "A six.", "A four.", "An ace."]
    own = [said for at, said in lines if said.pace.retracts == ("turn",)]
    assert own and all(said.text.startswith(("A ", "An ")) for said in own)
    rules, script = bot_game_script(4, options, 4, game=spec)
    full = [said.text for _, said in heard(rules, script, 0, spec) if isinstance(said, Utterance)]
    assert full[1:3] == ["Britany's turn.", "Britany: the six of diamonds."]
