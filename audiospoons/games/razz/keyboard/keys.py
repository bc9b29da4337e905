"""The keys of Razz Spoons: a key and what the seat knows in, what to do out. Pure.

Razz Spoons at the keyboard
===========================

Your hand is sorted by suit (clubs, diamonds, hearts, spades), then by rank.

- **Left**, **Right**: move through your hand; **Home**, **End**: the first and last card.
- **Up**: the next card you can play.
- **Enter**: play the card under the cursor. A King asks whom it sends its cards to (Left and
  Right through the other players in turn order, Enter to choose); an Eight asks the new suit
  (C, D, H or S, or Left, Right and Enter). Facing a King, Enter on a King bounces it back.
- **Down** or **D**: draw a card. Facing a King or a count: take the cards (then say the
  phrase in time). After drawing a card you could play, Down again, or **K**, keeps it.
- **Space**: grab a spoon, when a Jack puts them out.
- **P**: say the Razzing Phrase when you owe it; facing a King or a count, it takes the cards
  with the phrase said. The dealer types the phrase with P or Enter.
- **L**: announce your last card.
- **Z**: razz the player whose mistake is the latest you may razz; when nobody's is, it asks
  whom. **Shift+Z**: choose whom to razz.
- **T**: whose turn, the direction, a King or a count under way. **F2**: the top card, the
  suit in force and the count. **F3**: how many cards each player holds. **F4**: the scores.
  **F5**: the options. **F6**: the phrase, who owes it, and the mistakes you may razz.
  **H**: your hand.
- **Comma** and **Period** (Page Up, Page Down), **<** and **>**: what was said; **R**: say it
  again; **F7**, **F8**: sound volume; **F9**, **F10**: speech rate; **F1**: the keys;
  **Escape**: pause.

``RazzKeys.press`` gives a command for the table, a question to put to the player, where the
cursor went, a ``Tell`` (a key that only says something: the shell answers it from the view), or
a ``Refused`` with the reason code the voice says. Given the game's ``verify`` (a local table),
every command is checked first, so that a refusal carries the engine's own reason; without it
(online), the command goes out and the table's refusal comes back with the same reasons. The
keys add three reasons of their own: "no-slot" (no card under the cursor), "no-playable" (Up,
with no card to play) and "has-spoon" (Space again while you hold a spoon: a double grab is a
mistake the keys make only when ``let_players_err`` is on).

A question answers keys of its own (``press``): Left/Up and Right/Down move, Home and End,
Enter chooses, Escape cancels; a suit question also takes C, D, H and S, and the razz question
its razz key again. A key it does not use gives None, for the shell to treat as usual.

Key labels are those of ``audiospoons.keys``; the settings keep only what differs from
``DEFAULT_RAZZ_KEYS``, as the classic game's ``gamekeys`` does, and ``razz_bindings`` reads them.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from enum import Enum

from audiospoons.engine.cards import SUITS, Card
from audiospoons.engine.commands import Command
from audiospoons.engine.errors import RulesError
from audiospoons.games.razz.rules.commands import (
    Announce,
    ChoosePhrase,
    DrawCard,
    GrabSpoon,
    Keep,
    PlayCard,
    Razz,
    SayPhrase,
)
from audiospoons.games.razz.rules.facts import EIGHT, KING, fits
from audiospoons.games.razz.rules.options import RazzOptions
from audiospoons.games.razz.rules.razztable import Phase
from audiospoons.games.razz.view import RazzSeatView
from audiospoons.ui.gamekeys import KeyTable, SharedAction, bound_action, help_order, shared_keys

Verify = Callable[[Command], None]
"""The game's ``verify``: raises the ``RulesError`` that handling the command would."""


