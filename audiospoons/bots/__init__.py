"""What every game's bots share: the difficulty ``Level`` and the pace of a seat's hands."""

from audiospoons.bots.levels import Level

__all__ = ["Level"]
