"""The keys of Razz Spoons in every situation, on real games with fixed deals: each key's
command goes back into the game, which must accept it where the key gave it, and refuse it for
the reason the key gave where the key refused.

Ann, Bob and Cat sit at seats 0, 1 and 2; Cat deals, so Ann plays first.
"""

from __future__ import annotations

import random

import pytest

from audiospoons.bots.levels import Level
from audiospoons.engine.cards import SUITS, Card, parse_card
from audiospoons.engine.commands import TIE_WINDOW, Command
from audiospoons.engine.errors import RulesError
from audiospoons.engine.events import Event
from audiospoons.games.razz.keyboard.keys import (
    DEFAULT_RAZZ_KEYS,
    Cancelled,
    CursorAt,
    Outcome,
    PhraseQuestion,
    QuestionKind,
    RazzAction,
    RazzKeys,
    Refused,
    SeatQuestion,
    SuitQuestion,
    Tell,
    razz_bindings,
    razz_keymap,
    razz_overrides_for,
)
from audiospoons.games.razz.rules.commands import (
    Announce,
    ChoosePhrase,
    DrawCard,
    GrabSpoon,
    Keep,
    PlayCard,
    Razz,
    SayPhrase,
)
from audiospoons.games.razz.rules.events import (
    CardPlayed,
    CardsDrawn,
    CountRaised,
    DoubleGrab,
    DrawCause,
    Fault,
    FaultMade,
    GameWon,
    KingAimed,
    LastCardAnnounced,
    PhraseOwed,
    PhraseSaid,
    RaceOver,
    RazzCalled,
    RoundWon,
    SpoonsOut,
    SpoonTaken,
    TurnBegan,
)
from audiospoons.games.razz.rules.game import RazzGame
from audiospoons.games.razz.rules.options import RazzOptions
from audiospoons.games.razz.rules.piles import RazzDeal
from audiospoons.games.razz.rules.referee import ANNOUNCE_GRACE
from audiospoons.games.razz.spec import SPEC as RAZZ
from audiospoons.games.razz.view import RazzSeatView
from audiospoons.simulate import play_game
from audiospoons.ui.gamekeys import SharedAction

NAMES = ["Ann", "Bob", "Cat", "Dan"]
ANN, BOB, CAT = 0, 1, 2
ERRING = RazzOptions(let_players_err=True)


def cards(text: str) -> tuple[Card, ...]:
    return tuple(parse_card(word) for word in text.split())


def c(text: str) -> Card:
    return parse_card(text)


class Table:
    """A real game with a fixed deal, every seat's view fed what it may see, and each seat's
    keys checked against the game's ``verify``."""

    def __init__(self, hands: dict[int, str], starter: str = "7H", stock: str = "", *,
                 options: RazzOptions | None = None, choose: bool = True) -> None:
        self.options = options or RazzOptions()
        deal = RazzDeal({seat: cards(hand) for seat, hand in hands.items()}, c(starter),
                        cards(stock))
        self.game = RazzGame(NAMES[:len(hands)], self.options, random.Random(3), CAT, deal)
        self.views = [RazzSeatView(seat) for seat in range(len(hands))]
        self.keys = RazzKeys(self.options)
        self.now = 0.0
        self.feed(self.game.start())
        if choose:
            self.feed(self.game.handle(ChoosePhrase(CAT, "Pickles!"), 0.0))

    def feed(self, events: list[Event]) -> list[Event]:
        for event in events:
            for view in self.views:
                seen = event.seen_by(view.seat)
                if seen is not None:
                    view.observe(seen)
        return events

    def press(self, label: str, seat: int = ANN) -> Outcome | None:
        return self.keys.press(label, self.views[seat], self.game.verify)

    def aim(self, seat: int, card: str) -> None:
        """Put the seat's cursor on ``card``."""
        view = self.views[seat]
        view.cursor_to(view.ordered.index(c(card)))

    def send(self, outcome: object) -> list[Event]:
        """The key gave a command: the game must take it."""
        assert isinstance(outcome, Command), outcome
        assert self.game.allows(outcome)
        self.now += 0.1
        return self.feed(self.game.handle(outcome, self.now))

    def advance(self, seconds: float) -> list[Event]:
        self.now += seconds
        return self.feed(self.game.advance(self.now))

    def play(self, label: str, seat: int = ANN) -> list[Event]:
        return self.send(self.press(label, seat))

    def refused(self, outcome: object, reason: str) -> None:
        """The key refused for ``reason``; the game refuses its command for the same one."""
        assert isinstance(outcome, Refused), outcome
        assert outcome.reason == reason
        if outcome.command is not None and reason not in ("has-spoon",):
            with pytest.raises(RulesError) as error:
                self.game.handle(outcome.command, self.now)
            assert error.value.reason == reason


