"""What a round costs the players left holding cards, and when the game is over."""

from __future__ import annotations

from collections.abc import Sequence

from audiospoons.engine.cards import Card
from audiospoons.games.razz.rules.facts import card_points
from audiospoons.games.razz.rules.options import EndRule, RazzOptions


def hand_points(hand: Sequence[Card]) -> int:
    return sum(card_points(card) for card in hand)


def round_points(hands: Sequence[Sequence[Card]]) -> tuple[int, ...]:
    """Each seat's points for the round; whoever went out holds nothing and scores 0."""
    return tuple(hand_points(hand) for hand in hands)


def game_finished(options: RazzOptions, rounds: int, totals: Sequence[int]) -> bool:
    """Checked after each round: ``end_at`` rounds played, or a total at ``end_at`` points."""
    if options.end is EndRule.ROUNDS:
        return rounds >= options.end_at
    return max(totals) >= options.end_at


def winners(totals: Sequence[int]) -> tuple[int, ...]:
    """The seats with the fewest points; ties share the win."""
    lowest = min(totals)
    return tuple(seat for seat, total in enumerate(totals) if total == lowest)
