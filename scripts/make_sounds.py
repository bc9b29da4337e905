"""Generate the game's sound cues: one short mono WAV per name of ``cue_names()``, into ``sounds/``.

Run ``python scripts/make_sounds.py`` (needs numpy). The output is deterministic: every cue's noise
comes from a generator seeded with a fixed number and the cue's name, so running it again rewrites
the same bytes, and changing one cue leaves the others as they were.

The files are mono because the game's mixer pans each cue to the seat it comes from. Each is peak
normalised to -3 dBFS and starts and ends at silence through short raised-cosine fades, so the
mixer can start and stop them without clicks.
"""

from __future__ import annotations

import sys
import wave
import zlib
from collections.abc import Callable, Sequence
from pathlib import Path

import numpy as np
from numpy.typing import NDArray

ROOT = Path(__file__).resolve().parent.parent
# The script sits outside the package; make ``audiospoons`` importable without installing it.
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from audiospoons.games.keyboards import cue_names  # noqa: E402

Signal = NDArray[np.float64]

RATE = 44100
PEAK_DBFS = -3.0
SEED = 20240611
OUT_DIR = ROOT / "sounds"


# --- building blocks -------------------------------------------------------------------------


def times(seconds: float) -> Signal:
    """Sample times, in seconds, of a sound ``seconds`` long."""
    return np.arange(round(seconds * RATE), dtype=np.float64) / RATE


def silence(seconds: float) -> Signal:
    return np.zeros(round(seconds * RATE), dtype=np.float64)


def place(out: Signal, sound: Signal, at: float, gain: float = 1.0) -> None:
    """Mix ``sound`` into ``out`` starting ``at`` seconds in, cutting off whatever overruns."""
    start = round(at * RATE)
    end = min(len(out), start + len(sound))
    out[start:end] += gain * sound[: end - start]


def decay(seconds: float, tau: float, attack: float = 0.001) -> Signal:
    """A struck envelope: a short linear attack (so onsets don't click), then exponential decay."""
    t = times(seconds)
    rise = np.clip(t / attack, 0.0, 1.0) if attack > 0 else np.ones_like(t)
    return rise * np.exp(-np.maximum(t - attack, 0.0) / tau)


def phase_of(freq: Signal) -> Signal:
    """Phase in radians of an oscillator whose frequency (Hz) changes sample by sample."""
    return 2.0 * np.pi * np.cumsum(freq) / RATE


def glide(f_start: float, f_end: float, seconds: float) -> Signal:
    """A frequency moving exponentially (evenly in pitch) from ``f_start`` to ``f_end``."""
    t = times(seconds)
    return f_start * (f_end / f_start) ** (t / seconds)


def partials(freq: float | Signal, seconds: float, ratios: Sequence[float],
             amps: Sequence[float], taus: Sequence[float] | None = None) -> Signal:
    """Sum of sine partials at ``ratios`` times ``freq``; with ``taus`` each decays on its own.

    Partials that would reach above 16 kHz are left out rather than folded back as aliases.
    """
    n = round(seconds * RATE)
    base = np.broadcast_to(np.asarray(freq, dtype=np.float64), (n,))
    phase = phase_of(base)
    out = np.zeros(n)
    for i, (ratio, amp) in enumerate(zip(ratios, amps, strict=True)):
        if float(base.max()) * ratio > 16000.0:
            continue
        wave_ = amp * np.sin(ratio * phase)
        if taus is not None:
            wave_ *= decay(seconds, taus[i])
        out += wave_
    return out


def saw(freq: float | Signal, seconds: float, top: float = 7000.0) -> Signal:
    """A band-limited sawtooth (harmonics 1/k up to ``top`` Hz): a brassy, buzzy source."""
    n = round(seconds * RATE)
    base = np.broadcast_to(np.asarray(freq, dtype=np.float64), (n,))
    highest = max(1, int(top / float(base.max())))
    ks = range(1, highest + 1)
    return partials(base, seconds, list(ks), [1.0 / k for k in ks])


