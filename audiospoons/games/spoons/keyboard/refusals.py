"""A refused command, said to the player who gave it, in their language."""

from __future__ import annotations

from audiospoons.engine.errors import RulesError
from audiospoons.voice.i18n import Messages

REFUSAL_IDS = {
    "must-pass": "refused.must-pass",
    "nothing-waiting": "refused.nothing-waiting",
    "no-stock": "refused.no-stock",
    "dealer-draws": "refused.dealer-draws",
    "stock-empty": "refused.stock-empty",
    "not-held": "refused.not-held",
    "must-pick-up": "refused.must-pick-up",
    "cards-stopped": "refused.cards-stopped",
    "between-rounds": "refused.between-rounds",
    "has-spoon": "refused.has-spoon",
    "racing": "refused.racing",
    "race-over": "refused.race-over",
    "reached": "refused.reached",
    "too-soon": "refused.too-soon",
    "no-set": "refused.no-set",
    "already-pressed": "refused.already-pressed",
    "game-over": "refused.game-over",
    "out": "refused.out",
    "choose-spoon": "refused.choose-spoon",
    "no-such-spoon": "refused.no-such-spoon",
    "chosen": "refused.chosen",
    "choosing-over": "refused.choosing-over",
    "grab-time-up": "refused.grab-time-up",
    "holding": "refused.holding",
    "fight-on": "refused.fight-on",
    "stole-once": "refused.stole-once",
    "lost-round": "refused.lost-round",
    "fighting": "refused.fighting",
    "no-feints": "refused.no-feints",
    "feint-too-late": "refused.feint-too-late",
    "feint-locked": "refused.feint-locked",
    "no-spoons": "refused.no-spoons",
    "no-signal": "refused.no-signal",
    "knife-discard": "refused.knife-discard",
    "keep-set": "refused.keep-set",
    "neighbour-busy": "refused.neighbour-busy",
    "pass-first": "refused.pass-first",
}
"""The refusals a player can meet in play, by the engine's reason; any other is the general
"refused.error"."""

SIGNAL_REFUSAL_IDS = {
    "no-set": "refused.no-set.signal",
    "cards-stopped": "refused.cards-stopped.signal",
    "has-spoon": "refused.has-spoon.signal",
}
"""The same refusals in Pig, Donkey and Tongue, where the signal stands for the spoon."""


def refusal_text(messages: Messages, error: RulesError, *, signal: bool = False) -> str:
    if signal and error.reason in SIGNAL_REFUSAL_IDS:
        return messages.tr(SIGNAL_REFUSAL_IDS[error.reason])
    return messages.tr(REFUSAL_IDS.get(error.reason, "refused.error"))
