"""The state of play of the classic game that closes a replay whose game is not over: data, in
English whatever the language of speech (``state: Ann: 4 cards, 0 waiting, hand ...``)."""

from __future__ import annotations

from audiospoons.games.spoons.rules.game import ClassicGame
from audiospoons.games.spoons.rules.options import Scoring
from audiospoons.games.spoons.rules.seat import Phase


def state_of_play(game: ClassicGame, listener: int | None) -> list[str]:
    """How the table stands, as the listener may know it; in Pig, Donkey and Tongue, in the
    words of the signal, which has no spoons to count."""
    signal = game.options.signal
    going = "the signal is up" if signal else "the spoons are going"
    where = {Phase.PLAYING: "cards in play", Phase.GRABBING: going,
             Phase.BETWEEN_ROUNDS: "between rounds", Phase.OVER: "game over"}[game.phase]
    spoons = "1 spoon" if game.spoons == 1 else f"{game.spoons} spoons"
    table = [where] if signal else [where, f"{spoons} on the table"]
    lines = [f"state: round {game.round}, {', '.join(table)},"
             f" {game.seats[game.dealer].name} deals"]
    for index, seat in enumerate(game.seats):
        if not seat.active:
            lines.append(f"state: {seat.name}: out")
            continue
        parts = [f"{len(seat.hand)} cards", f"{len(seat.waiting)} waiting"]
        if seat.has_spoon:
            parts.append(_took(game, index))
        if seat.misses and game.options.scoring is Scoring.LETTERS:
            parts.append("letters " + " ".join(game.options.word[:seat.misses]))
        elif seat.misses:
            parts.append("1 point" if seat.misses == 1 else f"{seat.misses} points")
        if index == listener:
            parts.append("hand " + " ".join(str(c) for c in seat.hand))
        lines.append(f"state: {seat.name}: {', '.join(parts)}")
    return lines


def _took(game: ClassicGame, index: int) -> str:
    if not game.options.signal:
        return "has a spoon"
    return "gave the signal" if index == game.first_grabber else "copied the signal"
