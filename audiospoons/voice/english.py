"""English words and sound cues for events, as one listener hears them.

Pure: an event (already filtered by ``seen_by`` for the listener) in, lines of text and cue names
out. The wording follows seed 000's scripts where they exist ("Chris grabbed a spoon!",
"Frank is eliminated.", "Britany and Henry are eliminated.") and is plain English elsewhere.
``listener`` is a seat, or ``None`` for a spectator.
"""

from __future__ import annotations

from collections.abc import Sequence

from audiospoons.engine.cards import Card
from audiospoons.engine.events import (
    CardPassed,
    CardsDealt,
    CardTaken,
    DealerChanged,
    Eliminated,
    Event,
    FalseStart,
    GameOver,
    GameStarted,
    GrabTimeUp,
    HandPassedOn,
    LetterGiven,
    PointAdded,
    PrematureGrab,
    ReactCue,
    ReactionTestEnded,
    ReactionTestStarted,
    RoundStarted,
    RoundVoided,
    SetHeld,
    Source,
    SpoonGrabbed,
    SpoonsChanged,
    StockRecycled,
)

RANK_NAMES = {
    "A": ("ace", "aces"), "2": ("two", "twos"), "3": ("three", "threes"),
    "4": ("four", "fours"), "5": ("five", "fives"), "6": ("six", "sixes"),
    "7": ("seven", "sevens"), "8": ("eight", "eights"), "9": ("nine", "nines"),
    "10": ("ten", "tens"), "J": ("jack", "jacks"), "Q": ("queen", "queens"),
    "K": ("king", "kings"),
}
SUIT_NAMES = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}
COUNT_WORDS = ("no", "one", "two", "three", "four", "five", "six")


def card_name(card: Card) -> str:
    return f"{RANK_NAMES[card.rank][0]} of {SUIT_NAMES[card.suit]}"


def join_words(words: Sequence[str]) -> str:
    """'A', 'A and B', 'A, B, and C' (seed 000's 'Britany, Henry, and Debra')."""
    if len(words) <= 2:
        return " and ".join(words)
    return ", ".join(words[:-1]) + ", and " + words[-1]


