"""How many connections a server can hold on this system: the descriptors the process may
open, so that a full server refuses a connection rather than failing to accept it. Kept apart
from the relay so that the web server counts the same way without loading the relay."""

from __future__ import annotations

import contextlib

RESERVED_FILES = 64
"""Descriptors kept back from connections, for a server's own files and listening sockets."""


def descriptor_cap(most: int) -> int:
    """The descriptors this process may give its connections: what it may open (the soft limit
    raised as far as the hard one allows, up to what ``most`` connections need), less
    ``RESERVED_FILES``, and at most ``most``."""
    try:
        import resource  # loaded here: Unix only; elsewhere the cap is ``most``
    except ImportError:
        return most
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = most + RESERVED_FILES
    if soft != resource.RLIM_INFINITY and soft < wanted:
        raised = wanted if hard == resource.RLIM_INFINITY else min(wanted, hard)
        with contextlib.suppress(ValueError, OSError):
            resource.setrlimit(resource.RLIMIT_NOFILE, (raised, hard))
            soft = raised
    if soft == resource.RLIM_INFINITY:
        return most
    return max(1, min(most, soft - RESERVED_FILES))
