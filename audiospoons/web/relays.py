"""Which relays Play online reaches from a web session: the server connects on the page's
behalf, so what a page may make it connect to is its host's decision, not the page's.

A server that other machines can reach (it listens on any address but a loopback one) is driven
by strangers: were any address allowed, anyone could make it open connections into the network
it sits in, or across the internet, and tell from its answers which ports answer. So it reaches
only the relays its host named: the relay it is served beside (``serve --web``) and those given
by ``--relays``, each by the very host and port written there (a name is not resolved to decide,
so no answer about an address is ever given); anything else is refused before any connection,
in the same words whatever is or is not at the address.

A server that listens on loopback alone (``audiospoons web``'s default), with no relay named and
no other origin allowed, serves the player on this machine, whose own programs could open any
connection they please, and whose page no other site can drive (``origins``): it reaches any
relay the player types, loopback and private addresses with the rest, so that the player's own
``audiospoons web`` plays online as ``audiospoons join`` does. Given another origin to allow, it
is served under another name (behind a proxy, to other machines), so it is held to its list as
any server others reach is.

A relay served beside the page over TLS is reached at the name the page was served at (the
certificate is for it) and the relay's port. The name comes from the page's request; a client
that is not a browser may give any name, but only the relay's port is reached at it, over TLS.
"""

from __future__ import annotations

import ipaddress
from collections.abc import Iterable
from dataclasses import dataclass

from audiospoons.net.relayaddress import relay_address
from audiospoons.net.tls import split_scheme

RelayKey = tuple[bool, str, int]
"""A relay's address as compared: TLS or not, its host in lower case, its port."""


def relay_key(address: str) -> RelayKey | None:
    """How ``address`` (``[tls://]HOST[:PORT]``, as Play online reads it) is compared; None if
    it is not one."""
    tls, rest = split_scheme(address.strip())
    try:
        host, port = relay_address(rest)
    except ValueError:
        return None
    return (tls, host.lower(), port) if host else None


def loopback_only(addresses: Iterable[str]) -> bool:
    """Whether every address a server listens on is a loopback one (and there is one)."""
    listed = list(addresses)
    for address in listed:
        try:
            if not ipaddress.ip_address(address.split("%", 1)[0]).is_loopback:
                return False
        except ValueError:
            return False
    return bool(listed)


@dataclass(frozen=True, slots=True)
class RelayPolicy:
    """The relays a web session may reach: ``relays`` as its host wrote them (the first is
    offered), or any at all when ``anywhere``."""

    relays: tuple[str, ...] = ()
    anywhere: bool = False

    def offered(self) -> str | None:
        """The address Play online offers first, when the player has typed none."""
        return self.relays[0] if self.relays else None

    def allows(self, address: str) -> bool:
        if self.anywhere:
            return True
        key = relay_key(address)
        return key is not None and key in {relay_key(relay) for relay in self.relays}

    def with_relay(self, address: str) -> RelayPolicy:
        """This policy with ``address`` first (the relay beside the page, as the page was
        served)."""
        return RelayPolicy((address, *self.relays), self.anywhere)