# --------------------------------------------------------------------- your turn, or not

def test_in_your_turn_enter_plays_the_card_under_the_cursor_if_it_matches() -> None:
    table = Table({ANN: "3C 7D 9D 4D", BOB: "4H 5S KC 5C", CAT: "9H 2S 3S 6S"}, "7H", "6C 5H")
    assert table.views[ANN].ordered == list(cards("3C 4D 7D 9D"))
    table.refused(table.press("enter"), "no-match")
    assert table.press("right") == CursorAt(c("4D"), 1, 4, False)
    assert table.press("up") == CursorAt(c("7D"), 2, 4, True)
    events = table.play("enter")
    assert events[0] == CardPlayed(table.now, ANN, c("7D"), "D", 3)
    assert table.press("left") == CursorAt(c("4D"), 1, 3, False), "the next card slid under it"
    assert table.press("end") == CursorAt(c("9D"), 2, 3, False)
    table.refused(table.press("enter", CAT), "not-your-turn")
    table.refused(table.press("down", CAT), "not-your-turn")
    table.refused(table.press("up", CAT), "not-your-turn")
    table.refused(table.press("k", BOB), "nothing-drawn")
    assert table.press("down", BOB) == table.press("d", BOB) == DrawCard(BOB)
    events = table.play("d", BOB)
    assert events == [CardsDrawn(table.now, BOB, cards("6C"), 1, 5, DrawCause.TURN),
                      TurnBegan(table.now, CAT, 3, False, True)]


def test_out_of_turn_the_keys_err_only_where_the_options_let_players_err_and_it_is_razzed(
        ) -> None:
    table = Table({ANN: "3C 7D 4D", BOB: "4H 5S KC", CAT: "9H 2S 3S"}, options=ERRING)
    table.aim(CAT, "9H")
    events = table.play("enter", CAT)
    assert FaultMade(table.now, CAT, Fault.OUT_OF_TURN, 1) in events
    assert table.views[ANN].to_act() == ANN
    assert table.press("z") == Razz(ANN, CAT)
    events = table.play("z")
    assert events[0] == RazzCalled(table.now, ANN, CAT, True, Fault.OUT_OF_TURN)
    assert table.views[ANN].counts == [3, 3, 3]
    table.aim(BOB, "KC")
    command = table.press("enter", BOB)
    assert command == PlayCard(BOB, c("KC"), target=CAT), "no power out of turn: nobody asked"
    events = table.send(command)
    assert not any(isinstance(event, KingAimed) for event in events)
    assert FaultMade(table.now, BOB, Fault.OUT_OF_TURN, 1) in events


def test_without_the_games_verify_a_key_sends_its_command_and_the_table_refuses_it() -> None:
    table = Table({ANN: "3C 7D 4D", BOB: "4H 5S KC", CAT: "9H 2S 3S"})
    command = table.keys.press("enter", table.views[CAT])
    assert command == PlayCard(CAT, c("9H"))
    with pytest.raises(RulesError) as error:
        table.game.handle(command, 0.5)
    assert error.value.reason == "not-your-turn"


# --------------------------------------------------------------------- after a draw

