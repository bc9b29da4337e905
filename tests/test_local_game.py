"""A game at the keyboard, played through the same loop as at a terminal, with a clock that jumps
and a key source that presses keys as a player would: by what they have heard."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from fakes import Clock, Lines, Pressed

from audiospoons.engine.cards import Card
from audiospoons.games.spoons.keyboard.ears import LocalPlayer, spoon_number
from audiospoons.games.spoons.keyboard.local import LocalGame
from audiospoons.games.spoons.keyboard.spoonnames import SpoonStyle
from audiospoons.games.spoons.rules.cardflow import Deal
from audiospoons.games.spoons.rules.events import (
    ContestKind,
    EmptySlot,
    GameStarted,
    PhaseTwoStarted,
    ReactCue,
    Reacted,
    ReactionTestEnded,
    ReactionTestStarted,
    RoundStarted,
    SpoonChallenged,
    SpoonClaimed,
    SpoonGrabbed,
    SpoonSafe,
)
from audiospoons.games.spoons.rules.options import Grabbing, Options
from audiospoons.sound.cue import Cue
from audiospoons.ui.player import PastReactions
from audiospoons.voice.announcer import Utterance
from audiospoons.voice.i18n import messages
from audiospoons.voice.speaker import Speaker


class Sounds:
    def __init__(self) -> None:
        self.sound_volume = self.speech_volume = 1.0
        self.mono = False
        self.played: list[Cue] = []

    def play(self, cue: Cue) -> None:
        self.played.append(cue)


class Player:
    """Presses a key 0.4 s after it has something to do, by what it knows from its seat."""

    def __init__(self, clock: Clock, script: list[str] | None = None) -> None:
        self.clock = clock
        self.game: LocalGame | None = None
        self.script = list(script or [])
        self.presses: list[str] = []

    def read(self, timeout: float | None) -> Sequence[Pressed]:
        assert self.game is not None
        label = self.script[0] if self.script else self._choose()
        wait = 0.4 if label else None
        if "@" in label:
            label, gap = label.split("@")
            wait = float(gap)
        if timeout is not None and (wait is None or timeout < wait):
            self.clock.now += timeout
            return []
        assert wait is not None, ("the game waits for ever on a player with nothing to do",
                                  self.game.player.view, self.game.game.phase)
        if self.script:
            self.script.pop(0)
        self.clock.now += wait
        self.presses.append(label)
        return [Pressed(label, self.clock.now)]

    def _choose(self) -> str:
        assert self.game is not None
        view = self.game.player.view
        if not view.playing:
            return ""
        if view.test or view.phase_two or view.set_at is not None:
            return "" if view.me.has_spoon else "space"
        if len(view.hand) > 4:
            counts = Counter(card.rank for card in view.hand)
            worst = min(range(len(view.hand)), key=lambda i: counts[view.hand[i].rank])
            return "asdfg"[worst]
        return "up"


def play(script: list[str] | None = None, seed: int = 3, **options: object
         ) -> tuple[LocalGame, Player, Lines, Sounds]:
    clock, lines, sounds = Clock(), Lines(), Sounds()
    game = LocalGame(Options.from_mapping({"grab_time_limit": 5, **options}), 3,
                     messages("en"), Speaker(lines), sounds, seed=seed, clock=clock)
    player = Player(clock, script)
    player.game = game
    result = game.play(player)
    assert result.won is not None
    return game, player, lines, sounds


def test_a_whole_game_at_the_keyboard_ends_with_the_winner_heard() -> None:
    game, player, lines, sounds = play()
    assert game.table.over
    assert lines.spoken[0] == "Spoons: you against Britany and Chris."
    assert any(text.startswith("You drew the ") for text in lines.spoken)
    assert any(text.startswith("You discarded the ") for text in lines.spoken)
    assert lines.spoken[-1].endswith("wins the game!") or lines.spoken[-1] == "You win the game!"
    assert {"up", "space"} <= set(player.presses)
    assert any(cue.name == "spoon" for cue in sounds.played)


def test_your_grab_is_timed_and_the_time_is_spoken() -> None:
    game, _, lines, _ = play()
    times = game.player.view.reaction_times
    assert times and all(0 < t < 10 for t in times)
    assert f"{round(times[0] * 1000)} milliseconds." in lines.spoken


def test_f6_says_your_last_reaction_and_your_record() -> None:
    game, _, lines, _ = play(["f6"])
    assert "No reaction timed yet." in lines.spoken
    game.record = PastReactions((0.5, 0.3, 0.4), games=3, wins=1)
    game.speaker.review(game.player.reaction_text(game.record))
    times = [0.5, 0.3, 0.4, *game.player.view.reaction_times]
    last = round(times[-1] * 1000)
    times.sort()
    assert lines.spoken[-1].startswith(f"{last} milliseconds. Median reaction ")
    assert f"best {round(times[0] * 1000)}. Games: 3, won: 1." in lines.spoken[-1]


def test_status_keys_answer_in_words_and_refusals_say_why() -> None:
    _, _, lines, _ = play(["h", "f2", "f3", "f4", "enter", "left", "space", "f1"])
    assert any(text.startswith("Your hand: ") for text in lines.spoken)
    for line in ("2 spoons left.", "Still in: you, Britany, and Chris.",
                 "No cards waiting for you."):
        assert line in lines.spoken
    assert "Pick up a card first." in lines.spoken
    assert any(text.endswith(", 1 of 4.") for text in lines.spoken)
    assert "You have no set, and nobody has grabbed yet." in lines.spoken
    assert any(text.startswith("Space grabs a spoon") for text in lines.spoken)


def test_history_keys_say_earlier_lines_again() -> None:
    """Reviewing steps back through what the game said; the answers to status keys are not
    kept in the history, so the hand is not among them."""
    _, _, lines, _ = play(["h", ",@0.001", ",@0.001", ".@0.001"])
    hand = next(i for i, text in enumerate(lines.spoken) if text.startswith("Your hand: "))
    before = lines.spoken[:hand]
    assert lines.spoken[hand + 1:hand + 4] == [before[-2], before[-3], before[-2]]


def test_r_repeats_the_last_line_said_an_answer_to_a_status_key_too() -> None:
    _, _, lines, _ = play(["f4", "r@0.001", "h@0.001", ",@0.001", "r@0.001"])
    waiting = next(i for i, text in enumerate(lines.spoken) if "waiting for you" in text)
    assert lines.spoken[waiting + 1] == lines.spoken[waiting]
    assert lines.spoken[waiting + 2].startswith("Your hand: ")
    assert lines.spoken[waiting + 4] == lines.spoken[waiting + 3], "a line reviewed, again"


def test_the_first_line_at_the_table_is_this_games_first() -> None:
    """What was said before the game (the menu, a game before) is not reviewed at the table:
    Shift+comma goes to the game's opening, and comma stops there."""
    clock, lines = Clock(), Lines()
    speaker = Speaker(lines)
    for text in ("Main menu. Play, 1 of 8", "Goodbye, last game."):
        speaker.say(Utterance(text))
    game = LocalGame(Options.from_mapping({"grab_time_limit": 5}), 3, messages("en"), speaker,
                     Sounds(), seed=3, clock=clock)
    player = Player(clock, ["<@0.001", ",@0.001"])
    player.game = game
    game.play(player)
    assert lines.spoken.count("Spoons: you against Britany and Chris.") == 3
    assert lines.spoken.count("Goodbye, last game.") == 1


