"""How long each line of the classic game stays worth saying, and what it has to do with the lines
around it (``voice.pace``). Pure.

The flow of cards is said only while it is fresh (but for a card the game moved for you, when your
time ran out): a card that came to you is retracted by its passing on, so a card that came and
went before its line was reached is said neither way; another player's move and a count of spoons
give way to the next. The stock shuffled again and another player's knife are said once a round
(the announcer's rule, the one rule: the queue adds no quiet of its own, so a short round does
not silence the next round's first), and the shuffle is an aside: it changes no one's next
move, so the table does not wait for it. Grabs by others that wait together are said as one
line; your set, once you have grabbed, goes without saying; your hand as dealt or drawn anew is
out of date once a newer one, or a knife, comes. What decides the game (the round, the deal, a
set, who is out, a reaction test, the end) waits as long as it takes, but the opening of a round
(its number and your cards) is out of date once the round has ended; the urgent lines (a grab,
your own knife) are never dropped."""

from __future__ import annotations

from collections.abc import Callable

from audiospoons.engine.events import Event
from audiospoons.games.spoons.rules.events import (
    CardPassed,
    CardsDealt,
    CardTaken,
    Eliminated,
    GameOver,
    HandPassedOn,
    KnifeDrawn,
    KnifeRedrawn,
    Reached,
    RoundEnded,
    RoundStarted,
    RoundVoided,
    SetHeld,
    SpoonGrabbed,
    SpoonsChanged,
    StockRecycled,
)
from audiospoons.voice.pace import LASTING, Group, LinePace, flow

OWN_PASS = "passed"
"""The topic of the listener's own pass or discard: a newer one, or the new hand a knife's
discards bring, says what it would."""


def card_topic(card: object) -> str:
    return f"card:{card}"


def pace(event: Event, listener: int | None,
         others_grabbed: Callable[[tuple[str, ...]], str] | None,
         names: tuple[str, ...]) -> LinePace:
    """The pace of ``listener``'s line for ``event``; ``others_grabbed`` words several others'
    grabs as one line (None: each is said alone, as signals copied are); ``names`` are the
    players' names as said."""
    if isinstance(event, CardTaken | CardPassed) and event.seat != listener:
        return flow(aside=True)
    if isinstance(event, CardTaken | CardPassed) and event.forced:
        return LASTING
    if isinstance(event, CardTaken) and event.card is not None:
        return flow(card_topic(event.card))
    if isinstance(event, CardPassed) and event.card is not None:
        return flow(OWN_PASS, cancels=(card_topic(event.card),))
    if isinstance(event, CardTaken | CardPassed):
        return flow()
    if isinstance(event, RoundStarted):
        return LinePace(topic="round")
    if isinstance(event, CardsDealt):
        return LinePace(topic="hand")
    if isinstance(event, Eliminated | RoundEnded | RoundVoided | GameOver):
        return LinePace(retracts=("round", "hand"))
    if isinstance(event, StockRecycled):
        return flow("stock", aside=True)
    if isinstance(event, KnifeDrawn | KnifeRedrawn) and event.seat != listener:
        return flow(f"knife:{event.seat}")
    if isinstance(event, KnifeDrawn):
        return LinePace(topic="knife", retracts=("hand",))
    if isinstance(event, KnifeRedrawn):
        return LinePace(topic="hand", retracts=(OWN_PASS, "stock"))
    if isinstance(event, SpoonsChanged):
        return flow("spoons")
    if isinstance(event, HandPassedOn | Reached):
        return flow()
    if isinstance(event, SetHeld) and event.seat == listener:
        return LinePace(topic="set")
    if isinstance(event, SpoonGrabbed) and event.seat == listener:
        return LinePace(retracts=("set",))
    if (isinstance(event, SpoonGrabbed) and others_grabbed is not None
            and not event.first and event.spoon is None):
        return LinePace(group=Group("grab", names[event.seat], others_grabbed))
    return LASTING
