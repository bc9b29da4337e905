"""Which connections count as coming from one place, for the relay's per-address limits: pure.

One household or one attacker rarely has one address alone: an IPv4 address is counted with the
rest of its /24, an IPv6 one with the rest of its /64 (the smallest network one site is given),
and an IPv4 address written as IPv6 (``::ffff:1.2.3.4``) as the IPv4 address it is.
"""

from __future__ import annotations

import ipaddress

IPV4_GROUP = 24
IPV6_GROUP = 64


def address_group(address: str) -> str:
    """The network ``address`` is counted in, as text (``192.0.2.0/24``); anything that is not
    an IP address (a Unix socket's path, or ``?``) is its own group."""
    try:
        ip = ipaddress.ip_address(address.split("%", 1)[0])
    except ValueError:
        return address
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        ip = ip.ipv4_mapped
    prefix = IPV4_GROUP if isinstance(ip, ipaddress.IPv4Address) else IPV6_GROUP
    return str(ipaddress.ip_network(f"{ip}/{prefix}", strict=False))