def test_escape_pauses_the_game_clock_and_q_y_quits() -> None:
    clock, lines = Clock(), Lines()
    game = LocalGame(Options(), 3, messages("en"), Speaker(lines), None, seed=1, clock=clock)
    player = Player(clock, ["escape", "q", "n", "escape", "q", "y"])
    player.game = game
    result = game.play(player)
    assert result.won is None
    assert "Paused. Enter or Escape to go on, Q to quit the game." in lines.spoken
    assert "Quit this game? Y to quit, any other key to go on." in lines.spoken
    assert game.now() < 2.0, "six keys 0.4 s apart, four of them in the pause menu"


def test_every_other_key_in_the_pause_menu_says_it_again() -> None:
    clock, lines = Clock(), Lines()
    game = LocalGame(Options(), 3, messages("en"), Speaker(lines), None, seed=1, clock=clock)
    player = Player(clock, ["escape", "f1", "h", "enter", "escape", "q", "y"])
    player.game = game
    game.play(player)
    menu = "Paused. Enter or Escape to go on, Q to quit the game."
    at = lines.spoken.index(menu)
    assert lines.spoken[at:at + 4] == [menu, menu, menu, "Go on."]


def test_the_volume_and_rate_keys_work_in_the_pause_menu() -> None:
    clock, lines, sounds = Clock(), Lines(), Sounds()
    rates = [175]

    def rate_setter(step: int) -> int:
        rates.append(rates[-1] + step)
        return rates[-1]

    game = LocalGame(Options(), 3, messages("en"), Speaker(lines), sounds, seed=1, clock=clock,
                     rate_setter=rate_setter)
    player = Player(clock, ["escape", "f7", "f10", "h", "enter", "escape", "q", "y"])
    player.game = game
    game.play(player)
    menu = "Paused. Enter or Escape to go on, Q to quit the game."
    at = lines.spoken.index(menu)
    assert lines.spoken[at:at + 5] == [menu, "Sound volume 90 percent.", "Speech rate 195.",
                                       menu, "Go on."]
    assert sounds.sound_volume == 0.9


