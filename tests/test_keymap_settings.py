"""Game keys chosen in Settings: which keys may be taken, how a new key moves an action (and
what happens to the action that had it), the names of keys and actions in words, the Keys
screen driven by scripted keys, and a game that uses what was chosen."""

from __future__ import annotations

import contextlib
import io
from collections.abc import Iterable, Sequence
from pathlib import Path

import pytest
from fakes import Clock, Lines, Pressed
from hypothesis import given
from hypothesis import strategies as st

from audiospoons.app.screens import Screens
from audiospoons.app.settings import Settings, load_settings, settings_from_json, settings_to_json
from audiospoons.games.razz.keyboard.keys import RazzAction, razz_keymap
from audiospoons.games.spoons.keyboard.keys import (
    CLASSIC_KEYS,
    DEFAULT_KEYS,
    SpoonsAction,
    bindings,
    keymap,
    overrides_for,
    rebind,
)
from audiospoons.games.spoons.keyboard.local import LocalGame
from audiospoons.games.spoons.rules.options import Options
from audiospoons.keys.key import FUNCTION_KEYS, KEYPAD_KEYS, NAMED_KEYS, Key, parse_label
from audiospoons.ui.gamekeys import FIXED, Refusal, SharedAction, bound_action, refusal
from audiospoons.ui.keynames import (
    action_name,
    item_text,
    kept_text,
    key_name,
    keys_text,
    prompt_text,
    rebinding_text,
    refusal_text,
)
from audiospoons.voice.i18n import messages
from audiospoons.voice.languages import available_languages
from audiospoons.voice.speaker import Speaker
from audiospoons.voice.speech import SpeechMode, TextOutput

EN = messages("en")
ES = messages("es")
NAMES = CLASSIC_KEYS.name_ids
"""The classic game's actions' names."""
CHANGEABLE = [action for action in SpoonsAction if action not in FIXED]


# ----------------------------------------------------------------------------- which keys


@pytest.mark.parametrize(("label", "reason"), [
    ("insert", Refusal.SCREEN_READER), ("capslock", Refusal.SCREEN_READER),
    ("ctrl+insert", Refusal.SCREEN_READER), ("kp5", Refusal.NUMBER_PAD),
    ("kpenter", Refusal.NUMBER_PAD), ("shift+kpup", Refusal.NUMBER_PAD),
    ("0", Refusal.NUMBERED_SPOONS), ("7", Refusal.NUMBERED_SPOONS),
    ("ctrl+1", Refusal.NUMBERED_SPOONS), ("f1", Refusal.HELP), ("escape", Refusal.MENU),
])
def test_keys_kept_for_something_else_are_refused_with_the_reason(label: str,
                                                                  reason: Refusal) -> None:
    assert refusal(label) is reason


@pytest.mark.parametrize("label", ["q", "shift+f", "ctrl+up", "f12", "space", "tab", ",",
                                   "shift+f1", "alt+escape", "delete", "!"])
def test_other_keys_may_be_taken(label: str) -> None:
    assert refusal(label) is None


def test_the_bindings_without_settings_are_the_defaults() -> None:
    assert bindings({}) == DEFAULT_KEYS
    assert keymap() == {label: action for action, keys in DEFAULT_KEYS.items()
                        for label in keys}


def test_an_override_moves_an_action_and_frees_its_key_from_the_other() -> None:
    keys = keymap({"pass": "f"})
    assert keys["f"] is SpoonsAction.PASS
    assert "enter" not in keys
    assert SpoonsAction.SLOT_4 not in keys.values()


def test_a_capital_letter_with_no_key_of_its_own_is_its_small_letter() -> None:
    keys = keymap()
    assert keys["h"] is SpoonsAction.HAND and "shift+h" not in keys
    assert bound_action(keys, "shift+h") is SpoonsAction.HAND, "Caps Lock on, the hand is still H"
    assert bound_action(keys, "shift+tab") is SpoonsAction.SPOON_PREVIOUS
    moved = keymap({"hand": "shift+h", "feint": "h"})
    assert bound_action(moved, "shift+h") is SpoonsAction.HAND
    assert bound_action(moved, "h") is SpoonsAction.FEINT
    assert bound_action(keys, "shift+up") is None and bound_action(keys, "x") is None


