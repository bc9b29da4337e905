"""How long each line of Razz Spoons stays worth saying (``voice.pace``). Pure.

A move (a card played or kept, the phrase said) is said only while it is fresh, and so is what
befalls another player (cards drawn, the phrase wanted of them, a King aimed at someone else, a
razz between others), and whose turn it is gives way to the next turn; the count, the direction
and the pile turned over give way to the next of their kind. What the listener must act on or
know (their own turn and cards, a King aimed at them, a razz that is theirs, a last card
announced, the race for the spoons, the round's and the game's end) waits as long as it takes;
the opening of a round is out of date once it has been won."""

from __future__ import annotations

from audiospoons.engine.events import Event
from audiospoons.games.razz.rules.events import (
    CardKept,
    CardPlayed,
    CardsDrawn,
    CountRaised,
    DealStarted,
    DirectionReversed,
    GameWon,
    HandDealt,
    KingAimed,
    PhraseOwed,
    PhraseSaid,
    PhraseTimeUp,
    PhraseWanted,
    PileTurnedOver,
    RazzCalled,
    RoundWon,
    TurnBegan,
    TurnTimeUp,
)
from audiospoons.voice.pace import LASTING, Pace, flow

MOVES = (CardPlayed, CardKept, PhraseSaid)
"""A player's moves: fresh news to the others, and to the player the answer to a key they
pressed, said at once as the key cut off what was being said."""
NEWS = (CardsDrawn, PhraseWanted, PhraseOwed, PhraseTimeUp, TurnTimeUp)
"""What befalls a player: news to act on for the player, and fresh news to the others."""


def pace(event: Event, listener: int | None) -> Pace:
    """The pace of ``listener``'s line for ``event``."""
    if isinstance(event, TurnBegan):
        return Pace(topic="turn") if event.seat == listener else flow("turn")
    if isinstance(event, CountRaised):
        return flow("count")
    if isinstance(event, DirectionReversed):
        return flow("direction")
    if isinstance(event, PileTurnedOver):
        return flow("pile")
    if isinstance(event, KingAimed):
        return LASTING if listener in (event.seat, event.target) else flow()
    if isinstance(event, RazzCalled):
        return LASTING if listener in (event.seat, event.target) else flow()
    if isinstance(event, MOVES):
        return flow()
    if isinstance(event, NEWS):
        return LASTING if event.seat == listener else flow()
    if isinstance(event, DealStarted):
        return Pace(topic="round")
    if isinstance(event, HandDealt):
        return Pace(topic="hand")
    if isinstance(event, RoundWon | GameWon):
        return Pace(retracts=("round", "hand", "turn"))
    return LASTING
