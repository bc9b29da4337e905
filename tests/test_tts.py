"""pyttsx3 speech with its real parts: phrases rendered by pyttsx3 and espeak-ng to WAV files and
measured, some against what espeak-ng's own program says; live lines played by pyttsx3 (which
runs aplay) into an ALSA file device, since there is no sound card, and measured there. That
device plays at once, so a line cannot be caught half said: the queue logic (interrupting,
silencing, closing) is driven with a stand-in engine that holds a line for as long as a test
needs.
"""

from __future__ import annotations

import array
import json
import math
import os
import queue
import shutil
import subprocess
import sys
import tempfile
import threading
import time
import wave
from collections.abc import Callable, Iterator
from pathlib import Path
from types import SimpleNamespace

import pytest

import audiospoons
from audiospoons.voice.tts import (
    DEFAULT_RATE,
    PhraseRenderer,
    TtsOutput,
    TtsUnavailable,
    VoiceInfo,
    language_tag,
    open_tts,
    pick_voice,
)

PACKAGE_HOME = str(Path(audiospoons.__file__).resolve().parent.parent)
ENGLISH = "Chris grabbed a spoon!"
SPANISH = "¡Chris agarró una cuchara!"
RATE = 22050
QUICK = 1.0
"""Seconds within which a call that only queues must return: it returns in microseconds, and a
call that waited for the engine would take as long as the held line, ``HOLD``."""
HOLD = 10.0
"""Seconds the stand-in engine holds a line at most; tests end lines long before."""


@pytest.fixture
def cache_dir() -> Iterator[Path]:
    with tempfile.TemporaryDirectory(prefix="audiospoons-tts-") as name:
        yield Path(name)


def wav_facts(path: Path) -> tuple[int, int, int, int, float]:
    """(frame rate, channels, sample width, frames, RMS) of a WAV file."""
    with wave.open(str(path), "rb") as wav:
        facts = wav.getframerate(), wav.getnchannels(), wav.getsampwidth(), wav.getnframes()
    return (*facts, rms(wav_samples(path)))


def rms(samples: array.array[int]) -> float:
    return math.sqrt(sum(sample * sample for sample in samples) / max(len(samples), 1))


def loud_count(samples: array.array[int]) -> int:
    """How many samples are well above silence."""
    return sum(1 for sample in samples if abs(sample) > 1000)


def wav_samples(path: Path) -> array.array[int]:
    with wave.open(str(path), "rb") as wav:
        frames = wav.readframes(wav.getnframes())
    return raw_samples(frames)


