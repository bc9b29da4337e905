// The page is an audio terminal: it sends the keys pressed and says and plays what the game
// sends back. Every word and every rule is the game's, at the other end of the socket.
import { createConnection } from "./connection.js";
import { labelOf, RESERVED } from "./keys.js";
import { connectCue, createSound } from "./sound.js";
import { createSpeech } from "./speech.js";
import { store, stored } from "./storage.js";
import { createVoiceChoice } from "./voicechoice.js";
import { watchRegion } from "./region.js";
import { createTable } from "./table.js";
import { createTouchPanel } from "./touch.js";

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
// The page's own lines, in English until the game sends them in the player's language.
const strings = {
  reconnecting: "The connection to the game was lost. Reconnecting…",
  lost: "The connection to the game was lost. Reload the page to play again.",
  closed: "The game has closed. Reload the page to play again.",
};
const reported = new Set();

// A key, with how long after the start of the last cue played it was pressed, so that the
// game judges the press by when it was made, not by when it arrived.
function send(label, pressedAt) {
  sound.unlock();
  const message = { type: "key", label };
  const lastCue = sound.lastCue();
  if (lastCue !== null && pressedAt >= lastCue.at) {
    message.cue = lastCue.seq;
    message.after = Math.round((pressedAt - lastCue.at) * 1000) / 1000;
  }
  if (!connection.send(message) && connection.isLost()) sayReconnecting();
}

// A key pressed while the socket is down is not lost in silence: the player hears why.
function sayReconnecting() {
  statusLine.textContent = strings.reconnecting;
  speech.say(strings.reconnecting, true);
}

const table = createTable({ table: document.getElementById("table"), statusLine });
const touch = createTouchPanel({
  panel: document.getElementById("touch"),
  press: (label, pressedAt) => {
    send(label, pressedAt);
    region.returnQuietly();
  },
});

function onKey(event) {
  const label = labelOf(event);
  if (label === null || RESERVED.has(label)) return;
  event.preventDefault();
  send(label, event.timeStamp);
}

function keptSettings() {
  try {
    return JSON.parse(stored("local", SETTINGS_KEY) || "null");
  } catch (error) {
    return null;
  }
}

function receive(message) {
  if (message.type === "say") {
    speech.say(String(message.text), Boolean(message.urgent), Boolean(message.answer));
  }
  else if (message.type === "silence") speech.silence();
  else if (message.type === "cue") sound.play(String(message.name), Number(message.pan) || 0,
                                              Number(message.volume) || 0, message.seq);
  else if (message.type === "settings") {
    store("local", SETTINGS_KEY, JSON.stringify(message.settings));
  } else if (message.type === "voice") speech.setVoice(message.rate, message.volume);
  else if (message.type === "speech") voiceChoice.choose(message.by);
  else if (message.type === "region") region.name(String(message.label));
  else if (message.type === "language") {
    document.documentElement.lang = String(message.lang).replace("_", "-");
    takeStrings(message.strings);
  } else if (message.type === "controls") touch.show(message.controls);
  else if (message.type === "table") table.show(message.title, message.cells);
}

function takeStrings(given) {
  if (given === null || typeof given !== "object") return;
  for (const name of Object.keys(strings)) {
    if (typeof given[name] === "string" && given[name].length <= 500) strings[name] = given[name];
  }
}

// A message the page could not handle is reported once for each kind of failure, not at every
// message that fails the same way.
function receiveReporting(message) {
  try {
    receive(message);
  } catch (error) {
    const kind = `${String(message.type)}: ${error && error.name}`;
    if (reported.has(kind)) return;
    reported.add(kind);
    console.error(`audiospoons: the page could not handle a "${String(message.type)}" message`,
                  error);
  }
}

function closed(ended) {
  const text = ended ? strings.closed : strings.lost;
  statusLine.textContent = text;
  speech.say(text, true);
}

const connection = createConnection({
  hello: () => ({
    type: "hello", languages: navigator.languages || [navigator.language],
    settings: keptSettings(), voice: voiceChoice.ownVoice(),
  }),
  receive: receiveReporting,
  lost: closed,
  retrying: sayReconnecting,
});

// The page's insides, for its tests alone: a page opened for a test says so before it loads.
if (window.__audiospoonsTest === true) {
  window.audiospoons = { connectCue, labelOf, lastCue: sound.lastCue };
}
document.addEventListener("keydown", onKey);
game.focus();
connection.open();