def test_overrides_may_hold_several_keys_or_none() -> None:
    keys = bindings({"repeat": ", pageup", "history-previous": ""})
    assert keys[SharedAction.REPEAT] == (",", "pageup")
    assert keys[SharedAction.HISTORY_PREVIOUS] == ()
    assert keymap({"repeat": ", pageup"})["pageup"] is SharedAction.REPEAT


def test_overrides_the_screen_would_refuse_are_ignored() -> None:
    for value in ("insert", "kp5", "1", "escape", "f1", "not-a-key", "shift+1"):
        assert bindings({"hand": value})[SpoonsAction.HAND] == ("h",), value
    assert bindings({"menu": "q", "help": "w", "no-such-action": "e"}) == DEFAULT_KEYS
    assert bindings({"hand": "Ctrl+Up"})[SpoonsAction.HAND] == ("ctrl+up",)
    assert bindings({"hand": "1 j"})[SpoonsAction.HAND] == ("j",)


# ----------------------------------------------------------------------------- a new key


def test_a_free_key_moves_the_action_and_its_old_key_is_left_free() -> None:
    change = rebind({}, SpoonsAction.SLOT_4, "q")
    assert change.changed and change.other is None and change.before == ("f",)
    assert change.overrides == {"slot-4": "q"}
    keys = keymap(change.overrides)
    assert keys["q"] is SpoonsAction.SLOT_4 and "f" not in keys


def test_a_key_that_was_another_actions_only_key_swaps_the_two() -> None:
    change = rebind({}, SpoonsAction.PASS, "f")
    assert (change.other, change.other_keys, change.swapped) == (SpoonsAction.SLOT_4, ("enter",),
                                                                 True)
    keys = keymap(change.overrides)
    assert keys["f"] is SpoonsAction.PASS and keys["enter"] is SpoonsAction.SLOT_4


def test_a_key_from_an_action_with_two_keys_leaves_it_the_other() -> None:
    change = rebind({}, SharedAction.REPEAT, "pageup")
    assert (change.other, change.other_keys, change.swapped) == (
        SharedAction.HISTORY_PREVIOUS, (",",), False)
    keys = keymap(change.overrides)
    assert keys["pageup"] is SharedAction.REPEAT and keys[","] is SharedAction.HISTORY_PREVIOUS
    assert "r" not in keys


def test_swapping_an_action_with_two_keys_gives_the_other_both() -> None:
    change = rebind({}, SharedAction.HISTORY_PREVIOUS, "r")
    assert change.other_keys == (",", "pageup") and change.swapped
    assert bindings(change.overrides)[SharedAction.REPEAT] == (",", "pageup")


def test_taking_a_key_for_an_action_with_none_leaves_the_other_without_one() -> None:
    change = rebind({"hand": ""}, SpoonsAction.HAND, "r")
    assert (change.other, change.other_keys) == (SharedAction.REPEAT, ())
    assert change.overrides == {"hand": "r", "repeat": ""}
    assert SharedAction.REPEAT not in keymap(change.overrides).values()


def test_pressing_the_actions_own_key_changes_nothing() -> None:
    change = rebind({"slot-4": "q"}, SpoonsAction.SLOT_4, "q")
    assert not change.changed and change.overrides == {"slot-4": "q"}
    assert not rebind({}, SharedAction.HISTORY_NEXT, "pagedown").changed


def test_moving_back_to_the_defaults_leaves_no_override() -> None:
    there = rebind({}, SpoonsAction.PASS, "f").overrides
    assert rebind(there, SpoonsAction.PASS, "enter").overrides == {}


def test_refused_keys_and_fixed_actions_raise() -> None:
    with pytest.raises(ValueError, match="cannot be bound"):
        rebind({}, SpoonsAction.HAND, "kp1")
    with pytest.raises(ValueError, match="always stays"):
        rebind({}, SharedAction.MENU, "q")


BINDABLE = st.sampled_from(["a", "f", "h", "q", "r", "z", "space", "enter", "up", "left", ",",
                            "pageup", "shift+pageup", "f2", "f10", "ctrl+up", "shift+f", "<"])