def band_noise(rng: np.random.Generator, seconds: float, low: float, high: float) -> Signal:
    """White noise kept between ``low`` and ``high`` Hz, with soft (one-octave-ish) band edges.

    Filtering happens in the frequency domain on stationary noise, before any envelope, so the
    circular wrap of the FFT can't smear a transient round to the start.
    """
    n = round(seconds * RATE)
    spectrum = np.fft.rfft(rng.standard_normal(n))
    freqs = np.fft.rfftfreq(n, 1.0 / RATE)
    octave = np.log2(np.maximum(freqs, 1.0))
    lo_edge = np.clip((octave - np.log2(low)) * 2.0 + 0.5, 0.0, 1.0)
    hi_edge = np.clip((np.log2(high) - octave) * 2.0 + 0.5, 0.0, 1.0)
    gain = np.sin(0.5 * np.pi * lo_edge) * np.sin(0.5 * np.pi * hi_edge)
    gain[0] = 0.0
    out: Signal = np.fft.irfft(spectrum * gain, n)
    return out / (float(np.sqrt(np.mean(out**2))) + 1e-12)


def swept_noise(rng: np.random.Generator, seconds: float, f_start: float, f_end: float,
                width: float = 0.7) -> Signal:
    """Noise whose pitch centre sweeps from ``f_start`` to ``f_end`` Hz: a swish.

    The noise is split into narrow log-spaced bands, and each band is faded in and out as the
    centre passes it (a Gaussian ``width`` octaves wide), which is a time-varying band-pass
    without running a filter sample by sample.
    """
    n = round(seconds * RATE)
    centre = np.log2(glide(f_start, f_end, seconds))
    edges = np.arange(np.log2(200.0), np.log2(14000.0), 1.0 / 6.0)
    spectrum = np.fft.rfft(rng.standard_normal(n))
    octave = np.log2(np.maximum(np.fft.rfftfreq(n, 1.0 / RATE), 1.0))
    out = np.zeros(n)
    for lo in edges:
        mask = (octave >= lo) & (octave < lo + 1.0 / 6.0)
        band = np.fft.irfft(spectrum * mask, n)
        distance = (lo + 1.0 / 12.0 - centre) / (width / 2.0)
        out += band * np.exp(-0.5 * distance**2)
    return out


def fade(sound: Signal, fade_in: float = 0.002, fade_out: float = 0.01) -> Signal:
    """Raised-cosine fades at both ends, so the file starts and ends at exactly zero."""
    out = sound.copy()
    n_in = max(2, round(fade_in * RATE))
    n_out = max(2, round(fade_out * RATE))
    out[:n_in] *= 0.5 - 0.5 * np.cos(np.pi * np.arange(n_in) / n_in)
    out[-n_out:] *= 0.5 + 0.5 * np.cos(np.pi * (np.arange(n_out) + 1) / n_out)
    return out


def normalise(sound: Signal, dbfs: float = PEAK_DBFS) -> Signal:
    peak = float(np.max(np.abs(sound)))
    if peak == 0.0:
        raise ValueError("a cue came out silent")
    result: Signal = sound * (10.0 ** (dbfs / 20.0) / peak)
    return result


def to_pcm16(sound: Signal) -> bytes:
    """Little-endian 16-bit samples, as a WAV file holds them."""
    samples = np.clip(np.round(sound * 32767.0), -32768, 32767).astype("<i2")
    return samples.tobytes()