class RazzAction(Enum):
    """What a key does in Razz Spoons, besides the shared actions. Names the classic game's
    ``games.spoons.keys.SpoonsAction`` has too mean the same."""

    CURSOR_LEFT = "cursor-left"
    CURSOR_RIGHT = "cursor-right"
    CURSOR_FIRST = "cursor-first"
    CURSOR_LAST = "cursor-last"
    NEXT_PLAYABLE = "next-playable"
    PLAY = "play"
    DRAW = "draw"
    """Draw, take a King's or a count's cards, or keep a card just drawn."""
    KEEP = "keep"
    GRAB = "grab"
    PHRASE = "phrase"
    ANNOUNCE = "announce"
    RAZZ = "razz"
    RAZZ_WHOM = "razz-whom"
    HAND = "hand"
    TURN = "turn"
    TOP = "top"
    COUNTS = "counts"
    SCORES = "scores"
    OPTIONS = "options"
    RAZZING = "razzing"
    """The phrase, who owes it, and the mistakes that may be razzed."""


DEFAULT_RAZZ_KEYS: dict[RazzAction | SharedAction, tuple[str, ...]] = {
    RazzAction.CURSOR_LEFT: ("left",),
    RazzAction.CURSOR_RIGHT: ("right",),
    RazzAction.CURSOR_FIRST: ("home",),
    RazzAction.CURSOR_LAST: ("end",),
    RazzAction.NEXT_PLAYABLE: ("up",),
    RazzAction.PLAY: ("enter",),
    RazzAction.DRAW: ("down", "d"),
    RazzAction.KEEP: ("k",),
    RazzAction.GRAB: ("space",),
    RazzAction.PHRASE: ("p",),
    RazzAction.ANNOUNCE: ("l",),
    RazzAction.RAZZ: ("z",),
    RazzAction.RAZZ_WHOM: ("shift+z",),
    RazzAction.HAND: ("h",),
    RazzAction.TURN: ("t",),
    RazzAction.TOP: ("f2",),
    RazzAction.COUNTS: ("f3",),
    RazzAction.SCORES: ("f4",),
    RazzAction.OPTIONS: ("f5",),
    RazzAction.RAZZING: ("f6",),
} | shared_keys()

CURSOR_STEPS = {RazzAction.CURSOR_LEFT: -1, RazzAction.CURSOR_RIGHT: 1}



RAZZ_HELP_ORDER = help_order(RazzAction, (
    RazzAction.CURSOR_LEFT,
    RazzAction.CURSOR_RIGHT,
    RazzAction.CURSOR_FIRST,
    RazzAction.CURSOR_LAST,
    RazzAction.NEXT_PLAYABLE,
    RazzAction.PLAY,
    RazzAction.DRAW,
    RazzAction.KEEP,
    RazzAction.GRAB,
    RazzAction.PHRASE,
    RazzAction.ANNOUNCE,
    RazzAction.RAZZ,
    RazzAction.RAZZ_WHOM,
    RazzAction.TURN,
    RazzAction.TOP,
    RazzAction.COUNTS,
    RazzAction.SCORES,
    RazzAction.OPTIONS,
    RazzAction.RAZZING,
    RazzAction.HAND,
))
"""Razz Spoons' actions as F1 says them once keys are moved, in the order its help says them:
the hand, playing and drawing, the grab, the phrase and razzing, then what the seat may ask."""

RAZZ_TELLING = frozenset({RazzAction.HAND, RazzAction.TURN, RazzAction.TOP, RazzAction.COUNTS,
                          RazzAction.SCORES, RazzAction.OPTIONS, RazzAction.RAZZING})
"""The keys that only say how things stand."""

RAZZ_ACTION_IDS: dict[RazzAction, str] = {
    RazzAction.CURSOR_LEFT: "keys.action.cursor-left",
    RazzAction.CURSOR_RIGHT: "keys.action.cursor-right",
    RazzAction.CURSOR_FIRST: "keys.razz.cursor-first",
    RazzAction.CURSOR_LAST: "keys.razz.cursor-last",
    RazzAction.NEXT_PLAYABLE: "keys.razz.next-playable",
    RazzAction.PLAY: "keys.razz.play",
    RazzAction.DRAW: "keys.razz.draw",
    RazzAction.KEEP: "keys.razz.keep",
    RazzAction.GRAB: "keys.razz.grab",
    RazzAction.PHRASE: "keys.razz.phrase",
    RazzAction.ANNOUNCE: "keys.razz.announce",
    RazzAction.RAZZ: "keys.razz.razz",
    RazzAction.RAZZ_WHOM: "keys.razz.razz-whom",
    RazzAction.HAND: "keys.action.hand",
    RazzAction.TURN: "keys.razz.turn",
    RazzAction.TOP: "keys.razz.top",
    RazzAction.COUNTS: "keys.razz.counts",
    RazzAction.SCORES: "keys.razz.scores",
    RazzAction.OPTIONS: "keys.action.options",
    RazzAction.RAZZING: "keys.razz.razzing",
}
"""The message id of each Razz Spoons action's name: the classic game's where it means the
same."""

