"""Razz Spoons at the keyboard, played through the same loop as at a terminal, with a clock that
jumps and keys pressed as a player would: when it is their turn to act."""

from __future__ import annotations

from collections.abc import Sequence

from fakes import Clock, Lines, Pressed

from audiospoons.engine.cards import Card
from audiospoons.games.razz.keyboard.local import LocalRazzGame
from audiospoons.games.razz.keyboard.refusals import RAZZ_REFUSALS, razz_refusal_text
from audiospoons.games.razz.rules.commands import (
    Announce,
    ChoosePhrase,
    DrawCard,
    PlayCard,
    Razz,
)
from audiospoons.games.razz.rules.events import DrawCause, PhraseOwed
from audiospoons.games.razz.rules.options import RazzOptions
from audiospoons.games.razz.rules.piles import RazzDeal
from audiospoons.sound.cue import Cue
from audiospoons.voice.announcer import Verbosity
from audiospoons.voice.i18n import messages
from audiospoons.voice.speaker import Speaker

STARTER = Card("5", "H")
QUIT = ["!escape", "!q", "!y"]
EN_HELP = messages("en").tr("razz.phrase.field.help")


class Sounds:
    def __init__(self) -> None:
        self.sound_volume = self.speech_volume = 1.0
        self.mono = False
        self.played: list[Cue] = []

    def play(self, cue: Cue) -> None:
        self.played.append(cue)


class Keys:
    """Presses the script's keys in order, each 0.3 s after the game wants something of the
    player (their turn, their King to answer, the phrase to type); "!key" presses at once, and
    "~5" lets five seconds go by without a key."""

    def __init__(self, clock: Clock, script: list[str]) -> None:
        self.clock = clock
        self.script = list(script)
        self.game: LocalRazzGame | None = None
        self.waiting = 0.0

    def read(self, timeout: float | None) -> Sequence[Pressed]:
        assert self.game is not None
        assert self.script, "the script ran out before the game let go of the keys"
        label = self.script[0]
        if label.startswith("~"):
            self.waiting = self.waiting or float(label[1:])
            step = self.waiting if timeout is None else min(timeout, self.waiting)
            self.clock.now += step
            self.waiting -= step
            if self.waiting <= 0:
                self.script.pop(0)
            return []
        view = self.game.player.view
        if label.startswith("!") or view.to_act() == view.seat or self.game.phrase is not None:
            self.script.pop(0)
            self.clock.now += 0.3
            return [Pressed(label.lstrip("!") or label, self.clock.now)]
        assert timeout is not None, "the game waits for ever, and the player has nothing to do"
        self.clock.now += timeout
        return []


def play(script: list[str], *, dealer: int = 2, hand: tuple[Card, ...] = (),
         won: bool | None = None, moved: dict[str, str] | None = None, lang: str = "en",
         verbosity: Verbosity = Verbosity.FULL, **options: object
         ) -> tuple[LocalRazzGame, Lines, Sounds]:
    """A three-player game from a fixed deal: with Chris (seat 2) dealing, you play first."""
    clock, lines, sounds = Clock(), Lines(), Sounds()
    deal = RazzDeal(hands={0: hand} if hand else {}, starter=STARTER)
    game = LocalRazzGame(RazzOptions.from_mapping(options), 3, messages(lang), Speaker(lines),
                         sounds, seed=7, clock=clock, first_deal=deal, dealer=dealer,
                         key_overrides=moved, verbosity=verbosity)
    keys = Keys(clock, script)
    keys.game = game
    result = game.play(keys)
    assert result.won is won
    assert not keys.script
    return game, lines, sounds


def mine(game: LocalRazzGame) -> list[object]:
    return [command for _, command in game.table.log if command.seat == 0]


def test_your_turn_is_announced_and_enter_plays_the_card_under_the_cursor() -> None:
    hand = (Card("2", "C"), Card("7", "H"), Card("3", "S"))
    game, lines, _ = play(["up", "enter", *QUIT], hand=hand)
    assert "Your turn: the top card is the five of hearts." in lines.spoken
    assert "Seven of hearts, playable, 2 of 3." in lines.spoken
    assert "You play the seven of hearts; 2 cards left." in lines.spoken
    assert mine(game) == [PlayCard(0, Card("7", "H"))]