def test_a_playable_draw_comes_under_the_cursor_enter_plays_it_down_or_k_keeps_it() -> None:
    hands = {ANN: "3C 9S 4D KS", BOB: "4H 5S KC", CAT: "9H 2S 3S"}
    table = Table(hands, "7H", "7C")
    events = table.play("down")
    assert events == [CardsDrawn(table.now, ANN, cards("7C"), 1, 5, DrawCause.TURN, True)]
    view = table.views[ANN]
    assert view.under_cursor == c("7C") and view.drawn == c("7C")
    assert table.press("up") == CursorAt(c("7C"), 1, 5, True)
    table.press("left")
    table.refused(table.press("enter"), "play-drawn")
    table.refused(table.press("down", BOB), "not-your-turn")
    table.press("right")
    assert table.play("enter")[0] == CardPlayed(table.now, ANN, c("7C"), "C", 4)

    for key in ("down", "k", "shift+k"):
        table = Table(hands, "7H", "7C")
        table.play("down")
        assert table.press(key) == Keep(ANN)
        assert table.play(key)[-1] == TurnBegan(table.now, BOB, 2, False, True)
        table.refused(table.press("k"), "nothing-drawn")


# --------------------------------------------------------------------- Kings

def test_a_king_asks_whom_in_turn_order_and_a_king_faced_bounces_back_without_asking() -> None:
    table = Table({ANN: "KH 3C 4C", BOB: "KD 5S 6S", CAT: "9H 2S 3S"})
    table.press("end")
    question = table.press("enter")
    assert question == SeatQuestion(QuestionKind.KING_TARGET, ANN, (BOB, CAT), 0, c("KH"))
    assert isinstance(question, SeatQuestion)
    moved = question.press("right")
    assert isinstance(moved, SeatQuestion) and moved.focused == CAT
    assert moved.press("right") == moved and moved.press("x") is None
    assert question.press("escape") == Cancelled()
    answer = question.press("enter", table.game.verify)
    assert answer == PlayCard(ANN, c("KH"), target=BOB)
    assert table.send(answer)[-1] == KingAimed(table.now, ANN, BOB, 2)
    assert table.views[BOB].facing_king
    table.aim(BOB, "5S")
    table.refused(table.press("enter", BOB), "king-or-take")
    table.refused(table.press("down", CAT), "not-your-turn")
    table.refused(table.press("p", CAT), "no-phrase-owed")
    assert table.press("up", BOB) == CursorAt(c("KD"), 0, 3, True)
    assert table.press("enter", BOB) == PlayCard(BOB, c("KD"), target=ANN)
    assert table.play("enter", BOB) == [CardPlayed(table.now, BOB, c("KD"), "D", 2),
                                        KingAimed(table.now, BOB, ANN, 3)]
    table.refused(table.press("enter"), "king-or-take")
    table.refused(table.press("up"), "no-playable-king")
    events = table.play("p")
    assert events[:2] == [PhraseSaid(table.now, ANN),
                          CardsDrawn(table.now, ANN, tuple(table.views[ANN].hand[-3:]), 3, 5,
                                     DrawCause.KING)]
    assert events[-1] == TurnBegan(table.now, BOB, 2, False, True)


def test_taking_a_kings_cards_with_down_leaves_the_phrase_owed_and_p_says_it() -> None:
    table = Table({ANN: "KH 3C 4C", BOB: "KD 5S 6S", CAT: "9H 2S 3S"})
    table.press("end")
    question = table.press("enter")
    assert isinstance(question, SeatQuestion)
    table.send(question.press("enter", table.game.verify))
    table.aim(BOB, "5S")
    events = table.play("down", BOB)
    assert isinstance(events[0], PhraseOwed) and table.views[BOB].owes()
    assert table.views[BOB].owed_until() == events[0].until
    assert table.press("p", BOB) == SayPhrase(BOB)
    assert table.play("p", BOB) == [PhraseSaid(table.now, BOB)]
    table.refused(table.press("p", BOB), "no-phrase-owed")


