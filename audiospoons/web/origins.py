"""Which pages may open a session: pure.

A browser lets any site open a WebSocket to any address, saying in ``Origin`` which site's page
opened it. So a session is given only to the page this server served: its origin must be the
address the request was made to (``Host``, with the server's scheme), or one its host allowed
(``--allow-origin``, for the other names the page is served at). A request with no origin, or
the ``null`` one of a sandboxed frame or a file, is refused.

Another site may make its own name point at this machine (DNS rebinding): its page is then
served from that name, and its origin is the address its socket asks for. A server on loopback
alone is reached by this machine's browsers at a loopback address or ``localhost`` only, so
there any other ``Host`` is refused.
"""

from __future__ import annotations

import ipaddress
from collections.abc import Iterable

LOOPBACK_NAMES = frozenset({"localhost", "localhost."})


def normal_origin(origin: str) -> str:
    """An origin as compared: lower case, with no trailing slash."""
    return origin.strip().rstrip("/").lower()


def host_name(host: str) -> str:
    """The name or address in a ``Host`` header, its port left off (and an IPv6 address's
    brackets)."""
    host = host.strip().lower()
    if host.startswith("["):
        return host[1:].split("]", 1)[0]
    return host.rsplit(":", 1)[0] if host.count(":") == 1 else host


def is_loopback_host(host: str) -> bool:
    name = host_name(host)
    if name in LOOPBACK_NAMES or name.endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(name).is_loopback
    except ValueError:
        return False


def origin_allowed(origin: str | None, host: str | None, *, scheme: str,
                   allowed: Iterable[str] = (), loopback_only: bool = False) -> bool:
    """Whether a socket opened by a page of ``origin``, asking for ``host``, gets a session
    from a server of ``scheme`` (``http`` or ``https``) allowing ``allowed`` besides its own;
    ``loopback_only`` when it listens on loopback alone."""
    if origin is None or normal_origin(origin) in ("", "null"):
        return False
    if normal_origin(origin) in {normal_origin(other) for other in allowed}:
        return True
    if host is None or not host.strip():
        return False
    if loopback_only and not is_loopback_host(host):
        return False
    return normal_origin(origin) == f"{scheme}://{host.strip().lower()}"