def write_wav(path: Path, sound: Signal) -> None:
    with wave.open(str(path), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(RATE)
        out.writeframes(to_pcm16(sound))


# --- the cues ----------------------------------------------------------------------------------


def flick(rng: np.random.Generator, brightness: float, seconds: float = 0.04) -> Signal:
    """One card flick: a short burst of papery noise; ``brightness`` 0 (dull) to 1 (crisp)."""
    dull = band_noise(rng, seconds, 700.0, 3000.0)
    crisp = band_noise(rng, seconds, 2500.0, 9000.0)
    body = (1.0 - brightness) * dull + brightness * crisp
    return fade(body * decay(seconds, 0.007, attack=0.0015), 0.0, 0.005)


def deal(rng: np.random.Generator) -> Signal:
    """Several soft flicks, evenly but not mechanically spaced: cards going round the table."""
    out = silence(0.42)
    for i in range(6):
        at = 0.005 + i * 0.062 + float(rng.uniform(-0.006, 0.006))
        place(out, flick(rng, 0.3 + 0.1 * (i % 2)), at, gain=float(rng.uniform(0.75, 1.0)))
    return out


def shuffle(rng: np.random.Generator) -> Signal:
    """A riffle: a fast rattle of tiny clicks that swells and thins, then the pack squared up."""
    out = silence(0.64)
    at = 0.01
    while at < 0.44:
        swell = np.sin(np.pi * min(1.0, at / 0.44)) ** 0.6
        click = flick(rng, 0.75, 0.018) * (0.35 + 0.65 * swell)
        place(out, click, at, gain=float(rng.uniform(0.6, 1.0)))
        at += 0.011 + float(rng.uniform(-0.002, 0.003))
    squared = band_noise(rng, 0.14, 300.0, 2500.0) * decay(0.14, 0.03, attack=0.012)
    place(out, squared, 0.47, gain=0.6)
    return out


def swish(rng: np.random.Generator, rising: bool) -> Signal:
    """A card sliding: noise sweeping up (arriving) or down (leaving), louder where it's close."""
    seconds = 0.26
    t = times(seconds) / seconds
    if rising:
        noise = swept_noise(rng, seconds, 700.0, 6000.0)
        envelope = t**1.6 * np.exp(-((t - 0.8) ** 2) / 0.08)
    else:
        noise = swept_noise(rng, seconds, 6000.0, 700.0)
        envelope = (1.0 - t) ** 1.6 * np.exp(-((t - 0.2) ** 2) / 0.08)
    return fade(noise * envelope, 0.004, 0.02)


def card_in(rng: np.random.Generator) -> Signal:
    return swish(rng, rising=True)


def card_out(rng: np.random.Generator) -> Signal:
    return swish(rng, rising=False)


def chime_note(freq: float, seconds: float) -> Signal:
    """A bright, clean bell-like note: harmonic partials, the upper ones dying first."""
    ring = partials(freq, seconds, [1.0, 2.0, 3.0, 4.0], [1.0, 0.45, 0.2, 0.1],
                    [0.2, 0.1, 0.06, 0.04])
    return fade(ring, 0.0005, 0.1)


def set_(rng: np.random.Generator) -> Signal:
    """Two quick high notes a fourth apart (G6, C7): a small "got it"."""
    out = silence(0.48)
    place(out, chime_note(1567.98, 0.4), 0.0)
    place(out, chime_note(2093.0, 0.39), 0.085)
    return out


def clink(rng: np.random.Generator, freq: float, seconds: float) -> Signal:
    """Metal on metal: inharmonic partials with fast, uneven decays and a tick of noise."""
    ratios = [1.0, 1.347, 1.783, 2.314, 2.93, 3.61]
    amps = [1.0, 0.8, 0.6, 0.45, 0.3, 0.2]
    taus = [0.07, 0.05, 0.04, 0.03, 0.022, 0.016]
    strike = band_noise(rng, seconds, 4000.0, 12000.0) * decay(seconds, 0.0015, attack=0.0003)
    return partials(freq, seconds, ratios, amps, taus) + 0.6 * strike


def spoon(rng: np.random.Generator) -> Signal:
    """A spoon picked up knocks another: two clinks, the second softer and slightly lower."""
    out = silence(0.26)
    place(out, clink(rng, 2480.0, 0.26), 0.0)
    place(out, clink(rng, 2210.0, 0.22), 0.042, gain=0.55)
    return fade(out, 0.0005, 0.02)


def empty_slot(rng: np.random.Generator) -> Signal:
    """A knuckle on a wooden table: a low body that drops in pitch, a short woody knock."""
    seconds = 0.18
    body = np.sin(phase_of(glide(170.0, 85.0, seconds))) * decay(seconds, 0.045, attack=0.002)
    knock = partials(430.0, seconds, [1.0, 2.3], [1.0, 0.4], [0.022, 0.01])
    scuff = band_noise(rng, seconds, 150.0, 1200.0) * decay(seconds, 0.008, attack=0.001)
    return fade(body + 0.9 * knock + 0.35 * scuff, 0.001, 0.03)


def react(rng: np.random.Generator) -> Signal:
    """Three sharp, high, square-edged beeps, as fast as can still be told apart."""
    out = silence(0.25)
    beep = fade(partials(2349.32, 0.055, [1.0, 3.0, 5.0], [1.0, 0.33, 0.2]), 0.002, 0.004)
    for i in range(3):
        place(out, beep, 0.005 + i * 0.08)
    return out


def fight(rng: np.random.Generator) -> Signal:
    """Two slightly detuned buzzing voices climbing an octave, trembling faster as they go."""
    seconds = 0.55
    t = times(seconds) / seconds
    pitch = glide(110.0, 220.0, seconds)
    buzz = saw(pitch, seconds, 5000.0) + 0.8 * saw(pitch * 1.012, seconds, 5000.0)
    tremolo = 0.65 + 0.35 * np.sin(phase_of(glide(11.0, 24.0, seconds)))
    swell = 0.35 + 0.65 * t
    return fade(buzz * tremolo * swell, 0.03, 0.04)


def slip(rng: np.random.Generator) -> Signal:
    """Metal sliding away: clink partials gliding down with a rough scrape riding on them."""
    seconds = 0.45
    pitch = glide(2600.0, 650.0, seconds)
    tone = partials(pitch, seconds, [1.0, 1.347, 1.783, 2.314], [1.0, 0.6, 0.4, 0.25])
    rough = band_noise(rng, seconds, 15.0, 60.0)
    scrape = swept_noise(rng, seconds, 6000.0, 1500.0, 0.5)
    scrape /= float(np.max(np.abs(scrape)))
    envelope = decay(seconds, 0.2, attack=0.015)
    body = tone * (1.0 + 0.25 * np.tanh(rough)) + 0.5 * scrape
    return fade(body * envelope, 0.003, 0.06)


def eliminated(rng: np.random.Generator) -> Signal:
    """A soft, hollow low tone sinking more than an octave: out of the game."""
    seconds = 0.6
    t = times(seconds) / seconds
    pitch = glide(262.0, 98.0, seconds)
    tone = partials(pitch, seconds, [1.0, 3.0, 5.0, 7.0], [1.0, 1 / 9, 1 / 25, 1 / 49])
    return fade(tone * (1.0 - 0.5 * t), 0.015, 0.2)


def letter(rng: np.random.Generator) -> Signal:
    """One low bell stroke (about D4) with a hint of a struck clapper at the front."""
    seconds = 0.6
    ring = partials(293.66, seconds, [1.0, 2.0, 2.4, 3.0, 4.07],
                    [1.0, 0.6, 0.35, 0.3, 0.15], [0.32, 0.18, 0.14, 0.08, 0.05])
    strike = band_noise(rng, seconds, 1500.0, 6000.0) * decay(seconds, 0.003, attack=0.0005)
    return fade(ring + 0.15 * strike, 0.001, 0.08)


def mallet(freq: float, seconds: float) -> Signal:
    """A soft mallet note (marimba-ish): mostly fundamental, a quick bright overtone on top."""
    return partials(freq, seconds, [1.0, 4.0, 10.0], [1.0, 0.25, 0.05], [0.15, 0.03, 0.01])


def round_over(rng: np.random.Generator) -> Signal:
    """Three mallet notes going down (G5 E5 C5): that's the round."""
    out = silence(0.6)
    for i, freq in enumerate((783.99, 659.26, 523.25)):
        place(out, mallet(freq, 0.6 - i * 0.14), i * 0.14)
    return fade(out, 0.001, 0.05)


def win(rng: np.random.Generator) -> Signal:
    """A brassy arpeggio up C5 E5 G5 to a held C6 with a little vibrato."""
    out = silence(0.64)
    step = 0.075
    for i, freq in enumerate((523.25, 659.26, 783.99)):
        note = saw(freq, step + 0.03, 6000.0)
        place(out, fade(note * decay(step + 0.03, 0.12, attack=0.006), 0.002, 0.02), i * step)
    held_seconds = 0.64 - 3 * step
    t = times(held_seconds)
    vibrato = 1.0 + 0.006 * np.sin(2.0 * np.pi * 5.5 * t) * np.clip(t / 0.15, 0.0, 1.0)
    held = saw(1046.5 * vibrato, held_seconds, 6000.0) * decay(held_seconds, 0.35, attack=0.008)
    place(out, fade(held, 0.002, 0.12), 3 * step, gain=1.15)
    return out


def tick(rng: np.random.Generator) -> Signal:
    """A dry clock tick: a small woodblock knock, 40 ms, no pitch to speak of."""
    seconds = 0.04
    knock = partials(2700.0, seconds, [1.0, 1.92], [1.0, 0.6], [0.004, 0.0025])
    snap = band_noise(rng, seconds, 3000.0, 10000.0) * decay(seconds, 0.0012, attack=0.0003)
    return fade(knock + 0.6 * snap, 0.0005, 0.01)


def blip(freq: float | Signal, seconds: float) -> Signal:
    """A pure, rounded note: a sine under a Hann window, soft at both ends."""
    window = np.sin(np.pi * times(seconds) / seconds)
    return partials(freq, seconds, [1.0, 2.0], [1.0, 0.08]) * window * window


def menu_move(rng: np.random.Generator) -> Signal:
    return blip(1046.5, 0.04)


def menu_select(rng: np.random.Generator) -> Signal:
    """Two blips stepping up a fifth: like ``menu-move``, but plainly a confirmation."""
    out = silence(0.08)
    place(out, blip(1046.5, 0.04), 0.0)
    place(out, blip(1567.98, 0.045), 0.035)
    return out


def menu_edge(rng: np.random.Generator) -> Signal:
    """A softer, longer blip an octave below ``menu-move``: the list went round its end."""
    return blip(523.25, 0.06)


def signal(rng: np.random.Generator) -> Signal:
    """Pig, Donkey and Tongue: the silent signal made audible, a hollow tongue click and a
    soft breathy snort, short enough to place at once."""
    out = silence(0.2)
    click = np.sin(phase_of(glide(1400.0, 700.0, 0.05))) * decay(0.05, 0.012)
    place(out, click, 0.0)
    place(out, band_noise(rng, 0.14, 300.0, 1200.0) * decay(0.14, 0.05, 0.02), 0.045,
          gain=0.45)
    return fade(out, 0.0005, 0.02)


def knife(rng: np.random.Generator) -> Signal:
    """The Knives pack: a blade drawn, a bright metallic scrape rising to a ring."""
    out = silence(0.32)
    place(out, swept_noise(rng, 0.2, 2500.0, 7000.0) * decay(0.2, 0.08, 0.03), 0.0, gain=0.6)
    place(out, clink(rng, 3150.0, 0.2), 0.12, gain=0.7)
    return fade(out, 0.0005, 0.03)


# --- Razz Spoons: the powers, the razz and the phrase ------------------------------------------


def horn_note(freq: float, seconds: float) -> Signal:
    """A short brassy note: a mellow sawtooth swelling in quickly, with a slow decay."""
    note = saw(freq, seconds, 3500.0) * decay(seconds, 0.25, attack=0.012)
    return fade(note, 0.002, 0.03)


def king(rng: np.random.Generator) -> Signal:
    """A King: a low two-note horn call, a short note and a held one a fourth above (D4 G4),
    lower and plainer than the game's winning fanfare."""
    out = silence(0.36)
    place(out, horn_note(293.66, 0.1), 0.0, gain=0.8)
    place(out, horn_note(392.0, 0.27), 0.09)
    return fade(out, 0.001, 0.04)


def reverse(rng: np.random.Generator) -> Signal:
    """A Queen: a smooth whistle that swoops up an octave, taps the far wall, and swoops
    straight back down: the turn."""
    half = 0.15
    up = glide(520.0, 1040.0, half)
    pitch = np.concatenate((up, up[::-1]))
    seconds = len(pitch) / RATE
    t = times(seconds) / seconds
    out = 0.8 * partials(pitch, seconds, [1.0, 2.0, 3.0], [1.0, 0.25, 0.08])
    out *= np.sin(np.pi * t) ** 1.5
    tap = partials(2080.0, 0.05, [1.0, 2.1], [1.0, 0.4], [0.008, 0.004])
    place(out, tap, half - 0.004)
    return fade(out, 0.01, 0.04)


def pluck(freq: float, seconds: float) -> Signal:
    """A plucked string: harmonics that die away faster the higher they are."""
    return partials(freq, seconds, [1.0, 2.0, 3.0, 4.0], [1.0, 0.5, 0.3, 0.15],
                    [0.09, 0.05, 0.03, 0.02])


def repeat(rng: np.random.Generator) -> Signal:
    """A Ten: the same plucked note twice in quick succession (A5, A5): again."""
    out = silence(0.3)
    place(out, pluck(880.0, 0.16), 0.0)
    place(out, pluck(880.0, 0.18), 0.12)
    return fade(out, 0.0005, 0.03)


def wild(rng: np.random.Generator) -> Signal:
    """An Eight: a shimmering run of five small bells up a pentatonic scale, the last one
    trembling: anything goes."""
    out = silence(0.38)
    notes = (1046.5, 1174.66, 1318.51, 1567.98, 1760.0)
    for i, freq in enumerate(notes):
        last = i == len(notes) - 1
        seconds = 0.22 if last else 0.16
        tremble = 1.0 + 0.012 * np.sin(2.0 * np.pi * 9.0 * times(seconds))
        pitch: float | Signal = freq * tremble if last else freq
        ring = partials(pitch, seconds, [1.0, 2.0, 3.0], [1.0, 0.3, 0.1], [0.07, 0.04, 0.025])
        place(out, fade(ring, 0.0005, 0.04), i * 0.035, gain=0.6 + 0.1 * i)
    return fade(out, 0.0005, 0.04)


def count(rng: np.random.Generator) -> Signal:
    """A Two or an ace on the count: one hollow temple-block tock, higher and rounder than the
    table knock."""
    seconds = 0.15
    block = partials(760.0, seconds, [1.0, 2.76, 5.4], [1.0, 0.35, 0.12], [0.035, 0.012, 0.006])
    tap = band_noise(rng, seconds, 2000.0, 8000.0) * decay(seconds, 0.0015, attack=0.0003)
    return fade(block + 0.25 * tap, 0.0005, 0.03)


def razz(rng: np.random.Generator) -> Signal:
    """A razz: a rude buzzer, a low raspberry that flutters and sags, flat rather than rising
    like the fight's buzz."""
    seconds = 0.38
    t = times(seconds) / seconds
    pitch = glide(125.0, 98.0, seconds)
    buzz = saw(pitch, seconds, 3000.0) + 0.6 * saw(pitch * 1.5, seconds, 3000.0)
    flutter = 0.6 + 0.4 * np.tanh(4.0 * np.sin(phase_of(glide(32.0, 24.0, seconds))))
    rasp = 1.0 + 0.3 * band_noise(rng, seconds, 40.0, 200.0)
    envelope = np.clip(t / 0.05, 0.0, 1.0) * (1.0 - 0.4 * t)
    return fade(buzz * flutter * rasp * envelope * 0.6, 0.01, 0.05)


def phrase(rng: np.random.Generator) -> Signal:
    """The Razzing Phrase: a cartoon boing, a springy tone that wobbles as it settles."""
    seconds = 0.34
    t = times(seconds)
    wobble = 1.0 + 0.3 * np.exp(-t / 0.09) * np.sin(2.0 * np.pi * 15.0 * t)
    pitch = glide(240.0, 340.0, seconds) * wobble
    tone = partials(pitch, seconds, [1.0, 2.0, 3.0], [1.0, 0.35, 0.12])
    return fade(tone * decay(seconds, 0.16, attack=0.004), 0.001, 0.05)


def last_card(rng: np.random.Generator) -> Signal:
    """One card left: a doorbell ding-dong, two bell notes falling a major third (B5 G5)."""
    out = silence(0.42)
    place(out, chime_note(987.77, 0.3), 0.0)
    place(out, chime_note(783.99, 0.29), 0.13)
    return fade(out, 0.0005, 0.04)


def slap(rng: np.random.Generator) -> Signal:
    """A flat hand on a pile of cards: a sharp crack of broad noise over a short, low thump."""
    seconds = 0.2
    crack = band_noise(rng, seconds, 700.0, 7000.0) * decay(seconds, 0.012, attack=0.0005)
    thump = np.sin(phase_of(glide(140.0, 70.0, seconds))) * decay(seconds, 0.05, attack=0.001)
    papers = band_noise(rng, seconds, 2000.0, 9000.0) * decay(seconds, 0.035, attack=0.004)
    return fade(crack + 0.8 * thump + 0.25 * papers, 0.0005, 0.03)


def jack(rng: np.random.Generator) -> Signal:
    """A quick alarm: two bright notes leaping up a fifth, the second held a moment."""
    out = silence(0.3)
    place(out, fade(partials(880.0, 0.07, [1.0, 2.0, 3.0], [1.0, 0.4, 0.2]), 0.002, 0.01), 0.0)
    place(out, fade(partials(1318.5, 0.2, [1.0, 2.0, 3.0], [1.0, 0.4, 0.2], [0.2, 0.1, 0.06]),
                    0.002, 0.04), 0.08)
    return out


CUES: dict[str, Callable[[np.random.Generator], Signal]] = {
    "deal": deal, "shuffle": shuffle, "card-in": card_in, "card-out": card_out, "set": set_,
    "spoon": spoon, "empty-slot": empty_slot, "react": react, "fight": fight, "slip": slip,
    "eliminated": eliminated, "letter": letter, "round-over": round_over, "win": win,
    "tick": tick, "menu-move": menu_move, "menu-select": menu_select, "menu-edge": menu_edge,
    "signal": signal, "knife": knife,
    "king": king, "reverse": reverse, "repeat": repeat, "wild": wild, "count": count,
    "razz": razz, "phrase": phrase, "last-card": last_card,
    "slap": slap, "jack": jack,
}


def render(name: str) -> Signal:
    """The finished cue: made from its own seeded noise, faded, normalised."""
    rng = np.random.default_rng([SEED, zlib.crc32(name.encode("utf-8"))])
    return normalise(fade(CUES[name](rng), 0.0005, 0.003))


def main() -> int:
    names = cue_names()
    missing = [name for name in names if name not in CUES]
    extra = [name for name in CUES if name not in names]
    if missing or extra:
        sys.stderr.write(f"cue list out of step: missing {missing}, not a cue {extra}\n")
        return 1
    OUT_DIR.mkdir(exist_ok=True)
    for name in names:
        write_wav(OUT_DIR / f"{name}.wav", render(name))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