def test_after_a_queen_the_king_asks_in_the_new_direction_and_out_of_turn_asks_nobody(
        ) -> None:
    dan = 3
    table = Table({ANN: "5H 5S 6S", BOB: "9C 9D 9S", CAT: "KH 2S 3S", dan: "QH 3C 4C"})
    table.aim(CAT, "KH")
    table.refused(table.press("enter", CAT), "not-your-turn")
    table.aim(dan, "QH")
    table.play("enter", dan)
    assert table.views[CAT].to_act() == CAT and not table.views[CAT].clockwise
    question = table.press("enter", CAT)
    assert isinstance(question, SeatQuestion)
    assert question.seats == (BOB, ANN, dan)
    answer = question.press("end", table.game.verify)
    assert isinstance(answer, SeatQuestion)
    assert answer.press("enter", table.game.verify) == PlayCard(CAT, c("KH"), target=dan)


# --------------------------------------------------------------------- Eights

def test_an_eight_asks_the_suit_starting_on_the_suit_most_held() -> None:
    table = Table({ANN: "8C 3H 4H 5D", BOB: "5H 5S 6S", CAT: "9H 2S 3S"}, "7S")
    question = table.press("enter")
    assert question == SuitQuestion(ANN, c("8C"), 2)
    assert isinstance(question, SuitQuestion) and question.focused == "H"
    moved = question.press("right")
    assert isinstance(moved, SuitQuestion) and moved.focused == "S"
    assert moved.press("down") == moved and moved.press("escape") == Cancelled()
    assert moved.press("enter") == PlayCard(ANN, c("8C"), suit="S")
    answer = question.press("d", table.game.verify)
    assert answer == PlayCard(ANN, c("8C"), suit="D")
    assert table.send(answer)[0] == CardPlayed(table.now, ANN, c("8C"), "D", 3)
    assert table.views[BOB].suit == "D"


def test_a_last_card_eight_or_king_goes_out_without_a_question() -> None:
    for last in ("8C", "KH"):
        table = Table({ANN: last, BOB: "5H 5S 6S", CAT: "9H 2S 3S"}, "7H",
                      options=RazzOptions(end_at=1))
        command = table.press("enter")
        assert isinstance(command, PlayCard) and command.card == c(last)
        events = table.send(command)
        assert RoundWon(table.now, ANN, 1) in events and isinstance(events[-1], GameWon)
        table.refused(table.press("enter", BOB), "game-over")
        table.refused(table.press("enter"), "game-over")
        table.refused(table.press("z", BOB), "game-over")


# --------------------------------------------------------------------- the count

def test_in_a_count_only_twos_and_aces_play_and_p_or_down_takes_it() -> None:
    hands = {ANN: "2C 5D 6D", BOB: "AS 9D 9C", CAT: "4H 6H"}
    table = Table(hands, "2H")
    assert table.play("enter")[1] == CountRaised(table.now, ANN, 2)
    assert table.views[BOB].facing_count
    table.refused(table.press("enter", BOB), "count-only")
    assert table.press("up", BOB) == CursorAt(c("AS"), 2, 3, True)
    assert table.play("enter", BOB)[1] == CountRaised(table.now, BOB, 3)
    table.refused(table.press("up", CAT), "no-playable-count")
    table.refused(table.press("enter", CAT), "count-only")
    table.refused(table.press("k", CAT), "nothing-drawn")
    events = table.play("p", CAT)
    assert events[:2] == [PhraseSaid(table.now, CAT),
                          CardsDrawn(table.now, CAT, tuple(table.views[CAT].hand[-3:]), 3, 5,
                                     DrawCause.COUNT)]
    assert table.views[ANN].count == 0 and table.views[ANN].to_act() == ANN

    table = Table(hands, "2H")
    table.play("enter")
    table.send(table.press("d", BOB))
    assert table.views[BOB].owes() and table.views[BOB].counts[BOB] == 5


# --------------------------------------------------------------------- one card left

