"""Transcript tests of the classic rules: a scenario, and every line a listener hears."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest
from conftest import replay

from audiospoons.replay.scenario import ScenarioError, parse_scenario

A_REACTION = """
    [options]
    grabbing = "reaction"
    scoring = "sudden-death"

    [table]
    players = ["Andrew", "Chris", "Ellen", "Debra"]
    dealer = "Andrew"
    seed = 7
    stock = ["KD", "2C"]
    [table.hands]
    Andrew = ["7H", "7C", "7D", "7S"]

    [script]
    lines = [
        "0.50 Andrew grab",
        "0.90 Chris grab",
        "1.10 Ellen grab",
    ]
"""


B_CHAIN = """
    [options]
    draw = "discard"
    round_pause = 2
    [table]
    players = ["Andrew", "Chris", "Ellen"]
    dealer = "Andrew"
    seed = 3
    stock = ["KD", "2C", "9H"]
    [table.hands]
    Andrew = ["7H", "7C", "7D", "5S"]
    Chris = ["QH", "QC", "3D", "4S"]
    Ellen = ["8H", "8C", "8D", "JS"]
    [script]
    lines = [
        "0.20 Chris take",
        "0.30 Chris draw",
        "0.40 Andrew take",
        "0.60 Andrew pass KD",
        "0.70 Andrew draw",
        "0.80 Andrew pass 2C",
        "1.00 Chris take",
        "1.10 Chris take",
        "1.20 Chris pass KD",
        "1.30 Ellen take",
        "1.40 Ellen pass 2C",
        "1.50 Ellen pass KD",
        "1.60 Ellen take",
        "1.70 Ellen pass JS",
        "1.80 Andrew take",
        "2.0 Andrew pass 9H",
    ]
"""


def test_reaction_only_grabs_go_in_time_order_and_the_last_without_a_spoon_is_out() -> None:
    """Reaction only, sudden death: the set holder's grab starts phase 2 and is heard only as a sound;
    the others' grabs are announced; when the spoons run out the player without one is out."""
    scenario = A_REACTION
    assert replay(scenario) == [
        '  0.00  Spoons for Andrew, Chris, Ellen, and Debra.',
        '  0.00  [sound deal pan +1.00]',
        '  0.00  Round 1. Andrew deals. 3 spoons on the table.',
        '  0.50  [sound spoon pan +1.00]',
        '  0.90  [sound spoon pan +0.33]',
        '  0.90  Chris grabbed a spoon!',
        '  1.10  [sound spoon pan -0.33]',
        '  1.10  Ellen grabbed a spoon!',
        '  1.10  [sound eliminated pan -1.00]',
        '  1.10  Debra is eliminated.',
        '  1.10  [sound round-over pan +0.00]',
        '  1.10  Andrew had four sevens.',
        '  4.10  [sound deal pan +0.33]',
        '  4.10  Round 2. Chris deals. 2 spoons on the table.',
        '  4.10  state: round 2, cards in play, 2 spoons on the table, Chris deals',
        '  4.10  state: Andrew: 4 cards, 0 waiting',
        '  4.10  state: Chris: 4 cards, 0 waiting',
        '  4.10  state: Ellen: 4 cards, 0 waiting',
        '  4.10  state: Debra: out',
    ]


def test_a_listener_hears_their_own_cards_and_you_lines() -> None:
    """The same game as Ellen hears it: her cards at each deal, and "You grabbed a spoon!"."""
    scenario = A_REACTION
    assert replay(scenario, 'Ellen') == [
        '  0.00  Spoons: you against Andrew, Chris, and Debra.',
        '  0.00  [sound deal pan +0.00]',
        '  0.00  Round 1. Andrew deals. 3 spoons on the table.',
        '  0.00  Your cards: five of clubs, six of clubs, ace of spades, and nine of clubs.',
        '  0.50  [sound spoon pan +0.00]',
        '  0.90  [sound spoon pan +1.00]',
        '  0.90  Chris grabbed a spoon!',
        '  1.10  [sound spoon pan +0.00]',
        '  1.10  You grabbed a spoon!',
        '  1.10  [sound eliminated pan -1.00]',
        '  1.10  Debra is eliminated.',
        '  1.10  [sound round-over pan +0.00]',
        '  1.10  Andrew had four sevens.',
        '  4.10  [sound deal pan +1.00]',
        '  4.10  Round 2. Chris deals. 2 spoons on the table.',
        '  4.10  Your cards: jack of diamonds, seven of clubs, ten of hearts, and seven of spades.',
        '  4.10  state: round 2, cards in play, 2 spoons on the table, Chris deals',
        '  4.10  state: Andrew: 4 cards, 0 waiting',
        '  4.10  state: Chris: 4 cards, 0 waiting',
        '  4.10  state: Ellen: 4 cards, 0 waiting, hand JD 7C 10H 7S',
        '  4.10  state: Debra: out',
    ]


def test_discard_variant_passes_cards_along_the_chain_and_only_the_dealer_draws() -> None:
    """draw = discard: only the dealer draws; each pass goes to the next seat's waiting cards, picked
    up in arrival order; the last seat discards to the pile; the dealer draws again after passing."""
    scenario = B_CHAIN
    assert replay(scenario, 'Chris') == [
        '  0.00  Spoons: you against Andrew and Ellen.',
        '  0.00  [sound deal pan +1.00]',
        '  0.00  Round 1. Andrew deals. 2 spoons on the table.',
        '  0.00  Your cards: queen of hearts, queen of clubs, three of diamonds, and four of spades.',
        '  0.20  refused: Chris take: no card is waiting for Chris',
        '  0.30  refused: Chris draw: only the dealer draws from the stock; Chris takes the cards passed to them',
        '  0.40  Andrew drew a card.',
        '  0.60  [sound card-in pan +1.00]',
        '  0.60  Andrew passed you a card.',
        '  0.70  Andrew drew a card.',
        '  0.80  [sound card-in pan +1.00]',
        '  0.80  Andrew passed you a card.',
        '  1.00  You picked up the king of diamonds.',
        '  1.10  refused: Chris take: Chris holds 5 cards: pass one first',
        '  1.20  [sound card-out pan -1.00]',
        '  1.20  You passed the king of diamonds to Ellen.',
        '  1.30  Ellen picked up a card.',
        '  1.40  refused: Ellen pass 2C: Ellen does not hold the 2C',
        '  1.50  Ellen discarded a card.',
        '  1.60  refused: Ellen take: no card is waiting for Ellen',
        '  1.70  refused: Ellen pass JS: Ellen holds 4 cards: pick one up first',
        '  1.80  Andrew drew a card.',
        '  2.00  [sound card-in pan +1.00]',
        '  2.00  Andrew passed you a card.',
        '  2.00  state: round 1, cards in play, 2 spoons on the table, Andrew deals',
        '  2.00  state: Andrew: 4 cards, 0 waiting',
        '  2.00  state: Chris: 4 cards, 2 waiting, hand QH QC 3D 4S',
        '  2.00  state: Ellen: 4 cards, 0 waiting',
    ]


