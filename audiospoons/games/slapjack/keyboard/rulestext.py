"""The rules of Slapjack as Shift+F1 and How to play read them: short lines, each true of the
options being played. Pure: options in, lines out."""

from __future__ import annotations

from audiospoons.games.slapjack.rules.options import SlapjackOptions
from audiospoons.ui.optionitems import seconds
from audiospoons.voice.i18n import Messages


def rules_lines(options: SlapjackOptions, m: Messages) -> list[str]:
    """The rules of a game with ``options``, a line each."""
    return [m.tr("rules.slapjack.deal"),
            m.tr("rules.slapjack.turn", time=seconds(m, options.turn_time)),
            m.tr("rules.slapjack.jack"),
            m.tr("rules.slapjack.wrong"),
            m.tr("rules.slapjack.wait", time=seconds(m, options.slap_time)),
            m.tr("rules.slapjack.backin" if options.slap_back_in else "rules.slapjack.out"),
            m.ntr("rules.slapjack.end.jacks", options.jacks) if options.jacks
            else m.tr("rules.slapjack.end.last")]
