"""Tickets: what a front gives a player it sends to a room process (``moved``), and a room
process the player it sends back. A ticket says who the player is (their name, account, and
the address group they first came from) and is good for a few seconds; it is signed with an
HMAC key the processes of a cluster share, so that a process believes it without asking for a
password again. Pure."""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
from dataclasses import dataclass

TICKET_LIFE = 30.0
"""Seconds a ticket is good for: a connection to the process it names is made at once."""


class BadTicket(ValueError):
    """A ticket that is forged, damaged, or too old."""


@dataclass(frozen=True, slots=True)
class Ticket:
    name: str
    account: int | None
    group: str
    """The address group the player came from (``addresses``): limits count it."""
    front: str
    """``host:port`` of the front the player came through: where "back to the lobby" goes."""
    expires: float


def sign(ticket: Ticket, key: bytes) -> str:
    body = base64.urlsafe_b64encode(json.dumps(
        {"n": ticket.name, "a": ticket.account, "g": ticket.group, "f": ticket.front,
         "e": ticket.expires}, separators=(",", ":")).encode("utf-8")).decode("ascii")
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
        data = json.loads(base64.urlsafe_b64decode(body.encode("ascii")))
        ticket = Ticket(str(data["n"]), None if data["a"] is None else int(data["a"]),
                        str(data["g"]), str(data["f"]), float(data["e"]))
    except (ValueError, KeyError, TypeError) as error:
        raise BadTicket(f"a ticket that cannot be read: {error}") from None
    if ticket.expires < now:
        raise BadTicket("a ticket too old: go through the front again")
    return ticket
