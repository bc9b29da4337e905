"""The rules of classic Spoons as Shift+F1 and How to play read them: short lines, each true of
the options being played and the table's size. Pure: options in, lines out."""

from __future__ import annotations

from audiospoons.engine.cards import DeckKind
from audiospoons.games.spoons.rules.options import (
    DrawVariant,
    Grabbing,
    Options,
    Premature,
    ReactionStyle,
    Scoring,
)
from audiospoons.ui.optionitems import seconds
from audiospoons.voice.i18n import Messages

DRAWING = {DrawVariant.DRAW: "rules.spoons.draw.draw",
           DrawVariant.DISCARD: "rules.spoons.draw.discard",
           DrawVariant.EITHER: "rules.spoons.draw.either"}
GRABBING = {Grabbing.REACTION: "rules.spoons.grab.reaction",
            Grabbing.SELECTION: "rules.spoons.grab.selection",
            Grabbing.REALTIME: "rules.spoons.grab.realtime"}
PREMATURE = {Premature.NONE: "rules.spoons.premature.none",
             Premature.ELIMINATE: "rules.spoons.premature.eliminate",
             Premature.LETTER: "rules.spoons.premature.letter",
             Premature.VOID: "rules.spoons.premature.void",
             Premature.BLUFF: "rules.spoons.premature.bluff"}


def rules_lines(options: Options, players: int, m: Messages) -> list[str]:
    """The rules of a game of ``players`` with ``options``, a line each."""
    lines = [m.ntr("rules.spoons.goal", options.set_size),
             m.ntr("rules.spoons.hand" if options.waiting_pile else "rules.spoons.hand.strict",
                   options.hand_size),
             _passing_text(options, m)]
    if options.signal:
        lines.append(m.tr("rules.spoons.signal"))
    else:
        lines += [m.ntr("rules.spoons.spoons", options.spoons_for(players), players=players),
                  m.tr(GRABBING[options.grabbing], time=seconds(m, options.claim_hold)),
                  m.tr("rules.spoons.keepplaying" if options.keep_playing
                       else "rules.spoons.stop"),
                  m.tr(PREMATURE[options.premature]),
                  _losing_text(options, m)]
    lines.append(_scoring_text(options, m))
    if options.teams:
        lines.append(m.tr("rules.spoons.teams"))
    if options.joint_winners_at_two:
        lines.append(m.tr("rules.spoons.joint"))
    return lines


def _passing_text(options: Options, m: Messages) -> str:
    """Where cards come from and go to: the draw variant, or the no-stock pack's passing."""
    if options.deck is DeckKind.NO_STOCK:
        return m.tr("rules.spoons.draw.nostock")
    return m.tr(DRAWING[options.draw])


def _losing_text(options: Options, m: Messages) -> str:
    """Who loses the round: the grab time limit counts but in a mash race for the spoons."""
    mash_race = (options.grabbing is Grabbing.REACTION
                 and options.reaction_style is ReactionStyle.MASH)
    if options.grab_time_limit and not mash_race:
        return m.tr("rules.spoons.lose.limit", time=seconds(m, options.grab_time_limit))
    return m.tr("rules.spoons.lose")


def _scoring_text(options: Options, m: Messages) -> str:
    if options.scoring is Scoring.LETTERS:
        return m.ntr("rules.spoons.score.letters", len(options.word), word=options.word)
    if options.scoring is Scoring.POINTS:
        return m.tr("rules.spoons.score.points")
    return m.tr("rules.spoons.score.out")
