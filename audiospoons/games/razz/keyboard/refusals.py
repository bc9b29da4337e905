"""A refused Razz Spoons move, said to the player who tried it, in their language.

The reasons are the engine's (``razz.game``, ``razz.race``) and those the keys add
(``ui.razzkeys``: "no-slot", "no-playable" and its "-king" and "-count", "has-spoon"); any
other is the general
"refused.error".
"""

from __future__ import annotations

from collections.abc import Callable

from audiospoons.voice.i18n import Messages

Said = Callable[[Messages], str]

RAZZ_REFUSALS: dict[str, Said] = {
    "already-drawn": lambda m: m.tr("razz.refused.already-drawn"),
    "already-razzed": lambda m: m.tr("razz.refused.already-razzed"),
    "announce-late": lambda m: m.tr("razz.refused.announce-late"),
    "announced": lambda m: m.tr("razz.refused.announced"),
    "between-rounds": lambda m: m.tr("razz.refused.between-rounds"),
    "bounce-sender": lambda m: m.tr("razz.refused.bounce-sender"),
    "choosing-phrase": lambda m: m.tr("razz.refused.choosing-phrase"),
    "count-only": lambda m: m.tr("razz.refused.count-only"),
    "game-over": lambda m: m.tr("razz.refused.game-over"),
    "grabbed-twice": lambda m: m.tr("razz.refused.grabbed-twice"),
    "king-or-take": lambda m: m.tr("razz.refused.king-or-take"),
    "last-card": lambda m: m.tr("razz.refused.last-card"),
    "no-match": lambda m: m.tr("razz.refused.no-match"),
    "no-match-called": lambda m: m.tr("razz.refused.no-match-called"),
    "no-phrase-owed": lambda m: m.tr("razz.refused.no-phrase-owed"),
    "no-race": lambda m: m.tr("razz.refused.no-race"),
    "not-dealer": lambda m: m.tr("razz.refused.not-dealer"),
    "not-held": lambda m: m.tr("razz.refused.not-held"),
    "not-one-card": lambda m: m.tr("razz.refused.not-one-card"),
    "not-your-turn": lambda m: m.tr("razz.refused.not-your-turn"),
    "nothing-drawn": lambda m: m.tr("razz.refused.nothing-drawn"),
    "phrase-characters": lambda m: m.tr("razz.refused.phrase-characters"),
    "phrase-chosen": lambda m: m.tr("razz.refused.phrase-chosen"),
    "phrase-late": lambda m: m.tr("razz.refused.phrase-late"),
    "phrase-length": lambda m: m.tr("razz.refused.phrase-length"),
    "play-drawn": lambda m: m.tr("razz.refused.play-drawn"),
    "spoons-out": lambda m: m.tr("razz.refused.spoons-out"),
    "started": lambda m: m.tr("razz.refused.started"),
    "no-slot": lambda m: m.tr("razz.refused.no-slot"),
    "no-playable": lambda m: m.tr("razz.refused.no-playable"),
    "no-playable-count": lambda m: m.tr("razz.refused.no-playable-count"),
    "no-playable-king": lambda m: m.tr("razz.refused.no-playable-king"),
    "has-spoon": lambda m: m.tr("razz.refused.has-spoon"),
}
"""Every reason a Razz Spoons move can be refused for, with the words for it."""


def razz_refusal_text(messages: Messages, reason: str) -> str:
    said = RAZZ_REFUSALS.get(reason)
    return messages.tr("refused.error") if said is None else said(messages)
