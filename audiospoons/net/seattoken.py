"""A seat's token: the secret a seated player takes their seat back with (``rejoin``). Pure.

It is the room's number, a hyphen and 128 random bits as 32 hex digits (docs/protocol.md). The
number lets a cluster's front find the room's process from the token alone, and a client say
which room a seat kept from an earlier run is in. The relay's rooms make tokens; the relay, a
cluster's front and the client read them, all through here.
"""

from __future__ import annotations

import re
import secrets

SEAT_TOKEN = re.compile(r"([0-9]{1,12})-[0-9a-f]{32}")
"""A seat's token: the room's number, a hyphen, 32 hex digits."""


def new_seat_token(room: int) -> str:
    """A new secret for a seat in ``room``."""
    return f"{room}-{secrets.token_hex(16)}"


def seat_token_room(token: object) -> int | None:
    """The number of the room a seat's token is for; None if ``token`` is not a seat's token."""
    found = SEAT_TOKEN.fullmatch(token) if isinstance(token, str) else None
    return None if found is None else int(found.group(1))
