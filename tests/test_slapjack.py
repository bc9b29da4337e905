"""Slapjack, the game added as one folder and one registry line: its rules as exact transcripts,
its bots to the end of every table size, and its place in the menus, the lobby and the options."""

from __future__ import annotations

import random
import re
import textwrap
from pathlib import Path

import pytest
from conftest import replay
from fakes import Clock, Lines, Pressed
from test_menu import run_screens

from audiospoons.app.settings import Settings, load_settings
from audiospoons.bots.levels import Level
from audiospoons.engine.cards import parse_card
from audiospoons.engine.errors import RulesError
from audiospoons.games.registry import GAMES
from audiospoons.games.slapjack.keyboard.cues import SlapjackCueMapper
from audiospoons.games.slapjack.keyboard.seatkeys import LocalSlapjackGame
from audiospoons.games.slapjack.rules.commands import Slap, Turn
from audiospoons.games.slapjack.rules.events import (
    CardTurned,
    JackSlapped,
    PlayerOut,
    SlapjackOver,
    WrongSlap,
)
from audiospoons.games.slapjack.rules.game import SlapjackGame
from audiospoons.games.slapjack.rules.options import SlapjackOptions
from audiospoons.replay.scenario import load_scenario
from audiospoons.replay.transcript import transcript
from audiospoons.simulate import play_game
from audiospoons.voice.i18n import messages
from audiospoons.voice.speaker import Speaker

SLAPJACK = GAMES["slapjack"]
TAKES = re.compile(r"\w+ takes \d+ cards?\.")
"""Another player's slap taking the jack, as said in English."""

WRONG_SLAPS = """
    [table]
    game = "slapjack"
    players = ["Ann", "Bob", "Cy"]
    dealer = "Cy"
    pack = ["5H", "9C", "KD", "JS", "2C", "QH", "7D", "3S", "AH"]

    [script]
    lines = [
      "0.50 Ann turn",
      "1.00 Bob turn",
      "1.20 Ann slap",
      "1.50 Cy turn",
      "2.00 Ann turn",
      "2.60 Cy turn",
    ]
"""


def test_turns_go_round_and_a_slap_on_no_jack_gives_the_top_card_to_the_pile() -> None:
    assert replay(WRONG_SLAPS, "Ann")[:19] == [
        "  0.00  [sound deal pan +1.00]",
        "  0.00  Slapjack: you against Bob and Cy. You have 3 cards.",
        "  0.00  Your turn.",
        "  0.50  [sound card-out pan +0.00]",
        "  0.50  You turn the five of hearts; 2 cards left.",
        "  0.50  Bob's turn.",
        "  1.00  [sound card-out pan -1.00]",
        "  1.00  Bob: the nine of clubs.",
        "  1.00  Cy's turn.",
        "  1.20  [sound slap pan +0.00]",
        "  1.20  [sound card-out pan -0.50]",
        "  1.20  No jack: you give a card to the pile; 1 card left.",
        "  1.50  [sound card-out pan +1.00]",
        "  1.50  Cy: the king of diamonds.",
        "  1.50  Your turn.",
        "  2.00  [sound card-out pan +0.00]",
        "  2.00  You turn the seven of diamonds; 0 cards left.",
        "  2.00  Bob's turn.",
        "  2.60  refused: Cy turn: it is Bob's turn, not Cy's",
    ], "Ann's slap gave away her jack of spades, the card she would have turned next"
    assert replay(WRONG_SLAPS, "Bob")[11] == (
        "  1.20  Ann slaps, but there is no jack: a card goes to the pile.")


JACK_RACE = """
    [table]
    game = "slapjack"
    players = ["Ann", "Bob", "Cy"]
    dealer = "Cy"
    pack = ["5H", "JC", "KD", "4S", "2C", "QH", "7D", "3S", "AH"]
    late_window = 0.2

    [options]
    slap_time = 2

    [script]
    lines = [
      "0.50 Ann turn",
      "1.00 Bob turn",
      "1.30 Cy slap from 0.90",
      "1.35 Ann slap from 1.30",
      "1.40 Cy slap from 1.25",
      "1.45 Ann turn",
    ]
"""