RAZZ_KEYS: KeyTable[RazzAction] = KeyTable(RazzAction, DEFAULT_RAZZ_KEYS, RAZZ_ACTION_IDS)


def razz_bindings(overrides: Mapping[str, str] | None = None
                  ) -> dict[RazzAction | SharedAction, tuple[str, ...]]:
    """Every action's keys: the defaults, with ``overrides`` moved as ``gamekeys.bind``
    moves them."""
    return RAZZ_KEYS.bindings(overrides)


def razz_keymap(overrides: Mapping[str, str] | None = None
                ) -> dict[str, RazzAction | SharedAction]:
    """Key label to action, for ``razz_bindings(overrides)``."""
    return RAZZ_KEYS.keymap(overrides)


def razz_overrides_for(keys: Mapping[RazzAction | SharedAction, tuple[str, ...]]
                       ) -> dict[str, str]:
    """What the settings keep for these bindings: the actions whose keys are not the default."""
    return RAZZ_KEYS.overrides_for(keys)


# --------------------------------------------------------------------- what a key gives

@dataclass(frozen=True, slots=True)
class Refused:
    """The key cannot act now: ``reason`` is the engine's reason code (or one of the keys'
    own, see the module), ``command`` what it would have sent."""

    reason: str
    command: Command | None = None


@dataclass(frozen=True, slots=True)
class Tell:
    """A key that changes nothing at the table: the shell answers it from the view (a status,
    the history, the volume, help, the pause menu)."""

    action: RazzAction | SharedAction


@dataclass(frozen=True, slots=True)
class CursorAt:
    """The cursor moved (or stayed) on ``card``, at ``index`` of ``size`` cards in hand order."""

    card: Card | None
    index: int
    size: int
    playable: bool


@dataclass(frozen=True, slots=True)
class Cancelled:
    """The player left a question with Escape."""


class QuestionKind(Enum):
    KING_TARGET = "king-target"
    EIGHT_SUIT = "eight-suit"
    RAZZ_TARGET = "razz-target"
    PHRASE = "phrase"
    """The dealer types the Razzing Phrase (a text field)."""


PREVIOUS = ("left", "up")
NEXT = ("right", "down")


def _checked(command: Command, verify: Verify | None) -> Command | Refused:
    if verify is None:
        return command
    try:
        verify(command)
    except RulesError as error:
        return Refused(error.reason, command)
    return command


def _moved(focus: int, size: int, label: str) -> int | None:
    """Where a movement key takes the focus of a question, stopping at the ends."""
    if label in PREVIOUS:
        return max(focus - 1, 0)
    if label in NEXT:
        return min(focus + 1, size - 1)
    if label == "home":
        return 0
    if label == "end":
        return size - 1
    return None


@dataclass(frozen=True, slots=True)
class SeatQuestion:
    """Whom a King sends its cards to, or whom to razz: ``seats`` in turn order from the next
    player, ``focus`` the one the player is on; Enter (or a ``confirm`` key) chooses it."""

    kind: QuestionKind
    seat: int
    seats: tuple[int, ...]
    focus: int = 0
    card: Card | None = None
    """The King, for a King's target."""
    confirm: tuple[str, ...] = ()

    @property
    def focused(self) -> int:
        return self.seats[self.focus]

    def answer(self, target: int, verify: Verify | None = None) -> Command | Refused:
        if self.kind is QuestionKind.KING_TARGET and self.card is not None:
            return _checked(PlayCard(self.seat, self.card, target=target), verify)
        return _checked(Razz(self.seat, target), verify)

    def press(self, label: str, verify: Verify | None = None) -> Answer:
        if label == "escape":
            return Cancelled()
        if label == "enter" or label in self.confirm:
            return self.answer(self.focused, verify)
        focus = _moved(self.focus, len(self.seats), label)
        return None if focus is None else replace(self, focus=focus)


