"""Where Speech Dispatcher's clients connect, and whether anything answers there: the screen
reader outputs' way of telling a daemon that is up from one that is not."""

from __future__ import annotations

import os
import socket


def speech_dispatcher_address() -> tuple[int, str | tuple[str, int]]:
    """Where Speech Dispatcher's clients connect, found as its Python client finds it: the socket
    family and address, from ``SPEECHD_ADDRESS`` (``unix_socket[:PATH]`` or
    ``inet_socket[:HOST[:PORT]]``), else the socket in the runtime directory."""
    runtime = os.environ.get("XDG_RUNTIME_DIR") or os.environ.get("XDG_CACHE_HOME") or os.path.join(
        os.path.expanduser("~"), ".cache")
    default_socket = os.path.join(runtime, "speech-dispatcher", "speechd.sock")
    address = os.environ.get("SPEECHD_ADDRESS", "")
    method, _, rest = address.partition(":")
    if method == "inet_socket":
        host, _, port = rest.partition(":")
        return socket.AF_INET, (host or "127.0.0.1", int(port) if port.isdigit() else 6560)
    if method == "unix_socket" and rest:
        return socket.AF_UNIX, rest
    return socket.AF_UNIX, os.environ.get("SPEECHD_SOCKET") or default_socket


def speech_dispatcher_reachable(timeout: float = 1.0) -> bool:
    """Whether something accepts connections where Speech Dispatcher's clients connect."""
    try:
        family, address = speech_dispatcher_address()
        with socket.socket(family, socket.SOCK_STREAM) as connection:
            connection.settimeout(timeout)
            connection.connect(address)
        return True
    except (OSError, ValueError):
        return False