def test_l_announces_a_last_card_once_and_only_in_time() -> None:
    table = Table({ANN: "7C 5D", BOB: "AS 9D 9C", CAT: "4H 6H 7S"}, "7H")
    table.refused(table.press("l"), "not-one-card")
    table.aim(ANN, "7C")
    table.play("enter")
    assert table.press("l") == Announce(ANN)
    assert table.views[BOB].may_announce is False and table.views[ANN].may_announce
    assert table.play("l") == [LastCardAnnounced(table.now, ANN)]
    assert table.views[ANN].has_announced and not table.views[ANN].may_announce
    table.refused(table.press("l"), "announced")

    table = Table({ANN: "7C 5D", BOB: "AS 9D 9C", CAT: "4H 6H 7S"}, "7H", "3D")
    table.aim(ANN, "7C")
    table.play("enter")
    table.advance(ANNOUNCE_GRACE)
    events = table.play("down", BOB)
    assert FaultMade(events[0].at, ANN, Fault.NO_ANNOUNCEMENT, 2) in events
    table.refused(table.press("l"), "announce-late")
    assert table.press("z", CAT) == Razz(CAT, ANN)
    assert table.play("z", CAT)[0] == RazzCalled(table.now, CAT, ANN, True,
                                                 Fault.NO_ANNOUNCEMENT)


# --------------------------------------------------------------------- the race

def test_space_grabs_in_the_race_once_and_twice_only_where_players_may_err() -> None:
    for options in (RazzOptions(), ERRING):
        table = Table({ANN: "JH 3C 4C", BOB: "5H 6S", CAT: "9H 2S"}, "7H", "5C 6C",
                      options=options)
        table.refused(table.press("space"), "no-race")
        table.press("end")
        assert isinstance(table.play("enter")[-1], SpoonsOut)
        table.refused(table.press("enter", BOB), "spoons-out")
        table.refused(table.press("up", BOB), "spoons-out")
        assert table.play("space")[0] == SpoonTaken(table.now, ANN, 1)
        again = table.press("space")
        if options.let_players_err:
            assert table.send(again) == [DoubleGrab(table.now, ANN)]
        else:
            table.refused(again, "has-spoon")
            assert again == Refused("has-spoon", GrabSpoon(ANN))
        table.play("space", BOB)
        events = table.advance(TIE_WINDOW + 0.01)
        loser = ANN if options.let_players_err else CAT
        assert events[0] == RaceOver(events[0].at, (loser,), False)
        table.refused(table.press("space", loser), "no-race")
        assert table.views[loser].owes()
        assert table.play("p", loser) == [PhraseSaid(table.now, loser)]


# --------------------------------------------------------------------- razzing

def test_z_razzes_the_latest_mistake_and_with_none_asks_whom_at_the_razzers_risk() -> None:
    table = Table({ANN: "3C 9D 4D", BOB: "4H 5S KC", CAT: "9H 2S 3S"}, "7H", "6C 5H 4S 3D",
                  options=ERRING)
    question = table.press("z", BOB)
    assert question == SeatQuestion(QuestionKind.RAZZ_TARGET, BOB, (CAT, ANN), 0,
                                    confirm=("z", "shift+z"))
    assert isinstance(question, SeatQuestion)
    answer = question.press("z", table.game.verify)
    assert answer == Razz(BOB, CAT)
    events = table.send(answer)
    assert events == [RazzCalled(table.now, BOB, CAT, False),
                      FaultMade(table.now, BOB, Fault.WRONG_RAZZ, 1)]
    table.aim(ANN, "3C")
    assert FaultMade(table.now + 0.1, ANN, Fault.MISMATCH, 1) in table.play("enter")
    table.aim(CAT, "9H")
    assert FaultMade(table.now + 0.1, CAT, Fault.OUT_OF_TURN, 2) in table.play("enter", CAT)
    assert table.press("z", BOB) == Razz(BOB, CAT), "the latest mistake"
    whom = table.press("shift+z", BOB)
    assert isinstance(whom, SeatQuestion) and whom.focused == CAT
    moved = whom.press("right")
    assert isinstance(moved, SeatQuestion)
    assert moved.press("enter", table.game.verify) == Razz(BOB, ANN)
    table.send(moved.press("enter"))
    assert table.press("z", BOB) == Razz(BOB, CAT)
    table.play("z", BOB)
    again = table.press("z", BOB)
    assert isinstance(again, SeatQuestion)
    table.refused(again.press("enter", table.game.verify), "already-razzed")