def test_a_spectator_never_hears_a_card() -> None:
    """The chain as a spectator hears it: who passed to whom, never which card."""
    scenario = B_CHAIN
    assert replay(scenario) == [
        '  0.00  Spoons for Andrew, Chris, and Ellen.',
        '  0.00  [sound deal pan +1.00]',
        '  0.00  Round 1. Andrew deals. 2 spoons on the table.',
        '  0.20  refused: Chris take: no card is waiting for Chris',
        '  0.30  refused: Chris draw: only the dealer draws from the stock; Chris takes the cards passed to them',
        '  0.40  Andrew drew a card.',
        '  0.60  Andrew passed a card to Chris.',
        '  0.70  Andrew drew a card.',
        '  0.80  Andrew passed a card to Chris.',
        '  1.00  Chris picked up a card.',
        '  1.10  refused: Chris take: Chris holds 5 cards: pass one first',
        '  1.20  Chris passed a card to Ellen.',
        '  1.30  Ellen picked up a card.',
        '  1.40  refused: Ellen pass 2C: Ellen does not hold the 2C',
        '  1.50  Ellen discarded a card.',
        '  1.60  refused: Ellen take: no card is waiting for Ellen',
        '  1.70  refused: Ellen pass JS: Ellen holds 4 cards: pick one up first',
        '  1.80  Andrew drew a card.',
        '  2.00  Andrew passed a card to Chris.',
        '  2.00  state: round 1, cards in play, 2 spoons on the table, Andrew deals',
        '  2.00  state: Andrew: 4 cards, 0 waiting',
        '  2.00  state: Chris: 4 cards, 2 waiting',
        '  2.00  state: Ellen: 4 cards, 0 waiting',
    ]


def test_premature_eliminate_takes_the_grabber_out_and_a_spoon_with_them() -> None:
    """premature = eliminate: out at once, one spoon leaves with them, and the round goes on; a set
    held from the deal may be grabbed on; card play stops once the spoons are going; the next
    dealer is the next active seat to the left."""
    scenario = """
        [options]
        premature = "eliminate"
        grab_time_limit = 2
        round_pause = 2
        [table]
        players = ["Andrew", "Chris", "Ellen", "Debra"]
        dealer = "Andrew"
        seed = 3
        stock = ["KD", "2C", "9H", "9S"]
        [table.hands]
        Andrew = ["7H", "7C", "7D", "5S"]
        Chris = ["QH", "QC", "3D", "4S"]
        Ellen = ["8H", "8C", "8D", "JS"]
        Debra = ["AH", "AC", "AD", "AS"]
        [script]
        lines = [
            "0.20 Chris grab",
            "0.30 Chris take",
            "0.40 Andrew take",
            "0.50 Andrew pass KD",
            "0.90 Debra grab",
            "1.00 Andrew take",
            "1.40 Ellen grab",
        ]
    """
    assert replay(scenario, 'Andrew') == [
        '  0.00  Spoons: you against Chris, Ellen, and Debra.',
        '  0.00  [sound deal pan +0.00]',
        '  0.00  Round 1. You deal. 3 spoons on the table.',
        '  0.00  Your cards: seven of hearts, seven of clubs, seven of diamonds, and five of spades.',
        '  0.20  [sound spoon pan -1.00]',
        '  0.20  Chris reached for a spoon without a set!',
        '  0.20  [sound eliminated pan -1.00]',
        '  0.20  Chris is eliminated.',
        '  0.20  Now 2 spoons on the table.',
        '  0.30  refused: Chris take: Chris is out of the game',
        '  0.40  [sound card-in pan +0.50]',
        '  0.40  You drew the king of diamonds.',
        '  0.50  [sound card-out pan -0.50]',
        '  0.50  You discarded the king of diamonds.',
        '  0.90  [sound spoon pan +1.00]',
        '  1.00  refused: Andrew take: the spoons are going: card play has stopped, grab a spoon',
        '  1.40  [sound spoon pan +0.00]',
        '  1.40  Ellen grabbed a spoon!',
        '  1.40  [sound eliminated pan +0.00]',
        '  1.40  You are eliminated.',
        '  1.40  [sound round-over pan +0.00]',
        '  1.40  Debra had four aces. The first grab was fair.',
        '  3.40  [sound deal pan +0.00]',
        '  3.40  Round 2. Ellen deals. 1 spoon on the table.',
        '  3.40  state: round 2, cards in play, 1 spoon on the table, Ellen deals',
        '  3.40  state: Andrew: out',
        '  3.40  state: Chris: out',
        '  3.40  state: Ellen: 4 cards, 0 waiting',
        '  3.40  state: Debra: 4 cards, 0 waiting',
    ]


def test_when_the_dealer_goes_out_mid_round_the_stock_passes_left() -> None:
    """draw = discard, premature = eliminate: the dealer grabs early and goes out; the next player to
    the left takes over the stock, and everyone hears it."""
    scenario = """
        [options]
        draw = "discard"
        premature = "eliminate"
        [table]
        players = ["Andrew", "Chris", "Ellen", "Debra"]
        dealer = "Andrew"
        seed = 21
        [script]
        lines = [
            "0.30 Chris draw",
            "0.40 Andrew grab",
            "0.60 Andrew draw",
            "0.70 Chris draw",
        ]
    """
    assert replay(scenario, 'Chris') == [
        '  0.00  Spoons: you against Andrew, Ellen, and Debra.',
        '  0.00  [sound deal pan +1.00]',
        '  0.00  Round 1. Andrew deals. 3 spoons on the table.',
        '  0.00  Your cards: jack of clubs, ace of hearts, six of spades, and queen of spades.',
        '  0.30  refused: Chris draw: only the dealer draws from the stock; Chris takes the cards passed to them',
        '  0.40  [sound spoon pan +1.00]',
        '  0.40  Andrew reached for a spoon without a set!',
        '  0.40  [sound eliminated pan +1.00]',
        '  0.40  Andrew is eliminated.',
        '  0.40  The stock passes on: you deal now.',
        '  0.40  Now 2 spoons on the table.',
        '  0.60  refused: Andrew draw: Andrew is out of the game',
        '  0.70  [sound card-in pan +0.50]',
        '  0.70  You drew the jack of diamonds.',
        '  0.70  state: round 1, cards in play, 2 spoons on the table, Chris deals',
        '  0.70  state: Andrew: out',
        '  0.70  state: Chris: 5 cards, 0 waiting, hand JC AH 6S QS JD',
        '  0.70  state: Ellen: 4 cards, 0 waiting',
        '  0.70  state: Debra: 4 cards, 0 waiting',
    ]


