"""Ratings, as a relay tells them: each registered player has one in each family of games
(``family_of``): the game, and for a game with presets the preset played, or "custom". Bots
count at a fixed rating by level and never move; guests count as new players each time. How a
game moves them is ``skill``'s, which only a relay keeping accounts loads.

The number a player hears is a conservative one (``shown``): ``mu - 3 sigma``, put on a scale
where a new player is 1000, so that a few lucky games do not top the leaderboard.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from audiospoons.bots.levels import Level
from audiospoons.games.spec import RulesSpec

NEW = (25.0, 25.0 / 3)
"""A player with no games in a family yet (a guest always): OpenSkill's own start."""
BOT_RATINGS: dict[str, tuple[float, float]] = {
    Level.EASY.value: (18.0, 2.0),
    Level.NORMAL.value: (23.0, 2.0),
    Level.HARD.value: (28.0, 2.0),
    Level.EXPERT.value: (33.0, 2.0),
}
"""Each bot level's fixed rating (``mu``, ``sigma``)."""
ORIGIN = 1000
SCALE = 40.0
"""``shown``: a new player's number, and how much one OpenSkill point is worth."""
CUSTOM = "custom"


@dataclass(frozen=True, slots=True)
class Rating:
    mu: float
    sigma: float

    @property
    def shown(self) -> int:
        return shown(self.mu, self.sigma)


def shown(mu: float, sigma: float) -> int:
    """The rating a player hears: ``mu - 3 sigma`` with a new player at ``ORIGIN``."""
    return round(ORIGIN + SCALE * (mu - 3 * sigma - (NEW[0] - 3 * NEW[1])))


def bot_rating(level: str) -> Rating:
    return Rating(*BOT_RATINGS.get(level, BOT_RATINGS[Level.NORMAL.value]))


def family_of(spec: RulesSpec, values: Mapping[str, str]) -> str:
    """The family a game of ``spec`` with these option values (as a room remembers them) is
    rated in: ``spoons/classic``, ``spoons/custom``, ``razz``."""
    if not spec.presets:
        return spec.name
    if not values:
        return f"{spec.name}/{spec.presets[0]}"
    for preset in spec.presets:
        if spec.read_options({"preset": preset})[1] == dict(values):
            return f"{spec.name}/{preset}"
    return f"{spec.name}/{CUSTOM}"

