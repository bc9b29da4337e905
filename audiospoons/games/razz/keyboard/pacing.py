"""How long each line of Razz Spoons stays worth saying (``voice.pace``). Pure.

A move (a card played or kept, the phrase said) is said only while it is fresh, and so is what
befalls another player (cards drawn, the phrase wanted of them, a King aimed at someone else, a
razz between others), and whose turn it is gives way to the next turn; the count, the direction
and the pile turned over give way to the next of their kind. What the listener must act on or
know (their own turn and cards, a King aimed at them, a razz that is theirs, a last card
announced, the race for the spoons, the round's and the game's end) waits as long as it takes;
the opening of a round is out of date once it has been won. Another's play still waiting when
the listener's turn comes goes unsaid (the turn's line names the top card and the count), a
player's newer move takes the place of their older one, a last card announced goes unsaid once
that player has drawn, and the listener's own move once the cards it made them draw are said.
Others' grabs that wait together are said as one line, as in the classic game."""

from __future__ import annotations

from collections.abc import Callable

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
    LastCardAnnounced,
    PhraseOwed,
    PhraseSaid,
    PhraseTimeUp,
    PhraseWanted,
    PileTurnedOver,
    RazzCalled,
    RoundWon,
    SpoonTaken,
    TurnBegan,
    TurnTimeUp,
)
from audiospoons.voice.pace import FLOW_LIFETIME, LASTING, Group, LinePace, flow

MOVES = (CardPlayed, CardKept, PhraseSaid)
"""A player's moves: fresh news to the others, and to the player the answer to a key they
pressed, said at once as the key cut off what was being said."""
MINE = "mine"
"""The topic of the listener's own move: the cards it makes them draw say it again."""
NEWS = (CardsDrawn, PhraseWanted, PhraseOwed, PhraseTimeUp, TurnTimeUp)
"""What befalls a player: news to act on for the player, and fresh news to the others."""


def move_topic(seat: int) -> str:
    return f"move:{seat}"


def pace(event: Event, listener: int | None, names: tuple[str, ...],
         others_grabbed: Callable[[tuple[str, ...]], str]) -> LinePace:
    """The pace of ``listener``'s line for ``event``; ``names`` are the players' names as said,
    and ``others_grabbed`` words several others' grabs as one line."""
    seats = len(names)
    if isinstance(event, SpoonTaken) and event.seat != listener and event.spoons_left:
        return LinePace(group=Group("grab", names[event.seat], others_grabbed))
    if isinstance(event, TurnBegan):
        if event.seat == listener:
            moves = tuple(move_topic(seat) for seat in range(seats))
            return LinePace(topic="turn", retracts=("count", "direction", *moves), before_flow=True)
        return flow("turn", aside=True)
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
        return flow(MINE if event.seat == listener else move_topic(event.seat))
    if isinstance(event, LastCardAnnounced):
        return LinePace(topic=f"last:{event.seat}")
    if isinstance(event, CardsDrawn):
        drawn = (f"last:{event.seat}",)
        if event.seat == listener:
            return LinePace(retracts=(*drawn, MINE))
        return LinePace(lifetime=FLOW_LIFETIME, retracts=drawn)
    if isinstance(event, NEWS):
        return LASTING if event.seat == listener else flow()
    if isinstance(event, DealStarted):
        return LinePace(topic="round")
    if isinstance(event, HandDealt):
        return LinePace(topic="hand")
    if isinstance(event, RoundWon | GameWon):
        return LinePace(retracts=("round", "hand", "turn"))
    return LASTING