def test_premature_none_refuses_the_grab_with_the_reason() -> None:
    """The default: a grab with no set before anyone has grabbed is refused, and so are commands that
    do not fit this game."""
    scenario = """
        [table]
        players = ["Andrew", "Chris", "Ellen"]
        seed = 5
        [table.hands]
        Andrew = ["7H", "7C", "7D", "5S"]
        [script]
        lines = [
            "0.20 Andrew grab",
            "0.30 Andrew react",
            "0.40 Andrew grab 2",
            "0.50 Andrew feint",
            "0.60 Andrew signal",
        ]
    """
    assert replay(scenario) == [
        '  0.00  Spoons for Andrew, Chris, and Ellen.',
        '  0.00  [sound deal pan +1.00]',
        '  0.00  Round 1. Andrew deals. 2 spoons on the table.',
        '  0.20  refused: Andrew grab: Andrew has no set, and nobody has taken a spoon yet',
        '  0.30  refused: Andrew react: there is no reaction test now',
        '  0.40  refused: Andrew grab 2: spoons are not numbered in reaction-only grabbing: grab without a number',
        '  0.50  refused: Andrew feint: feints need premature grabbing set to bluff',
        '  0.60  refused: Andrew signal: there is no signal in this game: it is played with spoons',
        '  0.60  state: round 1, cards in play, 2 spoons on the table, Andrew deals',
        '  0.60  state: Andrew: 4 cards, 0 waiting',
        '  0.60  state: Chris: 4 cards, 0 waiting',
        '  0.60  state: Ellen: 4 cards, 0 waiting',
    ]


TOO_SOON = ("pressed too soon to be reacting: a grab counts 0.1 s or more after the spoons are"
            " free to take and after their last press")


def test_a_refused_early_grab_does_not_lock_out_a_grab_made_once_the_spoons_are_going() -> None:
    """premature = none: Cat presses before anyone has a set and is refused, with no penalty;
    once Ann has taken the first spoon, Cat's grab 0.3 s later takes a spoon, and Bob, who did
    not grab, is out."""
    scenario = """
        [table]
        players = ["Ann", "Bob", "Cat"]
        seed = 4
        [table.hands]
        Ann = ["7H", "7C", "7D", "7S"]
        [script]
        lines = ["0.30 Cat grab", "0.50 Ann grab", "0.80 Cat grab"]
    """
    assert replay(scenario) == [
        '  0.00  Spoons for Ann, Bob, and Cat.',
        '  0.00  [sound deal pan +1.00]',
        '  0.00  Round 1. Ann deals. 2 spoons on the table.',
        '  0.30  refused: Cat grab: Cat has no set, and nobody has taken a spoon yet',
        '  0.50  [sound spoon pan +1.00]',
        '  0.80  [sound spoon pan -1.00]',
        '  0.80  Cat grabbed a spoon!',
        '  0.80  [sound eliminated pan +0.00]',
        '  0.80  Bob is eliminated.',
        '  0.80  [sound round-over pan +0.00]',
        '  0.80  Ann had four sevens.',
        '  3.80  [sound deal pan -1.00]',
        '  3.80  Round 2. Cat deals. 1 spoon on the table.',
        '  3.80  state: round 2, cards in play, 1 spoon on the table, Cat deals',
        '  3.80  state: Ann: 4 cards, 0 waiting',
        '  3.80  state: Bob: out',
        '  3.80  state: Cat: 4 cards, 0 waiting',
    ]


HELD_KEY = """
    [table]
    players = ["Ann", "Bob", "Cat", "Dan"]
    seed = 4
    [table.hands]
    Ann = ["7H", "7C", "7D", "7S"]
    [script]
    lines = [
        "0.45 Cat grab",
        "0.48 Cat grab",
        "0.50 Ann grab",
        "0.53 Cat grab",
        "0.56 Cat grab",
        "0.59 Cat grab",
        "0.65 Bob grab",
        "0.75 Cat grab",
    ]
"""


def test_a_held_or_mashed_grab_key_wins_nothing_until_its_presses_could_be_a_reaction() -> None:
    """A press less than 0.1 s after the first spoon, or after the presser's own last press, is
    too soon to be a reaction and is not a grab: Cat's key, pressed every 0.03 s as a held key
    repeats, takes nothing while Bob, reacting 0.15 s after the first spoon, does; Cat's press
    after a pause counts. Her presses before the first spoon carry nothing over."""
    assert replay(HELD_KEY) == [
        '  0.00  Spoons for Ann, Bob, Cat, and Dan.',
        '  0.00  [sound deal pan +1.00]',
        '  0.00  Round 1. Ann deals. 3 spoons on the table.',
        '  0.45  refused: Cat grab: Cat has no set, and nobody has taken a spoon yet',
        '  0.48  refused: Cat grab: Cat has no set, and nobody has taken a spoon yet',
        '  0.50  [sound spoon pan +1.00]',
        f'  0.53  refused: Cat grab: Cat {TOO_SOON}',
        f'  0.56  refused: Cat grab: Cat {TOO_SOON}',
        f'  0.59  refused: Cat grab: Cat {TOO_SOON}',
        '  0.65  [sound spoon pan +0.33]',
        '  0.65  Bob grabbed a spoon!',
        '  0.75  [sound spoon pan -0.33]',
        '  0.75  Cat grabbed a spoon!',
        '  0.75  [sound eliminated pan -1.00]',
        '  0.75  Dan is eliminated.',
        '  0.75  [sound round-over pan +0.00]',
        '  0.75  Ann had four sevens.',
        '  3.75  [sound deal pan +0.33]',
        '  3.75  Round 2. Bob deals. 2 spoons on the table.',
        '  3.75  state: round 2, cards in play, 2 spoons on the table, Bob deals',
        '  3.75  state: Ann: 4 cards, 0 waiting',
        '  3.75  state: Bob: 4 cards, 0 waiting',
        '  3.75  state: Cat: 4 cards, 0 waiting',
        '  3.75  state: Dan: out',
    ]


def test_a_press_made_too_soon_is_not_a_grab_however_late_it_arrives() -> None:
    """Across a network the relay dates a press: Bob's, made 0.05 s after the first spoon and
    arriving at 0.65, is as much too soon as if it had arrived at once."""
    lines = replay(HELD_KEY.replace('"0.65 Bob grab"', '"0.65 Bob grab from 0.55"'))
    assert lines[9] == f'  0.65  refused: Bob grab from 0.55: Bob {TOO_SOON}'


TWO_SETS = (Path(__file__).parent / "scenarios" / "set_holders_grab_together.toml").read_text()
"""Ann and Bob, both dealt four of a kind, grab at once (its transcript beside it is checked by
``test_scenario_files``)."""