@given(st.lists(st.tuples(st.sampled_from(CHANGEABLE), BINDABLE), max_size=25))
def test_any_series_of_new_keys_keeps_every_key_on_one_action_and_survives_saving(
        moves: list[tuple[SpoonsAction, str]]) -> None:
    overrides: dict[str, str] = {}
    for action, label in moves:
        change = rebind(overrides, action, label)
        overrides = change.overrides
        assert keymap(overrides)[parse_label(label).label] is action
    keys = bindings(overrides)
    labels = [label for owned in keys.values() for label in owned]
    assert len(labels) == len(set(labels))
    assert overrides_for(keys) == overrides
    assert {FIXED[action] for action in FIXED} <= set(labels)
    saved = settings_from_json(settings_to_json(Settings(game_keys={"spoons": overrides})))
    assert keymap(saved.keys_of("spoons")) == keymap(overrides)


# ----------------------------------------------------------------------------- in words


@pytest.mark.parametrize(("label", "english", "spanish"), [
    ("space", "Space", "Espacio"), ("enter", "Enter", "Intro"),
    ("left", "Left arrow", "Flecha izquierda"), ("f5", "F5", "F5"), ("f", "F", "F"),
    ("ctrl+up", "Control plus Up arrow", "Control más Flecha arriba"),
    ("shift+pageup", "Shift plus Page Up", "Mayúsculas más Re Pág"),
    ("ctrl+shift+a", "Control plus Shift plus A", "Control más Mayúsculas más A"),
    (",", "Comma", "Coma"), ("<", "Less than", "Menor que"), ("ctrl++", "Control plus Plus",
                                                            "Control más Más"),
    ("kp5", "Number pad 5", "5 del teclado numérico"), ("insert", "Insert", "Insertar"),
    ("ñ", "Ñ", "Ñ"),
])
def test_keys_are_named_in_words_in_the_players_language(label: str, english: str,
                                                         spanish: str) -> None:
    assert key_name(label, EN) == english
    assert key_name(label, ES) == spanish


@pytest.mark.parametrize("lang", available_languages())
def test_every_key_and_every_action_has_words(lang: str) -> None:
    m = messages(lang)
    names = [*NAMED_KEYS, *FUNCTION_KEYS, *KEYPAD_KEYS,
             *(chr(code) for code in range(0x21, 0x7F) if chr(code).lower() == chr(code))]
    for name in names:
        for key in (Key(name), Key(name, ctrl=True, alt=True)):
            text = key_name(key.label, m)
            assert text and "{" not in text and "keyname" not in text, (key.label, text)
            if len(name) > 1:
                assert text != name, f"{name} is not said in words"
    for action in SpoonsAction:
        text = action_name(action, NAMES, m)
        assert text and not text.startswith("keys."), action


def test_an_action_is_listed_with_its_keys() -> None:
    assert item_text(SpoonsAction.SPACE, ("space",), NAMES, EN) == (
        "Grab a spoon or react, Space")
    assert item_text(SpoonsAction.SLOT_4, ("f",), NAMES, EN) == "Pass your fourth card, F"
    assert item_text(SharedAction.HISTORY_PREVIOUS, (",", "pageup"), NAMES, EN) == (
        "Previous message, Comma or Page Up")
    assert item_text(SharedAction.HISTORY_PREVIOUS, (",", "pageup"), NAMES, ES) == (
        "Mensaje anterior, Coma o Re Pág")
    assert item_text(SpoonsAction.HAND, (), NAMES, EN) == "Say your hand, no key"
    assert keys_text((), ES) == "sin tecla"


def test_what_the_prompt_refusals_and_changes_say() -> None:
    assert prompt_text(SpoonsAction.SLOT_4, ("f",), NAMES, EN) == (
        "Press the new key for Pass your fourth card, or Escape to keep F.")
    assert kept_text(SpoonsAction.SLOT_4, ("f",), NAMES, EN) == "Pass your fourth card keeps F."
    assert refusal_text(Refusal.SCREEN_READER, "insert", ("f",), EN) == (
        "Insert belongs to your screen reader. Press another key, or Escape to keep F.")
    assert refusal_text(Refusal.NUMBERED_SPOONS, "3", (), EN) == (
        "The number keys are kept for grabbing numbered spoons. Press another key, or Escape"
        " to leave it without one.")
    assert rebinding_text(rebind({}, SpoonsAction.PASS, "f"), NAMES, EN) == (
        "Pass the card under the cursor now uses F. F was Pass your fourth card, which now"
        " uses Enter.")
    assert rebinding_text(rebind({}, SharedAction.REPEAT, "pageup"), NAMES, EN) == (
        "Repeat the message now uses Page Up. Page Up was also Previous message, which keeps"
        " Comma.")
    assert rebinding_text(rebind({"hand": ""}, SpoonsAction.HAND, "r"), NAMES, EN) == (
        "Say your hand now uses R. R was Repeat the message; that action now has no key.")
    assert rebinding_text(rebind({}, SpoonsAction.HAND, "h"), NAMES, EN) == (
        "Say your hand already uses H.")
    assert rebinding_text(rebind({}, SpoonsAction.PASS, "f"), NAMES, ES) == (
        "Pasar la carta del cursor ahora usa F. F era Pasar tu cuarta carta, que ahora usa"
        " Intro.")


