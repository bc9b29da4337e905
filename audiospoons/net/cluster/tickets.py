"""Tickets: what a front gives a player it sends to a room process (``moved``), and a room
process the player it sends back. A ticket says who the player is (their name, account, and
the address group they were given it at), where it may be used (one process) and for what (the
request the player is sent there to make, and its room), and is good for a few seconds; it is
signed with an HMAC key the processes of a cluster share, so that a process believes it
without asking for a password again. Each ticket has an id of its own, which the process that
takes it marks used in the directory (``gate``): it is good once. Pure."""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
from dataclasses import dataclass
from typing import Any

TICKET_LIFE = 30.0
"""Seconds a ticket is good for: a connection to the process it names is made at once."""
SENT_FOR = frozenset({"create_room", "join_room", "spectate", "rejoin"})
"""The requests a front sends a player on for: on a room process, each needs a ticket for it."""


class BadTicket(ValueError):
    """A ticket that is forged, damaged, or too old."""


@dataclass(frozen=True, slots=True)
class Ticket:
    name: str
    account: int | None
    group: str
    """The address group the player was given it at (``addresses``): only there is it good."""
    front: str
    """``host:port`` of the front the player came through: where "back to the lobby" goes."""
    expires: float
    id: str
    """Random, and the directory's key for it once used."""
    place: str
    """Where it is good: a room process's id, or a front's ``host:port``."""
    request: str
    """The request the player was sent there to make (``kind``)."""
    room: int | None = None
    """The room that request is for (None: a new room, or the lobby)."""

    def allows(self, kind: str, room: object) -> bool:
        """Whether a player greeted with this ticket may ask ``kind`` (of ``room``)."""
        return kind == self.request and (self.room is None or room == self.room)


def sign(ticket: Ticket, key: bytes) -> str:
    body = base64.urlsafe_b64encode(json.dumps(
        {"n": ticket.name, "a": ticket.account, "g": ticket.group, "f": ticket.front,
         "e": ticket.expires, "i": ticket.id, "p": ticket.place, "r": ticket.request,
         "o": ticket.room}, separators=(",", ":")).encode("utf-8")).decode("ascii")
    mac = hmac.new(key, body.encode("ascii"), hashlib.sha256).hexdigest()
    return f"{body}.{mac}"


def verify(text: str, key: bytes, now: float) -> Ticket:
    """The ticket ``text`` is, if it is signed with ``key`` and still good; else
    ``BadTicket``."""
    body, dot, mac = text.rpartition(".")
    if not dot or not hmac.compare_digest(
            mac, hmac.new(key, body.encode("ascii", "replace"), hashlib.sha256).hexdigest()):
        raise BadTicket("a ticket this cluster did not sign")
    try:
        data: dict[str, Any] = json.loads(base64.urlsafe_b64decode(body.encode("ascii")))
        ticket = Ticket(str(data["n"]), None if data["a"] is None else int(data["a"]),
                        str(data["g"]), str(data["f"]), float(data["e"]), str(data["i"]),
                        str(data["p"]), str(data["r"]),
                        None if data["o"] is None else int(data["o"]))
    except (ValueError, KeyError, TypeError) as error:
        raise BadTicket(f"a ticket that cannot be read: {error}") from None
    if ticket.expires < now:
        raise BadTicket("a ticket too old: go through the front again")
    return ticket
