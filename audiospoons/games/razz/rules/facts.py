"""The small facts of Razz Spoons: the pack, how many cards a hand starts with, which card may
go on which, and what each card is worth at the end of a round."""

from __future__ import annotations

from audiospoons.engine.cards import Card, standard_pack

KING, QUEEN, JACK, TEN, EIGHT, TWO, ACE = "K", "Q", "J", "10", "8", "2", "A"

MIN_PLAYERS = 2
MAX_PLAYERS = 10
"""Two packs deal ten hands of five and leave a stock of 53: enough for the penalties of a lively
round. Beyond that the stock would be thin."""

PACK_SIZE = 104

PHRASES: tuple[str, ...] = ("Doh!", "Pickles!", "Fiddlesticks!", "Rats!", "Bananas!",
                            "Oh, fudge!", "Crumbs!", "Jellybeans!")
"""The phrases a bot dealer chooses from, and the game for a dealer whose time ran out."""

PHRASE_CHOICE_TIME = 60.0
"""Seconds the dealer has to choose the Razzing Phrase; then the game chooses one, so that a
dealer who has gone quiet does not hold up a table of people online."""


def razz_pack() -> list[Card]:
    """Two standard packs, unshuffled."""
    return standard_pack() + standard_pack()


def hand_size_for(players: int) -> int:
    """Seven cards for 3 or 4 players, six for 5 or 6, and five for any other table: two
    players, or seven and more (seed 003 deals five but to 3 to 6 players)."""
    if 3 <= players <= 4:
        return 7
    if 5 <= players <= 6:
        return 6
    return 5


def fits(card: Card, top: Card, suit: str, count: int) -> bool:
    """Whether ``card`` may go on ``top`` with ``suit`` in force: in a counting phase (``count``
    above 0) only a two or an ace; else the same suit or rank, or any Eight (wild)."""
    if count:
        return card.rank in (TWO, ACE)
    return card.rank == EIGHT or card.rank == top.rank or card.suit == suit


def count_step(card: Card) -> int:
    """What a card adds to the count: two for a two, one for an ace."""
    return 2 if card.rank == TWO else 1


def card_points(card: Card) -> int:
    """What a card left in hand scores: tens and eights 6, face cards 4, twos 2, others 1."""
    if card.rank in (TEN, EIGHT):
        return 6
    if card.rank in (JACK, QUEEN, KING):
        return 4
    if card.rank == TWO:
        return 2
    return 1
