"""The TLS of ``--cert`` and ``--key``, for ``serve`` and ``web``."""

from __future__ import annotations

from pathlib import Path
from ssl import SSLContext

from audiospoons.net.tls import TLSFileError, server_context


def server_tls(cert: Path | None, key: Path | None) -> tuple[SSLContext | None, str | None]:
    """The TLS context of ``--cert`` and ``--key`` (None without them), or why they will not
    do."""
    if cert is None and key is None:
        return None, None
    if cert is None or key is None:
        return None, "TLS needs both --cert and --key"
    try:
        return server_context(cert, key), None
    except TLSFileError as error:
        return None, str(error)