@pytest.mark.parametrize("options", [
    'signal = true\nscoring = "letters"\nword = "PIG"',
    'teams = true',
    'grabbing = "selection"',
    'grabbing = "realtime"',
])
def test_a_set_holder_is_never_refused_as_too_soon_in_any_way_of_playing(options: str) -> None:
    """The same in Pig, teams and with numbered spoons: a press by a player whose own hand is a
    set is never refused as too soon to be a reaction."""
    scenario = TWO_SETS.replace('scoring = "letters"', options)
    if "grabbing" in options:
        scenario = scenario.replace('"0.50 Ann grab", "0.50 Bob grab"',
                                    '"0.50 Ann grab 1", "0.50 Bob grab 2"')
    if "signal" in options:
        scenario = scenario.replace(" grab", " signal")
    lines = replay(scenario)
    assert not [line for line in lines if "too soon" in line]
    assert not [line for line in lines if "refused: Bob" in line]


def test_a_set_holders_press_dated_across_a_network_is_not_too_soon() -> None:
    """Online the relay dates a press: Bob's, made at the moment Ann grabbed and arriving 0.05 s
    later, takes a spoon because his own hand is a set."""
    lines = replay(TWO_SETS.replace('"0.50 Bob grab"', '"0.55 Bob grab from 0.50"'))
    assert lines[4:6] == ['  0.55  [sound spoon pan +0.33]', '  0.55  Bob grabbed a spoon!']


def test_premature_letter_costs_a_letter_and_the_whole_word_is_out() -> None:
    """premature = letter with letters scoring on PIG: each false grab is a letter."""
    scenario = """
        [options]
        premature = "letter"
        scoring = "letters"
        word = "PIG"
        [table]
        players = ["Andrew", "Chris", "Ellen"]
        seed = 5
        [table.hands]
        Andrew = ["7H", "7C", "7D", "5S"]
        [script]
        lines = [
            "0.20 Chris grab",
            "0.40 Chris grab",
            "0.60 Chris grab",
            "0.70 Chris grab",
        ]
    """
    assert replay(scenario) == [
        '  0.00  Spoons for Andrew, Chris, and Ellen.',
        '  0.00  [sound deal pan +1.00]',
        '  0.00  Round 1. Andrew deals. 2 spoons on the table.',
        '  0.20  [sound spoon pan +0.00]',
        '  0.20  Chris reached for a spoon without a set!',
        '  0.20  [sound letter pan +0.00]',
        '  0.20  Chris takes a letter, and has P.',
        '  0.40  [sound spoon pan +0.00]',
        '  0.40  Chris reached for a spoon without a set!',
        '  0.40  [sound letter pan +0.00]',
        '  0.40  Chris takes a letter, and has P I.',
        '  0.60  [sound spoon pan +0.00]',
        '  0.60  Chris reached for a spoon without a set!',
        '  0.60  [sound letter pan +0.00]',
        '  0.60  Chris takes a letter, and has P I G.',
        '  0.60  [sound eliminated pan +0.00]',
        '  0.60  Chris is eliminated.',
        '  0.60  Now 1 spoon on the table.',
        '  0.70  refused: Chris grab: Chris is out of the game',
        '  0.70  state: round 1, cards in play, 1 spoon on the table, Andrew deals',
        '  0.70  state: Andrew: 4 cards, 0 waiting',
        '  0.70  state: Chris: out',
        '  0.70  state: Ellen: 4 cards, 0 waiting',
    ]


def test_premature_void_redeals_the_same_round_with_the_same_dealer() -> None:
    """premature = void: every spoon goes back and the same dealer deals the same round again
    after the pause: it is announced as that round again, not as the next."""
    scenario = """
        [options]
        premature = "void"
        scoring = "letters"
        round_pause = 1.5
        [table]
        players = ["Andrew", "Chris", "Ellen"]
        dealer = "Chris"
        seed = 5
        [table.hands]
        Andrew = ["7H", "7C", "7D", "7S"]
        [script]
        lines = [
            "0.10 Andrew take",
            "0.20 Chris grab",
            "0.30 Andrew grab",
            "1.80 Andrew take",
        ]
    """
    assert replay(scenario) == [
        '  0.00  Spoons for Andrew, Chris, and Ellen.',
        '  0.00  [sound deal pan +0.00]',
        '  0.00  Round 1. Chris deals. 2 spoons on the table.',
        '  0.10  Andrew drew a card.',
        '  0.20  [sound spoon pan +0.00]',
        '  0.20  Chris reached for a spoon without a set!',
        '  0.20  [sound round-over pan +0.00]',
        '  0.20  The round is void: every spoon goes back, and Chris deals again.',
        '  0.30  refused: Andrew grab: the next round has not been dealt yet',
        '  1.70  [sound deal pan +0.00]',
        '  1.70  Round 1 again. Chris deals. 2 spoons on the table.',
        '  1.80  Andrew drew a card.',
        '  1.80  state: round 1, cards in play, 2 spoons on the table, Chris deals',
        '  1.80  state: Andrew: 5 cards, 0 waiting',
        '  1.80  state: Chris: 4 cards, 0 waiting',
        '  1.80  state: Ellen: 4 cards, 0 waiting',
    ]


def test_the_grab_time_limit_eliminates_everyone_without_a_spoon() -> None:
    """grab_time_limit = 2 from the first grab at 0.50: at 2.50 both players without a spoon are out."""
    scenario = """
        [options]
        grab_time_limit = 2
        round_pause = 1
        [table]
        players = ["Andrew", "Chris", "Ellen", "Debra"]
        seed = 11
        [table.hands]
        Ellen = ["JH", "JC", "JD", "JS"]
        [script]
        lines = [
            "0.50 Ellen grab",
            "1.00 Chris grab",
            "1.20 Chris grab",
            "2.51 Debra grab",
        ]
    """
    assert replay(scenario) == [
        '  0.00  Spoons for Andrew, Chris, Ellen, and Debra.',
        '  0.00  [sound deal pan +1.00]',
        '  0.00  Round 1. Andrew deals. 3 spoons on the table.',
        '  0.50  [sound spoon pan -0.33]',
        '  1.00  [sound spoon pan +0.33]',
        '  1.00  Chris grabbed a spoon!',
        '  1.20  refused: Chris grab: Chris already has a spoon',
        '  2.50  Time is up for grabbing!',
        '  2.50  [sound eliminated pan +0.00]',
        '  2.50  Andrew and Debra are eliminated.',
        '  2.50  [sound round-over pan +0.00]',
        '  2.50  Ellen had four jacks.',
        '  2.51  refused: Debra grab: Debra is out of the game',
        '  3.50  [sound deal pan +0.33]',
        '  3.50  Round 2. Chris deals. 1 spoon on the table.',
        '  3.50  state: round 2, cards in play, 1 spoon on the table, Chris deals',
        '  3.50  state: Andrew: out',
        '  3.50  state: Chris: 4 cards, 0 waiting',
        '  3.50  state: Ellen: 4 cards, 0 waiting',
        '  3.50  state: Debra: out',
    ]


