"""The keys of a seat at this keyboard: what each key does in a game, local or online. Pure of
where the game runs: a subclass sends the commands (to the local table, or to the relay) and
says how pausing affects the clock.

The shared keys (``gamekeys.SharedAction``) do the same in every game, and are handled here
once: a game's seat gives them the seat's speech, sounds and messages, and says its own help,
rules and pause.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from audiospoons.sound.cue import CuePlayer
from audiospoons.ui.gamekeys import SharedAction
from audiospoons.ui.pausekeys import change_rate, change_volume
from audiospoons.voice.i18n import Messages
from audiospoons.voice.speaker import Speaker

VOLUME_STEP = 0.1
RATE_STEP = 20

VOLUME_STEPS = {SharedAction.VOLUME_DOWN: -VOLUME_STEP, SharedAction.VOLUME_UP: VOLUME_STEP}
RATE_STEPS = {SharedAction.RATE_DOWN: -RATE_STEP, SharedAction.RATE_UP: RATE_STEP}


@dataclass(frozen=True, slots=True)
class SharedKeys:
    """The shared keys at one seat."""

    speaker: Speaker
    sounds: CuePlayer | None
    messages: Messages
    rate_setter: Callable[[int], int | None] | None

    def press(self, action: SharedAction, *, help_text: Callable[[], str],
              rules: Callable[[], bool], pause: Callable[[], bool]) -> bool:
        """Act on a shared key: say a line of what was said, or the keys (``help_text``),
        change the volume or the rate, read the rules or pause (these two say whether the
        player stays in the game); False when the player leaves the game."""
        if action is SharedAction.MENU:
            return pause()
        if action is SharedAction.RULES:
            return rules()
        if not self.adjust(action):
            history = self.speaker.history
            said = {SharedAction.HISTORY_PREVIOUS: history.previous,
                    SharedAction.HISTORY_NEXT: history.next,
                    SharedAction.HISTORY_FIRST: history.first,
                    SharedAction.HISTORY_LAST: history.last,
                    SharedAction.REPEAT: history.current,
                    SharedAction.HELP: help_text}[action]
            self.speaker.review(said())
        return True

    def adjust(self, action: object) -> bool:
        """Change the sound volume or the speech rate, if ``action`` is one of theirs (True):
        at the table, and in the pause menu too."""
        if not isinstance(action, SharedAction):
            return False
        if action in VOLUME_STEPS:
            change_volume(self.speaker, self.sounds, self.messages, VOLUME_STEPS[action])
        elif action in RATE_STEPS:
            change_rate(self.speaker, self.rate_setter, self.messages, RATE_STEPS[action])
        else:
            return False
        return True
