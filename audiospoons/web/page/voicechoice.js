// How the page says the game's lines, as the game's Settings chose: through the player's screen
// reader, or with the browser's own voice for a player without one. The game says which at the
// start and at each change; the page keeps it, for its own lines and for the next visit.
import { store, stored } from "./storage.js";

const KEY = "audiospoons.selfvoicing";

export function createVoiceChoice() {
  let ownVoice = stored("local", KEY) === "true";

  function choose(by) {
    ownVoice = by === "voice";
    store("local", KEY, String(ownVoice));
    if (!ownVoice && "speechSynthesis" in window) speechSynthesis.cancel();
  }

  return { ownVoice: () => ownVoice, choose };
}
