"""Pig, Donkey and Tongue (seed 002): no spoons. A player with a set gives a silent signal,
heard as a sound from their seat; everyone copies it; the last to copy loses a life, and the
word sets the lives."""

from __future__ import annotations

import textwrap

import pytest
from conftest import replay

from audiospoons.engine.errors import InvalidOptions
from audiospoons.games.spoons.keyboard.optionitems import table_problem
from audiospoons.games.spoons.rules.options import Options
from audiospoons.games.spoons.rules.presets import preset_named, with_preset
from audiospoons.replay.scenario import parse_scenario
from audiospoons.replay.transcript import transcript
from audiospoons.voice.i18n import messages

PIG = """
    [options]
    preset = "pig"
    [table]
    players = ["Andrew", "Chris", "Ellen", "Debra"]
    dealer = "Debra"
    seed = 4
    [table.hands]
    Andrew = ["7H", "7C", "7D", "7S"]
    [script]
    lines = [
        "0.20 Chris signal",
        "0.50 Andrew signal",
        "0.80 Ellen take",
        "0.90 Ellen signal",
        "1.00 Ellen signal",
        "1.20 Chris grab",
        "1.30 Chris signal",
    ]
"""


def test_the_signal_is_a_sound_the_copies_are_said_and_the_last_takes_a_letter() -> None:
    """Andrew's signal is only heard, from his seat; Ellen and Chris copy; Debra, last, takes
    the P of PIG. No spoon is ever counted."""
    assert replay(PIG) == [
        '  0.00  Spoons for Andrew, Chris, Ellen, and Debra.',
        '  0.00  [sound deal pan -1.00]',
        '  0.00  Round 1. Debra deals.',
        '  0.20  refused: Chris signal: Chris has no set, and nobody has given the signal yet',
        '  0.50  [sound signal pan +1.00]',
        '  0.80  refused: Ellen take: the signal is up: card play has stopped, copy it',
        '  0.90  [sound signal pan -0.33]',
        '  0.90  Ellen copied the signal!',
        '  1.00  refused: Ellen signal: Ellen has already copied the signal',
        '  1.20  refused: Chris grab: there are no spoons in this game: give or copy the signal',
        '  1.30  [sound signal pan +0.33]',
        '  1.30  Chris copied the signal!',
        '  1.30  [sound letter pan -1.00]',
        '  1.30  Debra takes a letter, and has P.',
        '  1.30  [sound round-over pan +0.00]',
        '  1.30  Andrew had four sevens.',
        '  4.30  [sound deal pan +1.00]',
        '  4.30  Round 2. Andrew deals.',
        '  4.30  state: round 2, cards in play, Andrew deals',
        '  4.30  state: Andrew: 4 cards, 0 waiting',
        '  4.30  state: Chris: 4 cards, 0 waiting',
        '  4.30  state: Ellen: 4 cards, 0 waiting',
        '  4.30  state: Debra: 4 cards, 0 waiting, letters P',
    ]


def test_the_signaller_and_the_last_to_copy_hear_it_in_the_second_person() -> None:
    andrew = replay(PIG, "Andrew")
    assert andrew[7:9] == ['  0.50  [sound signal pan +0.00]', '  0.50  You give the signal!']
    assert '  1.30  You had four sevens.' in andrew
    debra = replay(PIG, "Debra")
    assert '  0.50  [sound signal pan -1.00]' in debra
    assert '  1.30  You take a letter, and have P.' in debra


def test_in_spanish_the_signal_is_a_senal() -> None:

    lines = transcript(parse_scenario(textwrap.dedent(PIG)), "Ellen", lang="es")
    assert '  0.90  ¡Copiaste la señal!' in lines
    assert '  1.30  ¡Chris copió la señal!' in lines