def test_a_jack_goes_to_the_earliest_slap_made_after_it_and_a_slap_made_before_is_wrong() -> None:
    """Across a network a slap made earlier may arrive later: the first to arrive waits the
    late window, and Cy's, made at 1.25, beats Ann's, made at 1.30. Cy's first slap was made
    at 0.90, before the jack came up at 1.00: it cost him a card."""
    assert replay(JACK_RACE, "Cy")[6:18] == [
        "  1.00  [sound card-out pan +1.00]",
        "  1.00  [sound jack pan +0.00]",
        "  1.00  Bob: the jack of clubs. Slap!",
        "  1.30  [sound slap pan +0.00]",
        "  1.30  [sound card-out pan -0.50]",
        "  1.30  No jack: you give a card to the pile; 2 cards left.",
        "  1.45  refused: Ann turn: a Jack is on the pile: slap it",
        "  1.55  [sound slap pan +0.00]",
        "  1.55  [sound card-in pan +0.00]",
        "  1.55  You take 3 cards.",
        "  1.55  Your turn.",
        "  2.55  [sound tick pan +0.00]",
    ]
    assert "  1.55  Cy takes 3 cards." in replay(JACK_RACE, "Ann")


def test_slapjack_is_heard_in_spanish() -> None:
    from audiospoons.replay.scenario import parse_scenario
    from audiospoons.replay.transcript import transcript

    scenario = parse_scenario(textwrap.dedent(JACK_RACE))
    lines = transcript(scenario, "Cy", lang="es")
    assert lines[1] == "  0.00  Slapjack: tú contra Ann y Bob. Tienes 3 cartas."
    assert lines[8] == "  1.00  Bob: la jota de tréboles. ¡Golpea!"
    assert lines[11] == "  1.30  No hay jota: das una carta al montón; te quedan 2 cartas."
    assert lines[15] == "  1.55  Te llevas 3 cartas."


LATE_SLAP = Path(__file__).resolve().parent / "scenarios" / "slapjack_late_slap.toml"


def test_a_slap_just_after_the_jack_was_taken_is_too_late_and_costs_no_card() -> None:
    """Within the jack's slap time and before the next card, a slap is for the jack: too late,
    not wrong. One made before the next card counts so even when it reaches the table after
    it; the taker's second slap is refused; a slap on the next card is a wrong one."""
    assert transcript(load_scenario(LATE_SLAP), "Ann") == [
        "  0.00  [sound deal pan +1.00]",
        "  0.00  Slapjack: you against Chris and Ellen. You have 3 cards.",
        "  0.00  Your turn.",
        "  0.50  [sound card-out pan +0.00]",
        "  0.50  You turn the five of hearts; 2 cards left.",
        "  0.50  Chris's turn.",
        "  1.00  [sound card-out pan -1.00]",
        "  1.00  [sound jack pan +0.00]",
        "  1.00  Chris: the jack of clubs. Slap!",
        "  1.30  [sound slap pan -1.00]",
        "  1.30  [sound card-in pan -1.00]",
        "  1.30  Chris takes 2 cards.",
        "  1.30  Chris's turn.",
        "  1.40  [sound slap pan +0.00]",
        "  1.40  Too late: Chris took the jack.",
        "  1.50  refused: Chris slap: Chris has already slapped this Jack",
        "  2.00  [sound card-out pan -1.00]",
        "  2.00  Chris: the two of clubs.",
        "  2.00  Ellen's turn.",
        "  2.10  [sound slap pan +1.00]",
        "  2.10  Ellen slaps too late.",
        "  2.20  [sound slap pan +0.00]",
        "  2.20  [sound card-out pan -0.50]",
        "  2.20  No jack: you give a card to the pile; 1 card left.",
        "  2.50  [sound card-out pan +1.00]",
        "  2.50  [sound jack pan +0.00]",
        "  2.50  Ellen: the jack of hearts. Slap!",
        "  2.70  [sound slap pan +0.00]",
        "  2.70  [sound card-in pan +0.00]",
        "  2.70  You take 3 cards.",
        "  2.70  [sound win pan +0.00]",
        "  2.70  You win the game!",
    ]
    assert "  1.40  Ann slaps too late." in transcript(load_scenario(LATE_SLAP), "Chris")
    assert "  1.40  LateSlap seat=Ann taker=Chris" in transcript(load_scenario(LATE_SLAP),
                                                               raw_events=True)


