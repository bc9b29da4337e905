"""The state of play of Slapjack that closes a replay whose game is not over: data, in English
whatever the language of speech (``state: Ann: 12 cards``)."""

from __future__ import annotations

from audiospoons.games.slapjack.rules.game import SlapjackGame


def state_of_play(game: SlapjackGame, listener: int | None) -> list[str]:
    """How the table stands: the pile and its top, whose turn or the Jack waiting, each stack."""
    top = f", top {game.top}" if game.top is not None else ""
    waiting = "a Jack waits for its slap" if game.jack_at is not None \
        else f"{game.names[game.turn]}'s turn"
    lines = [f"state: pile {len(game.pile)}{top}, {waiting}"]
    for seat, name in enumerate(game.names):
        stack = "out" if seat in game.out else f"{len(game.stacks[seat])} cards"
        lines.append(f"state: {name}: {stack}")
    return lines