def raw_samples(data: bytes) -> array.array[int]:
    samples = array.array("h")
    samples.frombytes(data[: len(data) // 2 * 2])
    if sys.byteorder == "big":
        samples.byteswap()
    return samples


def assert_real_speech(path: Path) -> int:
    """``path`` is 16-bit mono 22050 Hz speech of at least half a second; its frame count."""
    rate, channels, width, frames, level = wav_facts(path)
    assert (rate, channels, width) == (RATE, 1, 2)
    assert frames > RATE // 2
    assert level > 500, f"{path.name} is (nearly) silent: RMS {level:.0f}"
    return frames


@pytest.fixture
def alsa_sink(monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A file that everything played through ALSA's default device is appended to, as raw 16-bit
    mono samples at 22050 Hz: pyttsx3 plays live espeak speech with ``aplay``, which reads the
    ALSA configuration in the home directory given here. There is no sound card; nothing is
    heard on a machine with one either."""
    root = Path(tempfile.mkdtemp(prefix="audiospoons-tts-alsa-"))
    home, sink = root / "home", root / "played.raw"
    home.mkdir()
    (home / ".asoundrc").write_text(f"""
pcm.!default {{
    type plug
    slave {{ pcm "spoons_sink"; format S16_LE; rate {RATE}; channels 1 }}
}}
pcm.spoons_sink {{
    type file
    slave.pcm "null"
    file "| cat >> {sink}"
    format "raw"
}}
""")
    assert shutil.which("aplay"), "pyttsx3 plays live espeak speech with aplay (alsa-utils)"
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.delenv("ALSA_CONFIG_PATH", raising=False)
    try:
        yield sink
    finally:
        shutil.rmtree(root, ignore_errors=True)


def played_while(sink: Path, action: Callable[[], object]) -> array.array[int]:
    """The samples appended to ``sink`` while ``action`` ran."""
    before = sink.stat().st_size if sink.exists() else 0
    action()
    data = sink.read_bytes()[before:] if sink.exists() else b""
    return raw_samples(data)


def espeak_reference(voice: str, rate: int, text: str, folder: Path) -> int:
    """Frames of ``text`` said by the espeak-ng program with ``voice``: the same synthesizer as
    the library, outside pyttsx3, in a fresh process."""
    program = shutil.which("espeak-ng")
    assert program is not None, "the espeak-ng program is part of the espeak-ng package"
    out = folder / f"reference-{voice.replace('/', '_')}.wav"
    subprocess.run([program, "-v", voice, "-s", str(rate), "-w", str(out), text],
                   check=True, capture_output=True, timeout=60)
    with wave.open(str(out), "rb") as wav:
        return wav.getnframes()


def _voice_id(voice: VoiceInfo | None) -> str:
    assert voice is not None
    return voice.id


# --- phrases rendered with the real pyttsx3 and espeak-ng --------------------------------------


# Runs in a fresh process, so that nothing said before colours what is measured: espeak-ng keeps
# some state from one utterance to the next (in one process, the same Spanish sentence comes out
# 2-3 % longer after a long English one, with or without pyttsx3). Renders an English phrase,
# closes that renderer, so that the Spanish one gets its engine, then the Spanish announcement.
FRESH_RENDERS = """
import json, sys, wave
from audiospoons.voice.tts import PhraseRenderer

folder, english_text, spanish_text = sys.argv[1:]
def frames(path):
    with wave.open(str(path), "rb") as wav:
        return wav.getnframes()
english = PhraseRenderer("en", folder)
english_path = english.render(english_text)
english.close()
spanish = PhraseRenderer("es", folder)
spanish_path = spanish.render(spanish_text)
sys.stderr.write(json.dumps({
    "en": [english.voice.id, english.rate, frames(english_path), str(english_path)],
    "es": [spanish.voice.id, spanish.rate, frames(spanish_path), str(spanish_path)],
}))
"""


def test_each_announcement_is_said_by_the_voice_of_its_language(cache_dir: Path) -> None:
    environment = {**os.environ, "PYTHONPATH": PACKAGE_HOME}
    result = subprocess.run(
        [sys.executable, "-c", FRESH_RENDERS, str(cache_dir), ENGLISH, SPANISH],
        capture_output=True, text=True, stdin=subprocess.DEVNULL, env=environment, timeout=120)
    assert result.returncode == 0 and result.stdout == "", result.stdout + result.stderr
    renders = json.loads(result.stderr)
    english_voice, english_rate, english_frames, english_path = renders["en"]
    spanish_voice, spanish_rate, spanish_frames, spanish_path = renders["es"]
    assert english_voice.startswith("gmw/en") and spanish_voice.startswith("roa/es")
    assert assert_real_speech(Path(english_path)) == english_frames
    assert assert_real_speech(Path(spanish_path)) == spanish_frames

    # Each render is what espeak-ng's own program says with the voice chosen (within 0.5 %: the
    # library's renders vary by a few samples), and the Spanish one is not what the English
    # voice says (6 % longer).
    said_in_english = espeak_reference(english_voice, english_rate, ENGLISH, cache_dir)
    assert abs(english_frames - said_in_english) < 0.005 * said_in_english
    said_in_spanish = espeak_reference(spanish_voice, spanish_rate, SPANISH, cache_dir)
    assert abs(spanish_frames - said_in_spanish) < 0.005 * said_in_spanish
    said_by_the_english_voice = espeak_reference(english_voice, spanish_rate, SPANISH, cache_dir)
    assert abs(spanish_frames - said_by_the_english_voice) > 0.03 * said_by_the_english_voice


def test_a_spanish_announcement_renders_with_the_spanish_voice_chosen(
        cache_dir: Path, capfd: pytest.CaptureFixture[str]) -> None:
    spanish = PhraseRenderer("es", cache_dir)
    english = PhraseRenderer("en", cache_dir)
    assert spanish.driver_name == "espeak"
    assert spanish.voice is not None and "es" in spanish.voice.languages
    assert english.voice is not None and english.voice.languages[0].startswith("en")

    in_spanish = spanish.render(SPANISH)
    by_the_english_voice = english.render(SPANISH)
    assert in_spanish != by_the_english_voice
    assert_real_speech(in_spanish)
    assert_real_speech(by_the_english_voice)
    assert in_spanish.read_bytes() != by_the_english_voice.read_bytes()
    assert capfd.readouterr().out == ""


def test_an_english_announcement_renders_to_a_real_wav_file(
        cache_dir: Path, capfd: pytest.CaptureFixture[str]) -> None:
    renderer = PhraseRenderer("en", cache_dir)
    path = renderer.render(ENGLISH)

    assert path.parent == cache_dir and path.suffix == ".wav"
    assert_real_speech(path)
    assert renderer.rate == DEFAULT_RATE
    assert [entry.name for entry in cache_dir.iterdir()] == [path.name]  # no temporary left
    assert capfd.readouterr().out == ""  # pyttsx3's "Audio saved to ..." included


def test_the_cache_gives_back_the_rendered_file_without_rendering_again(
        cache_dir: Path, capfd: pytest.CaptureFixture[str]) -> None:
    renderer = PhraseRenderer("en", cache_dir)
    first = renderer.render(ENGLISH)
    stamp, content = first.stat().st_mtime_ns, first.read_bytes()
    time.sleep(0.05)  # a new render would get a later modification time

    again = renderer.render(ENGLISH)
    from_another_renderer = PhraseRenderer("en", cache_dir).render(ENGLISH)

    assert again == first == from_another_renderer
    assert first.stat().st_mtime_ns == stamp
    assert first.read_bytes() == content
    assert PhraseRenderer("en", cache_dir, rate=230).render(ENGLISH) != first
    assert PhraseRenderer("es", cache_dir).render(ENGLISH) != first
    assert renderer.render("Frank is eliminated.") != first
    assert len(list(cache_dir.iterdir())) == 4
    assert capfd.readouterr().out == ""


def test_a_long_phrase_is_complete_when_render_returns(cache_dir: Path) -> None:
    # pyttsx3's runAndWait returns while espeak-ng is still synthesising a phrase this long.
    text = " ".join(["Chris passed the queen of hearts to Britany, who kept it."] * 8)
    renderer = PhraseRenderer("en", cache_dir)
    frames = assert_real_speech(renderer.render(text))

    reference = espeak_reference(_voice_id(renderer.voice), renderer.rate, text, cache_dir)
    assert frames > 0.9 * reference, (frames, reference)  # some 35 s


def test_renders_in_a_row_at_two_rates_all_finish_at_their_own_rate(cache_dir: Path) -> None:
    # espeak-ng's rate is process-wide and set asynchronously; pyttsx3's runAndWait cancels
    # what espeak is still busy with, settings included, and then the phrase itself.
    slow = PhraseRenderer("en", cache_dir, rate=175)
    fast = PhraseRenderer("en", cache_dir, rate=300)
    slow_frames, fast_frames = [], []
    for spaces in range(25):  # trailing spaces: a new cache entry each time, the same speech
        text = ENGLISH + " " * spaces
        slow_frames.append(assert_real_speech(slow.render(text)))
        fast_frames.append(assert_real_speech(fast.render(text)))
    for frames in (slow_frames, fast_frames):
        assert max(frames) - min(frames) < 0.02 * min(frames), frames
    assert max(fast_frames) < 0.75 * min(slow_frames)


def test_a_closed_renderer_hands_its_engine_to_the_next_one(cache_dir: Path) -> None:
    english = PhraseRenderer("en", cache_dir)
    english.render(ENGLISH)
    english.close()
    english.close()  # twice is harmless
    with pytest.raises(RuntimeError, match="closed"):
        english.render("Frank is eliminated.")

    spanish = PhraseRenderer("es", cache_dir)  # on the English renderer's engine
    try:
        assert spanish.voice is not None and "es" in spanish.voice.languages
        assert_real_speech(spanish.render(SPANISH))
    finally:
        spanish.close()


def test_blank_phrases_are_refused(cache_dir: Path) -> None:
    with pytest.raises(ValueError, match="blank"):
        PhraseRenderer("en", cache_dir).render("  ")


def test_live_speech_and_renderers_share_espeak_without_trouble(
        alsa_sink: Path, cache_dir: Path, capfd: pytest.CaptureFixture[str]) -> None:
    # Every pyttsx3 espeak engine takes espeak-ng's one callback for itself when it is made, and
    # an engine left without it says nothing and never finishes: each must take it back first.
    renderer = PhraseRenderer("es", cache_dir)
    assert_real_speech(renderer.render(ENGLISH))

    output = open_tts("es", rate=renderer.rate)  # takes the callback
    assert output is not None
    try:
        assert output.name == "tts" and output.driver_name == "espeak"
        assert output.voice is not None and "es" in output.voice.languages
        lines = [renderer.render(SPANISH), renderer.render("Uno.")]  # took it back
        later = PhraseRenderer("en", cache_dir)  # takes it again
        rendered = sorted(cache_dir.iterdir())

        def speak_both() -> None:
            output.speak(SPANISH)
            output.speak("Uno.")
            assert time.monotonic() - started < QUICK  # speak only queues
            assert output.drain(30.0)

        started = time.monotonic()
        played = played_while(alsa_sink, speak_both)
        # A line whose end espeak never reported would hold the worker five seconds or more.
        assert time.monotonic() - started < 5.0

        # Both lines were played, whole: as much speech as in the two renders (aplay pads each
        # line with silence, and espeak-ng's lengths drift a little within one process).
        expected = sum(loud_count(wav_samples(path)) for path in lines)
        assert abs(loud_count(played) - expected) < 0.1 * expected, (loud_count(played), expected)
        # Live speech has an engine of its own: one that had saved a file would write there.
        assert sorted(cache_dir.iterdir()) == rendered
        assert_real_speech(later.render("Frank is eliminated."))
    finally:
        output.close()
    assert not output.running
    with pytest.raises(RuntimeError, match="closed"):
        output.speak("Tres.")
    assert capfd.readouterr().out == ""


def test_live_lines_take_the_volume_and_rate_set(
        alsa_sink: Path, capfd: pytest.CaptureFixture[str]) -> None:
    output = open_tts("en")
    assert output is not None
    try:
        def say(line: str) -> array.array[int]:
            def speak() -> None:
                output.speak(line)
                assert output.drain(30.0)
            return played_while(alsa_sink, speak)

        loud = say(ENGLISH)
        assert loud_count(loud) > RATE // 4
        output.volume = 0.25
        quiet = say(ENGLISH)
        output.volume, output.rate = 1.0, 2 * DEFAULT_RATE
        fast = say(ENGLISH)
    finally:
        output.close()
    assert rms(quiet) < 0.5 * rms(loud)
    assert len(fast) < 0.7 * len(loud)
    assert capfd.readouterr().out == ""


def test_drain_returns_once_a_long_line_has_been_played_whole(
        alsa_sink: Path, cache_dir: Path) -> None:
    # The first runAndWait of a pyttsx3 espeak engine returns while espeak is still at work.
    text = " ".join([ENGLISH] * 12)
    output = open_tts("en")
    assert output is not None
    try:
        def speak() -> None:
            output.speak(text)
            assert output.drain(60.0)

        played = played_while(alsa_sink, speak)
    finally:
        output.close()
    expected = loud_count(wav_samples(PhraseRenderer("en", cache_dir).render(text)))
    assert abs(loud_count(played) - expected) < 0.1 * expected, (loud_count(played), expected)


OPEN_TTS = """
import sys
if sys.argv[1] == "no-pyttsx3":
    sys.modules["pyttsx3.engine"] = None
from audiospoons.voice.tts import open_tts
sys.stderr.write(repr(open_tts("en")))
"""


@pytest.mark.parametrize("missing", ["no-pyttsx3", "no-aplay"])
def test_open_tts_gives_none_and_prints_nothing_without_pyttsx3_or_aplay(missing: str) -> None:
    environment = {**os.environ, "PYTHONPATH": PACKAGE_HOME}
    if missing == "no-aplay":  # pyttsx3 runs aplay to play espeak's speech on Linux
        environment["PATH"] = str(Path(tempfile.gettempdir()) / "audiospoons-no-such-directory")
    result = subprocess.run([sys.executable, "-c", OPEN_TTS, missing], capture_output=True,
                            text=True, stdin=subprocess.DEVNULL, env=environment, timeout=60)
    assert result.returncode == 0, result.stderr
    assert (result.stdout, result.stderr) == ("", "None")


# --- choosing a voice --------------------------------------------------------------------------

ESPEAK_VOICES = (
    VoiceInfo("gmw/en", "English (Great Britain)", ("en-gb",)),
    VoiceInfo("gmw/en-us", "English (America)", ("en-us",)),
    VoiceInfo("mb/mb-es1", "es-mbrola-1", ("es",)),
    VoiceInfo("roa/es-419", "Spanish (Latin America)", ("es-419",)),
    VoiceInfo("roa/es", "Spanish (Spain)", ("es",)),
)
SAPI_ROOT = "HKEY_LOCAL_MACHINE\\SOFTWARE\\Microsoft\\Speech\\Voices\\Tokens\\"
SAPI_VOICES = (
    VoiceInfo(SAPI_ROOT + "TTS_MS_EN-US_DAVID_11.0", "Microsoft David", ("en-us",)),
    VoiceInfo(SAPI_ROOT + "TTS_MS_EN-US_ZIRA_11.0", "Microsoft Zira", ("en-us",)),
    VoiceInfo(SAPI_ROOT + "TTS_MS_ES-ES_HELENA_11.0", "Microsoft Helena", ("es-es",)),
)


def test_voices_are_picked_by_language() -> None:
    assert pick_voice(ESPEAK_VOICES, "es") == ESPEAK_VOICES[4]  # exact, not MBROLA, not es-419
    assert pick_voice(ESPEAK_VOICES, "en", default_id="gmw/en") == ESPEAK_VOICES[0]
    assert pick_voice(ESPEAK_VOICES, "en-US") == ESPEAK_VOICES[1]
    assert pick_voice(ESPEAK_VOICES, "fr") is None  # the engine's default voice then
    # The player's own default voice wins among equals.
    assert pick_voice(SAPI_VOICES, "en", default_id=SAPI_VOICES[1].id) == SAPI_VOICES[1]
    assert pick_voice(SAPI_VOICES, "en") == SAPI_VOICES[0]
    assert pick_voice(SAPI_VOICES, "es") == SAPI_VOICES[2]


def test_language_tags_from_every_driver_look_alike() -> None:
    assert language_tag("en_US") == "en-us"  # NSSpeech
    assert language_tag("en-US") == "en-us"  # SAPI 5
    assert language_tag(b"\x05en-gb") == "en-gb"  # old espeak: a priority byte first
    assert language_tag(" es ") == "es"


# --- the queue, with a stand-in engine ----------------------------------------------------------


class FakeQueueEngine:
    """A stand-in for a pyttsx3 engine, for TtsOutput's queue logic only. Like SAPI 5's,
    ``runAndWait`` blocks while the line is "said": until the test calls ``finish_line``, or
    ``stop`` cuts it. Lines are recorded as begun, said (to the end) or cut."""

    driver_name = "fake-for-queue-tests"

    def __init__(self, *, hold_lines: bool = True) -> None:
        self.hold_lines = hold_lines
        self.began: queue.Queue[str] = queue.Queue()
        self.said: list[str] = []
        self.cut: list[str] = []
        self.properties: list[tuple[str, object]] = []
        self.stops = 0
        self._lock = threading.Lock()
        self._queued: str | None = None
        self._current: str | None = None
        self._cut_current = False
        self._end = threading.Event()
        self._finished_callbacks: list[Callable[..., object]] = []

    def connect(self, topic: str, cb: Callable[..., object]) -> object:
        if topic == "finished-utterance":
            self._finished_callbacks.append(cb)
        return {"topic": topic, "cb": cb}

    def getProperty(self, name: str) -> object:
        if name == "voices":
            return [SimpleNamespace(id="fake-en", name="Fake English", languages=["en_US"]),
                    SimpleNamespace(id="fake-es", name="Fake Spanish", languages=["es_ES"])]
        if name == "voice":
            return "fake-en"
        raise KeyError(name)

    def setProperty(self, name: str, value: object) -> None:
        self.properties.append((name, value))

    def say(self, text: str) -> object:
        with self._lock:
            self._queued = text
        return None

    def stop(self) -> None:
        with self._lock:
            self.stops += 1
            self._queued = None
            if self._current is not None:
                self._cut_current = True
                self._end.set()

    def runAndWait(self) -> None:
        with self._lock:
            text, self._queued = self._queued, None
            if text is None:
                return
            self._current, self._cut_current = text, False
        self.began.put(text)
        if self.hold_lines:
            self._end.wait(HOLD)
        with self._lock:
            self._end.clear()
            cut, self._current = self._cut_current, None
        (self.cut if cut else self.said).append(text)
        for callback in self._finished_callbacks:
            callback(name=None, completed=not cut)

    def finish_line(self) -> None:
        self._end.set()

    def next_line(self) -> str:
        return self.began.get(timeout=HOLD)

    def nothing_begins(self) -> bool:
        try:
            line = self.began.get(timeout=0.2)
        except queue.Empty:
            return True
        self.began.put(line)
        return False


def started_output(engine: FakeQueueEngine, **settings: object) -> TtsOutput:
    return TtsOutput(engine_factory=lambda: engine, **settings)  # type: ignore[arg-type]


def timed(call: Callable[[], object]) -> float:
    started = time.monotonic()
    call()
    return time.monotonic() - started


def test_speak_queues_and_returns_at_once_while_a_line_is_being_said() -> None:
    engine = FakeQueueEngine()
    output = started_output(engine)
    try:
        def speak_three() -> None:
            for line in ("One.", "Two.", "Three."):
                output.speak(line)

        assert timed(speak_three) < QUICK
        assert engine.next_line() == "One."
        assert engine.nothing_begins()  # one line at a time
        engine.finish_line()
        assert engine.next_line() == "Two."
        engine.finish_line()
        assert engine.next_line() == "Three."
        assert not output.drain(0.1)
        engine.finish_line()
        assert output.drain(HOLD)
        assert engine.said == ["One.", "Two.", "Three."] and engine.cut == []
    finally:
        output.close()


def test_interrupt_drops_the_queue_and_cuts_the_current_line() -> None:
    engine = FakeQueueEngine()
    output = started_output(engine)
    try:
        for line in ("One.", "Two.", "Three."):
            output.speak(line)
        assert engine.next_line() == "One."

        assert timed(lambda: output.speak("Spoon!", interrupt=True)) < QUICK
        assert engine.next_line() == "Spoon!"
        engine.finish_line()
        assert output.drain(HOLD)
        assert engine.cut == ["One."] and engine.said == ["Spoon!"]
        assert engine.stops == 1
    finally:
        output.close()


def test_silence_drops_the_queue_and_cuts_the_current_line() -> None:
    engine = FakeQueueEngine()
    output = started_output(engine)
    try:
        output.speak("One.")
        output.speak("Two.")
        assert engine.next_line() == "One."
        output.silence()
        assert output.drain(HOLD)
        assert engine.nothing_begins()
        assert engine.cut == ["One."] and engine.said == []

        output.speak("Three.")  # still speaking after that
        assert engine.next_line() == "Three."
        engine.finish_line()
        assert output.drain(HOLD) and engine.said == ["Three."]
    finally:
        output.close()


def test_close_cuts_the_line_drops_the_queue_and_joins_the_worker() -> None:
    engine = FakeQueueEngine()
    output = started_output(engine)
    output.speak("One.")
    output.speak("Two.")
    assert engine.next_line() == "One."

    assert timed(output.close) < QUICK
    assert not output.running
    assert engine.cut == ["One."] and engine.said == [] and engine.began.empty()
    with pytest.raises(RuntimeError, match="closed"):
        output.speak("Three.")
    output.close()  # twice is harmless
    output.silence()  # and so is silencing a closed output


def test_rate_volume_and_language_count_from_the_next_line() -> None:
    engine = FakeQueueEngine(hold_lines=False)
    output = started_output(engine, lang="es", rate=150, volume=0.5)
    try:
        assert output.voice is not None and output.voice.id == "fake-es"
        output.speak("Uno.")
        assert output.drain(HOLD)
        assert engine.properties == [("voice", "fake-es"), ("rate", 150), ("volume", 0.5)]

        output.rate, output.volume, output.lang = 220, 0.25, "en"
        output.speak("Two.")
        assert output.drain(HOLD)
        assert engine.properties[3:] == [("voice", "fake-en"), ("rate", 220), ("volume", 0.25)]

        output.lang = "fr"  # no French voice: the engine's default one
        assert output.voice is None
        output.speak("Trois.")
        assert output.drain(HOLD)
        assert engine.properties[6:] == [("voice", "fake-en"), ("rate", 220), ("volume", 0.25)]
        assert engine.said == ["Uno.", "Two.", "Trois."]
    finally:
        output.close()


def test_blank_lines_are_not_passed_to_the_engine() -> None:
    # pyttsx3 refuses blank text, and its espeak driver then says the previous line again.
    engine = FakeQueueEngine(hold_lines=False)
    output = started_output(engine)
    try:
        output.speak(" \t ")
        output.speak("")
        assert output.drain(HOLD) and engine.nothing_begins()
        output.speak("One.")
        assert output.drain(HOLD) and engine.said == ["One."]
    finally:
        output.close()


def test_settings_out_of_range_are_refused() -> None:
    engine = FakeQueueEngine(hold_lines=False)
    output = started_output(engine)
    try:
        with pytest.raises(ValueError):
            output.volume = 1.5
        with pytest.raises(ValueError):
            output.rate = 0
        assert (output.volume, output.rate) == (1.0, DEFAULT_RATE)
    finally:
        output.close()
    with pytest.raises(ValueError):
        started_output(FakeQueueEngine(), volume=-0.1)


def test_an_engine_that_cannot_start_is_reported_and_leaves_no_thread() -> None:
    def no_engine() -> FakeQueueEngine:
        raise OSError("no speech driver")

    before = threading.active_count()
    with pytest.raises(TtsUnavailable, match="no speech driver"):
        TtsOutput(engine_factory=no_engine)
    assert threading.active_count() <= before