class SlapOnceTaken:
    """Lets the cards turn by themselves until a bot has slapped a jack first, then presses
    Space once, and stops the game when the slap has been answered."""

    def __init__(self, clock: Clock, lines: Lines) -> None:
        self.clock, self.lines = clock, lines
        self.game: LocalSlapjackGame | None = None
        self.slapped = False

    def read(self, timeout: float | None) -> list[Pressed]:
        assert self.game is not None and timeout is not None
        taken = any(TAKES.fullmatch(text) for text in self.lines.spoken)
        if taken and not self.slapped:
            self.slapped = True
            self.clock.now += 0.01
            return [Pressed("space", self.clock.now)]
        if self.slapped:
            self.game.stop()
        self.clock.now += min(timeout, 0.1)
        return []


def test_at_the_keyboard_a_slap_just_after_a_bot_took_the_jack_is_too_late() -> None:
    clock, lines = Clock(), Lines()
    game = LocalSlapjackGame(SlapjackOptions(), 2, messages("en"), Speaker(lines), None,
                             seed=4, clock=clock)
    keys = SlapOnceTaken(clock, lines)
    keys.game = game
    game.play(keys)
    taken = next(i for i, text in enumerate(lines.spoken) if TAKES.fullmatch(text))
    assert lines.spoken[taken + 1:] == ["Britany's turn.", "Too late: Britany took the jack."]
    assert not [text for text in lines.spoken if text.startswith("No jack")]


A_LATE_SLAP_ONLINE = """
    [table]
    game = "slapjack"
    players = ["Ann", "Chris", "Ellen"]
    dealer = "Ellen"
    pack = ["5H", "JC", "KD", "4S", "2C", "QH", "7D", "3S", "AH"]
    late_window = 0.2

    [script]
    lines = [
      "0.50 Ann turn",
      "1.00 Chris turn",
      "1.30 Chris slap from 1.25",
      "1.60 Ann slap from 1.45",
      "1.70 Ellen slap",
    ]
"""


def test_across_a_network_a_slap_reaching_the_table_after_the_jack_was_taken_is_too_late(
        ) -> None:
    """With the relay's late window the jack goes to Chris once the window is over (1.50);
    Ann's slap, made after his but arriving after that, and Ellen's are too late."""
    assert replay(A_LATE_SLAP_ONLINE, "Ann")[9:17] == [
        "  1.50  [sound slap pan -1.00]",
        "  1.50  [sound card-in pan -1.00]",
        "  1.50  Chris takes 2 cards.",
        "  1.50  Chris's turn.",
        "  1.60  [sound slap pan +0.00]",
        "  1.60  Too late: Chris took the jack.",
        "  1.70  [sound slap pan +1.00]",
        "  1.70  Ellen slaps too late.",
    ]


def game_of(pack: str, players: int = 3, **options: object) -> SlapjackGame:
    game = SlapjackGame([f"P{n}" for n in range(players)],
                        SlapjackOptions.from_mapping(options), random.Random(0), dealer=players - 1,
                        pack=[parse_card(word) for word in pack.split()])
    game.start()
    return game


def test_a_player_out_of_cards_stays_in_until_the_next_jack_and_slaps_back_in() -> None:
    game = game_of("5H 9C KD JS 2C QH")
    game.handle(Turn(0), 0.5)
    game.handle(Turn(1), 1.0)
    game.handle(Turn(2), 1.5)
    events = game.handle(Turn(0), 2.0)
    assert isinstance(events[0], CardTurned) and events[0].card == parse_card("JS")
    assert game.stacks[0] == [] and game.in_game(0)
    taken = game.handle(Slap(0), 2.3)
    assert [type(event) for event in taken][:1] == [JackSlapped]
    assert len(game.stacks[0]) == 4 and game.turn == 0, "back in, with the pile, and turns next"


