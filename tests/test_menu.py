"""The spoken menu model, the options screen's items, and the screens driven by scripted keys."""

from __future__ import annotations

import contextlib
import io
from collections.abc import Iterable, Sequence
from dataclasses import replace
from pathlib import Path

import pytest

from audiospoons.app.menuhost import Unavailable, menu_label
from audiospoons.app.screens import Screens
from audiospoons.app.settings import Settings, load_settings
from audiospoons.games.keyboards import KEYBOARDS
from audiospoons.games.razz.keyboard.optionitems import (
    chosen_razz_values,
    razz_option_items,
    saved_razz_options,
)
from audiospoons.games.razz.rules.options import RAZZ_OPTION_SPECS, EndRule, RazzOptions
from audiospoons.games.spoons.keyboard.optionitems import (
    chosen_values,
    option_item,
    option_items,
    saved_options,
    table_problem,
)
from audiospoons.games.spoons.rules.options import OPTION_SPECS, Options
from audiospoons.keys.key import Key, parse_label
from audiospoons.ui.menu import (
    EDGE_CUE,
    MOVE_CUE,
    SELECT_CUE,
    ActionItem,
    Choice,
    Item,
    Menu,
    Number,
    Response,
    Toggle,
    initial,
)
from audiospoons.ui.optionitems import seconds
from audiospoons.voice.i18n import messages
from audiospoons.voice.speaker import Speaker
from audiospoons.voice.speech import SpeechMode, TextOutput

EN = messages("en")
ES = messages("es")


def main_menu(**kwargs: object) -> Menu:
    items: list[Item] = [
        ActionItem("play", "Play", "A game against bots."),
        ActionItem("options", "Options", "The rules."),
        ActionItem("howto", "How to play", "The rules, spoken."),
        ActionItem("settings", "Settings", "Speech and sound."),
        ActionItem("quit", "Quit", "Leave."),
    ]
    return Menu("Main menu", items, EN, **kwargs)  # type: ignore[arg-type]


def said(menu: Menu, *labels: str) -> list[str | None]:
    return [menu.press(label).speech for label in labels]


# ----------------------------------------------------------------------------- moving


def test_opening_says_the_title_and_the_item_with_its_place() -> None:
    assert main_menu().opening() == "Main menu. Play, 1 of 5"
    assert Menu("Quit?", [ActionItem("a", "Yes")], EN).opening() == "Quit? Yes, 1 of 1"


def test_an_item_that_ends_a_sentence_is_joined_to_its_place_without_a_doubled_stop() -> None:
    menu = Menu("Games", [ActionItem("a", "You came 1 of 2. Rating 1050, up 50."),
                          ActionItem("b", "Wait...")], EN)
    assert menu.opening() == "Games. You came 1 of 2. Rating 1050, up 50, 1 of 2"
    assert menu.press("down").speech == "Wait..., 2 of 2"
    fa = Menu("Games", [ActionItem("a", "Rating 1050.")], messages("fa"))
    assert fa.item_text() == "Rating 1050، 1 از 1"


def test_up_and_down_move_and_stop_at_the_ends_saying_so() -> None:
    menu = main_menu()
    assert said(menu, "down", "down") == ["Options, 2 of 5", "How to play, 3 of 5"]
    assert said(menu, "up", "up", "up") == ["Options, 2 of 5", "Play, 1 of 5",
                                            "Top. Play, 1 of 5"]
    assert menu.position == 0
    menu.press("end")
    assert said(menu, "down") == ["Bottom. Quit, 5 of 5"]


def test_moving_plays_the_move_cue_and_an_end_does_not() -> None:
    menu = main_menu()
    assert menu.press("down").cue == MOVE_CUE
    assert menu.press("up").cue == MOVE_CUE
    assert menu.press("up").cue is None


def test_with_wrap_up_and_down_go_round() -> None:
    menu = main_menu(wrap=True)
    assert said(menu, "up", "down") == ["Quit, 5 of 5", "Play, 1 of 5"]


def test_home_and_end_jump_to_the_first_and_last_items() -> None:
    menu = main_menu()
    assert said(menu, "end", "home") == ["Quit, 5 of 5", "Play, 1 of 5"]
    assert said(menu, "home") == ["Play, 1 of 5"]


