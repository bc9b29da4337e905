"""The state of play of Razz Spoons that closes a replay whose game is not over.

It is data, in English whatever the language of speech, as in the classic game:

    state: round 1, playing, top 7H, suit hearts, count 0, clockwise, Ann's turn, Cat deals
    state: phrase "Pickles!"
    state: Ann: 6 cards, 0 points, hand 2C 5D 7D 9H QS KH

The first line holds what every player knows of the table; a King waiting for its answer, a
playable card just drawn and the spoons left in a race are added to it while there are any.
"""

from __future__ import annotations

from audiospoons.games.razz.rules.game import RazzGame
from audiospoons.games.razz.rules.razztable import Phase

PHASE_WORDS = {Phase.CHOOSING: "choosing the phrase", Phase.PLAYING: "playing",
               Phase.RACE: "the spoons are out", Phase.BETWEEN_ROUNDS: "between rounds",
               Phase.OVER: "game over"}
SUIT_NAMES = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}


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
