"""Web sessions that outlive their socket: a page that goes (a reload, a phone asleep, a network
changing) leaves its session held for ``HOLD`` seconds, its game's clock standing still, and a
page that comes back with the session's resume token takes it back where it was.

Each page is given an unguessable token when its session is attached (``resume``); the page
keeps it for its tab and sends it in its next hello. A token is good for one attach only, from
the origin the session was started from; a token unknown, spent, expired or from elsewhere just
starts a new session. A session has one socket at a time: a second page that attaches it ends
the first.
"""

from __future__ import annotations

import asyncio
import contextlib
import secrets
import threading
from dataclasses import dataclass, field

from websockets.asyncio.server import ServerConnection

from audiospoons.web.sessionclock import SessionClock
from audiospoons.web.terminal import Message, WebKeys

HOLD = 60.0
"""Seconds a session waits for its page to come back before it ends as a closed page's does."""
TOKEN_BYTES = 24
TOKEN_LIMIT = 64
"""The longest resume token a hello may carry: a longer one is not looked up."""
MISSED_LINES = 3
"""The most lines said while the page was away that it is given when it comes back: the last
ones."""
SETUP_KINDS = ("language", "voice", "settings", "controls", "table")
"""Messages that set the page up, the last of each sent again to a page that comes back: its
language, voice and settings, and the keys to touch and the table as they stand (the session
sends those only when they change, so a page that comes back would otherwise have none)."""


class SessionOutbox:
    """The session thread's way out to its page, whichever socket the page is on now: each
    message is queued on the server's loop (``send`` is safe from any thread) and sent in order
    by the socket's sender; while the page is away the messages wait in the queue."""

    def __init__(self, loop: asyncio.AbstractEventLoop) -> None:
        self.loop = loop
        self.queue: asyncio.Queue[Message | None] = asyncio.Queue()
        self._setup: dict[str, Message] = {}

    def send(self, message: Message) -> None:
        with contextlib.suppress(RuntimeError):  # the loop has closed: the server is stopping
            self.loop.call_soon_threadsafe(self._put, message)

    def finish(self) -> None:
        """The session has ended: its page is to be told so."""
        with contextlib.suppress(RuntimeError):
            self.loop.call_soon_threadsafe(self.queue.put_nowait, None)

    def _put(self, message: Message) -> None:
        kind = message.get("type")
        if isinstance(kind, str) and kind in SETUP_KINDS:
            self._setup[kind] = message
        self.queue.put_nowait(message)

    def setup(self) -> list[Message]:
        """What sets up a page that comes back: the session's language, voice and settings,
        the keys to touch and the table."""
        return list(self._setup.values())

    @property
    def language(self) -> str:
        """The language the session speaks, as last told to the page."""
        return str(self._setup.get("language", {}).get("lang", "en"))

    def missed(self) -> tuple[list[str], bool]:
        """Take what waited while the page was away: the last ``MISSED_LINES`` lines said (the
        cues and the rest are past), and whether the session has ended meanwhile."""
        lines: list[str] = []
        ended = False
        while not self.queue.empty():
            message = self.queue.get_nowait()
            if message is None:
                ended = True
            elif message.get("type") == "say":
                lines.append(str(message.get("text", "")))
        return lines[-MISSED_LINES:], ended


@dataclass(eq=False, slots=True)
class WebSession:
    """One browser's session: its keys and clock, the thread it runs in, the way out to its
    page, and where it stands: the socket it is on, if any, and when it ends if none comes."""

    keys: WebKeys
    clock: SessionClock
    outbox: SessionOutbox
    thread: threading.Thread
    group: str
    """The address group it is counted against (``admission``) while it lasts."""
    origin: str | None
    socket: ServerConnection | None = None
    sender: asyncio.Task[bool] | None = None
    expiry: asyncio.TimerHandle | None = None
    token: str | None = None
    ended: bool = False


@dataclass(slots=True)
class HeldSessions:
    """The sessions by their current resume tokens."""

    hold: float = HOLD
    by_token: dict[str, WebSession] = field(default_factory=dict)

    def issue(self, session: WebSession) -> str:
        """A new token for ``session``, its last one spent."""
        self.forget(session)
        session.token = secrets.token_urlsafe(TOKEN_BYTES)
        self.by_token[session.token] = session
        return session.token

    def claim(self, token: object, origin: str | None) -> WebSession | None:
        """The session ``token`` resumes from ``origin``, its token spent; None for anything
        else."""
        if not isinstance(token, str) or len(token) > TOKEN_LIMIT:
            return None
        session = self.by_token.get(token)
        if session is None or session.ended or session.origin != origin:
            return None
        self.forget(session)
        return session

    def forget(self, session: WebSession) -> None:
        if session.token is not None:
            self.by_token.pop(session.token, None)
            session.token = None
