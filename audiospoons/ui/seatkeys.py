"""The keys of a seat at this keyboard: what each key does in a game, local or online. Pure of
where the game runs: a subclass sends the commands (to the local table, or to the relay) and
says how pausing affects the clock.
"""

from __future__ import annotations

VOLUME_STEP = 0.1
RATE_STEP = 20
