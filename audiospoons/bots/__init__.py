"""Players that need no keyboard: ``make_bot`` seats one of a difficulty ``Level``."""

from audiospoons.bots.levels import Level
from audiospoons.bots.simple import SimpleBot, make_bot

__all__ = ["Level", "SimpleBot", "make_bot"]
