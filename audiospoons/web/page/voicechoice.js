// How the page says the game's lines, as the game's Settings chose: through the player's screen
// reader, or with the browser's own voice for a player without one. The game says which at the
// start and at each change; the page keeps it, for its own lines and for the next visit.
const KEY = "audiospoons.selfvoicing";

function kept() {
  try {
    return localStorage.getItem(KEY) === "true";
  } catch (error) {
    return false;
  }
}

export function createVoiceChoice() {
  let ownVoice = kept();

  function choose(by) {
    ownVoice = by === "voice";
    try {
      localStorage.setItem(KEY, String(ownVoice));
    } catch (error) { /* private browsing: the choice lasts this visit */ }
    if (!ownVoice && "speechSynthesis" in window) speechSynthesis.cancel();
  }

  return { ownVoice: () => ownVoice, choose };
}