def test_spanish_at_the_keyboard() -> None:
    clock, lines = Clock(), Lines()
    game = LocalGame(Options(), 3, messages("es"), Speaker(lines), None, seed=1, clock=clock)
    player = Player(clock, ["f2", "escape", "q", "s"])
    player.game = game
    assert game.play(player).won is None
    assert lines.spoken[0] == "Cucharas: tú contra Britany y Chris."
    assert "Quedan 2 cucharas." in lines.spoken


def test_the_first_round_of_the_draw_pile_game_says_how_to_draw_with_the_key_as_it_is() -> None:
    """A newcomer waits for a card that never comes: in the draw-pile game the first round's
    opening says which key draws, as the player has it now; later rounds do not."""
    clock, lines = Clock(), Lines()
    game = LocalGame(Options(), 3, messages("en"), Speaker(lines), None, seed=1, clock=clock,
                     key_overrides={"pick-up": "w"})
    player = Player(clock, ["escape", "q", "y"])
    player.game = game
    game.play(player)
    assert lines.spoken[:3] == [
        "Spoons: you against Britany and Chris.",
        "Round 1. You deal. 2 spoons on the table. Press W to draw a card.",
        "Your cards: four of clubs, nine of hearts, seven of hearts, and four of spades."]
    _, _, lines, _ = play()
    assert [text for text in lines.spoken if text.startswith("Round ")] == [
        "Round 1. You deal. 2 spoons on the table. Press Up arrow to draw a card.",
        "Round 2. Chris deals. 1 spoon on the table."]
    _, _, lines, _ = play(draw="discard")
    assert [text for text in lines.spoken if text.startswith("Round ")] == [
        "Round 1. You deal. 2 spoons on the table.",
        "Round 2. Chris deals. 1 spoon on the table."], "only the dealer draws: nothing to say"
    clock, lines = Clock(), Lines()
    game = LocalGame(Options(), 3, messages("es"), Speaker(lines), None, seed=1, clock=clock)
    player = Player(clock, ["escape", "q", "s"])
    player.game = game
    game.play(player)
    assert lines.spoken[1] == ("Ronda 1. Repartes tú. Hay 2 cucharas en la mesa. Pulsa Flecha"
                               " arriba para robar una carta.")


def test_the_speaker_history_holds_the_game() -> None:
    game, _, lines, _ = play()
    assert game.speaker.history.last() == lines.spoken[-1]


def test_the_demonstration_round_guides_you_from_cards_to_spoons() -> None:
    clock, lines, sounds = Clock(), Lines(), Sounds()
    keys = Player(clock, ["h", "up", "f", "space"])
    from audiospoons.games.spoons.keyboard import demo

    captured: list[LocalGame] = []
    real = demo.LocalGame

    def remember(*args: object, **kwargs: object) -> LocalGame:
        game = real(*args, **kwargs)  # type: ignore[arg-type]
        captured.append(game)
        keys.game = game
        return game

    demo.LocalGame = remember  # type: ignore[assignment,misc]
    try:
        finished = demo.play_demonstration(messages("en"), Speaker(lines), sounds, keys, clock)
    finally:
        demo.LocalGame = real  # type: ignore[misc]
    assert finished
    said = lines.spoken
    order = [said.index(line) for line in (
        "Your cards: queen of hearts, queen of clubs, queen of diamonds, and five of spades.",
        "You drew the queen of spades.",
        "You have four queens!",
        "You discarded the five of spades.",
        "You grabbed a spoon!",
        said[-1],
    )]
    assert order == sorted(order)
    assert any(text.startswith("A practice round, not scored.") for text in said)
    assert "Round 1. You deal. 3 spoons on the table." in said, "the guide says how to draw"
    assert said[-1].endswith("The practice round is over.")
    assert sum(text.endswith("grabbed a spoon!") for text in said) == 3
    assert captured and not captured[0].table.over


