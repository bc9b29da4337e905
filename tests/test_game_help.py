"""F1 at a classic Spoons table names the keys of this game with these options: the grab key as
the game uses it (a signal, a grab, a reaction test), a feint only with bluffing, number keys only
for numbered spoons (the Ctrl part only past ten), the colour menu only for a player who chose
it, a letter for each card the hand may hold, Up and Down as the cards flow, F4 only where cards
wait; online the same keys, and the online ending in place of the pause. Once the player has
moved keys, every game's F1 says its keys in the order of play, with the player's own, and only
those that do something with these options. Exact transcripts, from a game at the keyboard and
from a seat at a relay's table, then a real terminal."""

from __future__ import annotations

from enum import Enum
from pathlib import Path
from typing import Any

import pytest
from fakes import Clock, Lines, Pressed
from test_local_game import Player
from test_online import Relay
from test_play_pty import quit_game, spawn

from audiospoons.app.settings import Settings, save_settings
from audiospoons.games.razz.keyboard.keys import RAZZ_HELP_ORDER, RazzAction
from audiospoons.games.razz.keyboard.local import LocalRazzGame
from audiospoons.games.razz.rules.options import RazzOptions
from audiospoons.games.slapjack.keyboard.keys import SLAPJACK_HELP_ORDER, SlapjackAction
from audiospoons.games.slapjack.keyboard.seatkeys import LocalSlapjackGame
from audiospoons.games.slapjack.rules.options import SlapjackOptions
from audiospoons.games.spoons.keyboard.helpkeys import CLASSIC_HELP_ORDER
from audiospoons.games.spoons.keyboard.keys import SpoonsAction
from audiospoons.games.spoons.keyboard.local import LocalGame
from audiospoons.games.spoons.keyboard.online import RemoteGame
from audiospoons.games.spoons.keyboard.spoonnames import SpoonStyle
from audiospoons.games.spoons.rules.options import Options
from audiospoons.games.spoons.rules.presets import PRESETS_BY_NAME
from audiospoons.ui.gamekeys import SharedAction
from audiospoons.voice.i18n import messages
from audiospoons.voice.languages import available_languages
from audiospoons.voice.speaker import Speaker

F1 = "\x1bOP"
ENDING = ("F3: who is still in. F5: the options. F6: your reaction times. Comma and period review"
          " messages; R repeats the last. F7 and F8: sound volume. F9 and F10: speech rate."
          " Shift+F1 reads the rules of this game.")
WAITING_ENDING = ENDING.replace("F5:", "F4: cards waiting. F5:")
HAND = ("Left and Right move through your hand; Enter passes the card. {keys} pass your cards in"
        " order, from the first. H says your hand.")
FIVE_LETTERS = HAND.format(keys="A, S, D, F, and G")
DEFAULT_HELP = (f"Space grabs a spoon. {FIVE_LETTERS} Up or Down draws from the stock."
                f" F2: spoons left. {ENDING}")
PIG: dict[str, Any] = dict(PRESETS_BY_NAME["pig"].values)
"""The pig preset's option values, spread into ``f1_heard``'s options (typed Any, as options are
there, so that they are not taken for its own parameters)."""
ONLINE_END = "Slash: chat with the room. A game online cannot pause: Escape twice leaves it."


SHARED_MOVED = (
    "Previous message: Comma or Page Up. Next message: Period or Page Down. First message: Less"
    " than or Shift plus Page Up. Last message: Greater than or Shift plus Page Down. Repeat the"
    " message: R. Sound volume down: F7. Sound volume up: F8. Slower speech: F9. Faster speech:"
    " F10. Read the rules: Shift plus F1.")
MOVED_HAND = ("Move left in your hand: Left arrow. Move right in your hand: Right arrow. Pass the"
              " card under the cursor: Enter. Pass your first card: A. Pass your second card: S."
              " Pass your third card: D. Pass your fourth card: F. Pass your fifth card: G. Say"
              " your hand: Q.")


