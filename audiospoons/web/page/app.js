"use strict";
// The page is an audio terminal: it sends the keys pressed and says and plays what the game
// sends back. Every word and every rule is the game's, at the other end of the socket.
(() => {
  const game = document.getElementById("game");
  const log = document.getElementById("log");
  const statusLine = document.getElementById("status");
  const selfVoicing = document.getElementById("self-voicing");
  const politeRegions = [...document.querySelectorAll(".live:not(.urgent)")];
  const urgentRegions = [...document.querySelectorAll(".live.urgent")];
  const SETTINGS_KEY = "audiospoons.settings";
  const VOICE_KEY = "audiospoons.selfvoicing";
  const LIVE_GAP_MS = 150;
  const LOG_LINES = 500;

  // Keys the browser or the screen reader needs: never taken.
  const RESERVED = new Set([
    "ctrl+l", "ctrl+w", "ctrl+t", "ctrl+n", "ctrl+r", "ctrl+q", "ctrl+f4", "ctrl+tab",
    "ctrl+shift+tab", "ctrl+shift+t", "ctrl+shift+n", "ctrl+shift+w", "alt+f4", "alt+d",
    "alt+home", "alt+left", "alt+right", "f6", "f11", "ctrl+=", "ctrl+-", "ctrl++",
  ]);
  const NAMED = {
    ArrowUp: "up", ArrowDown: "down", ArrowLeft: "left", ArrowRight: "right", Enter: "enter",
    " ": "space", Spacebar: "space", Escape: "escape", Esc: "escape", Tab: "tab",
    Backspace: "backspace", Home: "home", End: "end", PageUp: "pageup", PageDown: "pagedown",
    Delete: "delete",
  };

  let socket = null;
  let ended = false;
  let voiceRate = 1;
  let voiceVolume = 1;
  let audio = null;
  const sounds = new Map();
  // The last cue played: its number and when it started (the clock of key events' timeStamp).
  let lastCue = null;

  // ------------------------------------------------------------------ speech

  const waiting = [];
  let nextWriteAt = 0;
  let writeTimer = null;
  const turns = { polite: 0, urgent: 0 };

  function addToLog(text, urgent) {
    const line = document.createElement("li");
    line.textContent = text;
    if (urgent) line.className = "urgent";
    log.appendChild(line);
    while (log.childElementCount > LOG_LINES) log.firstElementChild.remove();
    line.scrollIntoView({ block: "nearest" });
  }

  function speakAloud(text, urgent) {
    if (urgent) speechSynthesis.cancel();
    const utterance = new SpeechSynthesisUtterance(text);
    utterance.lang = document.documentElement.lang;
    utterance.rate = voiceRate;
    utterance.volume = voiceVolume;
    speechSynthesis.speak(utterance);
  }

  function writeRegion(text, urgent) {
    const regions = urgent ? urgentRegions : politeRegions;
    const kind = urgent ? "urgent" : "polite";
    const region = regions[turns[kind] % regions.length];
    turns[kind] += 1;
    region.textContent = "";
    requestAnimationFrame(() => { region.textContent = text; });
  }

  function pumpRegions() {
    writeTimer = null;
    if (!waiting.length) return;
    const now = performance.now();
    if (now < nextWriteAt) {
      writeTimer = setTimeout(pumpRegions, nextWriteAt - now);
      return;
    }
    const { text, urgent } = waiting.shift();
    writeRegion(text, urgent);
    nextWriteAt = now + LIVE_GAP_MS;
    if (waiting.length) writeTimer = setTimeout(pumpRegions, LIVE_GAP_MS);
  }

  function say(text, urgent) {
    addToLog(text, urgent);
    if (selfVoicing.checked && "speechSynthesis" in window) {
      speakAloud(text, urgent);
    } else if (typeof document.ariaNotify === "function") {
      document.ariaNotify(text, { priority: urgent ? "high" : "normal" });
    } else {
      if (urgent) waiting.length = 0;
      waiting.push({ text, urgent });
      if (writeTimer === null) pumpRegions();
    }
  }

  function silence() {
    waiting.length = 0;
    if ("speechSynthesis" in window) speechSynthesis.cancel();
  }

  // ------------------------------------------------------------------ sound

  function unlockAudio() {
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

  // A cue's sound at its volume, through a stereo panner at the pan the game gave it.
  function connectCue(context, buffer, pan, volume) {
    const source = context.createBufferSource();
    source.buffer = buffer;
    const gain = context.createGain();
    gain.gain.value = volume;
    const panner = context.createStereoPanner();
    panner.pan.value = Math.max(-1, Math.min(1, pan));
    source.connect(gain).connect(panner).connect(context.destination);
    return source;
  }

  async function playCue(name, pan, volume, seq) {
    if (audio === null) return;
    try {
      connectCue(audio, await sound(name), pan, volume).start();
      if (Number.isSafeInteger(seq)) lastCue = { seq, at: performance.now() };
    } catch (error) {
      sounds.delete(name);
    }
  }

  // ------------------------------------------------------------------ keys

  function labelOf(event) {
    if (event.metaKey || event.isComposing) return null;
    if (event.code && event.code.startsWith("Numpad")) return null;
    let name;
    if (Object.hasOwn(NAMED, event.key)) name = NAMED[event.key];
    else if (/^F([1-9]|1[0-2])$/.test(event.key)) name = event.key.toLowerCase();
    else if ([...event.key].length === 1) name = event.key;
    else return null;
    const held = [];
    if (event.ctrlKey) held.push("ctrl");
    if (event.altKey) held.push("alt");
    if (name.length === 1) {
      const lower = name.toLowerCase();
      if (lower !== name && lower.length === 1) {
        name = lower;
        held.push("shift");
      } else if (event.shiftKey && lower !== name.toUpperCase()) {
        held.push("shift");
      }
    } else if (event.shiftKey) {
      held.push("shift");
    }
    return [...held, name].join("+");
  }

  // A key, with how long after the start of the last cue played it was pressed, so that the
  // game judges the press by when it was made, not by when it arrived.
  function send(label, pressedAt) {
    unlockAudio();
    if (socket === null || socket.readyState !== WebSocket.OPEN) return;
    const message = { type: "key", label };
    if (lastCue !== null && pressedAt >= lastCue.at) {
      message.cue = lastCue.seq;
      message.after = Math.round((pressedAt - lastCue.at) * 1000) / 1000;
    }
    socket.send(JSON.stringify(message));
  }

  function onKey(event) {
    if (event.target === selfVoicing) return;
    const label = labelOf(event);
    if (label === null || RESERVED.has(label)) return;
    event.preventDefault();
    send(label, event.timeStamp);
  }

  // ------------------------------------------------------------------ the connection

  function keptSettings() {
    try {
      return JSON.parse(localStorage.getItem(SETTINGS_KEY) || "null");
    } catch (error) {
      return null;
    }
  }

  function receive(message) {
    if (message.type === "say") say(String(message.text), Boolean(message.urgent));
    else if (message.type === "silence") silence();
    else if (message.type === "cue") playCue(String(message.name), Number(message.pan) || 0,
                                             Number(message.volume) || 0, message.seq);
    else if (message.type === "settings") {
      try {
        localStorage.setItem(SETTINGS_KEY, JSON.stringify(message.settings));
      } catch (error) { /* private browsing: the settings last this visit */ }
    } else if (message.type === "voice") {
      voiceRate = Math.max(0.5, Math.min(3, Number(message.rate) / 175 || 1));
      voiceVolume = Math.max(0, Math.min(1, Number(message.volume)));
    } else if (message.type === "language") {
      document.documentElement.lang = String(message.lang).replace("_", "-");
    } else if (message.type === "end") ended = true;
  }

  function connect() {
    const address = new URL("/play", location.href);
    address.protocol = location.protocol === "https:" ? "wss:" : "ws:";
    socket = new WebSocket(address);
    socket.addEventListener("open", () => {
      socket.send(JSON.stringify({
        type: "hello", languages: navigator.languages || [navigator.language],
        settings: keptSettings(),
      }));
    });
    socket.addEventListener("message", (event) => {
      try {
        receive(JSON.parse(event.data));
      } catch (error) { /* not a message of the game: left out */ }
    });
    socket.addEventListener("close", () => {
      const text = ended ? "The game has closed. Reload the page to play again."
        : "The connection to the game was lost. Reload the page to play again.";
      statusLine.textContent = text;
      say(text, true);
    });
  }

  selfVoicing.checked = localStorage.getItem(VOICE_KEY) === "true";
  selfVoicing.addEventListener("change", () => {
    localStorage.setItem(VOICE_KEY, String(selfVoicing.checked));
    if (!selfVoicing.checked) speechSynthesis.cancel();
    game.focus();
  });
  window.audiospoons = { connectCue, labelOf, lastCue: () => lastCue };
  document.addEventListener("keydown", onKey);
  for (const button of document.querySelectorAll("#touch button")) {
    button.addEventListener("click", (event) => send(button.dataset.key, event.timeStamp));
  }
  game.focus();
  connect();
})();
