"""What a Razz Spoons scenario prints: the lines and sounds a listener hears, the raw events, and
the state of play that closes a replay whose game is not over.

The state of play is data, in English whatever the language of speech, as in the classic game:

    state: round 1, playing, top 7H, suit hearts, count 0, clockwise, Ann's turn, Cat deals
    state: phrase "Pickles!"
    state: Ann: 6 cards, 0 points, hand 2C 5D 7D 9H QS KH

The first line holds what every player knows of the table; a King waiting for its answer, a
playable card just drawn and the spoons left in a race are added to it while there are any.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from audiospoons.razz.game import Phase, RazzGame
from audiospoons.replay.runner import Heard, event_lines, hear, heard_lines
from audiospoons.replay.scenariofile import ScriptLine
from audiospoons.sound.razzcues import RazzCueMapper
from audiospoons.voice.announcer import Verbosity
from audiospoons.voice.i18n import DEFAULT_LANGUAGE, messages
from audiospoons.voice.razzannouncer import RazzAnnouncer

PHASE_WORDS = {Phase.CHOOSING: "choosing the phrase", Phase.PLAYING: "playing",
               Phase.RACE: "the spoons are out", Phase.BETWEEN_ROUNDS: "between rounds",
               Phase.OVER: "game over"}
SUIT_NAMES = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}


def razz_game_transcript(game: RazzGame, script: Sequence[ScriptLine], seat: int | None, *,
                         raw_events: bool = False, lang: str = DEFAULT_LANGUAGE,
                         verbosity: Verbosity = Verbosity.FULL) -> list[str]:
    """The transcript of ``script`` played on a new ``game``, as ``seat`` hears it."""
    if raw_events:
        return event_lines(game, script, seat, tuple(game.names))
    return heard_lines(razz_heard(game, script, seat, lang=lang, verbosity=verbosity))


def razz_heard(game: RazzGame, script: Sequence[ScriptLine], seat: int | None, *,
               lang: str = DEFAULT_LANGUAGE, verbosity: Verbosity = Verbosity.FULL
               ) -> Iterator[tuple[float, Heard]]:
    """What ``seat`` hears as ``script`` plays on a new ``game``, in time order: for a player,
    the ticks of the last seconds before their turn, their race or their phrase runs out."""
    announcer = RazzAnnouncer(game.names, messages(lang), verbosity=verbosity)
    mapper = RazzCueMapper(game.players)
    return hear(game, script, seat, say=announcer.announce, sound=mapper.cues,
                deadline=game.deadline_for, state=razz_state_of_play)


def razz_state_of_play(game: RazzGame, listener: int | None) -> list[str]:
    """How the table stands, as the listener may know it."""
    names = game.names
    table = [f"round {game.round}", PHASE_WORDS[game.phase], f"top {game.top}",
             f"suit {SUIT_NAMES[game.suit]}", f"count {game.count}",
             "clockwise" if game.clockwise else "counterclockwise"]
    if game.phase is Phase.PLAYING:
        table.append(f"{names[game.turn_seat]}'s turn")
        if game.king is not None:
            king = game.king
            table.append(f"{names[king.target]} must answer {names[king.sender]}'s King:"
                         f" {king.count} cards")
        if game.drawn is not None:
            table.append(f"{names[game.turn_seat]} drew a playable card")
    if game.race is not None:
        left = game.race.spoons_left
        table.append("1 spoon left" if left == 1 else f"{left} spoons left")
    table.append(f"{names[game.dealer]} deals")
    lines = [f"state: {', '.join(table)}"]
    if game.phrase is not None:
        lines.append(f"state: phrase \"{game.phrase}\"")
    for seat, name in enumerate(names):
        held, points = game.cards_held(seat), game.totals[seat]
        parts = ["1 card" if held == 1 else f"{held} cards",
                 "1 point" if points == 1 else f"{points} points"]
        if game.race is not None and seat in game.race.holders:
            parts.append("has a spoon")
        if game.referee.owes(seat):
            parts.append("owes the phrase")
        if seat in game.referee.announced:
            parts.append("last card announced")
        if seat == listener and held:
            parts.append("hand " + " ".join(str(card) for card in game.hand(seat)))
        lines.append(f"state: {name}: {', '.join(parts)}")
    return lines