def test_a_signal_without_a_set_costs_what_premature_grabbing_says() -> None:
    scenario = PIG.replace('preset = "pig"', 'preset = "pig"\n    premature = "letter"')
    assert replay(scenario)[3:7] == [
        '  0.20  [sound signal pan +0.33]',
        '  0.20  Chris gave the signal without a set!',
        '  0.20  [sound letter pan +0.33]',
        '  0.20  Chris takes a letter, and has P.',
    ]


def test_donkey_and_tongue_have_six_lives_and_pig_three() -> None:
    assert preset_named("pig").options().word == "PIG"
    for name in ("donkey", "tongue"):
        options = preset_named(name).options()
        assert options.signal and len(options.word) == 6


@pytest.mark.parametrize(("values", "english"), [
    ({"signal": "true", "grabbing": "realtime"},
     "the signal has no spoons to number: choose reaction only grabbing."),
    ({"signal": "true", "reaction_style": "mash"},
     "a signal is copied once: choose one press as the reaction style."),
])
def test_a_signal_with_numbered_spoons_or_mashing_is_refused(values: dict[str, str],
                                                             english: str) -> None:
    with pytest.raises(InvalidOptions):
        Options.from_mapping(values)
    assert table_problem(values, 4, messages("en")) == english


def test_feints_and_the_signal_do_not_mix() -> None:
    values = {"preset": "pig", "premature": "bluff"}
    with pytest.raises(InvalidOptions, match="no reach for the spoons to feint"):
        Options.from_mapping(with_preset(values))
    problem = table_problem({k: str(v) for k, v in with_preset(values).items()}, 4,
                            messages("es"))
    assert problem is not None and problem.startswith("la señal no tiene")


def test_a_signal_too_soon_is_refused_without_locking_the_signal() -> None:
    """Chris's signal before anyone has a set is refused and costs nothing; a copy 0.05 s
    after Andrew's signal is too soon to be a reaction; his next, 0.1 s after that, counts."""
    scenario = PIG.replace('"0.20 Chris signal",', '"0.20 Chris signal", "0.45 Chris signal",'
                           ).replace('"0.50 Andrew signal",', '"0.50 Andrew signal",'
                                     ' "0.55 Chris signal", "0.65 Chris signal",')
    assert replay(scenario)[3:10] == [
        '  0.20  refused: Chris signal: Chris has no set, and nobody has given the signal yet',
        '  0.45  refused: Chris signal: Chris has no set, and nobody has given the signal yet',
        '  0.50  [sound signal pan +1.00]',
        '  0.55  refused: Chris signal: Chris pressed too soon to be reacting: a signal counts 0.1'
        ' s or more after it may be copied and after their last press',
        '  0.65  [sound signal pan +0.33]',
        '  0.65  Chris copied the signal!',
        '  0.80  refused: Ellen take: the signal is up: card play has stopped, copy it',
    ]


def test_pigs_state_of_play_speaks_of_the_signal_not_of_spoons() -> None:
    scenario = PIG.replace('preset = "pig"', 'preset = "pig"\n    grab_time_limit = 0').replace(
        '"1.00 Ellen signal",', '').replace('"1.20 Chris grab",', '').replace(
        '"1.30 Chris signal",', '')
    assert replay(scenario)[-5:] == [
        '  0.90  state: round 1, the signal is up, Debra deals',
        '  0.90  state: Andrew: 4 cards, 0 waiting, gave the signal',
        '  0.90  state: Chris: 4 cards, 0 waiting',
        '  0.90  state: Ellen: 4 cards, 0 waiting, copied the signal',
        '  0.90  state: Debra: 4 cards, 0 waiting',
    ]


def test_a_disputed_last_copy_is_said_as_a_signal() -> None:
    scenario = PIG.replace('preset = "pig"', 'preset = "pig"\n    disputed = "void"').replace(
        '"1.30 Chris signal",', '"1.30 Chris signal", "1.3004 Debra signal",')
    lines = replay(scenario)
    assert ('  1.30  Chris and Debra copied the signal together: nobody can tell who was last.'
            in lines)
    assert '  1.30  The round is void, and Debra deals again.' in lines