def test_a_status_key_keeps_a_question_open_and_another_key_leaves_it() -> None:
    hand = (Card("K", "H"), Card("3", "C"), Card("4", "C"))
    game, lines, _ = play(["up", "enter", "t", "enter", *QUIT], hand=hand)
    assert "Your turn. Play goes clockwise: after you comes Britany." in lines.spoken
    assert mine(game) == [PlayCard(0, Card("K", "H"), target=1)]
    game, _, _ = play(["up", "enter", "d", *QUIT], hand=hand)
    assert mine(game) == [DrawCard(0)]
    assert game.question is None


def test_your_last_card_played_wins_the_game_and_it_is_over() -> None:
    game, lines, _ = play(["enter"], hand=(Card("7", "H"),), won=True, end_at=1)
    assert game.table.over
    assert mine(game) == [PlayCard(0, Card("7", "H"))]
    assert any("win" in text for text in lines.spoken[-3:])


TENS_AND_A_NINE = (Card("10", "H"), Card("10", "S"), Card("9", "S"), Card("3", "C"))
"""Played in one go: each Ten plays again, and the nine of spades goes on the ten."""


def test_brief_tells_you_alone_your_two_cards_and_your_one_after_your_plays() -> None:
    game, lines, _ = play(["up", "enter", "up", "enter", "up", "enter", "!l", *QUIT],
                          hand=TENS_AND_A_NINE, verbosity=Verbosity.BRIEF)
    assert mine(game) == [PlayCard(0, card) for card in TENS_AND_A_NINE[:3]] + [Announce(0)]
    turn = lines.spoken.index("Your turn: five of hearts.")
    assert lines.spoken[turn:turn + 9] == [
        "Your turn: five of hearts.",
        "Ten of hearts, playable, 2 of 4.",
        "Your turn again: the top card is the ten of hearts.",
        "Ten of spades, playable, 3 of 3.",
        "2 cards left.",
        "Your turn again: the top card is the ten of spades.",
        "Nine of spades, playable, 2 of 2.",
        "One card left.",
        "You announce your last card.",
    ]


def test_full_tells_your_cards_left_in_the_line_of_your_play_and_not_again() -> None:
    _, lines, _ = play(["up", "enter", "up", "enter", "up", "enter", "!l", *QUIT],
                       hand=TENS_AND_A_NINE)
    assert "You play the ten of spades; 2 cards left." in lines.spoken
    assert "You play the nine of spades; 1 card left." in lines.spoken
    assert "2 cards left." not in lines.spoken and "One card left." not in lines.spoken


def test_a_king_asks_whom_and_sends_its_cards_to_the_one_chosen() -> None:
    hand = (Card("K", "H"), Card("3", "C"), Card("4", "C"))
    game, lines, _ = play(["up", "enter", "right", "enter", *QUIT], hand=hand)
    asked = lines.spoken.index("Send the King's cards to whom? Britany. Left and Right to"
                               " choose, Enter to send, Escape to go back.")
    assert lines.spoken[asked + 1] == "Chris"
    assert mine(game) == [PlayCard(0, Card("K", "H"), target=2)]
    assert any(text.startswith("You aim the king at Chris") for text in lines.spoken)


def test_an_eight_asks_the_suit_and_a_letter_names_it() -> None:
    hand = (Card("8", "C"), Card("3", "D"), Card("4", "D"))
    game, lines, _ = play(["enter", "s", *QUIT], hand=hand)
    assert ("Which suit does the Eight name? Diamonds. C, D, H or S, or Left, Right and Enter;"
            " Escape to go back.") in lines.spoken
    assert mine(game) == [PlayCard(0, Card("8", "C"), suit="S")]
    assert "You play the eight of clubs and call spades; 2 cards left." in lines.spoken


def test_the_suit_an_eight_asks_about_starts_its_sentence_in_every_language() -> None:
    """Where a language's question puts the suit first in a sentence it takes a capital."""
    hand = (Card("8", "C"), Card("3", "D"), Card("4", "D"))
    asked = {"es": "¿Qué palo nombra el ocho? Diamantes.", "fr": "Quelle couleur demande le"
             " huit\u00a0? Carreau.", "ru": "Какой масти будет восьмёрка? Бубён.",
             "de": "Welche Farbe wünschst du dir mit der Acht? Karo."}
    for lang, question in asked.items():
        confirm = "!" + messages(lang).tr("quit.confirm.key")
        _, lines, _ = play(["enter", "right", "s", "!escape", "!q", confirm], hand=hand,
                           lang=lang)
        assert any(text.startswith(question) for text in lines.spoken), lang
        assert messages(lang).tr("suit.hearts") in lines.spoken, "a suit alone stays a word"


