"""Seats in games online, kept between runs: the token of the seat the player holds at a relay,
by the relay's address and the player's name, so that a client that was killed or lost its
terminal can take the seat back at its next start while the relay still holds it.

A seat is kept as ``"HOST:PORT NAME": TOKEN`` in the settings (``Settings.online_seats``); the
token holds the room's number (``net.seattoken``), so the room to offer is read from it.
"""

from __future__ import annotations

from collections.abc import Mapping

from audiospoons.net.names import same_name
from audiospoons.net.seattoken import seat_token_room


def is_seat_token(text: object) -> bool:
    return seat_token_room(text) is not None


def seat_room(token: str) -> int | None:
    """The number of the room a seat's token is for; None if it is not a seat's token."""
    return seat_token_room(token)


def relay_key(host: str, port: int) -> str:
    """A relay as its seats are kept: ``host:port`` (an IPv6 host in brackets)."""
    return f"[{host}]:{port}" if ":" in host else f"{host}:{port}"


def kept_seat(seats: Mapping[str, str], host: str, port: int, name: str) -> str | None:
    """The token of the seat kept for ``name`` (or a name that sounds or looks the same) at the
    relay at ``host:port``, if one is."""
    relay = relay_key(host, port)
    for key, token in seats.items():
        where, _, whose = key.partition(" ")
        if where == relay and same_name(whose, name):
            return token
    return None


def with_seat(seats: Mapping[str, str], host: str, port: int, name: str, token: str | None
              ) -> dict[str, str]:
    """``seats`` with ``name``'s seat at the relay at ``host:port`` replaced by ``token``
    (forgotten when None)."""
    relay = relay_key(host, port)
    kept = {key: value for key, value in seats.items()
            if not (key.partition(" ")[0] == relay and same_name(key.partition(" ")[2], name))}
    if token is not None:
        kept[f"{relay} {name}"] = token
    return kept
