"""Cards, their compact notation, and the packs the classic game is played with.

Notation: a rank (``A 2 3 4 5 6 7 8 9 10 J Q K``) followed by a suit (``C D H S``, and ``K``
for Knives in the Knives pack), so ``10H`` is the ten of hearts, ``QS`` the queen of spades and
``KK`` the king of Knives. The special cards of the Knives pack are written by name, with their
suits after a dash where they bear any: ``JOKER``, ``HUNTER-S``, ``TRAVELER-DK`` (the
Diamond-Knives Traveler), ``WATCHER-K``, ``CRONE``. Two packs shuffled together hold two equal
copies of every card; a card is a value, so the copies compare equal and are told apart only by
where they lie.

A set is made of cards of one *kind*: a rank's kind is the rank, so suits never matter; each
special card's kind is its name, but for the Watcher, the Crone, the Darkness and the Omnihedron,
which make a set with each other (``WATCHER_GROUP``).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from enum import Enum
from functools import cache

from audiospoons.engine.errors import MalformedCommand

RANKS: tuple[str, ...] = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUITS: tuple[str, ...] = ("C", "D", "H", "S")
KNIVES = "K"
"""The Knives suit of the Knives pack."""
SPECIAL_RANKS: tuple[str, ...] = ("JOKER", "HUNTER", "TRAVELER", "ARROW", "TALISMAN",
                                  "WATCHER", "CRONE", "DARKNESS", "OMNIHEDRON")
GROUP_RANKS: tuple[str, ...] = ("WATCHER", "CRONE", "DARKNESS", "OMNIHEDRON")
WATCHER_GROUP = "GROUP"
"""The kind of the four cards that make a set with each other."""


@dataclass(frozen=True, slots=True, order=True)
class Card:
    """One playing card. Only the rank matters for a set; the suit is there to be heard."""

    rank: str
    suit: str
    """One suit letter, two for a card bearing two suits ("DK"), or none ("") for a Joker."""
    kind: str = field(init=False, repr=False, compare=False)
    """What a set is made of: the rank, or the Watcher's group. Hands are counted by kind on
    every move, so it is worked out once, as the card is made."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "kind",
                           WATCHER_GROUP if self.rank in GROUP_RANKS else self.rank)

    def __str__(self) -> str:
        if self.rank in SPECIAL_RANKS:
            return f"{self.rank}-{self.suit}" if self.suit else self.rank
        return f"{self.rank}{self.suit}"

    @property
    def bears_knives(self) -> bool:
        return KNIVES in self.suit


def parse_card(text: str) -> Card:
    """Read a card in the notation above; raise ``MalformedCommand`` naming what is wrong."""
    cleaned = text.strip().upper()
    name, _, suits = cleaned.partition("-")
    if name in SPECIAL_RANKS:
        card = Card(name, suits)
        if card in _knives_cards():
            return card
    rank, suit = cleaned[:-1], cleaned[-1:]
    if rank in RANKS and suit in (*SUITS, KNIVES):
        return Card(rank, suit)
    raise MalformedCommand(
        f"{text!r} is not a card: write a rank (A, 2 to 10, J, Q, K) and a suit (C, D, H, S, or"
        " K for Knives), as in 10H or QS, or a special card of the Knives pack by name, as in"
        " JOKER, CRONE or TRAVELER-DK"
    )


class DeckKind(Enum):
    """The packs of the ``deck`` option."""

    STANDARD = "standard"
    TWO_PACKS = "two-packs"
    NO_STOCK = "no-stock"
    KNIVES = "knives"


def standard_pack() -> list[Card]:
    return [Card(rank, suit) for suit in SUITS for rank in RANKS]


def knives_pack() -> list[Card]:
    """The Knives pack (seed 001), 89 cards: the thirteen ranks in five suits (the four and
    Knives), so five of each rank; four Jokers; four Hunters and four Travelers, of clubs,
    hearts and spades, and one of each bearing Diamonds and Knives; four Arrows and four
    Talismans, one of each suit; and the Watcher (bearing Knives), the Crone, the Darkness and the
    Omnihedron. Every kind has at least four cards, so every kind can make a set."""
    ranked = [Card(rank, suit) for suit in (*SUITS, KNIVES) for rank in RANKS]
    special = [Card("JOKER", "") for _ in range(4)]
    for name in ("HUNTER", "TRAVELER"):
        special += [Card(name, suit) for suit in ("C", "H", "S", "D" + KNIVES)]
    for name in ("ARROW", "TALISMAN"):
        special += [Card(name, suit) for suit in SUITS]
    special += [Card("WATCHER", KNIVES), Card("CRONE", ""), Card("DARKNESS", ""),
                Card("OMNIHEDRON", "")]
    return ranked + special


def pack_size(kind: DeckKind) -> int:
    """Cards in the pack of a ``deck`` option with a stock (the no-stock pack has none)."""
    if kind is DeckKind.KNIVES:
        return len(knives_pack())
    return len(standard_pack()) * (2 if kind is DeckKind.TWO_PACKS else 1)


def copies_of(kind: str, deck: DeckKind) -> int:
    """How many cards of a set's kind the pack holds."""
    if deck is DeckKind.KNIVES:
        return _knives_kinds().get(kind, 0)
    return 8 if deck is DeckKind.TWO_PACKS else 4


@cache
def _knives_kinds() -> dict[str, int]:
    return dict(Counter(card.kind for card in knives_pack()))


@cache
def _knives_cards() -> frozenset[Card]:
    return frozenset(knives_pack())


def build_deck(kind: DeckKind, players: int) -> list[Card]:
    """The unshuffled pack for ``players`` active players.

    The no-stock pack holds the four cards of as many ranks as there are players (aces first),
    so one rank leaves with each player who goes out.
    """
    if kind is DeckKind.STANDARD:
        return standard_pack()
    if kind is DeckKind.TWO_PACKS:
        return standard_pack() + standard_pack()
    if kind is DeckKind.KNIVES:
        return knives_pack()
    return [Card(rank, suit) for rank in RANKS[:players] for suit in SUITS]


def set_rank(hand: list[Card], set_size: int) -> str | None:
    """The kind (a rank, or ``WATCHER_GROUP``) of which ``hand`` holds at least ``set_size``
    cards, if any."""
    counts: dict[str, int] = {}
    for card in hand:
        kind = card.kind
        held = counts.get(kind, 0) + 1
        if held >= set_size:
            return kind
        counts[kind] = held
    return None