def f1_heard(players: int = 3, spoon_style: SpoonStyle = SpoonStyle.NUMBERS, lang: str = "en",
             moved: dict[str, str] | None = None, **options: object) -> str:
    """What F1 says, pressed first thing in a game at the keyboard (with the keys ``moved``)."""
    clock, lines = Clock(), Lines()
    game = LocalGame(Options.from_mapping(options), players, messages(lang), Speaker(lines),
                     None, seed=1, clock=clock, spoon_style=spoon_style, key_overrides=moved)
    return pressed_first(game, clock, lines, lang)


def pressed_first(game: LocalGame | LocalRazzGame | LocalSlapjackGame, clock: Clock,
                  lines: Lines, lang: str = "en") -> str:
    """What F1 says, pressed first thing in ``game``, then left by the pause menu."""
    player = Player(clock, ["f1@0", "escape@0", "q", "y"])
    player.game = game  # type: ignore[assignment]
    game.play(player)
    return lines.spoken[lines.spoken.index(messages(lang).tr("pause.menu")) - 1]


def test_the_default_game_says_its_grab_its_draw_five_letters_and_no_waiting_cards() -> None:
    assert f1_heard() == f"{DEFAULT_HELP} Escape pauses."


def test_a_pig_game_gives_or_copies_the_signal_and_only_the_dealer_draws() -> None:
    assert f1_heard(**PIG) == (
        f"Space gives or copies the signal. {FIVE_LETTERS} Up picks up a card passed to you;"
        f" when you deal, Up or Down draws from the stock. {WAITING_ENDING} Escape pauses.")


def test_bluffing_adds_the_feint_and_a_race_pressed_as_fast_as_you_can() -> None:
    assert f1_heard(premature="bluff", reaction_style="mash") == (
        "Space grabs a spoon; in the race for the spoons, press it as fast as you can."
        f" B feints a grab. {FIVE_LETTERS} Up or Down draws from the stock."
        f" F2: spoons left. {ENDING} Escape pauses.")


def test_more_than_ten_numbered_spoons_add_ctrl_or_alt_and_a_fight_is_reacted_to() -> None:
    assert f1_heard(players=12, grabbing="realtime") == (
        "Space grabs a spoon, or reacts in a reaction test. 1 to 0 grab spoons 1 to 10, and"
        f" with Ctrl or Alt, 11 to 20. {FIVE_LETTERS} Up or Down draws from the stock."
        f" F2: spoons left, and which are free. {ENDING} Escape pauses.")


def test_a_few_numbered_spoons_name_only_their_keys() -> None:
    assert f1_heard(players=4, grabbing="selection", draw="either") == (
        "Space grabs a spoon, or reacts in a reaction test. 1 to 3 grab spoons 1 to 3."
        f" {FIVE_LETTERS} Up picks up the last card discarded to you, or when you deal the last"
        " card on the discard pile; with none there, it draws from the stock. Down draws from the"
        " stock. F2: spoons left, and the one you chose."
        f" {WAITING_ENDING} Escape pauses.")


def test_the_colour_menu_replaces_the_number_keys_for_a_player_who_chose_it() -> None:
    assert f1_heard(spoon_style=SpoonStyle.COLOURS, grabbing="selection") == (
        "Space grabs a spoon, or reacts in a reaction test. Tab and Shift+Tab move through the"
        f" spoons' colours; Space grabs the one you are on. {FIVE_LETTERS} Up or Down draws"
        f" from the stock. F2: spoons left, and the one you chose. {ENDING} Escape pauses.")
    assert "Tab" not in f1_heard(spoon_style=SpoonStyle.COLOURS)


def test_a_small_hand_has_as_many_letters_as_cards_it_may_hold() -> None:
    assert f1_heard(hand_size=3, waiting_pile="false") == (
        f"Space grabs a spoon. {HAND.format(keys='A, S, and D')} Up or Down draws from the"
        f" stock. F2: spoons left. {ENDING} Escape pauses.")
    assert f1_heard(hand_size=3).startswith(
        f"Space grabs a spoon. {HAND.format(keys='A, S, D, and F')} ")