# ----------------------------------------------------------------------------- the screen


class ScriptedKeys:
    def __init__(self, labels: Iterable[str]) -> None:
        self.keys = [parse_label(label) for label in labels]

    def read(self, timeout: float | None) -> Sequence[Key]:
        if not self.keys:
            raise EOFError
        return [self.keys.pop(0)]


def run_screens(tmp_path: Path, labels: Iterable[str], lang: str = "en",
                settings: Settings | None = None) -> tuple[list[str], Screens]:
    stream = io.StringIO()
    ui = Screens(settings or Settings(first_run=False), speaker=Speaker(TextOutput(stream)),
                 keys=ScriptedKeys(labels), speech=SpeechMode.TEXT, lang=lang,
                 settings_file=tmp_path / "settings.json")
    with contextlib.suppress(EOFError):
        ui.run()
    return stream.getvalue().splitlines(), ui


def test_the_keys_screen_lists_the_actions_and_takes_a_new_key(tmp_path: Path) -> None:
    lines, ui = run_screens(tmp_path, [
        "s", "enter", "k", "enter", "down", "home", "f2", "p", "p", "p", "p", "enter",
        "insert", "kp3", "1", "f1", "shift+q", "escape", "escape"])
    assert lines[1:] == [
        "Settings, 5 of 8", "Settings. Speech, printed text, 1 of 12", "Keys, 9 of 12",
        "Keys. Grab a spoon or react, Space, 1 of 34",
        "Pass the card under the cursor, Enter, 2 of 34",
        "Grab a spoon or react, Space, 1 of 34",
        "Enter, then press the new key for this action in the game.",
        "Pass the card under the cursor, Enter, 2 of 34",
        "Pass your first card, A, 5 of 34", "Pass your second card, S, 6 of 34",
        "Pass your third card, D, 7 of 34",
        "Press the new key for Pass your third card, or Escape to keep D.",
        "Insert belongs to your screen reader. Press another key, or Escape to keep D.",
        "The number pad belongs to your screen reader. Press another key, or Escape to keep D.",
        "The number keys are kept for grabbing numbered spoons. Press another key, or Escape"
        " to keep D.",
        "F1 is kept for help. Press another key, or Escape to keep D.",
        "Pass your third card now uses Shift plus Q.",
        "Settings. Keys, 9 of 12", "Main menu. Settings, 5 of 8"]
    saved = load_settings(tmp_path / "settings.json")[0]
    assert saved.keys_of("spoons") == {"slot-3": "shift+q"} == ui.settings.keys_of("spoons")
    assert keymap(saved.keys_of("spoons"))["shift+q"] is SpoonsAction.SLOT_3


def test_a_taken_key_swaps_escape_keeps_and_the_defaults_come_back(tmp_path: Path) -> None:
    lines, _ = run_screens(tmp_path, [
        "s", "enter", "k", "enter", "enter", "h", "enter", "escape", "end", "up", "up", "enter",
        "end", "up", "enter", "home", "escape"])
    assert lines[5:] == [
        "Press the new key for Grab a spoon or react, or Escape to keep Space.",
        "Grab a spoon or react now uses H. H was Say your hand, which now uses Space.",
        "Press the new key for Grab a spoon or react, or Escape to keep H.",
        "Grab a spoon or react keeps H.",
        "Back, 34 of 34", "Restore the default keys, 33 of 34",
        "Pause the game, Escape, 32 of 34",
        "Escape always pauses the game, and goes back in the menus; it cannot be changed.",
        "Back, 34 of 34", "Restore the default keys, 33 of 34",
        "Every action is back on its default key.",
        "Grab a spoon or react, Space, 1 of 34", "Settings. Keys, 9 of 12"]
    assert load_settings(tmp_path / "settings.json")[0].keys_of("spoons") == {}


