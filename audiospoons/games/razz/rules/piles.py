"""The stock and the discard pile, and dealing a round from two packs."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

from audiospoons.engine.cards import Card
from audiospoons.engine.errors import MalformedCommand
from audiospoons.games.razz.rules.facts import razz_pack


@dataclass(frozen=True, slots=True)
class RazzDeal:
    """An explicit first deal for tests and scenarios: some hands (of any size, one card or
    more), the starting discard, and the top of the stock in draw order. What it leaves out is
    dealt from the shuffled rest."""

    hands: dict[int, tuple[Card, ...]] = field(default_factory=dict)
    starter: Card | None = None
    stock_top: tuple[Card, ...] = ()

    def check(self, players: int) -> None:
        for seat, hand in self.hands.items():
            if not 0 <= seat < players:
                raise MalformedCommand(f"the deal names seat {seat}, and there are {players}")
            if not hand:
                raise MalformedCommand(f"the deal gives seat {seat} no cards")
        named = [card for hand in self.hands.values() for card in hand] + list(self.stock_top)
        if self.starter is not None:
            named.append(self.starter)
        pack = Counter(razz_pack())
        for card, copies in Counter(named).items():
            if copies > pack[card]:
                raise MalformedCommand(f"the deal names the {card} {copies} times; two packs"
                                       f" hold {pack[card]}")


class Piles:
    """The stock (drawn from its end) and the discard pile (its top is the last card)."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.stock: list[Card] = []
        self.pile: list[Card] = []

    @property
    def top(self) -> Card:
        return self.pile[-1]

    def deal(self, seats: int, size: int, fixed: RazzDeal | None) -> list[list[Card]]:
        """Shuffle both packs, deal ``seats`` hands of ``size`` (or the fixed deal's), and turn
        the starting discard."""
        fixed = fixed or RazzDeal()
        rest = razz_pack()
        named = [card for hand in fixed.hands.values() for card in hand]
        named += [*fixed.stock_top, *([fixed.starter] if fixed.starter else [])]
        for card in named:
            rest.remove(card)
        self.rng.shuffle(rest)
        hands = [list(fixed.hands[seat]) if seat in fixed.hands else
                 [rest.pop() for _ in range(size)] for seat in range(seats)]
        starter = fixed.starter if fixed.starter is not None else rest.pop()
        self.stock = rest + list(reversed(fixed.stock_top))
        self.pile = [starter]
        return hands

    def draw(self, count: int) -> tuple[list[Card], int | None]:
        """Up to ``count`` cards from the stock, and the size of the new stock when the pile
        (all but its top) had to be shuffled into it."""
        cards: list[Card] = []
        turned: int | None = None
        while len(cards) < count:
            if not self.stock:
                if len(self.pile) < 2:
                    break
                self.stock = self.pile[:-1]
                self.pile = self.pile[-1:]
                self.rng.shuffle(self.stock)
                turned = len(self.stock)
            cards.append(self.stock.pop())
        return cards, turned

    def available(self) -> int:
        """Cards a draw could still find: the stock and the pile under its top."""
        return len(self.stock) + len(self.pile) - 1

    def in_play(self, hands: Sequence[Sequence[Card]]) -> int:
        """Every card: the hands, the stock and the pile (104 when none is lost)."""
        return len(self.stock) + len(self.pile) + sum(len(hand) for hand in hands)
