"""The quickest round trip a connection's own TCP stack has measured: the one figure of a line
that a client cannot raise by answering pings late.

The relay's pings measure round trips through the client's program, which may hold its pongs
back to look slower than it is and so be credited more for the network (``fairness``). The
kernel times the acknowledgements of what the relay sends, which the client's kernel sends by
itself, from the handshake on; Linux keeps the least of those times as ``tcpi_min_rtt`` in
``TCP_INFO``. Where the system does not say (another system, or a socket that is not TCP),
there is no floor, and the relay goes by its pings alone.
"""

from __future__ import annotations

import socket
import struct
from typing import Any

TCP_INFO_SIZE = 232
MIN_RTT_OFFSET = 148
"""Where ``tcpi_min_rtt`` (microseconds, an unsigned 32-bit number) lies in Linux's
``struct tcp_info`` (since Linux 4.10)."""
UNKNOWN = 0xFFFFFFFF


def min_rtt(transport: Any) -> float | None:
    """The least round trip, in seconds, the kernel has measured on ``transport``'s socket,
    or None if it cannot say."""
    option = getattr(socket, "TCP_INFO", None)
    sock = transport.get_extra_info("socket")
    if option is None or sock is None:
        return None
    try:
        info = sock.getsockopt(socket.IPPROTO_TCP, option, TCP_INFO_SIZE)
    except (OSError, ValueError):
        return None
    if len(info) < MIN_RTT_OFFSET + 4:
        return None
    (micros,) = struct.unpack_from("=I", info, MIN_RTT_OFFSET)
    return None if micros in (0, UNKNOWN) else micros / 1_000_000