def test_the_volume_and_rate_keys_work_in_the_pause_menu() -> None:
    _, lines, sounds = play(["!escape", "!f7", "!f9", "!enter", *QUIT])
    menu = "Paused. Enter or Escape to go on, Q to quit the game."
    at = lines.spoken.index(menu)
    assert lines.spoken[at:at + 4] == [menu, "Sound volume 90 percent.",
                                       "This speech output has no speech rate to change.",
                                       "Go on."]
    assert sounds.sound_volume == 0.9


def test_escape_leaves_a_question_and_nothing_is_played() -> None:
    hand = (Card("8", "C"), Card("3", "D"), Card("4", "D"))
    game, lines, _ = play(["enter", "escape", *QUIT], hand=hand)
    assert "Not played." in lines.spoken
    assert mine(game) == []


def test_the_dealer_types_the_phrase_and_an_empty_one_is_refused() -> None:
    game, lines, _ = play(["enter", "o", "shift+k", "!", "enter", *QUIT], dealer=0)
    assert "Razzing Phrase, edit text, blank" in lines.spoken
    assert "The phrase needs 1 to 40 characters." in lines.spoken
    assert "capital K" in lines.spoken
    assert mine(game) == [ChoosePhrase(0, "oK!")]
    assert "The Razzing Phrase is oK!" in lines.spoken
    assert game.phrase is None


def test_a_phrase_not_chosen_in_a_minute_is_chosen_for_you_and_the_field_closes() -> None:
    game, lines, sounds = play(["!g", "~61", "d", *QUIT], dealer=0)
    assert "Razzing Phrase, edit text, blank" in lines.spoken
    assert [cue.name for cue in sounds.played].count("tick") == 3
    said = lines.spoken.index("Your time to choose is up: the phrase is chosen for you.")
    assert lines.spoken[said + 1] == f"The Razzing Phrase is {game.player.view.phrase}"
    assert game.phrase is None, "the field closed"
    assert mine(game) == [DrawCard(0)], "the g typed was never sent, and D then drew"


def test_f1_in_the_phrase_field_says_its_keys_and_that_escape_pauses() -> None:
    game, lines, _ = play(["f1", "o", "k", "enter", *QUIT], dealer=0)
    assert EN_HELP in lines.spoken and lines.spoken[lines.spoken.index(EN_HELP) - 1] == (
        "Razzing Phrase, edit text, blank")
    assert mine(game) == [ChoosePhrase(0, "ok")], "F1 typed nothing into the field"


def test_a_bots_phrase_is_heard_and_a_move_before_it_is_refused_in_words() -> None:
    game, lines, _ = play(["!enter", "!d", "~5", *QUIT], dealer=1)
    assert "Britany is choosing the Razzing Phrase." in lines.spoken
    assert "Wait: the dealer is choosing the Razzing Phrase." in lines.spoken
    assert game.player.view.phrase is not None
    assert f"The Razzing Phrase is {game.player.view.phrase}" in " ".join(lines.spoken)
    assert mine(game) == []


def test_keys_moved_in_settings_play_the_game_and_f1_says_them() -> None:
    game, lines, _ = play(["x", "f1", *QUIT], moved={"draw": "x"})
    assert mine(game) == [DrawCard(0)]
    help_text = next(text for text in lines.spoken if text.startswith("Your keys. "))
    assert ("Draw, take a King's or a count's cards, or keep the card drawn: X." in help_text
            and "Play the card under the cursor: Enter." in help_text)
    game, lines, _ = play(["d", "down", "f1", *QUIT], moved={"draw": "x"})
    assert mine(game) == [], "D and Down draw no more"
    game, lines, _ = play(["f1", *QUIT])
    assert any(text.startswith("Left and Right move through your hand") for text in lines.spoken)
    assert not any(text.startswith("Your keys. ") for text in lines.spoken), "none moved"


