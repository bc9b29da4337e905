"""The one hierarchy of rule errors: every refusal says what is wrong, in plain words."""

from __future__ import annotations


class RulesError(ValueError):
    """Base of every error the rules raise. ``reason`` names a refusal a player can meet in
    play ("must-pass", "no-set"...), for the voice to say in the player's language; the message
    is for logs and transcripts."""

    def __init__(self, message: str, *, reason: str = "error") -> None:
        super().__init__(message)
        self.reason = reason


class MalformedCommand(RulesError):
    """The command itself is wrong: an unknown player, a card that does not exist, a bad value."""


class NotAllowedNow(RulesError):
    """A well-formed command that the rules refuse at this moment of the game."""


class InvalidOptions(RulesError):
    """An option value that does not exist, or a setup that cannot be played."""


class TimeWentBackwards(RulesError):
    """A command stamped earlier than something the game has already seen."""