@dataclass(frozen=True, slots=True)
class SuitQuestion:
    """The suit an Eight names: C, D, H or S at once, or ``SUITS[focus]`` with Enter."""

    seat: int
    card: Card
    focus: int = 0

    @property
    def kind(self) -> QuestionKind:
        return QuestionKind.EIGHT_SUIT

    @property
    def focused(self) -> str:
        return SUITS[self.focus]

    def answer(self, suit: str, verify: Verify | None = None) -> Command | Refused:
        return _checked(PlayCard(self.seat, self.card, suit=suit), verify)

    def press(self, label: str, verify: Verify | None = None) -> Answer:
        if label == "escape":
            return Cancelled()
        if label == "enter":
            return self.answer(self.focused, verify)
        if label.upper() in SUITS and len(label) == 1:
            return self.answer(label.upper(), verify)
        focus = _moved(self.focus, len(SUITS), label)
        return None if focus is None else replace(self, focus=focus)


@dataclass(frozen=True, slots=True)
class PhraseQuestion:
    """The dealer types the Razzing Phrase; the shell runs a text field and gives ``answer``
    the text."""

    seat: int

    @property
    def kind(self) -> QuestionKind:
        return QuestionKind.PHRASE

    def answer(self, text: str, verify: Verify | None = None) -> Command | Refused:
        return _checked(ChoosePhrase(self.seat, text), verify)


Question = SeatQuestion | SuitQuestion | PhraseQuestion
Outcome = Command | SeatQuestion | SuitQuestion | PhraseQuestion | Tell | CursorAt | Refused
Answer = Command | SeatQuestion | SuitQuestion | Refused | Cancelled | None
"""What a key does in a question: the command chosen (or its refusal), the question with its
focus moved, Cancelled, or None for a key the question does not use."""


def phase_reason(view: RazzSeatView) -> str | None:
    """The engine's reason for refusing any move outside a round, if the seat is outside one."""
    return {Phase.CHOOSING: "choosing-phrase", Phase.BETWEEN_ROUNDS: "between-rounds",
            Phase.OVER: "game-over"}.get(view.phase)


def best_suit(view: RazzSeatView, eight: Card) -> str:
    """The suit most of the rest of the hand is in (Eights aside), for a suit question's first
    focus; the Eight's own when nothing else is left."""
    rest = [card for card in view.hand if card.rank != EIGHT]
    if not rest:
        return eight.suit
    return max(SUITS, key=lambda suit: (sum(card.suit == suit for card in rest),
                                        -SUITS.index(suit)))


