"""A whole bot game of Razz Spoons heard from one seat, as lines of text: what ``audiospoons
listen --game razz`` prints. The game is played in virtual time and each step's events are
said as that seat would hear them, with the sounds it would play."""

from __future__ import annotations

from audiospoons.bots.levels import Level
from audiospoons.engine.events import Event
from audiospoons.razz.game import RazzGame
from audiospoons.razz.options import RazzOptions
from audiospoons.razz.simulate import play_razz_game
from audiospoons.replay.transcript import cue_text
from audiospoons.simulate import bot_names
from audiospoons.sound.razzcues import RazzCueMapper
from audiospoons.voice.announcer import Verbosity
from audiospoons.voice.i18n import messages
from audiospoons.voice.razzannouncer import RazzAnnouncer


def razz_listen_lines(players: int, options: RazzOptions, seed: int, seat: int, *,
                      lang: str, verbosity: Verbosity = Verbosity.FULL,
                      level: Level = Level.NORMAL) -> list[str]:
    """``  12.34  text`` for each line said and each sound played at ``seat``."""
    names = bot_names(players)
    announcer = RazzAnnouncer(names, messages(lang), verbosity=verbosity)
    mapper = RazzCueMapper(players)
    lines: list[str] = []

    def hear(game: RazzGame, events: list[Event]) -> None:
        for event in events:
            view = event.seen_by(seat)
            if view is None:
                continue
            lines.extend(f"  {view.at:.2f}  {cue_text(cue)}" for cue in mapper.cues(view, seat))
            lines.extend(f"  {view.at:.2f}  {said.text}"
                         for said in announcer.announce(view, seat))

    record = play_razz_game(players, options, seed, level, watch=hear, names=names)
    if record.stuck:
        lines.append("  (the game was abandoned as stuck)")
    return lines