def test_the_no_stock_pack_picks_up_what_is_passed_and_never_draws() -> None:
    assert f1_heard(deck="no-stock", draw="discard") == (
        f"Space grabs a spoon. {FIVE_LETTERS} Up picks up a card passed to you."
        f" F2: spoons left. {WAITING_ENDING} Escape pauses.")


@pytest.mark.parametrize("lang", [lang for lang in available_languages() if lang != "en"])
def test_every_language_says_f1_in_its_own_sentences(lang: str) -> None:
    english = f1_heard(**PIG).split(". ")
    translated = f1_heard(lang=lang, **PIG)
    assert not [sentence for sentence in english if sentence in translated]


def remote_f1(options: Options, moved: dict[str, str] | None = None) -> str:
    """What F1 says at a relay's table with ``options`` (and the keys ``moved``)."""
    lines = Lines()
    started = {"players": ["Ann", "Bob", "Cy"], "seat": 1, "options": options.describe()}
    game = RemoteGame(Relay(), started, messages("en"), Speaker(lines), None,  # type: ignore[arg-type]
                      clock=Clock(), key_overrides=moved)
    game.on_keys([Pressed("f1", 1.0)], None)  # type: ignore[arg-type]
    return lines.spoken[-1]


def test_online_f1_says_the_same_keys_and_the_online_ending_instead_of_the_pause() -> None:
    assert remote_f1(Options()) == f"{DEFAULT_HELP} {ONLINE_END}"
    assert remote_f1(Options.from_mapping(PIG)).startswith(
        f"Space gives or copies the signal. {FIVE_LETTERS} Up picks up a card passed to you;")


def test_with_a_key_moved_f1_says_the_games_keys_in_the_order_of_play_with_the_players_own(
        ) -> None:
    assert f1_heard(moved={"hand": "q"}) == (
        f"Your keys. Grab a spoon or react: Space. {MOVED_HAND} Pick up a card: Up arrow. Draw"
        " from the stock: Down arrow. Spoons left: F2. Who is still in: F3. The game's options:"
        f" F5. Your reaction times: F6. {SHARED_MOVED} Pause the game: Escape.")


def test_with_a_key_moved_f1_still_says_only_what_these_options_use() -> None:
    assert f1_heard(moved={"hand": "q"}, **PIG) == (
        f"Your keys. Grab a spoon or react: Space. {MOVED_HAND} Pick up a card: Up arrow. Draw"
        " from the stock: Down arrow. Who is still in: F3. Cards waiting for you: F4. The game's"
        f" options: F5. Your reaction times: F6. {SHARED_MOVED} Pause the game: Escape.")
    assert f1_heard(moved={"feint": "v"}, premature="bluff").startswith(
        "Your keys. Grab a spoon or react: Space. Feint a grab: V. Move left in your hand:")
    assert f1_heard(players=4, moved={"hand": "q"}, grabbing="selection", deck="no-stock",
                    draw="discard") == (
        "Your keys. Grab a spoon or react: Space. 1 to 3 grab spoons 1 to 3."
        f" {MOVED_HAND} Pick up a card: Up arrow. Spoons left: F2. Who is still in: F3. Cards"
        " waiting for you: F4. The game's options: F5. Your reaction times: F6."
        f" {SHARED_MOVED} Pause the game: Escape.")
    assert f1_heard(spoon_style=SpoonStyle.COLOURS, moved={"spoon-next": "n"},
                    grabbing="selection").startswith(
        "Your keys. Grab a spoon or react: Space. Next spoon in the colour menu: N. Previous"
        " spoon in the colour menu: Shift plus Tab. Move left in your hand: Left arrow.")


