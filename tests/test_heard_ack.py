"""A player at a relay's table says they have heard what its events brought once their speech
has said it (or dropped it as out of date), or a key has cut it off; never before, and at most
once each ``HEARD_EVERY`` seconds."""

from __future__ import annotations

from fakes import Clock
from test_speaker_pacing import Spoken

from audiospoons.app.heardack import HEARD_EVERY, HeardAck
from audiospoons.voice.announcer import Utterance
from audiospoons.voice.linequeue import GATHER
from audiospoons.voice.speaker import Speaker


class Client:
    """The relay's client, as far as ``heard`` goes: it names every event handed on."""

    def __init__(self) -> None:
        self.events_received = 0
        self.events_heard = 0
        self.said: list[int] = []

    def heard(self) -> None:
        self.events_heard = self.events_received
        self.said.append(self.events_heard)


def slow_speaker(clock: Clock) -> tuple[Speaker, Spoken]:
    output = Spoken()
    output.rate = 175
    return Speaker(output, clock=clock), output


def said(speaker: Speaker, output: Spoken, clock: Clock, text: str) -> None:
    """``text`` said, and handed to the reader once it has waited for lines to come with it."""
    speaker.say(Utterance(text))
    clock.now += GATHER
    output.wait_for(len(output.lines) + 1)


def test_heard_is_said_once_the_lines_of_the_events_have_been_said() -> None:
    clock, client = Clock(), Client()
    speaker, output = slow_speaker(clock)
    ack = HeardAck(speaker, clock)
    client.events_received = 3
    said(speaker, output, clock, "Bob draws a card. It is your turn.")
    wait = ack.due_in(client)
    assert wait is not None and wait > 1.0 and client.said == []
    clock.now += wait / 2
    assert ack.due_in(client) is not None and client.said == []
    clock.now += wait
    assert ack.due_in(client) is None and client.said == [3]
    assert ack.due_in(client) is None and client.said == [3]
    speaker.close()


def test_a_key_that_cuts_speech_off_says_heard_at_once() -> None:
    clock, client = Clock(), Client()
    speaker, output = slow_speaker(clock)
    ack = HeardAck(speaker, clock)
    client.events_received = 2
    said(speaker, output, clock, "Round 2. Cy deals.")
    assert ack.due_in(client) is not None
    speaker.interrupt()
    assert ack.due_in(client) is None and client.said == [2]
    speaker.close()


def test_events_said_in_no_words_are_heard_at_most_once_a_quarter_second() -> None:
    clock, client = Clock(), Client()
    speaker, _ = slow_speaker(clock)
    ack = HeardAck(speaker, clock)
    client.events_received = 1
    assert ack.due_in(client) is None and client.said == [1]
    client.events_received = 2
    assert ack.due_in(client) == HEARD_EVERY and client.said == [1]
    clock.now += HEARD_EVERY
    assert ack.due_in(client) is None and client.said == [1, 2]
    speaker.close()