def test_with_no_grab_time_limit_every_spoon_must_go() -> None:
    """grab_time_limit = 0: the round waits until the last spoon is taken."""
    scenario = """
        [options]
        grab_time_limit = 0
        [table]
        players = ["Andrew", "Chris", "Ellen"]
        seed = 11
        [table.hands]
        Ellen = ["JH", "JC", "JD", "JS"]
        [script]
        lines = [
            "0.50 Ellen grab",
            "30 Chris grab",
        ]
    """
    assert replay(scenario) == [
        '  0.00  Spoons for Andrew, Chris, and Ellen.',
        '  0.00  [sound deal pan +1.00]',
        '  0.00  Round 1. Andrew deals. 2 spoons on the table.',
        '  0.50  [sound spoon pan -1.00]',
        '  30.00  [sound spoon pan +0.00]',
        '  30.00  Chris grabbed a spoon!',
        '  30.00  [sound eliminated pan +1.00]',
        '  30.00  Andrew is eliminated.',
        '  30.00  [sound round-over pan +0.00]',
        '  30.00  Ellen had four jacks.',
        '  33.00  [sound deal pan +0.00]',
        '  33.00  Round 2. Chris deals. 1 spoon on the table.',
        '  33.00  state: round 2, cards in play, 1 spoon on the table, Chris deals',
        '  33.00  state: Andrew: out',
        '  33.00  state: Chris: 4 cards, 0 waiting',
        '  33.00  state: Ellen: 4 cards, 0 waiting',
    ]


def test_with_two_players_either_may_grab_the_moment_either_has_a_set_and_the_set_is_credited_to_its_maker(
        ) -> None:
    """Two players, one spoon: Andrew has no set, but may grab once Chris has one (seed 001);
    a press 0.05 s after Chris's set is too soon to be anything but a key held down. The round's
    end names who made the set, Chris, and who grabbed first, Andrew."""
    scenario = """
        [table]
        players = ["Andrew", "Chris"]
        dealer = "Chris"
        seed = 2
        stock = ["2D"]
        [table.hands]
        Chris = ["2H", "2C", "3D", "2S"]
        [script]
        lines = [
            "0.10 Andrew grab",
            "0.20 Chris take",
            "0.25 Andrew grab",
            "0.40 Chris pass 3D",
            "0.41 Andrew grab",
            "1.30 Chris grab",
        ]
    """
    assert replay(scenario) == [
        '  0.00  Spoons for Andrew and Chris.',
        '  0.00  [sound deal pan -1.00]',
        '  0.00  Round 1. Chris deals. 1 spoon on the table.',
        '  0.10  refused: Andrew grab: Andrew has no set, and nobody has taken a spoon yet',
        '  0.20  Chris drew a card.',
        f'  0.25  refused: Andrew grab: Andrew {TOO_SOON}',
        '  0.40  Chris discarded a card.',
        '  0.41  [sound spoon pan +1.00]',
        '  0.41  [sound eliminated pan -1.00]',
        '  0.41  Chris is eliminated.',
        '  0.41  [sound round-over pan +0.00]',
        '  0.41  Chris had four twos. Andrew grabbed first.',
        '  0.41  [sound win pan +0.00]',
        '  0.41  Andrew wins the game!',
        '  1.30  refused: Chris grab: the game is over',
    ]
    assert replay(scenario, "Andrew")[13] == '  0.41  Chris had four twos. You grabbed first.'
    assert replay(scenario, "Chris")[16] == '  0.41  You had four twos. Andrew grabbed first.'


ROUND_END = """
    [options]
    announce_phase2 = true
    [table]
    players = ["Ann", "Bob", "Cat"]
    seed = 4
    [table.hands]
    Bob = ["9H", "9C", "9D", "9S"]
    [script]
    lines = ["0.50 Bob grab", "0.80 Cat grab"]
"""


def test_after_each_round_every_seat_hears_the_set_that_started_it() -> None:
    """Seed 004: the first picker shows their cards when the grab ends, so the table can verify
    them; with the spoons going announced as well as heard."""
    assert replay(ROUND_END)[4:11] == [
        '  0.50  The spoons are going! Bob grabbed a spoon!',
        '  0.80  [sound spoon pan -1.00]',
        '  0.80  Cat grabbed a spoon!',
        '  0.80  [sound eliminated pan +1.00]',
        '  0.80  Ann is eliminated.',
        '  0.80  [sound round-over pan +0.00]',
        '  0.80  Bob had four nines.',
    ]
    assert '  0.80  Bob had four nines.' in replay(ROUND_END, "Ann")
    assert '  0.80  Bob had four nines.' in replay(ROUND_END, "Cat")
    assert '  0.80  You had four nines.' in replay(ROUND_END, "Bob")


def test_with_early_grabs_punished_the_round_end_says_the_first_grab_was_fair() -> None:
    for premature in ("eliminate", "letter", "void", "bluff"):
        scenario = ROUND_END.replace("announce_phase2 = true",
                                     f'announce_phase2 = true\n    premature = "{premature}"')
        assert '  0.80  Bob had four nines. The first grab was fair.' in replay(scenario), premature
        assert '  0.80  You had four nines. The first grab was fair.' in replay(scenario, "Bob")


def test_joint_winners_at_two_stops_the_game_with_two_left() -> None:
    """joint_winners_at_two = true: three players, one goes out, the two left win together."""
    scenario = """
        [options]
        joint_winners_at_two = true
        [table]
        players = ["Andrew", "Chris", "Ellen"]
        seed = 4
        [table.hands]
        Ellen = ["4H", "4C", "4D", "4S"]
        [script]
        lines = [
            "1.25 Ellen grab",
            "1.50 Chris grab",
        ]
    """
    assert replay(scenario) == [
        '  0.00  Spoons for Andrew, Chris, and Ellen.',
        '  0.00  [sound deal pan +1.00]',
        '  0.00  Round 1. Andrew deals. 2 spoons on the table.',
        '  1.25  [sound spoon pan -1.00]',
        '  1.50  [sound spoon pan +0.00]',
        '  1.50  Chris grabbed a spoon!',
        '  1.50  [sound eliminated pan +1.00]',
        '  1.50  Andrew is eliminated.',
        '  1.50  [sound round-over pan +0.00]',
        '  1.50  Ellen had four fours.',
        '  1.50  [sound win pan +0.00]',
        '  1.50  Chris and Ellen are joint winners!',
    ]


