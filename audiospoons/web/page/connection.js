// The socket to the game. Its hello carries this tab's resume token, so that a reload or a lost
// connection takes the session back where it was; a socket lost before the game has ended is
// opened again, after a wait that grows each time, until the game could no longer be holding
// the session.
import { store, stored } from "./storage.js";

const TOKEN_KEY = "audiospoons.resume";
const TOKEN_LIMIT = 64;
const RETRY_WAITS_MS = [250, 500, 1000, 2000, 4000, 8000];
const GIVE_UP_AFTER_MS = 75000;

export function createConnection({ hello, receive, lost, retrying }) {
  let socket = null;
  let ended = false;
  let retries = 0;
  let lostAt = null;

  function savedToken() {
    const token = stored("session", TOKEN_KEY);
    return typeof token === "string" && token.length <= TOKEN_LIMIT ? token : null;
  }

  function take(message) {
    if (message.type === "resume") {
      if (typeof message.token === "string" && message.token.length <= TOKEN_LIMIT) {
        store("session", TOKEN_KEY, message.token);
      }
      return;
    }
    if (message.type === "end") {
      ended = true;
      store("session", TOKEN_KEY, null);
    }
    receive(message);
  }

  function retry() {
    if (lostAt === null) lostAt = performance.now();
    if (performance.now() - lostAt > GIVE_UP_AFTER_MS) {
      ended = true;
      lost(false);
      return;
    }
    if (retries === 0) retrying();
    const wait = RETRY_WAITS_MS[Math.min(retries, RETRY_WAITS_MS.length - 1)];
    retries += 1;
    setTimeout(open, wait);
  }

  function open() {
    const address = new URL("/play", location.href);
    address.protocol = location.protocol === "https:" ? "wss:" : "ws:";
    const opened = new WebSocket(address);
    socket = opened;
    opened.addEventListener("open", () => {
      const message = hello();
      const token = savedToken();
      if (token !== null) message.resume = token;
      opened.send(JSON.stringify(message));
      retries = 0;
      lostAt = null;
    });
    opened.addEventListener("message", (event) => {
      let message;
      try {
        message = JSON.parse(event.data);
      } catch (error) {
        return; // not a message of the game: left out
      }
      if (message !== null && typeof message === "object") take(message);
    });
    opened.addEventListener("close", () => {
      if (socket !== opened) return;
      if (ended) lost(true);
      else retry();
    });
  }

  // Send a message; false when the socket is not open (the page is getting back to the game).
  function send(message) {
    if (socket === null || socket.readyState !== WebSocket.OPEN) return false;
    socket.send(JSON.stringify(message));
    return true;
  }

  return { open, send, isLost: () => lostAt !== null && !ended };
}
