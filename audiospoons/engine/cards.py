"""Cards, their compact notation, and the packs the classic game is played with.

Notation: a rank (``A 2 3 4 5 6 7 8 9 10 J Q K``) followed by a suit (``C D H S``), so ``10H``
is the ten of hearts and ``QS`` the queen of spades. Two packs shuffled together hold two equal
copies of every card; a card is a value, so the copies compare equal and are told apart only by
where they lie.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from audiospoons.engine.errors import MalformedCommand

RANKS: tuple[str, ...] = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUITS: tuple[str, ...] = ("C", "D", "H", "S")


@dataclass(frozen=True, slots=True, order=True)
class Card:
    """One playing card. Only the rank matters for a set; the suit is there to be heard."""

    rank: str
    suit: str

    def __str__(self) -> str:
        return f"{self.rank}{self.suit}"


def parse_card(text: str) -> Card:
    """Read a card in the notation above; raise ``MalformedCommand`` naming what is wrong."""
    cleaned = text.strip().upper()
    rank, suit = cleaned[:-1], cleaned[-1:]
    if rank not in RANKS or suit not in SUITS:
        raise MalformedCommand(
            f"{text!r} is not a card: write a rank (A, 2 to 10, J, Q, K) and a suit (C, D, H, S),"
            " as in 10H or QS"
        )
    return Card(rank, suit)


class DeckKind(Enum):
    """The packs of the ``deck`` option."""

    STANDARD = "standard"
    TWO_PACKS = "two-packs"
    NO_STOCK = "no-stock"


def standard_pack() -> list[Card]:
    return [Card(rank, suit) for suit in SUITS for rank in RANKS]


def build_deck(kind: DeckKind, players: int) -> list[Card]:
    """The unshuffled pack for ``players`` active players.

    The no-stock pack holds the four cards of as many ranks as there are players (aces first),
    so one rank leaves with each player who goes out.
    """
    if kind is DeckKind.STANDARD:
        return standard_pack()
    if kind is DeckKind.TWO_PACKS:
        return standard_pack() + standard_pack()
    return [Card(rank, suit) for rank in RANKS[:players] for suit in SUITS]


def set_rank(hand: list[Card], set_size: int) -> str | None:
    """The rank of which ``hand`` holds at least ``set_size`` cards, if any."""
    counts: dict[str, int] = {}
    for card in hand:
        counts[card.rank] = counts.get(card.rank, 0) + 1
        if counts[card.rank] >= set_size:
            return card.rank
    return None