def test_next_dealer_first_set_and_letters_scoring() -> None:
    """next_dealer = first-set: Ellen made the first set, so she deals round 2; the player without a
    spoon takes the first letter of SPOONS."""
    scenario = """
        [options]
        next_dealer = "first-set"
        scoring = "letters"
        round_pause = 2
        [table]
        players = ["Andrew", "Chris", "Ellen", "Debra"]
        seed = 4
        [table.hands]
        Ellen = ["4H", "4C", "4D", "4S"]
        [script]
        lines = [
            "1.00 Ellen grab",
            "1.50 Chris grab",
            "1.60 Andrew grab",
        ]
    """
    assert replay(scenario) == [
        '  0.00  Spoons for Andrew, Chris, Ellen, and Debra.',
        '  0.00  [sound deal pan +1.00]',
        '  0.00  Round 1. Andrew deals. 3 spoons on the table.',
        '  1.00  [sound spoon pan -0.33]',
        '  1.50  [sound spoon pan +0.33]',
        '  1.50  Chris grabbed a spoon!',
        '  1.60  [sound spoon pan +1.00]',
        '  1.60  Andrew grabbed a spoon!',
        '  1.60  [sound letter pan -1.00]',
        '  1.60  Debra takes a letter, and has S.',
        '  1.60  [sound round-over pan +0.00]',
        '  1.60  Ellen had four fours.',
        '  3.60  [sound deal pan -0.33]',
        '  3.60  Round 2. Ellen deals. 3 spoons on the table.',
        '  3.60  state: round 2, cards in play, 3 spoons on the table, Ellen deals',
        '  3.60  state: Andrew: 4 cards, 0 waiting',
        '  3.60  state: Chris: 4 cards, 0 waiting',
        '  3.60  state: Ellen: 4 cards, 0 waiting',
        '  3.60  state: Debra: 4 cards, 0 waiting, letters S',
    ]


def test_two_packs_duplicates_count_toward_a_set() -> None:
    """deck = two-packs: two queens of hearts and two more queens make a set."""
    scenario = """
        [options]
        deck = "two-packs"
        [table]
        players = ["Andrew", "Chris", "Ellen"]
        seed = 4
        stock = ["QH"]
        [table.hands]
        Andrew = ["QH", "QS", "QD", "9C"]
        [script]
        lines = [
            "0.30 Andrew take",
            "0.60 Andrew pass 9C",
            "0.70 Andrew grab",
        ]
    """
    assert replay(scenario, 'Andrew') == [
        '  0.00  Spoons: you against Chris and Ellen.',
        '  0.00  [sound deal pan +0.00]',
        '  0.00  Round 1. You deal. 2 spoons on the table.',
        '  0.00  Your cards: queen of hearts, queen of spades, queen of diamonds, and nine of clubs.',
        '  0.30  [sound card-in pan +0.50]',
        '  0.30  You drew the queen of hearts.',
        '  0.30  [sound set pan +0.00]',
        '  0.30  You have four queens!',
        '  0.60  [sound card-out pan -0.50]',
        '  0.60  You discarded the nine of clubs.',
        '  0.70  [sound spoon pan +0.00]',
        '  0.70  You grabbed a spoon!',
        '  10.70  Time is up for grabbing!',
        '  10.70  [sound eliminated pan +0.00]',
        '  10.70  Chris and Ellen are eliminated.',
        '  10.70  [sound round-over pan +0.00]',
        '  10.70  You had four queens.',
        '  10.70  [sound win pan +0.00]',
        '  10.70  You win the game!',
    ]


def test_three_card_hands_play_for_three_of_a_kind() -> None:
    """hand_size = 3: three of a kind is a set."""
    scenario = """
        [options]
        hand_size = 3
        draw = "discard"
        [table]
        players = ["Andrew", "Chris", "Ellen"]
        seed = 4
        stock = ["6D"]
        [table.hands]
        Andrew = ["6H", "6S", "KD"]
        [script]
        lines = [
            "0.30 Andrew take",
            "0.60 Andrew pass KD",
            "0.70 Andrew grab",
        ]
    """
    assert replay(scenario, 'Andrew') == [
        '  0.00  Spoons: you against Chris and Ellen.',
        '  0.00  [sound deal pan +0.00]',
        '  0.00  Round 1. You deal. 2 spoons on the table.',
        '  0.00  Your cards: six of hearts, six of spades, and king of diamonds.',
        '  0.30  [sound card-in pan +0.50]',
        '  0.30  You drew the six of diamonds.',
        '  0.30  [sound set pan +0.00]',
        '  0.30  You have three sixes!',
        '  0.60  [sound card-out pan -1.00]',
        '  0.60  You passed the king of diamonds to Chris.',
        '  0.70  [sound spoon pan +0.00]',
        '  0.70  You grabbed a spoon!',
        '  10.70  Time is up for grabbing!',
        '  10.70  [sound eliminated pan +0.00]',
        '  10.70  Chris and Ellen are eliminated.',
        '  10.70  [sound round-over pan +0.00]',
        '  10.70  You had three sixes.',
        '  10.70  [sound win pan +0.00]',
        '  10.70  You win the game!',
    ]


def test_five_card_hands_hold_five_pick_up_to_six_and_keep_four_of_a_kind() -> None:
    """hand_size = 5: hold five, pick up a sixth, pass back to five; the set is still four of a kind."""
    scenario = """
        [options]
        hand_size = 5
        [table]
        players = ["Andrew", "Chris", "Ellen"]
        seed = 4
        stock = ["6D"]
        [table.hands]
        Andrew = ["6H", "6S", "KD", "6C", "2S"]
        [script]
        lines = [
            "0.30 Andrew take",
            "0.50 Andrew take",
            "0.60 Andrew pass KD",
            "0.70 Andrew pass 2S",
            "0.80 Andrew grab",
        ]
    """
    assert replay(scenario, 'Andrew') == [
        '  0.00  Spoons: you against Chris and Ellen.',
        '  0.00  [sound deal pan +0.00]',
        '  0.00  Round 1. You deal. 2 spoons on the table.',
        '  0.00  Your cards: six of hearts, six of spades, king of diamonds, six of clubs, and two of spades.',
        '  0.30  [sound card-in pan +0.50]',
        '  0.30  You drew the six of diamonds.',
        '  0.30  [sound set pan +0.00]',
        '  0.30  You have four sixes!',
        '  0.50  refused: Andrew take: Andrew holds 6 cards: pass one first',
        '  0.60  [sound card-out pan -0.50]',
        '  0.60  You discarded the king of diamonds.',
        '  0.70  refused: Andrew pass 2S: Andrew holds 5 cards: pick one up first',
        '  0.80  [sound spoon pan +0.00]',
        '  0.80  You grabbed a spoon!',
        '  10.80  Time is up for grabbing!',
        '  10.80  [sound eliminated pan +0.00]',
        '  10.80  Chris and Ellen are eliminated.',
        '  10.80  [sound round-over pan +0.00]',
        '  10.80  You had four sixes.',
        '  10.80  [sound win pan +0.00]',
        '  10.80  You win the game!',
    ]


