// Key events as the game's key labels ("ctrl+shift+f1", "space", "q").

// Keys the browser or the screen reader needs: never taken. Tab and Shift+Tab go from the game
// to the page's other controls and back.
export const RESERVED = new Set([
  "tab", "shift+tab",
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

export function labelOf(event) {
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