def test_a_letter_jumps_to_the_next_item_starting_with_it_and_cycles() -> None:
    menu = Menu("Options", [ActionItem("a", "Draw"), ActionItem("b", "Grabbing"),
                            ActionItem("c", "Deck"), ActionItem("d", "discard"),
                            ActionItem("e", "Word")], EN)
    assert said(menu, "d", "d", "d", "d") == ["Deck, 3 of 5", "discard, 4 of 5",
                                              "Draw, 1 of 5", "Deck, 3 of 5"]
    assert said(menu, "w") == ["Word, 5 of 5"]
    assert said(menu, "w") == ["Word, 5 of 5"]
    assert said(menu, "q") == ["Nothing starts with Q."]
    assert menu.position == 4


def test_first_letters_ignore_case_and_accents() -> None:
    assert initial("Él") == initial("el") == "e"
    assert initial("Óscar") == "o"
    menu = Menu("Menú", [ActionItem("a", "Jugar"), ActionItem("b", "Cómo se juega")], ES)
    assert said(menu, "c") == ["Cómo se juega, 2 de 2"]
    assert menu_label(parse_label("shift+c")) == "c"
    assert menu_label(parse_label("shift+f1")) == "shift+f1"


def test_unknown_keys_are_not_handled_and_escape_goes_back() -> None:
    menu = main_menu()
    assert menu.press("f9") == Response(handled=False)
    assert menu.press("ctrl+a").handled is False
    assert menu.press("escape") == Response(back=True)


def test_enter_chooses_an_action_with_the_select_cue() -> None:
    menu = main_menu()
    menu.press("down")
    assert menu.press("enter") == Response(cue=SELECT_CUE, activated="options")
    assert menu.press("space").activated == "options"


def test_the_description_on_request() -> None:
    menu = main_menu()
    assert said(menu, "f2", "shift+f1") == ["A game against bots.", "A game against bots."]
    assert said(Menu("T", [ActionItem("a", "Alone")], EN), "f2") == ["No description."]


# ----------------------------------------------------------------------------- values


def value_menu() -> Menu:
    return Menu("Settings", [
        Choice("verbosity", "Verbosity", ("full", "brief"), "full", ("full", "brief"),
               "How much is said."),
        Number("rate", "Speech rate", 180, 100, 200, 10, lambda v: f"{v:g} words a minute"),
        Toggle("mono", "Mono", False, "Both ears."),
        ActionItem("back", "Back"),
    ], EN)


def test_each_item_says_its_value_and_place() -> None:
    menu = value_menu()
    assert menu.opening() == "Settings. Verbosity, full, 1 of 4"
    assert said(menu, "down", "down") == ["Speech rate, 180 words a minute, 2 of 4",
                                          "Mono, off, 3 of 4"]


def test_left_and_right_go_round_a_choice_saying_only_the_new_value() -> None:
    menu = value_menu()
    response = menu.press("right")
    assert response.speech == "brief" and response.cue == MOVE_CUE
    assert response.changed == replace(menu.item("verbosity"))
    assert said(menu, "right", "left", "left") == ["full", "brief", "full"]
    item = menu.item("verbosity")
    assert isinstance(item, Choice) and item.value == "full"


def test_a_choice_going_round_from_its_last_value_to_its_first_plays_the_edge_cue() -> None:
    menu = Menu("Options", [Choice("bots", "Bots", ("easy", "normal", "expert"), "easy")], EN)
    assert [menu.press(key).cue for key in ("right", "right")] == [MOVE_CUE, MOVE_CUE]
    wrapped = menu.press("right")
    assert (wrapped.speech, wrapped.cue) == ("easy", EDGE_CUE)
    wrapped = menu.press("left")
    assert (wrapped.speech, wrapped.cue) == ("expert", EDGE_CUE)
    assert menu.press("left").cue == MOVE_CUE
    two = Menu("Verbosity", [Choice("v", "Verbosity", ("full", "brief"), "full")], EN)
    assert [two.press(key).cue for key in ("right", "right", "left", "left")] == [
        MOVE_CUE, EDGE_CUE, EDGE_CUE, MOVE_CUE]


def test_a_menu_that_goes_round_plays_the_edge_cue_where_it_does() -> None:
    menu = main_menu(wrap=True)
    assert menu.press("up").cue == EDGE_CUE
    assert menu.press("down").cue == EDGE_CUE
    assert menu.press("down").cue == MOVE_CUE