def test_passing_a_queen_in_the_demonstration_ends_it_with_a_word_of_why() -> None:
    clock, lines = Clock(), Lines()
    keys = Player(clock, ["up", "a"])
    from audiospoons.games.spoons.keyboard import demo

    real = demo.LocalGame

    def remember(*args: object, **kwargs: object) -> LocalGame:
        game = real(*args, **kwargs)  # type: ignore[arg-type]
        keys.game = game
        return game

    demo.LocalGame = remember  # type: ignore[assignment,misc]
    try:
        demo.play_demonstration(messages("en"), Speaker(lines), None, keys, clock)
    finally:
        demo.LocalGame = real  # type: ignore[misc]
    assert lines.spoken[-1].startswith("That was a queen, so the four queens are broken up.")


def test_f5_names_the_options_that_shape_play_and_any_changed() -> None:
    _, _, lines, _ = play(["f5"])
    assert ("Options: Draw variant: draw pile, Spoon grabbing: reaction only, Grab time limit:"
            " 5 seconds, Grabbing too early: refused, and Scoring: sudden death.") in lines.spoken


def test_f1_says_the_keys_as_the_player_has_moved_them() -> None:
    clock, lines = Clock(), Lines()
    game = LocalGame(Options(), 3, messages("en"), Speaker(lines), None, seed=1, clock=clock,
                     key_overrides={"hand": "q"})
    player = Player(clock, ["f1", "escape", "q", "y"])
    player.game = game
    game.play(player)
    help_line = next(text for text in lines.spoken if text.startswith("Your keys. "))
    assert "Say your hand: Q." in help_line
    assert "Grab a spoon or react: Space." in help_line


def test_without_sound_the_first_grab_is_said_as_well() -> None:
    """The first grab is only the spoon's sound at the table; with no sound device it must be
    spoken, or the player could not know the spoons are going."""
    _, _, lines, _ = play(seed=3)
    assert not any(text.startswith("The spoons are going!") for text in lines.spoken)
    clock, quiet = Clock(), Lines()
    silent = LocalGame(Options.from_mapping({"grab_time_limit": 5}), 3, messages("en"),
                       Speaker(quiet), None, seed=3, clock=clock)
    keys = Player(clock)
    keys.game = silent
    silent.play(keys)
    assert any(text.startswith("The spoons are going! ") for text in quiet.spoken)


def test_number_keys_name_spoons_one_to_ten_and_with_ctrl_or_alt_eleven_to_twenty() -> None:
    assert [spoon_number(str(d)) for d in (1, 2, 9, 0)] == [1, 2, 9, 10]
    assert [spoon_number(f"ctrl+{d}") for d in (1, 9, 0)] == [11, 19, 20]
    assert [spoon_number(f"alt+{d}") for d in (1, 0)] == [11, 20]
    assert spoon_number("a") is None and spoon_number("f1") is None
    assert spoon_number("shift+1") is None


def test_realtime_fighting_plays_to_the_end_by_keys() -> None:
    game, player, lines, sounds = play(grabbing="realtime", seed=5)
    assert game.table.over
    assert "space" in player.presses
    heard = set(lines.spoken)
    assert "Holding a spoon." in heard or any(line.startswith("Fight with ") for line in heard)
    assert not [line for line in heard if line.lower().startswith("spoon ")]
    assert any(cue.name == "spoon" for cue in sounds.played)


def test_single_selection_plays_to_the_end_by_keys() -> None:
    game, _, lines, _ = play(grabbing="selection", seed=5)
    assert game.table.over
    assert "You chose spoon 1." in lines.spoken


def test_a_number_key_claims_that_spoon_and_f2_says_which_are_free() -> None:
    set_hand = Deal({0: (Card("7", "H"), Card("7", "C"), Card("7", "D"), Card("7", "S"))})
    clock, lines = Clock(), Lines()
    game = LocalGame(Options.from_mapping({"grabbing": "realtime"}), 4, messages("en"),
                     Speaker(lines), None, seed=1, clock=clock, first_deal=set_hand)
    player = Player(clock, ["2@0.2", "f2@0.05", "1@0.05", "3@0.05", "escape@0.05", "q", "y"])
    player.game = game
    assert game.play(player).won is None
    assert "Holding a spoon." in lines.spoken
    assert "3 spoons left. Free: 1 and 3. Held: 2 by you." in lines.spoken
    assert lines.spoken.count("You already have your hand on a spoon.") == 2


