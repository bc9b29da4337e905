"""The game's own queue of lines, as exact transcripts: what a listener is handed, and when, for
lines that come faster than they can be said."""

from __future__ import annotations

import subprocess
import wave
from pathlib import Path

import pytest

from audiospoons.voice.announcer import Utterance
from audiospoons.voice.linequeue import (
    GATHER,
    URGENT_HOLD,
    Handout,
    SpeechQueue,
    spoken_seconds,
)
from audiospoons.voice.pace import ANSWER, Group, LinePace, flow


def a_second_a_line(text: str) -> float:
    return 1.0


def heard(queue: SpeechQueue, lines: list[tuple[float, Utterance]], until: float
          ) -> list[tuple[float, str, bool]]:
    """Feed ``lines`` at their times and hand out what is due, in steps of 0.05 s."""
    out: list[tuple[float, str, bool]] = []
    pending = sorted(lines, key=lambda line: line[0])
    for step in range(round(until / 0.05) + 1):
        now = round(step * 0.05, 2)
        while pending and pending[0][0] <= now:
            queue.add(pending.pop(0)[1], now)
        while (handout := queue.take(now)) is not None:
            out.append((now, handout.text, handout.interrupt))
    return out


def grabbed(name: str) -> Utterance:
    group = Group("grab", name, lambda names: f"{', '.join(names)} grabbed spoons!")
    return Utterance(f"{name} grabbed a spoon!", urgent=True, pace=LinePace(group=group))


def test_lines_are_handed_out_one_at_a_time_as_each_is_said() -> None:
    queue = SpeechQueue(a_second_a_line)
    lines = [(0.0, Utterance("Round 1.")), (0.0, Utterance("Your cards.")),
             (0.1, Utterance("Bob is out."))]
    assert heard(queue, lines, 4) == [(0.05, "Round 1.", False), (1.05, "Your cards.", False),
                                      (2.05, "Bob is out.", False)]


def test_a_flow_line_that_waited_too_long_is_left_unsaid() -> None:
    queue = SpeechQueue(a_second_a_line)
    lines = [(0.0, Utterance("Your cards.")), (0.0, Utterance("Your cards, again.")),
             (0.2, Utterance("Three of hearts.", pace=flow("card:3H"))),
             (1.5, Utterance("Jack of clubs.", pace=flow("card:JC")))]
    assert heard(queue, lines, 4) == [(0.05, "Your cards.", False),
                                      (1.05, "Your cards, again.", False),
                                      (2.05, "Jack of clubs.", False)]
    assert queue.dropped == 1


def test_a_card_passed_before_its_arrival_was_said_is_said_neither_way() -> None:
    queue = SpeechQueue(a_second_a_line)
    lines = [(0.0, Utterance("Round 1.")),
             (0.1, Utterance("Three of hearts.", pace=flow("card:3H"))),
             (0.6, Utterance("Passed the three of hearts.", pace=flow(cancels=("card:3H",)))),
             (0.7, Utterance("Jack of clubs.", pace=flow("card:JC")))]
    assert heard(queue, lines, 3) == [(0.05, "Round 1.", False), (1.05, "Jack of clubs.", False)]


def test_a_pass_is_said_once_its_card_s_arrival_has_been() -> None:
    queue = SpeechQueue(a_second_a_line)
    lines = [(0.0, Utterance("Three of hearts.", pace=flow("card:3H"))),
             (0.6, Utterance("Passed the three of hearts.", pace=flow(cancels=("card:3H",))))]
    assert heard(queue, lines, 3) == [(0.05, "Three of hearts.", False),
                                      (1.05, "Passed the three of hearts.", False)]


def test_a_line_that_puts_others_out_of_date_drops_them_and_is_said() -> None:
    queue = SpeechQueue(a_second_a_line)
    lines = [(0.0, Utterance("Bob grabbed a spoon!", urgent=True)),
             (0.0, Utterance("Round 1.", pace=LinePace(topic="round"))),
             (0.0, Utterance("Your cards.", pace=LinePace(topic="hand"))),
             (0.5, Utterance("You are eliminated.", pace=LinePace(retracts=("round", "hand"))))]
    assert heard(queue, lines, 3) == [(0.0, "Bob grabbed a spoon!", True),
                                      (1.0, "You are eliminated.", False)]


def test_a_repeated_status_is_said_once_while_it_is_fresh() -> None:
    queue = SpeechQueue(a_second_a_line)
    shuffled = Utterance("The discard pile is shuffled into a new stock.",
                         pace=flow("stock", quiet_for=30.0))
    lines = [(0.0, shuffled), (6.0, shuffled), (12.0, shuffled), (31.0, shuffled)]
    assert heard(queue, lines, 32) == [(0.05, shuffled.text, False),
                                       (31.05, shuffled.text, False)]


def test_a_newer_line_on_a_topic_takes_the_place_of_one_still_waiting() -> None:
    queue = SpeechQueue(a_second_a_line)
    lines = [(0.0, Utterance("Round 1.")), (0.1, Utterance("3 spoons left.", pace=flow("spoons"))),
             (0.2, Utterance("2 spoons left.", pace=flow("spoons")))]
    assert heard(queue, lines, 3) == [(0.05, "Round 1.", False), (1.05, "2 spoons left.", False)]


def test_grabs_close_together_are_said_as_one_line_and_never_dropped() -> None:
    queue = SpeechQueue(lambda text: 2.0)
    lines = [(0.0, Utterance("Round 1.")), (0.0, Utterance("Three of hearts.", pace=flow())),
             (0.5, grabbed("Debra")), (0.6, grabbed("Britany")), (0.7, grabbed("Ellen")),
             (0.8, Utterance("Ann is out."))]
    assert heard(queue, lines, 8) == [(0.05, "Round 1.", False),
                                      (0.5, "Debra grabbed a spoon!", True),
                                      (1.5, "Britany, Ellen grabbed spoons!", True),
                                      (3.5, "Ann is out.", False)]


