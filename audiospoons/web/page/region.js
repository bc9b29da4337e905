// The game region among the page's controls: Tab and Shift+Tab leave it for the keys to touch
// and come back to it. Coming back, it says what it is: a screen reader reads its name, and the
// page's own voice, for a player who chose it, says the name too. The game gives the name, in
// the player's language.
export function watchRegion(game, say, ownVoice) {
  let away = false;
  game.addEventListener("blur", () => { away = true; });
  game.addEventListener("focus", () => {
    if (away && ownVoice()) say(game.getAttribute("aria-label"));
    away = false;
  });
  return {
    name: (label) => game.setAttribute("aria-label", label),
    // Back to the game after a key was touched: no Tab brought the player, so nothing is said.
    returnQuietly: () => {
      away = false;
      game.focus({ preventScroll: true });
    },
  };
}
