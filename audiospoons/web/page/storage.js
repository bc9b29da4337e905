// The browser's storage, where it lets the page have it: a browser that refuses it (private
// browsing, storage turned off, a sandbox) still plays, keeping nothing.

function area(kind) {
  try {
    return kind === "session" ? window.sessionStorage : window.localStorage;
  } catch (error) {
    return null;
  }
}

export function stored(kind, key) {
  try {
    const storage = area(kind);
    return storage === null ? null : storage.getItem(key);
  } catch (error) {
    return null;
  }
}

export function store(kind, key, value) {
  try {
    const storage = area(kind);
    if (storage === null) return;
    if (value === null) storage.removeItem(key);
    else storage.setItem(key, value);
  } catch (error) { /* refused or full: kept for this visit only */ }
}