def test_the_keys_screen_in_spanish(tmp_path: Path) -> None:
    lines, _ = run_screens(tmp_path, ["a", "enter", "end", "up", "up", "up", "enter", "enter",
                                      "ctrl+up"], lang="es")
    assert lines[4:] == [
        "Teclas de Slapjack, 11 de 12", "Teclas de Cucharas Razz, 10 de 12", "Teclas, 9 de 12",
        "Teclas. Agarrar una cuchara o reaccionar, Espacio, 1 de 34",
        "Pulsa la nueva tecla para Agarrar una cuchara o reaccionar, o Escape para conservar"
        " Espacio.",
        "Agarrar una cuchara o reaccionar ahora usa Control más Flecha arriba."]


# ----------------------------------------------------------------------------- the game


class Script:
    """Presses each key a tenth of a second after the last, on the game's clock."""

    def __init__(self, clock: Clock, labels: list[str]) -> None:
        self.clock, self.labels = clock, labels

    def read(self, timeout: float | None) -> Sequence[Pressed]:
        if timeout is not None and timeout < 0.1:
            self.clock.now += timeout
            return []
        self.clock.now += 0.1
        return [Pressed(self.labels.pop(0), self.clock.now)]


def test_the_next_game_uses_the_keys_chosen_on_the_screen(tmp_path: Path) -> None:
    run_screens(tmp_path, ["s", "enter", "k", "enter", "s", "enter", "q", "escape", "escape"])
    settings = load_settings(tmp_path / "settings.json")[0]
    assert settings.keys_of("spoons") == {"hand": "q"}
    clock, lines = Clock(), Lines()
    game = LocalGame(Options(), 3, EN, Speaker(lines), None, seed=1, clock=clock,
                     key_overrides=dict(settings.keys_of("spoons")))
    assert game.keys["q"] is SpoonsAction.HAND and "h" not in game.keys
    result = game.play(Script(clock, ["h", "q", "escape", "q", "y"]))
    assert result.won is None
    assert len([line for line in lines.spoken if line.startswith("Your hand: ")]) == 1


def test_razz_spoons_has_keys_of_its_own_in_settings(tmp_path: Path) -> None:
    lines, ui = run_screens(tmp_path, [
        "s", "enter", "end", "up", "up", "enter", "down", "down", "down", "down", "down",
        "down", "enter", "x", "up", "enter", "k", "escape", "escape"])
    assert lines[2:] == [
        "Settings. Speech, printed text, 1 of 12", "Back, 12 of 12", "Slapjack keys, 11 of 12",
        "Razz Spoons keys, 10 of 12",
        "Razz Spoons keys. Move left in your hand, Left arrow, 1 of 34",
        "Move right in your hand, Right arrow, 2 of 34", "Go to your first card, Home, 3 of 34",
        "Go to your last card, End, 4 of 34",
        "Find the next card you can play, Up arrow, 5 of 34",
        "Play the card under the cursor, Enter, 6 of 34",
        "Draw, take a King's or a count's cards, or keep the card drawn, Down arrow or D,"
        " 7 of 34",
        "Press the new key for Draw, take a King's or a count's cards, or keep the card drawn,"
        " or Escape to keep Down arrow or D.",
        "Draw, take a King's or a count's cards, or keep the card drawn now uses X.",
        "Play the card under the cursor, Enter, 6 of 34",
        "Press the new key for Play the card under the cursor, or Escape to keep Enter.",
        "Play the card under the cursor now uses K. K was Keep the card drawn, which now uses"
        " Enter.",
        "Settings. Razz Spoons keys, 10 of 12", "Main menu. Settings, 5 of 8"]
    saved = load_settings(tmp_path / "settings.json")[0]
    moved_keys = {"draw": "x", "play": "k", "keep": "enter"}
    assert saved.keys_of("razz") == moved_keys == ui.settings.keys_of("razz")
    assert saved.keys_of("spoons") == {}, "the classic game's keys are its own"
    moved = razz_keymap(saved.keys_of("razz"))
    assert (moved["x"], moved["k"], moved["enter"]) == (RazzAction.DRAW, RazzAction.PLAY,
                                                        RazzAction.KEEP)
    assert "d" not in moved and "down" not in moved