def test_with_no_sound_device_an_empty_slot_is_said() -> None:
    names = ["You", "Britany", "Chris"]
    for sounds, heard in ((None, ["That spoon is gone."]), (Sounds(), [])):
        lines = Lines()
        player = LocalPlayer(names, Options.from_mapping({"grabbing": "realtime"}),
                             messages("en"), Speaker(lines), sounds)
        player.receive([GameStarted(0.0, tuple(names)), RoundStarted(0.0, 1, 1, 2, (0, 1, 2))])
        lines.spoken.clear()
        player.receive([EmptySlot(5.0, 0, 1)])
        assert lines.spoken == heard


def test_the_colour_menu_orders_the_spoons_for_each_player_and_space_takes_the_colour() -> None:
    """Seed 000's option 3: Tab moves through the spoons as colours, in an order of this
    player's own (the first Tab of a round says where the focus is); Space grabs the colour the
    player is on; the results name colours."""
    set_hand = Deal({0: (Card("7", "H"), Card("7", "C"), Card("7", "D"), Card("7", "S"))})
    clock, lines = Clock(), Lines()
    game = LocalGame(Options.from_mapping({"grabbing": "selection"}), 4, messages("en"),
                     Speaker(lines), None, seed=2, clock=clock, first_deal=set_hand,
                     spoon_style=SpoonStyle.COLOURS)
    player = Player(clock, ["tab@0.2", "tab@0.05", "tab@0.05", "shift+tab@0.05", "space@0.05",
                            "f2@0.05", "escape@0.05", "q", "y"])
    player.game = game
    game.play(player)
    order = game.player.colours.order
    assert sorted(order) == [1, 2, 3]
    names = {1: "Red", 2: "Blue", 3: "Green"}
    menu = [line for line in lines.spoken if line.endswith(" of 3")]
    assert menu == [f"{names[order[0]]}, 1 of 3", f"{names[order[1]]}, 2 of 3",
                    f"{names[order[2]]}, 3 of 3", f"{names[order[1]]}, 2 of 3"]
    chosen = names[order[1]].lower()
    assert f"You chose the {chosen} spoon." in lines.spoken
    assert f"3 spoons left. You chose the {chosen} spoon." in lines.spoken


def test_tab_says_how_spoons_are_chosen_where_there_is_no_colour_menu() -> None:
    _, _, lines, _ = play(["tab"], grabbing="realtime")
    assert ("Choose a spoon with a number key, 1 to 2. Settings can give you a menu of colours"
            " instead.") in lines.spoken
    _, _, lines, _ = play(["tab"])
    assert "Spoons are not numbered in this game: Space grabs one." in lines.spoken


def realtime_player(lines: Lines) -> LocalPlayer:
    names = ["You", "Britany", "Chris", "Debra"]
    player = LocalPlayer(names, Options.from_mapping({"grabbing": "realtime"}), messages("en"),
                         Speaker(lines), Sounds())
    player.receive([GameStarted(0.0, tuple(names)), RoundStarted(0.0, 1, 1, 3, (0, 1, 2, 3))])
    return player


def test_f2_in_realtime_says_what_is_free_held_fought_over_and_taken() -> None:
    player = realtime_player(Lines())
    player.receive([PhaseTwoStarted(1.0, 1), SpoonClaimed(1.0, 1, 1, first=True),
                    SpoonClaimed(1.2, 0, 2), SpoonChallenged(1.5, 2, 1, 1),
                    ReactionTestStarted(1.5, (1, 2), False, ContestKind.FIGHT, 1),
                    SpoonSafe(4.2, 0, 2, 2)])
    assert player.spoons_text(Grabbing.REALTIME) == (
        "2 spoons left. Free: 3. Fought over: 1. Taken: 2 by you.")
    player.receive([SpoonClaimed(4.3, 3, 3)])
    assert player.spoons_text(Grabbing.REALTIME) == (
        "2 spoons left. No spoon is free. Held: 3 by Debra. Fought over: 1. Taken: 2 by you.")