class RazzKeys:
    """One seat's keys: ``press`` reads the view (and moves its hand cursor), nothing else."""

    def __init__(self, options: RazzOptions, overrides: Mapping[str, str] | None = None
                 ) -> None:
        self.options = options
        self.overrides = dict(overrides or {})
        self.bindings = razz_bindings(overrides)
        self.keys = razz_keymap(overrides)

    def opening_question(self, view: RazzSeatView) -> PhraseQuestion | None:
        """A question the game waits on this seat for, to put without a key: the phrase."""
        if view.phase is Phase.CHOOSING and view.chooser == view.seat:
            return PhraseQuestion(view.seat)
        return None

    def press(self, label: str, view: RazzSeatView, verify: Verify | None = None
              ) -> Outcome | None:
        """What the key ``label`` does now (None: it is no key of the game)."""
        action = bound_action(self.keys, label)
        if action is None:
            return None
        if isinstance(action, SharedAction):
            return Tell(action)
        if action in CURSOR_STEPS:
            view.move_cursor(CURSOR_STEPS[action])
            return self.cursor_at(view)
        if action in (RazzAction.CURSOR_FIRST, RazzAction.CURSOR_LAST):
            view.cursor_to(0 if action is RazzAction.CURSOR_FIRST else len(view.ordered) - 1)
            return self.cursor_at(view)
        if action is RazzAction.NEXT_PLAYABLE:
            return self.cursor_at(view) if view.next_playable() else self._none_playable(view)
        move = self._move(action, view, verify)
        return Tell(action) if move is None else move

    def _move(self, action: RazzAction, view: RazzSeatView, verify: Verify | None
              ) -> Outcome | None:
        """The keys that act at the table; None for the keys that only tell."""
        me = view.seat
        asked = self.opening_question(view)
        if asked is not None and action in (RazzAction.PLAY, RazzAction.PHRASE):
            return asked
        if action is RazzAction.PLAY:
            return self._play(view, verify)
        if action is RazzAction.DRAW:
            return _checked(Keep(me) if view.drawn is not None else DrawCard(me), verify)
        if action is RazzAction.KEEP:
            return _checked(Keep(me), verify)
        if action is RazzAction.GRAB:
            if view.has_spoon() and not self.options.let_players_err:
                return Refused("has-spoon", GrabSpoon(me))
            return _checked(GrabSpoon(me), verify)
        if action is RazzAction.PHRASE:
            return _checked(SayPhrase(me), verify)
        if action is RazzAction.ANNOUNCE:
            return _checked(Announce(me), verify)
        if action in (RazzAction.RAZZ, RazzAction.RAZZ_WHOM):
            return self._razz(view, verify, choose=action is RazzAction.RAZZ_WHOM)
        return None

    def cursor_at(self, view: RazzSeatView) -> CursorAt:
        """Where the cursor is in the hand, and the card there."""
        card = view.under_cursor
        return CursorAt(card, view.cursor, len(view.ordered),
                        card is not None and card in view.playable_cards())

    def _none_playable(self, view: RazzSeatView) -> Refused:
        reason = phase_reason(view)
        if reason is None and view.phase is Phase.RACE:
            reason = "spoons-out"
        elif reason is None and not view.my_turn:
            reason = "not-your-turn"
        elif reason is None:
            reason = ("no-playable-king" if view.facing_king else
                      "no-playable-count" if view.facing_count else "no-playable")
        return Refused(reason)

    def _play(self, view: RazzSeatView, verify: Verify | None) -> Outcome:
        me, card = view.seat, view.under_cursor
        if card is None:
            return Refused(phase_reason(view) or "no-slot")
        others = view.others_in_turn_order()
        if card.rank == KING:
            king = view.king
            if king is not None and king.target == me:
                return _checked(PlayCard(me, card, target=king.sender), verify)
            command = _checked(PlayCard(me, card, target=others[0]), verify)
            if isinstance(command, Refused) or not self._has_power(view, card):
                return command
            return SeatQuestion(QuestionKind.KING_TARGET, me, tuple(others), 0, card)
        if card.rank == EIGHT:
            command = _checked(PlayCard(me, card, suit=card.suit), verify)
            if isinstance(command, Refused) or not self._has_power(view, card):
                return command
            return SuitQuestion(me, card, SUITS.index(best_suit(view, card)))
        return _checked(PlayCard(me, card), verify)

    def _has_power(self, view: RazzSeatView, card: Card) -> bool:
        """Whether the card, played now, would have its power (so that its target or suit
        matter): in turn, matching, and not the last card (which ends the round)."""
        return (view.my_turn and not view.facing_king and view.top is not None
                and (view.drawn is None or card == view.drawn)
                and fits(card, view.top, view.suit, view.count) and len(view.hand) > 1)

    def _razz(self, view: RazzSeatView, verify: Verify | None, *, choose: bool) -> Outcome:
        me = view.seat
        latest = view.latest_razzable()
        if latest is not None and not choose:
            return _checked(Razz(me, latest), verify)
        reason = phase_reason(view)
        if reason is not None:
            return Refused(reason)
        seats = tuple(view.others_in_turn_order())
        focus = seats.index(latest) if latest is not None else 0
        confirm = self.bindings[RazzAction.RAZZ] + self.bindings[RazzAction.RAZZ_WHOM]
        return SeatQuestion(QuestionKind.RAZZ_TARGET, me, seats, focus, confirm=confirm)
