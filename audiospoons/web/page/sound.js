// Cues: the project's sound files, played through Web Audio at the pan the game gives each.
export function connectCue(context, buffer, pan, volume) {
  const source = context.createBufferSource();
  source.buffer = buffer;
  const gain = context.createGain();
  gain.gain.value = volume;
  const panner = context.createStereoPanner();
  panner.pan.value = Math.max(-1, Math.min(1, pan));
  source.connect(gain).connect(panner).connect(context.destination);
  return source;
}

export function createSound() {
  let audio = null;
  const sounds = new Map();
  // The last cue played: its number and when it started (the clock of key events' timeStamp).
  let lastCue = null;

  // A browser starts its audio only after a gesture: each key or touch is one.
  function unlock() {
    try {
      if (audio === null) audio = new AudioContext();
      if (audio.state === "suspended") audio.resume();
    } catch (error) {
      audio = null;
    }
  }

  function sound(name) {
    if (!sounds.has(name)) {
      sounds.set(name, fetch(`/sounds/${encodeURIComponent(name)}.wav`)
        .then((response) => response.arrayBuffer())
        .then((bytes) => audio.decodeAudioData(bytes)));
    }
    return sounds.get(name);
  }

  async function play(name, pan, volume, seq) {
    if (audio === null) return;
    try {
      connectCue(audio, await sound(name), pan, volume).start();
      if (Number.isSafeInteger(seq)) lastCue = { seq, at: performance.now() };
    } catch (error) {
      sounds.delete(name);
    }
  }

  return { unlock, play, lastCue: () => lastCue };
}