def test_a_number_steps_and_says_when_it_is_at_an_end() -> None:
    menu = value_menu()
    menu.press("down")
    assert said(menu, "right", "right", "right") == [
        "190 words a minute", "200 words a minute", "200 words a minute, the highest"]
    assert menu.press("right").changed is None
    rate = menu.item("rate")
    assert isinstance(rate, Number)
    menu.put(replace(rate, value=110))
    assert said(menu, "left", "left") == ["100 words a minute", "100 words a minute, the lowest"]


def test_a_toggle_flips_with_enter_space_left_or_right() -> None:
    menu = value_menu()
    menu.press("end")
    menu.press("up")
    assert said(menu, "enter", "space", "right", "left") == ["on", "off", "on", "off"]


def test_enter_on_a_choice_says_how_to_change_it() -> None:
    menu = value_menu()
    assert said(menu, "enter") == ["Left and Right change the value."]
    assert menu.press("left").changed is not None


def test_left_and_right_on_an_action_say_it_again() -> None:
    menu = value_menu()
    menu.press("end")
    assert said(menu, "left", "right") == ["Back, 4 of 4", "Back, 4 of 4"]


def test_a_checked_value_that_is_refused_is_said_and_not_taken() -> None:
    menu = value_menu()
    menu.check = lambda item: "Not with mono." if (
        isinstance(item, Choice) and item.value == "brief") else None
    response = menu.press("right")
    assert response.speech == "Not with mono." and response.changed is None
    assert response.cue is None
    item = menu.item("verbosity")
    assert isinstance(item, Choice) and item.value == "full"


def test_the_menu_speaks_spanish() -> None:
    menu = Menu("Ajustes", [Toggle("mono", "Mono", True), ActionItem("back", "Volver")], ES)
    assert menu.opening() == "Ajustes. Mono, activado, 1 de 2"
    assert said(menu, "up", "enter") == ["Inicio. Mono, activado, 1 de 2", "desactivado"]


def test_items_refuse_impossible_values() -> None:
    with pytest.raises(ValueError):
        Choice("a", "A", ("x", "y"), "z")
    with pytest.raises(ValueError):
        Number("n", "N", 11, 0, 10, 1)
    with pytest.raises(ValueError):
        Menu("Empty", [], EN)
    with pytest.raises(ValueError):
        Menu("Twice", [ActionItem("a", "A"), ActionItem("a", "B")], EN)


# ----------------------------------------------------------------------------- options


@pytest.mark.parametrize("lang", ["en", "es"])
def test_every_game_option_has_an_item_with_words_and_a_description(lang: str) -> None:
    m = messages(lang)
    items = option_items(Options(), 4, "normal", m)
    keys = [item.key for item in items]
    assert keys == ["players", "bots", "preset", *(spec.key for spec in OPTION_SPECS)]
    for item in items:
        assert item.label and "_" not in item.label, item
        assert item.description and "." in item.description, item
        if isinstance(item, Choice):
            assert len(set(item.texts)) == len(item.values), item


def test_the_options_items_show_seed_000s_defaults_in_words() -> None:
    menu = Menu("Options", option_items(Options(), 4, "normal", EN), EN)
    lines = [menu.item_text(index) for index in range(len(menu.items))]
    assert lines[:8] == ["Players, 4 players, 1 of 29", "Bot difficulty, normal, 2 of 29",
                         "Preset, standard, 3 of 29",
                         "Draw variant, draw pile, 4 of 29",
                         "Spoon grabbing, reaction only, 5 of 29",
                         "Selection time, 5 seconds, 6 of 29",
                         "Time to hold a spoon, 3 seconds, 7 of 29",
                         "Timeframe delay for multiple stealers, none, 8 of 29"]
    assert "Pause before react now, random, 1 to 2 seconds, 10 of 29" in lines
    assert "Grab time limit, 10 seconds, 13 of 29" in lines
    assert "Discard time limit, no limit, 14 of 29" in lines
    assert "Announce the spoons going, off, 16 of 29" in lines
    assert "Word, SPOONS, 18 of 29" in lines
    assert "Hand size, 4 cards, 22 of 29" in lines


