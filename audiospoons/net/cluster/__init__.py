"""Many relay processes as one relay, on Redis (docs/scaling.md): a front that players connect
to, and room processes that each run their own rooms."""

from __future__ import annotations


class DirectoryDown(Exception):
    """Redis could not be reached, or did not answer in time (``directory``). Named here, where
    loading it loads no Redis, so that a lone relay's parts may catch it."""