def test_no_stock_everyone_passes_at_once_round_the_circle() -> None:
    """deck = no-stock: no stock and no draw; a full hand may pass first; the dealer's passes go round
    to the first seat."""
    scenario = """
        [options]
        deck = "no-stock"
        draw = "discard"
        [table]
        players = ["Andrew", "Chris", "Ellen"]
        dealer = "Ellen"
        seed = 4
        [table.hands]
        Andrew = ["AH", "AS", "2D", "3C"]
        Chris = ["2H", "2S", "AD", "3D"]
        Ellen = ["3H", "3S", "AC", "2C"]
        [script]
        lines = [
            "0.20 Andrew take",
            "0.30 Andrew draw",
            "0.40 Andrew pass 2D",
            "0.50 Ellen pass AC",
            "0.60 Chris pass AD",
            "0.65 Ellen take",
            "0.70 Ellen pass AD",
            "0.75 Andrew take",
            "0.80 Andrew pass 3C",
            "0.85 Andrew take",
            "0.90 Andrew grab",
        ]
    """
    assert replay(scenario, 'Andrew') == [
        '  0.00  Spoons: you against Chris and Ellen.',
        '  0.00  [sound deal pan +1.00]',
        '  0.00  Round 1. Ellen deals. 2 spoons on the table.',
        '  0.00  Your cards: ace of hearts, ace of spades, two of diamonds, and three of clubs.',
        '  0.20  refused: Andrew take: no card is waiting for Andrew',
        '  0.30  refused: Andrew draw: there is no stock with the no-stock pack: take the card passed to you',
        '  0.40  [sound card-out pan -1.00]',
        '  0.40  You passed the two of diamonds to Chris.',
        '  0.50  [sound card-in pan +1.00]',
        '  0.50  Ellen passed you a card.',
        '  0.60  Chris passed a card to Ellen.',
        '  0.65  Ellen picked up a card.',
        '  0.70  [sound card-in pan +1.00]',
        '  0.70  Ellen passed you a card.',
        '  0.75  You picked up the ace of clubs.',
        '  0.80  [sound card-out pan -1.00]',
        '  0.80  You passed the three of clubs to Chris.',
        '  0.85  You picked up the ace of diamonds.',
        '  0.85  [sound set pan +0.00]',
        '  0.85  You have four aces!',
        '  0.90  [sound spoon pan +0.00]',
        '  0.90  You grabbed a spoon!',
        '  10.90  Time is up for grabbing!',
        '  10.90  [sound eliminated pan +0.00]',
        '  10.90  Chris and Ellen are eliminated.',
        '  10.90  [sound round-over pan +0.00]',
        '  10.90  You had four aces.',
        '  10.90  [sound win pan +0.00]',
        '  10.90  You win the game!',
    ]


def test_no_stock_a_player_out_mid_round_passes_their_cards_on() -> None:
    """deck = no-stock: the pile never comes back, so the cards of a player who goes out mid-round
    pass on to the next player's waiting cards, and every rank can still make a set."""
    scenario = """
        [options]
        deck = "no-stock"
        draw = "discard"
        premature = "eliminate"
        [table]
        players = ["Andrew", "Chris", "Ellen", "Debra"]
        seed = 4
        [script]
        lines = [
            "0.40 Chris grab",
            "0.60 Ellen take",
        ]
    """
    assert replay(scenario, 'Ellen') == [
        '  0.00  Spoons: you against Andrew, Chris, and Debra.',
        '  0.00  [sound deal pan +0.00]',
        '  0.00  Round 1. Andrew deals. 3 spoons on the table.',
        '  0.00  Your cards: two of hearts, four of spades, ace of hearts, and four of diamonds.',
        '  0.40  [sound spoon pan +1.00]',
        '  0.40  Chris reached for a spoon without a set!',
        '  0.40  [sound eliminated pan +1.00]',
        '  0.40  Chris is eliminated.',
        "  0.40  Chris's 4 cards pass to you.",
        '  0.40  Now 2 spoons on the table.',
        '  0.60  You picked up the two of spades.',
        '  0.60  state: round 1, cards in play, 2 spoons on the table, Andrew deals',
        '  0.60  state: Andrew: 4 cards, 0 waiting',
        '  0.60  state: Chris: out',
        '  0.60  state: Ellen: 5 cards, 3 waiting, hand 2H 4S AH 4D 2S',
        '  0.60  state: Debra: 4 cards, 0 waiting',
    ]


def test_either_variant_and_the_discard_time_limit() -> None:
    """draw = either: take the card passed to you, or draw. discard_time_limit = 2: a player who owes a
    move for 2 seconds has a random card discarded, after a random pick-up in either."""
    scenario = """
        [options]
        draw = "either"
        discard_time_limit = 2
        [table]
        players = ["Andrew", "Chris", "Ellen"]
        seed = 8
        stock = ["KD", "KH", "5C"]
        [table.hands]
        Andrew = ["7H", "7C", "7D", "5S"]
        Chris = ["QH", "QC", "3D", "4S"]
        Ellen = ["8H", "8C", "8D", "JS"]
        [script]
        lines = [
            "0.50 Andrew take",
            "1.00 Andrew pass 5S",
            "1.50 Chris draw",
            "1.60 Chris pass 4S",
            "2.00 Chris take",
        ]
    """
    assert replay(scenario, 'Chris') == [
        '  0.00  Spoons: you against Andrew and Ellen.',
        '  0.00  [sound deal pan +1.00]',
        '  0.00  Round 1. Andrew deals. 2 spoons on the table.',
        '  0.00  Your cards: queen of hearts, queen of clubs, three of diamonds, and four of spades.',
        '  0.50  Andrew drew a card.',
        '  1.00  [sound card-in pan +1.00]',
        '  1.00  Andrew passed you a card.',
        '  1.50  [sound card-in pan +0.50]',
        '  1.50  You drew the king of hearts.',
        '  1.60  [sound card-out pan -1.00]',
        '  1.60  You passed the four of spades to Ellen.',
        '  2.00  You picked up the five of spades.',
        '  2.60  [sound tick pan +0.00]',
        '  3.60  [sound card-out pan -1.00]',
        '  3.60  Time is up: you passed the king of hearts to Ellen.',
        '  3.60  Time is up: Ellen drew a card.',
        '  3.60  Time is up: Ellen discarded a card.',
        '  5.60  Time is up: Ellen picked up a card.',
        '  5.60  Time is up: Ellen discarded a card.',
        '  7.60  Time is up: Ellen picked up a card.',
        '  7.60  Time is up: Ellen discarded a card.',
        '  7.60  state: round 1, cards in play, 2 spoons on the table, Andrew deals',
        '  7.60  state: Andrew: 4 cards, 0 waiting',
        '  7.60  state: Chris: 4 cards, 0 waiting, hand QH QC 3D 5S',
        '  7.60  state: Ellen: 4 cards, 0 waiting',
    ]