def test_every_grabbing_variant_is_offered_in_words() -> None:
    item = option_item("grabbing", Options(), EN)
    assert isinstance(item, Choice) and item.values == ("reaction", "selection", "realtime")
    menu = Menu("Options", [item], EN)
    assert said(menu, "right") == ["single selection"]
    assert said(menu, "right") == ["realtime fighting"]


def test_seconds_are_said_in_the_players_language() -> None:
    assert seconds(EN, 1) == "1 second"
    assert seconds(EN, 1.5) == "1.5 seconds"
    assert seconds(ES, 1.5) == "1,5 segundos"
    assert seconds(ES, 3.0) == "3 segundos"


def test_chosen_values_keep_only_what_differs_from_the_defaults() -> None:
    options = Options.from_mapping({"draw": "discard", "react_timeout": "2.5",
                                    "announce_phase2": "true", "word": "PIG"})
    items = {item.key: item for item in option_items(options, 4, "normal", EN)}
    assert chosen_values(items) == {"draw": "discard", "react_timeout": "2.5",
                                    "announce_phase2": "true", "word": "PIG"}
    assert Options.from_mapping(chosen_values(items)) == options


def test_saved_options_that_no_longer_parse_are_left_out() -> None:
    assert saved_options({"draw": "discard", "hand_size": "9", "nonsense": "1"}) == (
        Options.from_mapping({"draw": "discard"}))
    assert saved_options({"deck": "no-stock"}) == Options()


@pytest.mark.parametrize(("values", "players", "english"), [
    ({"deck": "no-stock"}, 4,
     "the no-stock deck has no stock to draw from: choose the discard pile draw variant first."),
    ({"deck": "no-stock", "draw": "discard", "hand_size": "5"}, 4,
     "the no-stock deck deals four cards each."),
    ({"scoring": "points", "next_dealer": "first-set"}, 4,
     "with penalty points each player deals once in turn, so the next dealer must be the next"
     " to the left."),
    ({"spoons_subtracted": "4"}, 4, "4 players with 4 spoons fewer leave no spoon on the table."),
    ({"deck": "no-stock", "draw": "discard"}, 14, "the no-stock deck is for 13 players at most."),
    ({}, 13, "13 players with 4 cards each leave no stock in a 52-card pack: choose two packs or"
             " fewer players."),
    ({"teams": "true"}, 5, "teams are pairs: choose an even number of players, 4 or more."),
    ({"teams": "true", "scoring": "points"}, 4,
     "teams play until one team is left: choose sudden death or letters, not penalty points."),
    ({"teams": "true", "joint_winners_at_two": "true"}, 4,
     "teams play until one team is left: turn joint winners at two off."),
])
def test_a_table_that_cannot_be_played_is_explained(values: dict[str, str], players: int,
                                                    english: str) -> None:
    assert table_problem(values, players, EN) == english
    spanish = table_problem(values, players, ES)
    assert spanish is not None and spanish != english


def test_a_playable_table_has_no_problem() -> None:
    assert table_problem({}, 4, EN) is None
    assert table_problem({"deck": "two-packs"}, 13, EN) is None


# ----------------------------------------------------------------------------- screens


class ScriptedKeys:
    """Keys typed one at a time; then the input ends."""

    def __init__(self, labels: Iterable[str]) -> None:
        self.keys = [parse_label(label) for label in labels]

    def read(self, timeout: float | None) -> Sequence[Key]:
        if not self.keys:
            raise EOFError
        return [self.keys.pop(0)]


class Cues:
    def __init__(self) -> None:
        self.sound_volume, self.speech_volume, self.mono = 1.0, 1.0, False
        self.played: list[str] = []

    def play(self, cue: object) -> None:
        self.played.append(getattr(cue, "name", ""))


def run_screens(tmp_path: Path, labels: Iterable[str], settings: Settings | None = None,
                **kwargs: object) -> tuple[list[str], Screens]:
    stream = io.StringIO()
    speaker = Speaker(TextOutput(stream))
    ui = Screens(settings or Settings(first_run=False), speaker=speaker,
                 keys=ScriptedKeys(labels), mixer=Cues(), speech=SpeechMode.TEXT, lang="en",
                 settings_file=tmp_path / "settings.json", **kwargs)  # type: ignore[arg-type]
    with contextlib.suppress(EOFError):
        ui.run()
    return stream.getvalue().splitlines(), ui


