// Lines for the player: to the screen reader (ariaNotify, or live regions where the browser has
// no ariaNotify), or to the browser's own voice for a player who chose it; each also written to
// the log on screen; ownVoice() says which.
const LIVE_GAP_MS = 150;
// A line left in its region would be read again, out of turn, by a screen reader moving through
// the page: the region is emptied this long after its line was announced.
const LIVE_HOLD_MS = 20000;
const LOG_LINES = 500;

export function createSpeech({ log, politeRegions, urgentRegions, ownVoice }) {
  const waiting = [];
  let nextWriteAt = 0;
  let writeTimer = null;
  const turns = { polite: 0, urgent: 0 };
  const emptying = new Map();
  const voice = { rate: 1, volume: 1 };

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
    utterance.rate = voice.rate;
    utterance.volume = voice.volume;
    speechSynthesis.speak(utterance);
  }

  function writeRegion(text, urgent) {
    const regions = urgent ? urgentRegions : politeRegions;
    const kind = urgent ? "urgent" : "polite";
    const region = regions[turns[kind] % regions.length];
    turns[kind] += 1;
    region.textContent = "";
    requestAnimationFrame(() => {
      region.textContent = text;
      clearTimeout(emptying.get(region));
      emptying.set(region, setTimeout(() => { region.textContent = ""; }, LIVE_HOLD_MS));
    });
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

  // An answer to a key (the card or the item the cursor moved to) cuts off what is being said,
  // as an urgent line does, but is not shown as one.
  function say(text, urgent, answer = false) {
    addToLog(text, urgent && !answer);
    if (ownVoice() && "speechSynthesis" in window) {
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

  // The rate (words a minute) and volume (0 to 1) of the page's own voice.
  function setVoice(rate, volume) {
    voice.rate = Math.max(0.5, Math.min(3, Number(rate) / 175 || 1));
    voice.volume = Math.max(0, Math.min(1, Number(volume)));
  }

  return { say, silence, setVoice };
}