def test_with_a_key_moved_online_f1_says_the_same_order_and_the_online_ending() -> None:
    assert remote_f1(Options(), moved={"hand": "q"}) == (
        f"Your keys. Grab a spoon or react: Space. {MOVED_HAND} Pick up a card: Up arrow. Draw"
        " from the stock: Down arrow. Spoons left: F2. Who is still in: F3. The game's options:"
        f" F5. Your reaction times: F6. {SHARED_MOVED} {ONLINE_END}")


def test_with_a_key_moved_razz_spoons_f1_says_its_keys_in_the_order_of_play() -> None:
    clock, lines = Clock(), Lines()
    game = LocalRazzGame(RazzOptions(), 3, messages("en"), Speaker(lines), None, seed=7,
                         clock=clock, key_overrides={"draw": "x"})
    assert pressed_first(game, clock, lines) == (
        "Your keys. Move left in your hand: Left arrow. Move right in your hand: Right arrow."
        " Go to your first card: Home. Go to your last card: End. Find the next card you can"
        " play: Up arrow. Play the card under the cursor: Enter. Draw, take a King's or a"
        " count's cards, or keep the card drawn: X. Keep the card drawn: K. Grab a spoon: Space."
        " Say the Razzing Phrase: P. Announce your last card: L. Razz the latest mistake: Z."
        " Razz: ask whom: Shift plus Z. Whose turn it is: T. The top card: F2. Every hand's"
        " size: F3. The scores: F4. The game's options: F5. The phrase and the mistakes you may"
        f" razz: F6. Say your hand: H. {SHARED_MOVED} Pause the game: Escape.")


def test_with_a_key_moved_slapjack_f1_says_the_slap_first() -> None:
    clock, lines = Clock(), Lines()
    game = LocalSlapjackGame(SlapjackOptions(), 3, messages("en"), Speaker(lines), None,
                             seed=3, clock=clock, key_overrides={"slap": "j"})
    assert pressed_first(game, clock, lines) == (
        "Your keys. Slap the pile: J. Turn your card: Enter. Your cards: C. The pile: P. Whose"
        f" turn: T. Everyone's cards: A. The game's options: F5. {SHARED_MOVED} Pause the game:"
        " Escape.")


@pytest.mark.parametrize(("order", "actions"), [
    (CLASSIC_HELP_ORDER, SpoonsAction), (RAZZ_HELP_ORDER, RazzAction),
    (SLAPJACK_HELP_ORDER, SlapjackAction)])
def test_each_games_order_places_every_action_once_but_f1_itself(
        order: tuple[Enum, ...], actions: type[Enum]) -> None:
    """Every action of the game's own and every shared one, each once."""
    assert sorted(action.value for action in order) == sorted(
        action.value for action in (*actions, *SharedAction) if action.value != "help")


def test_f1_in_a_real_terminal_says_the_default_games_keys(tmp_path: Path) -> None:
    child = spawn(tmp_path, "play", "--speech", "text", "--players", "3",
                  "--seed", "1")
    try:
        child.expect_exact("Spoons: you against Britany and Chris.")
        child.send(F1)
        child.expect_exact(f"{DEFAULT_HELP} Escape pauses.\r\n")
        quit_game(child)
    finally:
        child.close(force=True)
    assert child.exitstatus == 0


def test_f1_in_a_real_terminal_says_the_keys_moved_in_the_settings_file(tmp_path: Path) -> None:
    save_settings(Settings().with_keys_of("spoons", {"hand": "q"}),
                  tmp_path / "config" / "settings.json")
    child = spawn(tmp_path, "play", "--speech", "text", "--players", "3", "--seed", "1")
    try:
        child.expect_exact("Spoons: you against Britany and Chris.")
        child.send(F1)
        child.expect_exact(f"Your keys. Grab a spoon or react: Space. {MOVED_HAND} ")
        child.expect_exact(f"{SHARED_MOVED} Pause the game: Escape.\r\n")
        quit_game(child)
    finally:
        child.close(force=True)
    assert child.exitstatus == 0