class EnglishAnnouncer:
    """Turns events into what one listener hears at a table of ``players``."""

    def __init__(self, players: Sequence[str], *, announce_phase2: bool = False,
                 set_size: int = 4) -> None:
        self.players = tuple(players)
        self.announce_phase2 = announce_phase2
        self.set_size = set_size

    def name(self, seat: int, listener: int | None) -> str:
        return "you" if seat == listener else self.players[seat]

    def names(self, seats: Sequence[int], listener: int | None) -> str:
        ordered = sorted(seats, key=lambda s: s != listener)
        return join_words([self.name(s, listener) for s in ordered])

    def cues(self, event: Event, listener: int | None) -> list[str]:
        """Names of the sound cues this listener hears for ``event``."""
        if isinstance(event, RoundStarted):
            return ["deal"]
        if isinstance(event, SpoonGrabbed):
            return ["spoon"]
        if isinstance(event, ReactCue) and listener in event.contenders:
            return ["react"]
        if isinstance(event, StockRecycled):
            return ["shuffle"]
        if isinstance(event, CardPassed) and listener is not None:
            if event.to == listener:
                return ["card-in"]
            if event.seat == listener:
                return ["card-out"]
        return []

    def announce(self, event: Event, listener: int | None) -> list[str]:
        """The lines this listener hears for ``event``, in order."""
        line = self._line(event, listener)
        if line is None:
            return []
        return [line[:1].upper() + line[1:]]

    def _line(self, event: Event, listener: int | None) -> str | None:
        you = listener
        if isinstance(event, GameStarted):
            return f"Spoons for {join_words(event.players)}."
        if isinstance(event, RoundStarted):
            spoons = "1 spoon" if event.spoons == 1 else f"{event.spoons} spoons"
            deals = "you deal" if event.dealer == you else f"{self.players[event.dealer]} deals"
            return f"Round {event.round}. {deals[:1].upper() + deals[1:]}. {spoons} on the table."
        if isinstance(event, CardsDealt):
            return f"Your cards: {join_words([card_name(c) for c in event.cards])}."
        if isinstance(event, CardTaken):
            return self._taken(event, you)
        if isinstance(event, CardPassed):
            return self._passed(event, you)
        if isinstance(event, StockRecycled):
            return "The discard pile is shuffled into a new stock."
        if isinstance(event, SetHeld):
            return f"You have {COUNT_WORDS[self.set_size]} {RANK_NAMES[event.rank][1]}!"
        if isinstance(event, SpoonGrabbed):
            grabbed = f"{self.name(event.seat, you)} grabbed a spoon!"
            if not event.first or event.seat == you:
                return grabbed
            return f"The spoons are going! {grabbed}" if self.announce_phase2 else None
        if isinstance(event, HandPassedOn):
            to = "you" if event.to == you else self.players[event.to]
            return f"{self.players[event.seat]}'s {event.cards} cards pass to {to}."
        if isinstance(event, DealerChanged):
            dealer = "you deal" if event.dealer == you else f"{self.players[event.dealer]} deals"
            return f"The stock passes on: {dealer} now."
        if isinstance(event, SpoonsChanged):
            spoons = "1 spoon" if event.spoons == 1 else f"{event.spoons} spoons"
            return f"Now {spoons} on the table."
        if isinstance(event, PrematureGrab):
            return f"{self.name(event.seat, you)} reached for a spoon without a set!"
        if isinstance(event, ReactionTestStarted):
            if you in event.contenders:
                return ("Get ready to press as fast as you can!" if event.mash
                        else "Get ready to react!")
            return f"{self.names(event.contenders, you)} are racing for the spoons..."
        if isinstance(event, ReactCue):
            return "React now!" if you in event.contenders else None
        if isinstance(event, FalseStart):
            return f"{self.name(event.seat, you)} reacted too soon!"
        if isinstance(event, ReactionTestEnded):
            if not event.counts:
                return None
            scores = [f"{self.name(s, you)} {n}" for s, n in zip(event.ranking, event.counts,
                                                                  strict=True)]
            return f"Presses: {join_words(scores)}."
        if isinstance(event, GrabTimeUp):
            return "Time is up for grabbing!"
        if isinstance(event, LetterGiven):
            verb = "take" if event.seat == you else "takes"
            return (f"{self.name(event.seat, you)} {verb} the letter {event.letters[-1]}:"
                    f" {' '.join(event.letters)}.")
        if isinstance(event, PointAdded):
            verb = "take" if event.seat == you else "takes"
            return (f"{self.name(event.seat, you)} {verb} a penalty point,"
                    f" {event.points} in total.")
        if isinstance(event, Eliminated):
            verb = "is" if len(event.seats) == 1 and event.seats[0] != you else "are"
            return f"{self.names(event.seats, you)} {verb} eliminated."
        if isinstance(event, RoundVoided):
            dealer = "you deal" if event.dealer == you else f"{self.players[event.dealer]} deals"
            return f"The round is void: every spoon goes back, and {dealer} again."
        if isinstance(event, GameOver):
            if len(event.winners) == 1:
                verb = "win" if event.winners[0] == you else "wins"
                result = f"{self.name(event.winners[0], you)} {verb} the game!"
            else:
                result = f"{self.names(event.winners, you)} are joint winners!"
            if not event.points:
                return result
            order = sorted(range(len(event.points)), key=lambda s: (event.points[s], s))
            tally = join_words([f"{self.name(s, you)} {event.points[s]}" for s in order])
            return f"{result} Penalty points: {tally}."
        return None

    def _taken(self, event: CardTaken, you: int | None) -> str:
        verb = "drew" if event.source is Source.STOCK else "picked up"
        late = "Time is up: " if event.forced else ""
        if event.seat == you and event.card is not None:
            return f"{late}you {verb} the {card_name(event.card)}."
        return f"{late}{self.players[event.seat]} {verb} a card."

    def _passed(self, event: CardPassed, you: int | None) -> str:
        late = "Time is up: " if event.forced else ""
        if event.seat == you and event.card is not None:
            what = f"the {card_name(event.card)}"
            if event.to is None:
                return f"{late}you discarded {what}."
            return f"{late}you passed {what} to {self.players[event.to]}."
        who = self.players[event.seat]
        if event.to is None:
            return f"{late}{who} discarded a card."
        if event.to == you:
            return f"{late}{who} passed you a card."
        return f"{late}{who} passed a card to {self.players[event.to]}."