def test_without_slap_back_in_a_player_is_out_with_the_last_card() -> None:
    game = game_of("5H 9C KD 4S 2C QH", players=3, slap_back_in=False)
    for at, seat in ((0.5, 0), (1.0, 1), (1.5, 2)):
        game.handle(Turn(seat), at)
    events = game.handle(Turn(0), 2.0)
    assert PlayerOut(2.0, 0) in events and not game.in_game(0)
    with pytest.raises(RulesError, match="out of the game"):
        game.handle(Slap(0), 2.1)


def test_a_game_of_a_few_jacks_ends_with_the_most_cards_winning() -> None:
    game = game_of("JH 9C KD 4S 2C QH", jacks=1)
    game.handle(Turn(0), 0.5)
    events = game.handle(Slap(2), 0.9)
    assert isinstance(events[-1], SlapjackOver)
    assert game.over and game.winners == (2,) and events[-1].counts == (1, 2, 3)


def test_nobody_turns_while_a_jack_waits_and_a_slap_too_soon_for_the_game_is_refused() -> None:
    game = game_of("JH 9C KD 4S 2C QH")
    game.handle(Turn(0), 0.5)
    assert not game.allows(Turn(1))
    with pytest.raises(RulesError, match="slap it"):
        game.handle(Turn(1), 0.6)
    with pytest.raises(RulesError, match="cannot be made at"):
        game.handle(Slap(1, pressed_at=5.0), 0.7)
    assert [type(event) for event in game.handle(Slap(1), 0.8)][:1] == [JackSlapped]


@pytest.mark.parametrize("players", range(2, 9))
def test_bot_games_end_at_every_table_and_the_winner_holds_the_cards(players: int) -> None:
    for seed in range(4):
        options, _ = SLAPJACK.read_options({})
        record = play_game(players, options, seed, level=list(Level), game=SLAPJACK)
        assert not record.stuck and record.refused_though_allowed == []
        assert len(record.winners) >= 1 and record.rounds >= 1


def test_a_slap_is_heard_from_the_slappers_seat_and_a_jack_from_the_middle() -> None:
    mapper = SlapjackCueMapper(4)
    jack = mapper.cues(CardTurned(1.0, 2, parse_card("JC"), 5, 3), 0)
    assert [(cue.name, cue.urgent) for cue in jack] == [("card-out", False), ("jack", True)]
    assert jack[1].pan == 0.0
    slapped = mapper.cues(WrongSlap(1.2, 1, 4, 4), 0)
    assert slapped[0].name == "slap" and slapped[0].pan == mapper.pan(1, 0) != 0.0


def test_slapjack_has_a_main_menu_item_of_its_own_options_and_its_own_keys(
        tmp_path: Path) -> None:
    given: list[Settings] = []
    lines, ui = run_screens(tmp_path, [
        "o", "enter", "end", "up", "up", "enter", "down", "down", "right", "escape", "escape",
        "end", "up", "enter"], play_other={"slapjack": given.append})
    assert lines[4:] == [
        "Restore the defaults, 32 of 33", "Slapjack options, 31 of 33",
        "Slapjack options. Turn time, 3 seconds, 1 of 6", "Slap time, 3 seconds, 2 of 6",
        "Game length, until one player holds every card, 3 of 6", "1 jack",
        "Options. Slapjack options, 31 of 33", "Main menu. Options, 3 of 8", "Quit, 8 of 8",
        "Slapjack, 7 of 8", "Main menu. Slapjack, 7 of 8"]
    saved = load_settings(tmp_path / "settings.json")[0]
    assert dict(saved.values_of("slapjack")) == {"jacks": "1"}
    assert [dict(settings.values_of("slapjack")) for settings in given] == [{"jacks": "1"}]
    assert ui.settings.values_of("razz") == {} and ui.settings.values_of("spoons") == {}