def test_quit_asks_to_confirm_and_escape_stays(tmp_path: Path) -> None:
    lines, _ = run_screens(tmp_path, ["escape", "escape", "end", "enter", "enter"])
    assert lines == ["Main menu. Play, 1 of 8",
                     "Quit audiospoons? Enter quits, Escape goes back.",
                     "Play, 1 of 8", "Quit, 8 of 8",
                     "Quit audiospoons? Enter quits, Escape goes back.", "Goodbye."]


def test_play_calls_back_with_the_settings_and_saves_what_comes_back(tmp_path: Path) -> None:
    given: list[Settings] = []

    def play(settings: Settings) -> Settings:
        given.append(settings)
        return settings.with_reaction(412).with_game(won=True)

    lines, ui = run_screens(tmp_path, ["enter"], play=play)
    assert lines == ["Main menu. Play, 1 of 8", "Main menu. Play, 1 of 8"]
    assert given == [Settings(first_run=False, language="en")], "the game speaks the menu's"
    saved, problem = load_settings(tmp_path / "settings.json")
    assert problem is None and saved == ui.settings
    assert saved.reactions.best == 412 and saved.reactions.wins == 1


def test_play_that_is_not_there_says_so(tmp_path: Path) -> None:
    def missing(settings: Settings) -> None:
        raise Unavailable("not yet")

    lines, _ = run_screens(tmp_path, ["enter"], play=missing)
    assert lines[1] == "That is not ready yet."


def test_play_refuses_saved_options_that_cannot_be_played(tmp_path: Path) -> None:
    settings = Settings(first_run=False, players=13)
    lines, _ = run_screens(tmp_path, ["enter"], settings, play=lambda s: None)
    assert lines[1] == ("Not possible: 13 players with 4 cards each leave no stock in a 52-card"
                        " pack: choose two packs or fewer players.")


def test_razz_spoons_is_played_from_the_main_menu_with_the_saved_players(tmp_path: Path
                                                                         ) -> None:
    given: list[Settings] = []
    lines, _ = run_screens(tmp_path, ["r", "f2", "enter"], play_other={"razz": given.append})
    assert lines[1:3] == ["Razz Spoons, 6 of 8", messages("en").tr("menu.main.razz.about")]
    assert given == [Settings(first_run=False, language="en")]
    assert lines[3] == "Main menu. Razz Spoons, 6 of 8"
    lines, _ = run_screens(tmp_path, ["r", "enter"], Settings(first_run=False, players=12),
                           play_other={"razz": given.append})
    assert lines[2] == ("Razz Spoons is for 2 to 10 players, and your options have 12. Change"
                        " Players in Options.")
    assert len(given) == 1


def test_the_first_run_offers_the_demonstration_once(tmp_path: Path) -> None:
    shown: list[Settings] = []
    lines, ui = run_screens(tmp_path, ["enter"], Settings(),
                            demonstrate=lambda s: shown.append(s))
    assert lines[0] == ("Welcome to audiospoons. F1 says the keys wherever you are. A short"
                        " demonstration round shows how the game goes. Play the demonstration"
                        " round, 1 of 2")
    assert len(shown) == 1 and ui.settings.first_run is False
    assert lines[1] == "Main menu. Play, 1 of 8"
    assert load_settings(tmp_path / "settings.json")[0].first_run is False


def test_the_first_play_without_saved_settings_is_against_easy_bots(tmp_path: Path) -> None:
    """The README's advice for a newcomer is the first run's table; a saved choice stays."""
    given: list[Settings] = []
    first, _ = load_settings(tmp_path / "settings.json")
    run_screens(tmp_path, ["down", "enter", "enter"], first, play=given.append)
    assert [settings.bots for settings in given] == ["easy"]
    assert load_settings(tmp_path / "settings.json")[0].bots == "easy"
    chosen = Settings(first_run=False, bots="normal")
    run_screens(tmp_path, ["enter"], chosen, play=given.append)
    assert [settings.bots for settings in given] == ["easy", "normal"]