def test_an_empty_stock_is_refilled_from_the_pile_or_waits_for_a_discard() -> None:
    """Twelve players leave a stock of four. When it and the pile are empty a draw waits for a
    discard; then the pile is shuffled into a new stock."""
    scenario = """
        [table]
        players = ["P1", "P2", "P3", "P4", "P5", "P6", "P7", "P8", "P9", "P10", "P11", "P12"]
        seed = 9
        [script]
        lines = [
            "0.10 P1 take",
            "0.20 P2 take",
            "0.30 P3 take",
            "0.40 P4 take",
            "0.50 P5 take",
            "0.60 P5 draw",
            "0.70 P1 pass 8S",
            "0.80 P5 take",
        ]
    """
    assert replay(scenario) == [
        '  0.00  Spoons for P1, P2, P3, P4, P5, P6, P7, P8, P9, P10, P11, and P12.',
        '  0.00  [sound deal pan +1.00]',
        '  0.00  Round 1. P1 deals. 11 spoons on the table.',
        '  0.10  P1 drew a card.',
        '  0.20  P2 drew a card.',
        '  0.30  P3 drew a card.',
        '  0.40  P4 drew a card.',
        '  0.50  refused: P5 take: the stock and the discard pile are both empty: wait for a discard',
        '  0.60  refused: P5 draw: the stock and the discard pile are both empty: wait for a discard',
        '  0.70  P1 discarded a card.',
        '  0.80  [sound shuffle pan +0.00]',
        '  0.80  The discard pile is shuffled into a new stock.',
        '  0.80  P5 drew a card.',
        '  0.80  state: round 1, cards in play, 11 spoons on the table, P1 deals',
        '  0.80  state: P1: 4 cards, 0 waiting',
        '  0.80  state: P2: 5 cards, 0 waiting',
        '  0.80  state: P3: 5 cards, 0 waiting',
        '  0.80  state: P4: 5 cards, 0 waiting',
        '  0.80  state: P5: 5 cards, 0 waiting',
        '  0.80  state: P6: 4 cards, 0 waiting',
        '  0.80  state: P7: 4 cards, 0 waiting',
        '  0.80  state: P8: 4 cards, 0 waiting',
        '  0.80  state: P9: 4 cards, 0 waiting',
        '  0.80  state: P10: 4 cards, 0 waiting',
        '  0.80  state: P11: 4 cards, 0 waiting',
        '  0.80  state: P12: 4 cards, 0 waiting',
    ]


def test_mash_style_turns_phase_two_into_a_race_of_presses() -> None:
    """reaction_style = mash: after the first grab, everyone without a spoon presses as often as they
    can for 3 seconds from the cue; presses before the cue do not count; the most presses take the
    spoons, equal counts going to whoever reached the count first."""
    scenario = """
        [options]
        reaction_style = "mash"
        react_pause = 1
        [table]
        players = ["Andrew", "Chris", "Ellen", "Debra"]
        seed = 8
        [table.hands]
        Andrew = ["7H", "7C", "7D", "7S"]
        [script]
        lines = [
            "0.50 Andrew grab",
            "0.70 Chris grab",
            "1.00 Ellen react",
            "1.60 Chris react",
            "1.70 Chris react",
            "1.80 Chris grab",
            "1.85 Ellen react",
            "1.86 Ellen react",
            "1.87 Ellen react",
            "1.90 Debra react",
            "2.00 Debra react",
            "2.10 Debra react",
            "2.20 Debra react",
            "4.60 Ellen react",
            "4.70 Chris react",
        ]
    """
    assert replay(scenario) == [
        '  0.00  Spoons for Andrew, Chris, Ellen, and Debra.',
        '  0.00  [sound deal pan +1.00]',
        '  0.00  Round 1. Andrew deals. 3 spoons on the table.',
        '  0.50  [sound spoon pan +1.00]',
        '  0.50  [sound fight pan +0.00]',
        '  0.50  Chris, Ellen, and Debra are racing for the spoons...',
        '  4.50  Presses: Debra 4, Chris 3, and Ellen 3.',
        '  4.50  [sound spoon pan -1.00]',
        '  4.50  Debra grabbed a spoon!',
        '  4.50  [sound spoon pan +0.33]',
        '  4.50  Chris grabbed a spoon!',
        '  4.50  [sound eliminated pan -0.33]',
        '  4.50  Ellen is eliminated.',
        '  4.50  [sound round-over pan +0.00]',
        '  4.50  Andrew had four sevens.',
        '  4.60  refused: Ellen react: Ellen is out of the game',
        '  4.70  refused: Chris react: there is no reaction test now',
        '  7.50  [sound deal pan +0.33]',
        '  7.50  Round 2. Chris deals. 2 spoons on the table.',
        '  7.50  state: round 2, cards in play, 2 spoons on the table, Chris deals',
        '  7.50  state: Andrew: 4 cards, 0 waiting',
        '  7.50  state: Chris: 4 cards, 0 waiting',
        '  7.50  state: Ellen: out',
        '  7.50  state: Debra: 4 cards, 0 waiting',
    ]



@pytest.mark.parametrize("pressed", ["-5", "0.9", "-0.01"])
def test_a_scenario_press_made_before_the_game_or_after_its_line_is_refused_naming_the_line(
        pressed: str) -> None:
    """``grab from T`` is a press made at T that reached the table at the line's time: T must
    be from 0 to the line's time."""
    scenario = A_REACTION.replace('"0.90 Chris grab"', f'"0.80 Chris grab from {pressed}"')
    with pytest.raises(ScenarioError) as refused:
        parse_scenario(textwrap.dedent(scenario))
    assert str(refused.value) == (
        f"line 17: '0.80 Chris grab from {pressed}': a press from {pressed} s cannot be made"
        " before the game starts nor after it reaches the table: T in 'from T' must be from 0"
        " to the line's time, 0.8 s")


def test_a_card_not_in_the_pack_is_dealt_once_not_1_times() -> None:
    scenario = A_REACTION.replace('Andrew = ["7H", "7C", "7D", "7S"]',
                                  'Andrew = ["7H", "7C", "7D", "JOKER"]')
    with pytest.raises(ScenarioError) as refused:
        parse_scenario(textwrap.dedent(scenario))
    assert str(refused.value) == ("this table cannot be played: the JOKER is dealt once, and"
                                  " this pack holds none")
