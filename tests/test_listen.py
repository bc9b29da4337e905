"""Hearing a scenario in real time, and which speech output is chosen."""

from __future__ import annotations

import textwrap
import threading
import time
from collections.abc import Callable

import pytest

from audiospoons.games.keyboards import KEYBOARDS, cue_names
from audiospoons.replay.listen import DEVICE_LAG, cue_length, listen
from audiospoons.replay.scenario import parse_scenario
from audiospoons.sound.cue import Cue
from audiospoons.voice import outputs
from audiospoons.voice.announcer import Verbosity
from audiospoons.voice.opening import open_within
from audiospoons.voice.speaker import Speaker
from audiospoons.voice.speech import NoOutput, SpeechMode, TextOutput

SCENARIO = textwrap.dedent("""
    [options]
    scoring = "sudden-death"
    [table]
    players = ["Andrew", "Chris", "Ellen"]
    dealer = "Andrew"
    seed = 7
    [table.hands]
    Andrew = ["7H", "7C", "7D", "7S"]
    [script]
    lines = ["0.50 Andrew grab", "1.25 Chris grab"]
""")


class Recorder:
    name = "recorder"
    sound_volume = speech_volume = 1.0
    mono = False

    def __init__(self, log: list[tuple[float, str]], clock: list[float]) -> None:
        self.log, self.clock = log, clock

    def speak(self, text: str, *, interrupt: bool = False) -> None:
        self.log.append((self.clock[0], text))

    def play(self, cue: Cue) -> None:
        self.log.append((self.clock[0], f"[{cue.name} {cue.pan:+.1f}]"))

    def silence(self) -> None:
        """Nothing queued."""

    def close(self) -> None:
        """Nothing to release."""


def heard_with(lengths: dict[str, float], *, sounds: bool = True
               ) -> tuple[list[tuple[float, str]], list[float]]:
    """What Ellen hears of the scenario on a fake clock that only sleeping moves, each cue
    lasting as long as ``lengths`` says (0.1 s if not named); and the sleeps."""
    now = [100.0]
    sleeps: list[float] = []
    log: list[tuple[float, str]] = []

    def sleep(seconds: float) -> None:
        sleeps.append(seconds)
        now[0] += seconds

    scenario = parse_scenario(SCENARIO)
    recorder = Recorder(log, now)
    listen(scenario.new_game(), scenario.script, 2, KEYBOARDS[scenario.game],
           speaker=Speaker(recorder),
           sounds=recorder if sounds else None, lang="en", verbosity=Verbosity.FULL,
           clock=lambda: now[0], sleep=sleep, length=lambda name: lengths.get(name, 0.1))
    return log, sleeps


def test_lines_and_cues_come_at_their_moments_with_one_sleep_each() -> None:
    log, sleeps = heard_with({"deal": 0.4})
    assert log[:4] == [
        (100.0, "Spoons: you against Andrew and Chris."),
        (100.0, "[deal -1.0]"),
        (100.0, "Round 1. Andrew deals. 2 spoons on the table."),
        (100.0, "Your cards: four of clubs, five of clubs, queen of hearts, and eight of clubs."),
    ]
    assert (100.5, "[spoon -1.0]") in log
    assert (101.25, "Chris grabbed a spoon!") in log
    assert (101.25, "You are eliminated.") in log
    # The last moment is round 2's deal, after the round pause; the run stops once that deal
    # has had time to sound to its end on the device.
    assert log[-1][0] == 104.25 and "Round 2." in log[-1][1]
    assert (104.25, "[deal +1.0]") in log
    assert sleeps == pytest.approx([0.5, 0.75, 3.0, 0.4 + DEVICE_LAG])


def test_the_run_ends_when_its_longest_sounding_cue_does() -> None:
    # Round 1's end sounds for 5 s, on past round 2's deal at 4.25 s: it is heard out.
    log, sleeps = heard_with({"deal": 0.4, "round-over": 5.0})
    assert (101.25, "[round-over +0.0]") in log
    assert sleeps == pytest.approx([0.5, 0.75, 3.0, 101.25 + 5.0 - 104.25 + DEVICE_LAG])
    # Without a sound device nothing sounds on after the last line.
    assert heard_with({"round-over": 5.0}, sounds=False)[1] == pytest.approx([0.5, 0.75, 3.0])


def test_a_cue_lasts_as_long_as_its_sound_file() -> None:
    assert 0.3 < cue_length("deal") < 1.0
    assert all(cue_length(name) > 0.0 for name in cue_names())
    assert cue_length("no such cue") == 0.0