def test_how_to_play_reads_sections_and_offers_the_demonstration(tmp_path: Path) -> None:
    shown: list[Settings] = []
    lines, _ = run_screens(tmp_path, ["h", "enter", "t", "enter", "p", "enter", "escape"],
                           demonstrate=lambda s: shown.append(s))
    assert lines[1:5] == ["How to play, 4 of 8", "How to play. Rules of Spoons, 1 of 14",
                          "The goal, 4 of 14", messages("en").tr("howto.goal.text")]
    assert lines[5:7] == ["Play the demonstration round, 13 of 14",
                          "How to play. Play the demonstration round, 13 of 14"]
    assert len(shown) == 1
    assert lines[7] == "Main menu. How to play, 4 of 8"


def test_how_to_play_reads_each_games_rules_with_the_saved_options(tmp_path: Path) -> None:
    """Each game's rules, with the options saved for it and the saved number of players, a
    line at a time: Up, Down, Home and End move, another key says how, Escape goes back."""
    settings = Settings(first_run=False, players=6).with_values_of(
        "razz", {"end": "points", "end_at": "30"})
    lines, _ = run_screens(tmp_path, ["h", "enter", "down", "enter", "down", "end", "down",
                                      "home", "up", "x", "escape", "down", "enter", "end",
                                      "escape", "escape"], settings)
    razz = KEYBOARDS["razz"].rules_lines(KEYBOARDS["razz"].saved_options({"end": "points",
                                                                   "end_at": "30"}), 6, EN)
    slapjack = KEYBOARDS["slapjack"].rules_lines(KEYBOARDS["slapjack"].saved_options({}), 6, EN)
    assert lines[1:] == [
        "How to play, 4 of 8", "How to play. Rules of Spoons, 1 of 14",
        "Rules of Razz Spoons, 2 of 14",
        f"The rules, 13 lines: Up and Down read them, Escape closes them. {razz[0]}",
        "6 players: 6 cards each, from two packs shuffled together.",
        "The game ends when someone reaches 30 points; the fewest points win.",
        "Bottom. The game ends when someone reaches 30 points; the fewest points win.",
        razz[0], f"Top. {razz[0]}",
        "Up and Down read the rules line by line, Home and End go to the first and last line,"
        " Escape closes them.",
        "Rules of Razz Spoons, 2 of 14", "Rules of Slapjack, 3 of 14",
        f"The rules, 7 lines: Up and Down read them, Escape closes them. {slapjack[0]}",
        "The last player left, holding every card, wins.",
        "Rules of Slapjack, 3 of 14", "Main menu. How to play, 4 of 8"]


def test_f1_says_the_keys_of_the_screen(tmp_path: Path) -> None:
    lines, _ = run_screens(tmp_path, ["f1", "o", "enter", "f1"])
    assert lines[1].startswith("Up and Down move") and lines[1].endswith(
        "Here Escape asks whether to quit.")
    assert lines[4].endswith("Left and Right change the value, and it is saved at once.")


def test_settings_change_at_once_and_are_saved(tmp_path: Path) -> None:
    lines, ui = run_screens(tmp_path, [
        "s", "enter", "down", "right", "down", "left", "down", "left", "m", "enter",
        "l", "right", "right"])
    assert lines[2:] == [
        "Settings. Speech, printed text, 1 of 12", "Speech rate, 175 words per minute, 2 of 12",
        "185 words per minute", "Speech volume, 100 percent, 3 of 12", "90 percent",
        "Sound volume, 80 percent, 4 of 12", "70 percent", "Mono, off, 5 of 12", "on",
        "Language, system, 6 of 12", "English", "Deutsch"]
    saved = load_settings(tmp_path / "settings.json")[0]
    assert (saved.rate, saved.speech_volume, saved.sound_volume, saved.mono, saved.language) == (
        185, 90, 70, True, "de")
    assert ui.lang == "de"
    assert isinstance(ui.mixer, Cues)
    assert (ui.mixer.sound_volume, ui.mixer.speech_volume, ui.mixer.mono) == (0.7, 0.9, True)