def test_winning_a_fight_says_your_reaction_time() -> None:
    lines = Lines()
    player = realtime_player(lines)
    player.receive([PhaseTwoStarted(1.0, 1), SpoonClaimed(1.0, 1, 1, first=True),
                    SpoonChallenged(1.5, 0, 1, 1),
                    ReactionTestStarted(1.5, (1, 0), False, ContestKind.FIGHT, 1),
                    ReactCue(2.5, (1, 0), ContestKind.FIGHT, 1), Reacted(2.81, 0, 0.31),
                    Reacted(2.9, 1, 0.4), ReactionTestEnded(2.9, (0, 1), ()),
                    SpoonGrabbed(2.9, 0, 2, spoon=1)])
    assert lines.spoken[-2:] == ["You grabbed a spoon!", "310 milliseconds."]


def test_a_card_key_after_your_grab_says_you_have_your_spoon() -> None:
    set_hand = Deal({0: (Card("7", "H"), Card("7", "C"), Card("7", "D"), Card("7", "S"))})
    clock, lines = Clock(), Lines()
    game = LocalGame(Options(), 4, messages("en"), Speaker(lines), None, seed=1, clock=clock,
                     first_deal=set_hand)
    player = Player(clock, ["space@0.3", "up@0.05", "escape@0.05", "q", "y"])
    player.game = game
    game.play(player)
    assert "Card play has stopped, and you have your spoon." in lines.spoken


def test_a_team_game_at_the_keyboard_names_your_partner_and_ends_with_a_team() -> None:
    clock, lines, sounds = Clock(), Lines(), Sounds()
    game = LocalGame(Options.from_mapping({"teams": "true", "grab_time_limit": 5}), 4,
                     messages("en"), Speaker(lines), sounds, seed=3, clock=clock)
    player = Player(clock, ["f3@0.1"])
    player.game = game
    result = game.play(player)
    assert lines.spoken[1] == "Your partner is Chris, across the table."
    assert ("Still in: you, Britany, Chris, and Debra. Your partner is Chris, across the table."
            in lines.spoken)
    assert game.table.over
    last = lines.spoken[-1]
    assert last in ("You and Chris win the game!", "Britany and Debra win the game!"), last
    assert result.won == (last == "You and Chris win the game!")


def test_pig_at_the_keyboard_space_gives_the_signal_and_f2_says_there_are_no_spoons() -> None:
    set_hand = Deal({0: (Card("7", "H"), Card("7", "C"), Card("7", "D"), Card("7", "S"))})
    clock, lines, sounds = Clock(), Lines(), Sounds()
    game = LocalGame(Options.from_mapping({"signal": "true", "scoring": "letters",
                                           "word": "PIG", "draw": "discard"}),
                     4, messages("en"), Speaker(lines), sounds, seed=1, clock=clock,
                     first_deal=set_hand)
    player = Player(clock, ["f2@0.1", "space@0.2", "space@0.05", "escape@0.05", "q", "y"])
    player.game = game
    game.play(player)
    assert ("There are no spoons: when someone gives the signal, copy it with Space; the last"
            " to copy loses.") in lines.spoken
    assert "You give the signal!" in lines.spoken
    assert "You have already copied the signal." in lines.spoken
    assert Cue("signal", 0.0, urgent=True) in sounds.played
    assert not any("spoon" in line for line in lines.spoken if "signal" not in line
                   and "no spoons" not in line)


class PassFirstPlayer(Player):
    """Plays seed 002's way: passes the card it needs least while it holds four, then picks
    one up; it notes the most cards it ever held."""

    largest = 0

    def _choose(self) -> str:
        assert self.game is not None
        view = self.game.player.view
        self.largest = max(self.largest, len(view.hand))
        assert self.clock.now < 1000 + 3600, "an hour of play and no end: the player is stuck"
        if not view.playing:
            return ""
        if view.test or view.phase_two or view.set_at is not None:
            return "" if view.me.has_spoon else "space"
        if len(view.hand) >= 4:
            counts = Counter(card.rank for card in view.hand)
            return "asdf"[min(range(len(view.hand)), key=lambda i: counts[view.hand[i].rank])]
        return "up"


def test_without_a_waiting_pile_the_keyboard_passes_first_and_never_holds_five() -> None:
    clock, lines, sounds = Clock(), Lines(), Sounds()
    game = LocalGame(Options.from_mapping({"waiting_pile": "false", "draw": "discard",
                                           "grab_time_limit": 5}),
                     3, messages("en"), Speaker(lines), sounds, seed=3, clock=clock)
    player = PassFirstPlayer(clock, ["up"])
    player.game = game
    assert game.play(player).won is not None
    assert "Pass a card first, then pick one up." in lines.spoken
    assert any(text.startswith("You passed the ") for text in lines.spoken)
    assert player.largest == 4
