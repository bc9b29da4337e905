"""The cards' way round a classic table: picking up (from the cards passed on, or the stock),
passing on or discarding, the stock coming round again from the pile, and the Knives pack's
discards and redraws. The game asks it; it reads and changes the table through the small shape
``CardTable`` and nothing else.
"""

from __future__ import annotations

import random
from collections import Counter, deque
from dataclasses import dataclass, field
from typing import Protocol

from audiospoons.engine.cards import Card, DeckKind, build_deck, set_rank
from audiospoons.engine.errors import MalformedCommand, NotAllowedNow
from audiospoons.engine.events import Event
from audiospoons.games.spoons.rules.events import (
    CardPassed,
    CardsDealt,
    CardTaken,
    HandPassedOn,
    KnifeDrawn,
    KnifeRedrawn,
    SetHeld,
    Source,
    StockRecycled,
)
from audiospoons.games.spoons.rules.options import DrawVariant, Options
from audiospoons.games.spoons.rules.seat import Phase, Seat


@dataclass(frozen=True, slots=True)
class Deal:
    """An explicit first deal for scenarios: some hands, and the top of the stock in draw order."""

    hands: dict[int, tuple[Card, ...]] = field(default_factory=dict)
    stock_top: tuple[Card, ...] = ()


class CardTable(Protocol):
    """The table as its cards' flow sees it."""

    seats: list[Seat]
    stock: list[Card]
    """The stock, its top last."""
    pile: list[Card]
    """The discard pile, its top last."""

    @property
    def options(self) -> Options: ...

    @property
    def rng(self) -> random.Random: ...

    @property
    def now(self) -> float: ...

    @property
    def phase(self) -> Phase: ...

    @property
    def dealer(self) -> int: ...

    @property
    def first_grabber(self) -> int | None: ...

    first_set_by: int | None
    """Who held a set first this round."""

    def partner_of(self, index: int) -> int | None:
        """The seat's partner when playing in teams."""

    def check_seat(self, index: int) -> None:
        """Raise ``MalformedCommand`` unless there is such a seat."""

    def verify_in_game(self, index: int) -> None:
        """Raise ``NotAllowedNow`` unless the seat is still in a game not over."""


