"""The one hierarchy of rule errors: every refusal says what is wrong, in plain words."""

from __future__ import annotations


class SpoonsError(ValueError):
    """Base of every error the rules raise."""


class MalformedCommand(SpoonsError):
    """The command itself is wrong: an unknown player, a card that does not exist, a bad value."""


class NotAllowedNow(SpoonsError):
    """A well-formed command that the rules refuse at this moment of the game."""


class InvalidOptions(SpoonsError):
    """An option value that does not exist, or a setup that cannot be played."""


class TimeWentBackwards(SpoonsError):
    """A command stamped earlier than something the game has already seen."""