def test_a_speech_output_that_cannot_start_is_refused(tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    import audiospoons.voice.outputs as outputs

    def no_screen_reader(mode: SpeechMode, lang: str, rate: int | None = None,
                         mixer: object = None) -> tuple[TextOutput, str | None]:
        return TextOutput(io.StringIO()), "No screen reader was found."

    monkeypatch.setattr(outputs, "open_speech", no_screen_reader)
    lines, ui = run_screens(tmp_path, ["s", "enter", "left", "left", "f2"])
    assert lines[3:] == ["No screen reader was found.", "No screen reader was found.",
                         messages("en").tr("menu.settings.speech.about")]
    assert ui.speech is SpeechMode.TEXT
    assert not (tmp_path / "settings.json").exists()


def test_options_refuse_an_impossible_table_and_save_a_possible_one(tmp_path: Path) -> None:
    lines, ui = run_screens(tmp_path, [
        "o", "enter", "right", "down", "left", "d", "d", "d", "left", "home", "left", "left"],
        Settings(first_run=False, bots="normal"))
    assert lines[2:] == [
        "Options. Players, 4 players, 1 of 33", "5 players", "Bot difficulty, normal, 2 of 33",
        "easy", "Draw variant, draw pile, 4 of 33", "Discard time limit, no limit, 14 of 33",
        "Deck, one pack, 21 of 33",
        "Not possible: the no-stock deck has no stock to draw from: choose the discard pile draw"
        " variant first.",
        "Players, 5 players, 1 of 33", "4 players", "3 players"]
    saved = load_settings(tmp_path / "settings.json")[0]
    assert (saved.players, saved.bots, dict(saved.values_of("spoons"))) == (3, "easy", {})
    assert ui.mixer is not None and MOVE_CUE in ui.mixer.played  # type: ignore[attr-defined]


def test_restore_the_defaults(tmp_path: Path) -> None:
    settings = Settings(first_run=False, players=6, bots="hard",
                        game_options={"spoons": {"draw": "discard"}})
    lines, ui = run_screens(tmp_path, ["o", "enter", "end", "up", "enter", "home"],
                            settings)
    assert lines[3:] == ["Back, 33 of 33", "Restore the defaults, 32 of 33",
                         "Every option is back to its default.", "Players, 4 players, 1 of 33"]
    settings = ui.settings
    assert (settings.players, settings.bots, settings.values_of("spoons")) == (4, "easy", {})


def test_the_demonstration_does_not_need_the_saved_table(tmp_path: Path) -> None:
    shown: list[Settings] = []
    settings = Settings(first_run=False, players=13)
    run_screens(tmp_path, ["h", "enter", "end", "up", "enter"], settings,
                demonstrate=lambda s: shown.append(s))
    assert shown == [replace(settings, language="en")]


def test_what_was_said_can_be_reviewed_in_a_menu(tmp_path: Path) -> None:
    lines, _ = run_screens(tmp_path, ["down", "down", ",", ",", ",", ",", ".", ">", "<"])
    assert lines == ["Main menu. Play, 1 of 8", "Play online, 2 of 8", "Options, 3 of 8",
                     "Play online, 2 of 8", "Main menu. Play, 1 of 8", "Main menu. Play, 1 of 8",
                     "Main menu. Play, 1 of 8", "Play online, 2 of 8", "Options, 3 of 8",
                     "Main menu. Play, 1 of 8"]


def test_the_colour_menu_of_spoons_is_chosen_in_settings(tmp_path: Path) -> None:
    lines, ui = run_screens(tmp_path, ["s", "enter", "c", "right"])
    assert lines[3:] == ["Choosing a spoon, number keys, 8 of 12", "colour menu"]
    assert load_settings(tmp_path / "settings.json")[0].spoon_keys == "colours"
    assert ui.settings.spoon_keys == "colours"


def test_a_preset_chosen_in_the_options_sets_them_and_is_described(tmp_path: Path) -> None:
    lines, ui = run_screens(tmp_path, ["o", "enter", "p", "right", "d", "right", "up", "up"])
    assert lines[3:6] == ["Preset, standard, 3 of 33",
                          "classic " + messages("en").tr("preset.classic.about"),
                          "Draw variant, discard pile, 4 of 33"]
    assert ui.settings.values_of("spoons") == {"draw": "either", "scoring": "letters"}
    assert lines[6:] == ["either one", "Preset, custom, 3 of 33", "Bot difficulty, easy, 2 of 33"]


# ----------------------------------------------------------------------------- Razz Spoons


def test_the_razz_options_items_say_each_value_in_words() -> None:
    items = razz_option_items(RazzOptions(), EN)
    assert [item.key for item in items] == [spec.key for spec in RAZZ_OPTION_SPECS]
    menu = Menu("Razz Spoons options", items, EN)
    assert [menu.item_text(index) for index in range(len(items))] == [
        "Game ends by, rounds, 1 of 7", "Game length, 5 rounds, 2 of 7",
        "Time to say the phrase, 3 seconds, 3 of 7", "Let players make mistakes, off, 4 of 7",
        "Turn time limit, no limit, 5 of 7", "Time to grab a spoon, 5 seconds, 6 of 7",
        "Pause between rounds, 3 seconds, 7 of 7"]
    turn = next(item for item in items if item.key == "turn_time_limit")
    assert isinstance(turn, Choice) and turn.values[:3] == ("0", "2", "3"), "2 s, the least"
    fifty = razz_option_items(RazzOptions.from_mapping({"end": "points", "end_at": "5"}), EN)[1]
    assert isinstance(fifty, Number)
    assert (fifty.stepped(-1).value, fifty.stepped(1).value) == (5, 10), "points go by fives"
    points = razz_option_items(RazzOptions.from_mapping({"end": "points", "end_at": "1"}), ES)
    assert [Menu("x", points, ES).item_text(i) for i in (0, 1)] == [
        "La partida acaba por, puntos, 1 de 7", "Duración, 1 punto, 2 de 7"]


def test_the_razz_options_read_back_what_the_items_show() -> None:
    options = RazzOptions.from_mapping({"end": "points", "end_at": "60", "turn_time_limit": "7",
                                        "let_players_err": "true", "phrase_window": "2.5"})
    items = {item.key: item for item in razz_option_items(options, EN)}
    values = chosen_razz_values(items)
    assert values == {"end": "points", "end_at": "60", "turn_time_limit": "7",
                      "let_players_err": "true", "phrase_window": "2.5"}
    assert RazzOptions.from_mapping(values) == options
    assert chosen_razz_values({item.key: item
                               for item in razz_option_items(RazzOptions(), EN)}) == {}


def test_saved_razz_options_that_no_longer_parse_are_left_out() -> None:
    assert saved_razz_options({"end": "points", "end_at": "zero", "phrase_window": "0.1",
                               "gone": "x"}) == RazzOptions(end=EndRule.POINTS)


def test_the_razz_options_are_chosen_in_the_options_and_saved(tmp_path: Path) -> None:
    given: list[Settings] = []
    lines, ui = run_screens(tmp_path, [
        "o", "enter", "end", "up", "up", "up", "f2", "enter", "right", "down", "right", "right",
        "end", "up", "enter", "escape", "escape", "r", "enter"], play_other={"razz": given.append})
    assert lines[2:] == [
        "Options. Players, 4 players, 1 of 33", "Back, 33 of 33",
        "Restore the defaults, 32 of 33", "Slapjack options, 31 of 33",
        "Razz Spoons options, 30 of 33",
        EN.tr("menu.options.razz.about"),
        "Razz Spoons options. Game ends by, rounds, 1 of 9",
        "points. Game length, 5 points.", "Game length, 5 points, 2 of 9", "10 points",
        "15 points", "Back, 9 of 9", "Restore the defaults, 8 of 9",
        "Every Razz Spoons option is back to its default.",
        "Options. Razz Spoons options, 30 of 33", "Main menu. Options, 3 of 8",
        "Razz Spoons, 6 of 8", "Main menu. Razz Spoons, 6 of 8"]
    assert dict(load_settings(tmp_path / "settings.json")[0].values_of("razz")) == {}
    assert ui.settings.values_of("razz") == {}
    assert given == [Settings(first_run=False, language="en")]


def test_the_razz_options_saved_are_those_of_the_main_menus_razz_spoons(tmp_path: Path
                                                                        ) -> None:
    given: list[Settings] = []
    run_screens(tmp_path, ["o", "enter", "end", "up", "up", "up", "enter", "down", "down", "down",
                           "right", "escape", "escape", "r", "enter"],
                play_other={"razz": given.append})
    saved = load_settings(tmp_path / "settings.json")[0]
    assert dict(saved.values_of("razz")) == {"let_players_err": "true"}
    assert [dict(settings.values_of("razz")) for settings in given] == [{"let_players_err": "true"}]
    assert saved_razz_options(given[0].values_of("razz")).let_players_err
