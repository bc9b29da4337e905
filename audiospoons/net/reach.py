"""How far away an address is: this machine, a private network, or the Internet: pure.

A connection the player chose reaches some place; something the other side names (a cluster's
``moved``) must not take the client somewhere closer in than that, where it could reach what
only the player's machine or network can: a public relay may not send a player to 127.0.0.1
(the player's own services) nor to 192.168.1.1 (their router). Further out is no such danger.
"""

from __future__ import annotations

import ipaddress
from enum import IntEnum


class Reach(IntEnum):
    """Where an address is, from the nearest in."""

    LOOPBACK = 0
    """This machine: 127.0.0.0/8, ::1, and the unspecified 0.0.0.0 and ::, which reach it."""
    PRIVATE = 1
    """A network of one's own or not routed on the Internet: 10/8, 172.16/12, 192.168/16,
    100.64/10, link-local, fc00::/7, fe80::/10, the documentation and reserved ranges."""
    PUBLIC = 2
    """The Internet."""


def reach_of(address: str) -> Reach:
    """Where the IP address ``address`` (with an IPv6 zone, or an IPv4 address written as IPv6)
    is; ``ValueError`` if it is not an IP address."""
    ip = ipaddress.ip_address(address)
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        ip = ip.ipv4_mapped
    if ip.is_loopback or ip.is_unspecified:
        return Reach.LOOPBACK
    if ip.is_global and not ip.is_multicast:
        return Reach.PUBLIC
    return Reach.PRIVATE
