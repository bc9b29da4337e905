"""A whole bot game of Razz Spoons heard from one seat: what ``audiospoons listen --game razz``
prints, or with ``--speak`` says and plays. The game is played in virtual time and each step's
events are heard as that seat would hear them, with the sounds it would play."""

from __future__ import annotations

from audiospoons.bots.levels import Level
from audiospoons.engine.events import Event
from audiospoons.razz.game import RazzGame
from audiospoons.razz.options import RazzOptions
from audiospoons.razz.simulate import play_razz_game
from audiospoons.replay.runner import Heard, heard_lines
from audiospoons.simulate import bot_names
from audiospoons.sound.razzcues import RazzCueMapper
from audiospoons.voice.announcer import Verbosity
from audiospoons.voice.i18n import messages
from audiospoons.voice.razzannouncer import RazzAnnouncer

STUCK = "(the game was abandoned as stuck)"


def razz_listen_heard(players: int, options: RazzOptions, seed: int, seat: int, *,
                      lang: str, verbosity: Verbosity = Verbosity.FULL,
                      level: Level = Level.NORMAL) -> list[tuple[float, Heard]]:
    """Each line said and each sound played at ``seat``, at its game time; a game abandoned
    as stuck ends with a line saying so."""
    names = bot_names(players)
    announcer = RazzAnnouncer(names, messages(lang), verbosity=verbosity)
    mapper = RazzCueMapper(players)
    heard: list[tuple[float, Heard]] = []

    def hear(game: RazzGame, events: list[Event]) -> None:
        for event in events:
            view = event.seen_by(seat)
            if view is None:
                continue
            heard.extend((view.at, cue) for cue in mapper.cues(view, seat))
            heard.extend((view.at, said) for said in announcer.announce(view, seat))

    record = play_razz_game(players, options, seed, level, watch=hear, names=names)
    if record.stuck:
        heard.append((heard[-1][0] if heard else 0.0, STUCK))
    return heard


def razz_listen_lines(players: int, options: RazzOptions, seed: int, seat: int, *,
                      lang: str, verbosity: Verbosity = Verbosity.FULL,
                      level: Level = Level.NORMAL) -> list[str]:
    """``  12.34  text`` for each line said and each sound played at ``seat``."""
    return heard_lines(razz_listen_heard(players, options, seed, seat, lang=lang,
                                         verbosity=verbosity, level=level))


def razz_urgent_phrases(players: int, seat: int, lang: str) -> list[str]:
    """The urgent lines ``seat`` may hear, known before the game: worth rendering ahead."""
    return RazzAnnouncer(bot_names(players), messages(lang)).urgent_phrases(seat)