class CardFlow:
    """Every card move of the classic game, each with ``verify_*`` (raises a ``RulesError``
    saying what is wrong), ``can_*`` and the move itself (returns its events)."""

    def __init__(self, table: CardTable) -> None:
        self.table = table

    def deal(self, explicit: Deal, players: int) -> list[Event]:
        """A new round's hands for the ``players`` still in, dealt from the dealer's left
        (``explicit`` sets some hands and the top of the stock), the rest of the pack the stock
        and the pile empty."""
        table = self.table
        deck = build_deck(table.options.deck, players)
        for cards in (*explicit.hands.values(), explicit.stock_top):
            for card in cards:
                deck.remove(card)
        table.rng.shuffle(deck)
        for seat in table.seats:
            seat.hand, seat.waiting = [], deque()
            seat.held_set, seat.set_since, seat.owes_since, seat.knife_owed = None, None, None, 0
        table.pile = []
        order = [self.left_of(table.dealer)]
        while len(order) < players:
            order.append(self.left_of(order[-1]))
        events: list[Event] = []
        for index in order:
            given = explicit.hands.get(index)
            if given is None:
                given = tuple(deck.pop() for _ in range(table.options.hand_size))
            table.seats[index].hand = list(given)
            events.append(CardsDealt(table.now, index, tuple(given)))
        table.stock = deck + list(reversed(explicit.stock_top))
        for index in order:
            events += self.after_hand_change(index)
        return events

    def check_deal(self, deal: Deal) -> None:
        """Refuse a first deal that no pack of the game could give (``MalformedCommand``)."""
        table = self.table
        size = table.options.hand_size
        for index, cards in deal.hands.items():
            table.check_seat(index)
            if len(cards) != size:
                raise MalformedCommand(f"{table.seats[index].name} is dealt {len(cards)} cards;"
                                       f" a hand holds {size}")
        if table.options.deck is DeckKind.NO_STOCK and deal.stock_top:
            raise MalformedCommand("a stock cannot be set with the no-stock pack")
        pack = Counter(build_deck(table.options.deck, len(table.seats)))
        given = Counter(card for cards in (*deal.hands.values(), deal.stock_top)
                        for card in cards)
        for card, count in given.items():
            if count > pack[card]:
                held = {0: "none", 1: "one", 2: "two"}[pack[card]]
                times = "once" if count == 1 else f"{count} times"
                raise MalformedCommand(f"the {card} is dealt {times}, and this pack holds {held}")

    def leave(self, index: int, *, playing: bool) -> list[Event]:
        """A seat out of the game gives up its cards: to the discard pile, to come back through
        the stock; with the no-stock pack, which has no way back from the pile, to the next
        player's waiting cards while card play goes on, so every rank stays whole."""
        table = self.table
        seat = table.seats[index]
        cards = [*seat.hand, *seat.waiting]
        seat.hand, seat.waiting = [], deque()
        seat.held_set, seat.set_since, seat.owes_since, seat.knife_owed = None, None, None, 0
        if table.options.deck is DeckKind.NO_STOCK and playing and cards:
            heir = self.left_of(index)
            table.seats[heir].waiting.extend(cards)
            self.refresh_owing(heir)
            return [HandPassedOn(table.now, index, heir, len(cards))]
        table.pile += cards
        return []

    def left_of(self, index: int) -> int:
        """The next active seat to the left (the next in the players list, wrapping round)."""
        count = len(self.table.seats)
        for step in range(1, count + 1):
            candidate = (index + step) % count
            if self.table.seats[candidate].active:
                return candidate
        return index

    def pass_target(self, index: int) -> int | None:
        """Where ``index``'s passes go: a seat's waiting cards, or the pile (``None``)."""
        if self.table.options.deck is DeckKind.NO_STOCK:
            return self.left_of(index)
        if self.table.options.draw is DrawVariant.DRAW:
            return None
        target = self.left_of(index)
        return None if target == self.table.dealer else target

    def may_draw(self, index: int) -> bool:
        """Whether the draw variant lets this seat draw from the stock at all."""
        if self.table.options.deck is DeckKind.NO_STOCK:
            return False
        if self.table.options.draw is DrawVariant.DISCARD:
            return index == self.table.dealer
        return True

    def verify_take(self, index: int) -> None:
        self.verify_card_play(index)
        self._verify_no_knife(index)
        self._verify_room(index)
        seat = self.table.seats[index]
        if not seat.waiting:
            if not self.may_draw(index):
                raise NotAllowedNow(f"no card is waiting for {seat.name}", reason="nothing-waiting")
            self._verify_stock(index)

    def take(self, index: int) -> list[Event]:
        """Pick up: the card passed to the seat (in ``either`` the newest, as the top of a
        pile; otherwise the oldest, in arrival order), or the dealer in ``either`` the end
        player's last discard; with neither, draw from the stock."""
        self.verify_take(index)
        if self.table.seats[index].waiting:
            return self.pick_up(index, Source.QUEUE, forced=False)
        if self._picks_up_discards(index):
            return self.pick_up(index, Source.PILE, forced=False)
        return self.pick_up(index, Source.STOCK, forced=False)

    def _picks_up_discards(self, index: int) -> bool:
        """Seed 000's "either one": the dealer, to whom nobody passes, may pick up the last
        card discarded, the top of the pile the end of the chain discards to."""
        table = self.table
        return (table.options.draw is DrawVariant.EITHER and table.options.deck is not
                DeckKind.NO_STOCK and index == table.dealer and bool(table.pile))

    def verify_draw(self, index: int) -> None:
        self.verify_card_play(index)
        self._verify_no_knife(index)
        seat = self.table.seats[index]
        if not self.may_draw(index):
            if self.table.options.deck is DeckKind.NO_STOCK:
                raise NotAllowedNow("there is no stock with the no-stock pack: take the card"
                                    " passed to you", reason="no-stock")
            raise NotAllowedNow(f"only the dealer draws from the stock; {seat.name} takes the"
                                " cards passed to them", reason="dealer-draws")
        self._verify_room(index)
        self._verify_stock(index)

    def passes_first(self) -> bool:
        """Seed 002 (``waiting_pile`` off): a hand never holds a card over its size, so a card
        is passed first and one picked up after."""
        return not self.table.options.waiting_pile

    def _verify_room(self, index: int) -> None:
        """A pick-up needs room: a hand holds one card over its size at most, or with the
        pass made first (``passes_first``) none."""
        seat = self.table.seats[index]
        size = self.table.options.hand_size
        if len(seat.hand) > size:
            raise NotAllowedNow(f"{seat.name} holds {len(seat.hand)} cards: pass one first",
                                reason="must-pass")
        if self.passes_first() and len(seat.hand) == size:
            raise NotAllowedNow(f"{seat.name} holds {size} cards: pass one first, then pick one"
                                " up", reason="pass-first")

    def draw(self, index: int) -> list[Event]:
        self.verify_draw(index)
        return self.pick_up(index, Source.STOCK, forced=False)

    def _verify_no_knife(self, index: int) -> None:
        owed = self.table.seats[index].knife_owed
        if owed:
            raise NotAllowedNow(f"{self.table.seats[index].name} must discard {owed} more for the"
                                " knife first", reason="knife-discard")

    def _verify_stock(self, index: int) -> None:
        if not self.table.stock and not self.table.pile:
            raise NotAllowedNow("the stock and the discard pile are both empty: wait for a"
                                " discard", reason="stock-empty")

    def pick_up(self, index: int, source: Source, *, forced: bool) -> list[Event]:
        seat = self.table.seats[index]
        events: list[Event] = []
        if source is Source.QUEUE:
            newest_first = self.table.options.draw is DrawVariant.EITHER
            card = seat.waiting.pop() if newest_first else seat.waiting.popleft()
        elif source is Source.PILE:
            card = self.table.pile.pop()
        else:
            card = self._draw_card(events)
        seat.hand.append(card)
        events.append(CardTaken(self.table.now, index, source, card, forced))
        if card.bears_knives and self.table.options.deck is DeckKind.KNIVES:
            events += self._start_knife(index)
        events += self.after_hand_change(index)
        return events

    def _draw_card(self, events: list[Event]) -> Card:
        """The top of the stock, shuffling the pile into a new stock first if it is empty."""
        if not self.table.stock:
            self.table.stock = self.table.pile
            self.table.pile = []
            self.table.rng.shuffle(self.table.stock)
            events.append(StockRecycled(self.table.now, len(self.table.stock)))
        return self.table.stock.pop()

    def _knife_redraw(self, index: int) -> list[Event]:
        """The knife's discards are made: draw as many anew (the pile comes round again if the
        stock runs out). The new cards enter the hand as any card does, so one bearing Knives
        among them starts another knife (seed 001: a Knives card that "enters a player's
        hand"); they enter together, so they start one knife however many bear Knives."""
        events: list[Event] = []
        seat = self.table.seats[index]
        count = min(seat.knife_draws, len(self.table.stock) + len(self.table.pile))
        cards = tuple(self._draw_card(events) for _ in range(count))
        seat.hand += cards
        events.append(KnifeRedrawn(self.table.now, index, count, cards))
        if any(card.bears_knives for card in cards):
            events += self._start_knife(index)
        return events

    def _start_knife(self, index: int) -> list[Event]:
        """A card bearing Knives has entered the seat's hand: it owes the knife's discards."""
        seat = self.table.seats[index]
        seat.knife_owed = seat.knife_draws = min(self.table.options.knife_redraw, len(seat.hand))
        return [KnifeDrawn(self.table.now, index, seat.knife_owed)]

    def verify_pass(self, index: int, card: Card) -> None:
        self.verify_card_play(index)
        seat = self.table.seats[index]
        if card not in seat.hand:
            raise NotAllowedNow(f"{seat.name} does not hold the {card}", reason="not-held")
        if seat.knife_owed:
            return
        if self.table.first_grabber == index and self.table.options.keep_playing and seat.held_set:
            rest = list(seat.hand)
            rest.remove(card)
            if set_rank(rest, self.table.options.set_size) is None:
                raise NotAllowedNow(f"{seat.name} grabbed first and must keep the set whole",
                                    reason="keep-set")
        size = self.table.options.hand_size
        fewest = size if self.passes_first() or self._everyone_passes_at_once() else size + 1
        if len(seat.hand) < fewest:
            raise NotAllowedNow(f"{seat.name} holds {len(seat.hand)} cards: pick one up first",
                                reason="must-pick-up")
        target = self.pass_target(index)
        options, seats = self.table.options, self.table.seats
        if target is not None and not options.waiting_pile and seats[target].waiting:
            raise NotAllowedNow(f"{seats[target].name} has not picked up the last card"
                                " passed on yet", reason="neighbour-busy")

    def pass_card(self, index: int, card: Card) -> list[Event]:
        self.verify_pass(index, card)
        return self._pass(index, card, forced=False)

    def _everyone_passes_at_once(self) -> bool:
        """With no stock everyone passes at once, so a full hand may pass before picking up."""
        return self.table.options.deck is DeckKind.NO_STOCK

    def _pass(self, index: int, card: Card, *, forced: bool) -> list[Event]:
        """Pass or discard; a pass completes a move, so the seat's discard clock starts afresh."""
        seat = self.table.seats[index]
        seat.hand.remove(card)
        seat.owes_since = None
        knife = seat.knife_owed > 0
        target = None if knife else self.pass_target(index)
        events: list[Event] = [CardPassed(self.table.now, index, target, card, forced)]
        if target is None:
            self.table.pile.append(card)
        else:
            self.table.seats[target].waiting.append(card)
            self.refresh_owing(target)
        if knife:
            seat.knife_owed -= 1
            if not seat.knife_owed:
                events += self._knife_redraw(index)
        events += self.after_hand_change(index)
        return events

    def after_hand_change(self, index: int) -> list[Event]:
        seat = self.table.seats[index]
        rank = set_rank(seat.hand, self.table.options.set_size)
        previous, seat.held_set = seat.held_set, rank
        if rank != previous:
            seat.set_since = None if rank is None else self.table.now
        self.refresh_owing(index)
        if rank is not None and rank != previous:
            if self.table.first_set_by is None:
                self.table.first_set_by = index
            return [SetHeld(self.table.now, index, rank, self.table.partner_of(index))]
        return []

    def refresh_owing(self, index: int) -> None:
        """Start or stop the seat's discard clock: it runs while the seat owes a move."""
        seat = self.table.seats[index]
        size = self.table.options.hand_size
        owes = self.table.phase is Phase.PLAYING and seat.active and (
            len(seat.hand) > size or seat.knife_owed > 0
            or (bool(seat.waiting) and len(seat.hand) <= size)
            or (len(seat.hand) < size and self.may_draw(index)))
        if not owes:
            seat.owes_since = None
        elif seat.owes_since is None:
            seat.owes_since = self.table.now

    def force_play(self, index: int, now: float) -> list[Event]:
        """The discard time limit ran out: make a knife's discards, or pick up if due (randomly
        in ``either``), then discard; with the pass made first (``passes_first``), discard from
        a full hand, then pick up. A pass that must wait for the next player to pick up, or a
        knife brought by a knife's redraw, starts the clock afresh."""
        seat = self.table.seats[index]
        seat.owes_since = None
        events: list[Event] = []
        size = self.table.options.hand_size
        for _ in range(seat.knife_owed):
            if not seat.hand:
                break
            events += self._pass(index, self._random_card(index), forced=True)
        if seat.knife_owed:
            return events  # the redraw brought another knife: its discards start a new clock
        if self.passes_first():
            if len(seat.hand) >= size and not self._forced_pass(index, now, events):
                return events
            events += self._forced_pick_up(index)
        else:
            if len(seat.hand) <= size:
                events += self._forced_pick_up(index)
            if len(seat.hand) > size and not self._forced_pass(index, now, events):
                return events
        if seat.owes_since is None:
            self.refresh_owing(index)
        return events

    def _random_card(self, index: int) -> Card:
        hand = self.table.seats[index].hand
        return hand[self.table.rng.randrange(len(hand))]

    def _forced_pick_up(self, index: int) -> list[Event]:
        seat = self.table.seats[index]
        sources = []
        if seat.waiting:
            sources.append(Source.QUEUE)
        elif self._picks_up_discards(index):
            sources.append(Source.PILE)
        if self.may_draw(index) and (self.table.stock or self.table.pile):
            sources.append(Source.STOCK)
        if not sources:
            return []
        source = sources[0] if len(sources) == 1 else self.table.rng.choice(sources)
        return self.pick_up(index, source, forced=True)

    def _forced_pass(self, index: int, now: float, events: list[Event]) -> bool:
        """Pass a random card for the seat, adding its events; False, with the seat's clock
        started afresh, when the next player has yet to pick up the last card passed on."""
        target = self.pass_target(index)
        if target is not None and not self.table.options.waiting_pile \
                and self.table.seats[target].waiting:
            self.table.seats[index].owes_since = now
            return False
        events += self._pass(index, self._random_card(index), forced=True)
        return True

    def verify_card_play(self, index: int) -> None:
        self.table.verify_in_game(index)
        if self.table.phase is Phase.GRABBING and not self.table.options.keep_playing:
            going = ("the signal is up: card play has stopped, copy it" if self.table.options.signal
                     else "the spoons are going: card play has stopped, grab a spoon")
            raise NotAllowedNow(going, reason="cards-stopped")
        if self.table.phase is Phase.BETWEEN_ROUNDS:
            raise NotAllowedNow("the next round has not been dealt yet", reason="between-rounds")