def test_an_urgent_line_cuts_off_all_but_an_urgent_line_just_begun() -> None:
    queue = SpeechQueue(lambda text: 3.0)
    lines = [(0.0, Utterance("Your cards.")), (0.5, Utterance("React now!", urgent=True)),
             (0.5 + URGENT_HOLD + 0.1, Utterance("Bob grabbed a spoon!", urgent=True)),
             (2.0, Utterance("Cut!", urgent=True)), (2.1, Utterance("After.", urgent=True))]
    assert heard(queue, lines, 9) == [(0.05, "Your cards.", False), (0.5, "React now!", True),
                                      (1.6, "Bob grabbed a spoon!", True),
                                      (2.6, "Cut!", True), (3.6, "After.", True)]


def test_a_key_drops_what_waits_but_the_urgent_lines() -> None:
    queue = SpeechQueue(a_second_a_line)
    queue.add(Utterance("Round 1."), 0.0)
    queue.add(Utterance("Your cards."), 0.0)
    queue.add(Utterance("Bob grabbed a spoon!", urgent=True), 0.0)
    queue.add(Utterance("Carl grabbed a spoon!", urgent=True), 0.0)
    assert queue.take(0.0) == Handout("Bob grabbed a spoon!", True, 0.0, urgent=True)
    queue.clear(0.3)
    assert queue.take(0.3) == Handout("Carl grabbed a spoon!", True, 0.0, urgent=True)
    assert queue.take(5.0) is None and queue.dropped == 2


def test_lines_that_come_together_are_gathered_before_any_is_said() -> None:
    """A line waits ``GATHER`` for the lines of its moment, so that one they put out of date is
    never begun: another's play is not begun when the listener's turn comes with it."""
    queue = SpeechQueue(a_second_a_line)
    lines = [(0.0, Utterance("Britany: five of clubs.", pace=flow("move:1"))),
             (0.0, Utterance("Your turn: five of clubs.", pace=LinePace(retracts=("move:1",))))]
    assert heard(queue, lines, 2) == [(0.05, "Your turn: five of clubs.", False)]


def test_a_key_pressed_at_once_after_another_keeps_the_answer_to_the_first() -> None:
    queue = SpeechQueue(a_second_a_line)
    queue.add(Utterance("Round 1."), 0.0)
    queue.add(Utterance("You drew the queen of hearts.", pace=flow("card:QH")), 0.5)
    queue.clear(0.52)
    assert queue.take(0.55) == Handout("You drew the queen of hearts.", False, 0.5)
    assert queue.dropped == 1


@pytest.mark.parametrize(("rate", "within"), [(120, 1 / 4), (175, 1 / 4), (350, 1 / 3)])
def test_a_line_s_length_is_reckoned_near_espeak_ng_s(tmp_path: Path, rate: int,
                                                      within: float) -> None:
    for text in ("Three of hearts.", "The discard pile is shuffled into a new stock.",
                 "Round 2. Bob deals. 3 spoons on the table.", "Debra grabbed a spoon!"):
        wav = tmp_path / "line.wav"
        subprocess.run(["espeak-ng", "-s", str(rate), "-w", str(wav), text], check=True)
        with wave.open(str(wav)) as rendered:
            seconds = rendered.getnframes() / rendered.getframerate()
        assert spoken_seconds(text, rate) == pytest.approx(seconds, rel=within), text


def test_the_queue_says_when_what_must_be_said_will_have_been() -> None:
    queue = SpeechQueue(a_second_a_line)
    assert queue.told_at(0.0) is None
    queue.add(Utterance("Round 2."), 0.0)
    queue.add(Utterance("Your cards."), 0.0)
    queue.add(Utterance("Three of hearts.", pace=flow("card:3H")), 0.0)
    assert queue.told_at(0.0) == pytest.approx(2.05)
    assert queue.take(0.0) is None
    queue.take(GATHER)
    assert queue.told_at(0.5) == pytest.approx(2.05)
    queue.add(Utterance("Jack of clubs.", pace=flow("card:JC")), 0.7)
    assert queue.told_at(0.7) == pytest.approx(3.05)
    assert [queue.take(1.05), queue.take(2.05)] == [Handout("Your cards.", False, 0.0),
                                                    Handout("Jack of clubs.", False, 0.7)]
    assert queue.told_at(2.5) == pytest.approx(3.05) and queue.told_at(3.05) is None


def test_an_answer_goes_after_what_waits_and_waits_for_no_fellows() -> None:
    """An answer to a key (``ANSWER``) is said as soon as the reader is ready, and what waits
    ahead of it waits no longer for the lines of its moment; it cuts off what the reader is
    saying only when a key has cut it off since the last line was given."""
    queue = SpeechQueue(a_second_a_line)
    queue.add(Utterance("You win the game!"), 0.0)
    queue.add(Utterance("Enter to play again.", pace=ANSWER), 0.01)
    assert queue.take(0.01) == Handout("You win the game!", False, 0.0)
    assert queue.take(0.5) is None and queue.next_at(0.5) == pytest.approx(1.01)
    assert queue.take(1.01) == Handout("Enter to play again.", False, 0.01)
    queue.clear(1.2)
    queue.add(Utterance("Your hand: three of hearts.", pace=ANSWER), 1.2)
    queue.add(Utterance("Round 1."), 1.2)
    assert queue.take(1.2) == Handout("Your hand: three of hearts.", True, 1.2)
    assert queue.take(2.1) is None and queue.take(2.2) == Handout("Round 1.", False, 1.2)
