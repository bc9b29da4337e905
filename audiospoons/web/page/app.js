// The page is an audio terminal: it sends the keys pressed and says and plays what the game
// sends back. Every word and every rule is the game's, at the other end of the socket.
import { labelOf, RESERVED } from "./keys.js";
import { connectCue, createSound } from "./sound.js";
import { createSpeech } from "./speech.js";
import { createVoiceChoice } from "./voicechoice.js";
import { watchRegion } from "./region.js";

const game = document.getElementById("game");
const statusLine = document.getElementById("status");
const SETTINGS_KEY = "audiospoons.settings";

const voiceChoice = createVoiceChoice();
const speech = createSpeech({
  log: document.getElementById("log"),
  politeRegions: [...document.querySelectorAll(".live:not(.urgent)")],
  urgentRegions: [...document.querySelectorAll(".live.urgent")],
  ownVoice: voiceChoice.ownVoice,
});
const sound = createSound();
const region = watchRegion(game, (text) => speech.say(text, false), voiceChoice.ownVoice);
let socket = null;
let ended = false;

// A key, with how long after the start of the last cue played it was pressed, so that the
// game judges the press by when it was made, not by when it arrived.
function send(label, pressedAt) {
  sound.unlock();
  if (socket === null || socket.readyState !== WebSocket.OPEN) return;
  const message = { type: "key", label };
  const lastCue = sound.lastCue();
  if (lastCue !== null && pressedAt >= lastCue.at) {
    message.cue = lastCue.seq;
    message.after = Math.round((pressedAt - lastCue.at) * 1000) / 1000;
  }
  socket.send(JSON.stringify(message));
}

function onKey(event) {
  const label = labelOf(event);
  if (label === null || RESERVED.has(label)) return;
  event.preventDefault();
  send(label, event.timeStamp);
}

function keptSettings() {
  try {
    return JSON.parse(localStorage.getItem(SETTINGS_KEY) || "null");
  } catch (error) {
    return null;
  }
}

function receive(message) {
  if (message.type === "say") speech.say(String(message.text), Boolean(message.urgent));
  else if (message.type === "silence") speech.silence();
  else if (message.type === "cue") sound.play(String(message.name), Number(message.pan) || 0,
                                              Number(message.volume) || 0, message.seq);
  else if (message.type === "settings") {
    try {
      localStorage.setItem(SETTINGS_KEY, JSON.stringify(message.settings));
    } catch (error) { /* private browsing: the settings last this visit */ }
  } else if (message.type === "voice") speech.setVoice(message.rate, message.volume);
  else if (message.type === "speech") voiceChoice.choose(message.by);
  else if (message.type === "region") region.name(String(message.label));
  else if (message.type === "language") {
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
      settings: keptSettings(), voice: voiceChoice.ownVoice(),
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
    speech.say(text, true);
  });
}

window.audiospoons = { connectCue, labelOf, lastCue: sound.lastCue };
document.addEventListener("keydown", onKey);
for (const button of document.querySelectorAll("#touch button")) {
  button.addEventListener("click", (event) => send(button.dataset.key, event.timeStamp));
}
game.focus();
connect();