def test_a_phrase_left_unsaid_is_razzable_by_z() -> None:
    table = Table({ANN: "KH 3C 4C", BOB: "KD 5S 6S", CAT: "9H 2S 3S"})
    table.press("end")
    question = table.press("enter")
    assert isinstance(question, SeatQuestion)
    table.send(question.press("enter"))
    table.play("down", BOB)
    events = table.advance(3.5)
    assert events == [FaultMade(events[0].at, BOB, Fault.NO_PHRASE, 2)]
    table.refused(table.press("p", BOB), "phrase-late")
    assert table.views[CAT].latest_razzable() == BOB
    assert table.play("z", CAT)[0] == RazzCalled(table.now, CAT, BOB, True, Fault.NO_PHRASE)


# --------------------------------------------------------------------- the phrase, rounds

def test_the_dealer_is_asked_for_the_phrase_and_the_others_wait() -> None:
    table = Table({ANN: "3C 9D", BOB: "4H 5S", CAT: "9H 2S"}, choose=False)
    assert table.keys.opening_question(table.views[CAT]) == PhraseQuestion(CAT)
    assert table.keys.opening_question(table.views[ANN]) is None
    assert table.press("enter", CAT) == PhraseQuestion(CAT)
    question = table.press("p", CAT)
    assert isinstance(question, PhraseQuestion) and question.kind is QuestionKind.PHRASE
    table.refused(table.press("enter"), "choosing-phrase")
    table.refused(table.press("z"), "choosing-phrase")
    table.refused(table.press("space"), "choosing-phrase")
    table.refused(question.answer("   ", table.game.verify), "phrase-length")
    answer = question.answer("Doh!", table.game.verify)
    assert answer == ChoosePhrase(CAT, "Doh!")
    table.send(answer)
    assert table.views[ANN].phrase == "Doh!" and table.keys.opening_question(
        table.views[CAT]) is None
    assert table.press("p", CAT) == Refused("no-phrase-owed", SayPhrase(CAT))


def test_between_rounds_the_keys_say_so() -> None:
    table = Table({ANN: "7C", BOB: "4H 5S", CAT: "9H 2S"})
    table.play("enter")
    assert table.views[BOB].round_winner == ANN and table.views[BOB].points == [(0, 2, 3)]
    table.refused(table.press("enter"), "between-rounds")
    table.refused(table.press("enter", BOB), "between-rounds")
    table.refused(table.press("down", BOB), "between-rounds")
    table.refused(table.press("z", BOB), "between-rounds")
    table.refused(table.press("up", BOB), "between-rounds")
    assert table.press("right") == CursorAt(None, 0, 0, False)


# --------------------------------------------------------------------- keys that only tell

@pytest.mark.parametrize(("label", "action"), [
    ("h", RazzAction.HAND), ("t", RazzAction.TURN), ("f2", RazzAction.TOP),
    ("f3", RazzAction.COUNTS), ("f4", RazzAction.SCORES), ("f5", RazzAction.OPTIONS),
    ("f6", RazzAction.RAZZING), (",", SharedAction.HISTORY_PREVIOUS),
    ("pagedown", SharedAction.HISTORY_NEXT), ("r", SharedAction.REPEAT),
    ("f8", SharedAction.VOLUME_UP), ("f1", SharedAction.HELP), ("escape", SharedAction.MENU)])
def test_status_keys_tell_and_change_nothing(label: str,
                                             action: RazzAction | SharedAction) -> None:
    table = Table({ANN: "3C 9D", BOB: "4H 5S", CAT: "9H 2S"})
    before = (table.views[ANN].cursor, table.game.turn_number)
    assert table.press(label) == Tell(action)
    assert (table.views[ANN].cursor, table.game.turn_number) == before


def test_a_key_of_no_action_is_none() -> None:
    table = Table({ANN: "3C 9D", BOB: "4H 5S", CAT: "9H 2S"})
    assert table.press("x") is None and table.press("1") is None


