"""The limits and times a relay keeps: one value, given to the relay when it is made, so that
an operator (``serve``'s flags) or a test sets them for that relay alone."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class RelaySettings:
    hello_timeout: float = 10.0
    """Seconds a connection has to greet the relay."""
    silence_timeout: float = 20.0
    """Seconds of silence after which a connection is taken as lost."""
    ping_interval: float = 5.0
    """Seconds between pings out of a game."""
    game_ping_interval: float = 2.0
    """Seconds between pings in a game: its presses are judged by the round trips they
    measure."""
    seat_hold: float = 60.0
    """Seconds a seat in a game is kept for a player whose connection was lost."""
    catch_up_batch: int = 100
    """Events in one ``catch_up`` message to a player taking their seat back."""
    per_address: int = 16
    """Connections from one address at once (an IPv4 /24 or IPv6 /64 counts as one address:
    ``addresses``)."""
    max_connections: int = 10_000
    """Connections at once, from everywhere; ``serve`` never allows more than the descriptors
    the process may open allow (``descriptor_cap``), so that a full relay refuses a connection
    rather than failing to accept it."""
    rooms_per_address: int = 4
    """Rooms open at once that were opened from one address (``per_address``'s sense)."""
    write_limit: int = 256 * 1024
    """Bytes a reader may let pile up unread before it is cut off."""
    close_grace: float = 10.0
    """Seconds a connection being closed has to take its last message before it is cut."""
    full_log_interval: float = 60.0
    """Seconds between the log lines that say the relay is full, while it stays full."""