def test_auto_takes_a_running_screen_reader_then_tts_on_the_mixer_then_text(
        monkeypatch: pytest.MonkeyPatch) -> None:
    reader, tts, live, mixer = NoOutput(), NoOutput(), NoOutput(), object()

    class FakeMixerSpeech:
        @staticmethod
        def open(lang: str, rate: int | None, channel: object) -> NoOutput:
            assert channel is mixer
            return tts

    monkeypatch.setattr(outputs, "screen_reader_running", lambda: True)
    monkeypatch.setattr(outputs, "open_screen_reader", lambda: reader)
    monkeypatch.setattr(outputs, "MixerSpeech", FakeMixerSpeech)
    monkeypatch.setattr(outputs, "open_tts", lambda lang, rate: live)
    assert outputs.open_speech(SpeechMode.AUTO, "en", None, mixer) == (reader, None)  # type: ignore[arg-type]
    monkeypatch.setattr(outputs, "screen_reader_running", lambda: False)
    assert outputs.open_speech(SpeechMode.AUTO, "en", None, mixer) == (tts, None)  # type: ignore[arg-type]
    # Without a sound device espeak would go nowhere: text, and a word of why when built-in
    # speech was asked for; elsewhere the system's own voice speaks live when asked for.
    output, warning = outputs.open_speech(SpeechMode.AUTO, "en")
    assert isinstance(output, TextOutput) and warning is None
    monkeypatch.setattr(outputs.sys, "platform", "linux")
    output, warning = outputs.open_speech(SpeechMode.TTS, "en")
    assert isinstance(output, TextOutput)
    assert warning == "Text-to-speech could not start: speech goes to plain text."
    monkeypatch.setattr(outputs.sys, "platform", "win32")
    assert outputs.open_speech(SpeechMode.TTS, "en") == (live, None)


def test_an_output_asked_for_that_cannot_start_gives_way_to_text_and_says_so(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(outputs, "open_screen_reader", lambda: None)
    monkeypatch.setattr(outputs, "open_tts", lambda lang, rate: None)
    output, warning = outputs.open_speech(SpeechMode.SCREENREADER, "en")
    assert isinstance(output, TextOutput)
    assert warning == "No screen reader was found: speech goes to plain text."
    output, warning = outputs.open_speech(SpeechMode.TTS, "es")
    assert warning == "La síntesis de voz no pudo iniciarse: los mensajes se muestran como texto."
    assert isinstance(outputs.open_speech(SpeechMode.NONE, "en")[0], NoOutput)


class Closed(NoOutput):
    """An output that notes it was closed."""

    def __init__(self) -> None:
        self.closed = False

    def close(self) -> None:
        self.closed = True


def test_an_output_that_does_not_open_in_time_is_left_said_and_the_next_one_speaks(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A screen reader that hangs gives way to the built-in voice, one that hangs to text; what
    opens too late is closed as it comes."""
    hang, late_reader, late_voice, voice = threading.Event(), Closed(), Closed(), NoOutput()

    def hung_reader() -> Closed:
        hang.wait(30)
        return late_reader

    monkeypatch.setattr(outputs, "open_within", lambda opener: open_within(opener, 0.2))
    monkeypatch.setattr(outputs, "open_screen_reader", hung_reader)
    monkeypatch.setattr(outputs.MixerSpeech, "open", lambda lang, rate, mixer: voice)
    mixer = object()
    assert outputs.open_speech(SpeechMode.SCREENREADER, "en", None, mixer) == (  # type: ignore[arg-type]
        voice, "The screen reader did not answer in time: the built-in voice speaks instead.")
    monkeypatch.setattr(outputs, "screen_reader_running", lambda: True)
    assert outputs.open_speech(SpeechMode.AUTO, "de", None, mixer) == (  # type: ignore[arg-type]
        voice, "Der Screenreader hat nicht rechtzeitig geantwortet: Die eingebaute Stimme"
               " spricht stattdessen.")
    output, warning = outputs.open_speech(SpeechMode.SCREENREADER, "en")
    assert isinstance(output, TextOutput)
    assert warning == "The screen reader did not answer in time: speech goes to plain text."
    monkeypatch.setattr(outputs, "open_screen_reader", lambda: None)
    assert outputs.open_speech(SpeechMode.SCREENREADER, "en", None, mixer) == (  # type: ignore[arg-type]
        voice, "No screen reader was found: the built-in voice speaks instead.")

    def hung_voice(lang: str, rate: int | None, mixer: object) -> Closed:
        hang.wait(30)
        return late_voice

    monkeypatch.setattr(outputs.MixerSpeech, "open", hung_voice)
    output, warning = outputs.open_speech(SpeechMode.TTS, "en", None, mixer)  # type: ignore[arg-type]
    assert isinstance(output, TextOutput)
    assert warning == "The built-in voice did not start in time: speech goes to plain text."
    assert not late_reader.closed and not late_voice.closed
    hang.set()
    assert wait_until(lambda: late_reader.closed and late_voice.closed)


def wait_until(condition: Callable[[], bool], seconds: float = 10.0) -> bool:
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.01)
    return True