def test_keys_move_by_overrides_as_the_classic_games_do() -> None:
    assert razz_bindings() == DEFAULT_RAZZ_KEYS
    moved = razz_bindings({"razz": "x", "grab": "enter", "help": "h", "announce": "1",
                           "nothing": "q", "keep": ""})
    assert moved[RazzAction.RAZZ] == ("x",)
    assert moved[RazzAction.GRAB] == ("enter",) and moved[RazzAction.PLAY] == ()
    assert moved[SharedAction.HELP] == ("f1",), "help keeps F1"
    assert moved[RazzAction.ANNOUNCE] == ("l",), "the number row stays free"
    assert moved[RazzAction.KEEP] == ()
    assert razz_bindings(razz_overrides_for(moved)) == moved
    keymap = razz_keymap({"razz": "x"})
    assert keymap["x"] is RazzAction.RAZZ and "z" not in keymap
    labels = [label for keys in DEFAULT_RAZZ_KEYS.values() for label in keys]
    assert len(labels) == len(set(labels)), "no key does two things"

    table = Table({ANN: "7C 9D", BOB: "4H 5S", CAT: "9H 2S"})
    keys = RazzKeys(table.options, {"play": "space", "grab": "g", "razz-whom": "shift+x"})
    assert keys.press("space", table.views[ANN], table.game.verify) == PlayCard(ANN, c("7C"))
    question = keys.press("z", table.views[ANN], table.game.verify)
    assert isinstance(question, SeatQuestion) and question.confirm == ("z", "shift+x")


# --------------------------------------------------------------------- every key, every moment

GAME_KEYS = ("enter", "down", "k", "space", "p", "l", "z", "shift+z")


def _check_keys(keys: RazzKeys, view: RazzSeatView, game: RazzGame) -> int:
    """Every game key of one seat, with the cursor on each of its cards: what the key says
    matches what the game would do. Returns how many commands the keys gave."""
    given = 0
    me = view.seat
    for index in range(max(len(view.ordered), 1)):
        view.cursor_to(index)
        for label in GAME_KEYS if index == 0 else ("enter",):
            outcome = keys.press(label, view, game.verify)
            if isinstance(outcome, Refused):
                if outcome.command is not None and outcome.reason != "has-spoon":
                    assert not game.allows(outcome.command)
                continue
            if isinstance(outcome, SeatQuestion | SuitQuestion):
                answers = ([outcome.answer(seat, game.verify) for seat in outcome.seats]
                           if isinstance(outcome, SeatQuestion) else
                           [outcome.answer(suit, game.verify) for suit in SUITS])
                if outcome.kind is not QuestionKind.RAZZ_TARGET:
                    assert all(isinstance(answer, Command) and game.allows(answer)
                               for answer in answers), answers
                    assert outcome.card in game.playable_cards(me)
                    assert game.cards_held(me) > 1
                continue
            if isinstance(outcome, PhraseQuestion):
                assert game.allows(ChoosePhrase(me, "Doh!"))
                continue
            assert isinstance(outcome, Command) and game.allows(outcome), (label, outcome)
            given += 1
            if isinstance(outcome, PlayCard) and outcome.card.rank in ("K", "8") and not (
                    game.king is not None and game.king.target == me):
                assert (outcome.card not in game.playable_cards(me)
                        or game.cards_held(me) == 1), "a power played without its question"
    return given


@pytest.mark.parametrize(("players", "options", "seed"), [
    (3, RazzOptions(), 11), (4, ERRING, 12), (2, RazzOptions(turn_time_limit=2.0), 13)])
def test_at_every_moment_of_a_bot_game_each_key_agrees_with_the_game(
        players: int, options: RazzOptions, seed: int) -> None:
    views = [RazzSeatView(seat) for seat in range(players)]
    keys = RazzKeys(options)
    given = [0]

    def watch(game: RazzGame, events: list[Event]) -> None:
        for event in events:
            for view in views:
                seen = event.seen_by(view.seat)
                if seen is not None:
                    view.observe(seen)
        for view in views:
            cursor = view.cursor
            given[0] += _check_keys(keys, view, game)
            view.cursor_to(cursor)

    record = play_game(players, options, seed, watch, level=Level.EASY, game=RAZZ)
    assert record.winners and not record.stuck
    assert given[0] > 100
