"""The rules of Razz Spoons as Shift+F1 and How to play read them: short lines, each true of
the options being played and the table's size. Pure: options in, lines out."""

from __future__ import annotations

from audiospoons.games.razz.rules.facts import hand_size_for
from audiospoons.games.razz.rules.options import EndRule, RazzOptions
from audiospoons.ui.optionitems import seconds
from audiospoons.voice.i18n import Messages


def rules_lines(options: RazzOptions, players: int, m: Messages) -> list[str]:
    """The rules of a game of ``players`` with ``options``, a line each."""
    lines = [m.tr("rules.razz.goal"),
             m.ntr("rules.razz.deal", hand_size_for(players), players=players),
             m.tr("rules.razz.phrase", time=seconds(m, options.phrase_window)),
             m.tr("rules.razz.king"),
             m.tr("rules.razz.queen"),
             m.tr("rules.razz.jack", time=seconds(m, options.grab_time_limit)),
             m.tr("rules.razz.ten"),
             m.tr("rules.razz.eight"),
             m.tr("rules.razz.two"),
             m.tr("rules.razz.lastcard"),
             m.tr("rules.razz.razz")]
    if options.let_players_err:
        lines.append(m.tr("rules.razz.err"))
    if options.turn_time_limit:
        lines.append(m.tr("rules.razz.turn", time=seconds(m, options.turn_time_limit)))
    lines += [m.tr("rules.razz.scoring"),
              m.ntr("rules.razz.end.rounds" if options.end is EndRule.ROUNDS
                    else "rules.razz.end.points", options.end_at)]
    return lines