def test_a_key_refused_while_a_card_asks_leaves_the_question_open_and_another_leaves_it(
        ) -> None:
    hand = (Card("8", "S"), Card("3", "C"), Card("4", "C"))
    game, lines, _ = play(["up", "enter", "p", "enter", *QUIT], hand=hand)
    asked = next(i for i, text in enumerate(lines.spoken) if "Which suit" in text)
    assert lines.spoken[asked + 1] == "You owe no phrase now."
    assert mine(game) == [PlayCard(0, Card("8", "S"), suit="C")]
    king = (Card("K", "H"), Card("3", "C"), Card("4", "C"))
    game, lines, _ = play(["up", "enter", "d", *QUIT], hand=king)
    assert "Not played." in lines.spoken, "another key leaves the question, saying so"
    assert mine(game) == [DrawCard(0)]


def test_the_phrase_owed_names_the_key_that_says_it() -> None:
    game, _, _ = play(["f1", *QUIT])
    owed = PhraseOwed(1.0, 0, 4.0, DrawCause.RAZZED)
    assert [said.text for said in game.player.announcer.announce(owed, 0)] == [
        "Say the phrase! Press P."]
    moved, _, _ = play(["f1", *QUIT], moved={"phrase": "x"})
    assert moved.player.announcer.announce(owed, 0)[0].text == "Say the phrase! Press X."
    assert "Say the phrase! Press X." in moved.player.announcer.urgent_phrases(0)


def test_a_draw_out_of_turn_is_refused_in_words() -> None:
    game, lines, _ = play(["a", "enter", "!d", *QUIT], dealer=0)
    assert "It is not your turn." in lines.spoken
    assert mine(game) == [ChoosePhrase(0, "a")]


def test_z_with_no_mistake_asks_whom_and_razzes_the_one_chosen() -> None:
    game, lines, _ = play(["z", "right", "z", *QUIT])
    assert ("Razz whom? Britany. Left and Right to choose, Enter to razz, Escape to go back."
            in lines.spoken)
    assert mine(game) == [Razz(0, 2)]
    assert "You razz Chris wrongly." in lines.spoken


def test_the_status_keys_answer_from_the_view() -> None:
    hand = (Card("2", "C"), Card("7", "H"), Card("3", "S"))
    _, lines, _ = play(["t", "f2", "f3", "f4", "f6", "h", "f1", "f5", *QUIT], hand=hand)
    for line in ("Your turn. Play goes clockwise: after you comes Britany.",
                 "The top card is the five of hearts.",
                 "You have 3 cards. Clubs: a two. Hearts: a seven. Spades: a three."):
        assert line in lines.spoken
    assert "Cards: you 3, Britany 7, and Chris 7." in lines.spoken
    assert "No points yet." in lines.spoken
    assert any(text.startswith("The Razzing Phrase is ") and "There is no mistake for you to"
               " razz." in text for text in lines.spoken)
    assert any(text.startswith("Left and Right move through your hand") for text in lines.spoken)
    assert ("Options: Game ends by: rounds, Game length: 5 rounds, Time to say the phrase:"
            " 3 seconds, Let players make mistakes: off, Turn time limit: no limit, Time to"
            " grab a spoon: 5 seconds, and Pause between rounds: 3 seconds.") in lines.spoken


def test_your_time_limit_ticks_down_and_runs_out() -> None:
    _, lines, sounds = play(["t", "~6", *QUIT], turn_time_limit=5)
    assert [cue.name for cue in sounds.played].count("tick") == 3
    assert "Your time is up." in lines.spoken


def test_no_ticks_without_a_limit() -> None:
    _, _, sounds = play(["t", "~6", *QUIT])
    assert "tick" not in [cue.name for cue in sounds.played]


def test_the_pause_leaves_its_time_out_of_the_game() -> None:
    game, lines, _ = play(["t", "!escape", "~30", "!enter", *QUIT], turn_time_limit=5)
    assert "Go on." in lines.spoken
    assert game.now() < 5
    assert "Your time is up." not in lines.spoken


def test_every_reason_is_said_in_english_and_spanish() -> None:
    for lang in ("en", "es"):
        m = messages(lang)
        texts = {reason: razz_refusal_text(m, reason) for reason in RAZZ_REFUSALS}
        assert all(texts.values())
        assert len(set(texts.values())) == len(texts)
        assert razz_refusal_text(m, "no-such-reason") == m.tr("refused.error")
