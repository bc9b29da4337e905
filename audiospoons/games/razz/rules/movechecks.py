"""Whether a move of Razz Spoons is allowed now, and what it would be.

Each ``verify_*`` raises a ``RulesError`` saying what is wrong. Where the same command may be
different moves, the check says which: a card played as a fault (with ``let_players_err``) or
by the rules, a draw that is the turn's or takes a King's or a count's cards, a phrase owed or
said to take the cards. The game asks, then makes the move.
"""

from __future__ import annotations

from enum import Enum

from audiospoons.engine.cards import RANKS, SUITS, Card
from audiospoons.engine.errors import MalformedCommand, NotAllowedNow
from audiospoons.games.razz.rules.events import Fault
from audiospoons.games.razz.rules.facts import EIGHT, KING, fits
from audiospoons.games.razz.rules.phrase import clean_phrase
from audiospoons.games.razz.rules.razztable import Phase, RazzTable


class DrawKind(Enum):
    """What a ``DrawCard`` would be now."""

    TURN = "turn"
    TAKE = "take"
    OUT_OF_TURN = "out-of-turn"


class MoveChecks:
    """The checks on every move, reading the round through ``RazzTable``."""

    def __init__(self, table: RazzTable) -> None:
        self.table = table

    # ----------------------------------------------------------------- play a card

    def verify_play(self, seat: int, card: Card, target: int | None = None,
                    suit: str | None = None) -> None:
        self.judge_play(seat, card, target, suit)

    def judge_play(self, seat: int, card: Card, target: int | None,
                   suit: str | None) -> Fault | None:
        """Refuse the play, or say the fault it would be (``None``: a play by the rules)."""
        table = self.table
        self.check_seat(seat)
        self._check_play_shape(seat, card, target, suit)
        self.verify_card_move(seat)
        name, hand = table.names[seat], table.hands[seat]
        if card not in hand:
            raise NotAllowedNow(f"{name} does not hold the {card}", reason="not-held")
        king = table.king
        if king is not None and seat == king.target:
            if card.rank != KING:
                raise NotAllowedNow(f"{name} must bounce the King with a King, or take the"
                                    " cards", reason="king-or-take")
            if target != king.sender:
                raise NotAllowedNow(f"a bounce goes back to {table.names[king.sender]}, who"
                                    " sent it", reason="bounce-sender")
            return None
        if seat != table.to_act():
            fault = Fault.OUT_OF_TURN
        elif table.drawn is not None and card != table.drawn:
            raise NotAllowedNow(f"{name} has drawn: only the {table.drawn} may be played now",
                                reason="play-drawn")
        elif not fits(card, table.top, table.suit, table.count):
            fault = Fault.MISMATCH
        else:
            return None
        if not table.options.let_players_err:
            if fault is Fault.OUT_OF_TURN:
                raise NotAllowedNow(f"it is not {name}'s turn", reason="not-your-turn")
            if table.count:
                raise NotAllowedNow(f"only a two or an ace may go on the count of {table.count}",
                                    reason="count-only")
            if table.suit != table.top.suit:
                raise NotAllowedNow(f"the {card} matches neither the suit called ({table.suit})"
                                    f" nor the rank of the {table.top}",
                                    reason="no-match-called")
            raise NotAllowedNow(f"the {card} matches neither the suit nor the rank of the"
                                f" {table.top}", reason="no-match")
        if len(hand) == 1:
            raise NotAllowedNow(f"{name}'s last card must be played in turn and must match",
                                reason="last-card")
        return fault

    def any_aim(self, seat: int, card: Card) -> tuple[int | None, str | None]:
        """A target and a suit that make ``card`` a well-formed play for ``seat``."""
        table = self.table
        target = None
        if card.rank == KING:
            king = table.king
            target = king.sender if king is not None and seat == king.target \
                else (seat + 1) % table.players
        return target, (SUITS[0] if card.rank == EIGHT else None)

    def _check_play_shape(self, seat: int, card: Card, target: int | None,
                          suit: str | None) -> None:
        if card.rank not in RANKS or card.suit not in SUITS:
            raise MalformedCommand(f"there is no {card} in two standard packs")
        if card.rank == KING:
            if target is None:
                raise MalformedCommand("a King names the player who must draw")
            self.check_seat(target)
            if target == seat:
                raise MalformedCommand("a King names another player")
        elif target is not None:
            raise MalformedCommand("only a King names a player")
        if card.rank == EIGHT:
            if suit not in SUITS:
                raise MalformedCommand("an Eight names the new suit: C, D, H or S")
        elif suit is not None:
            raise MalformedCommand("only an Eight names a suit")

    # ----------------------------------------------------------------- draw, take, keep

    def verify_draw(self, seat: int) -> None:
        self.draw_kind(seat)

    def draw_kind(self, seat: int) -> DrawKind:
        table = self.table
        self.check_seat(seat)
        self.verify_card_move(seat)
        if table.king is not None:
            if seat == table.king.target:
                return DrawKind.TAKE
        elif seat == table.turn_seat:
            if table.drawn is not None:
                raise NotAllowedNow(f"{table.names[seat]} has drawn: play the {table.drawn} or"
                                    " keep it", reason="already-drawn")
            return DrawKind.TAKE if table.count else DrawKind.TURN
        if not table.options.let_players_err:
            raise NotAllowedNow(f"it is not {table.names[seat]}'s turn", reason="not-your-turn")
        return DrawKind.OUT_OF_TURN

    def verify_keep(self, seat: int) -> None:
        table = self.table
        self.check_seat(seat)
        self.verify_card_move(seat)
        if table.king is not None or seat != table.turn_seat or table.drawn is None:
            raise NotAllowedNow(f"{table.names[seat]} has no card just drawn to keep",
                                reason="nothing-drawn")

    # ----------------------------------------------------------------- the phrase

    def verify_choose_phrase(self, seat: int, text: str) -> None:
        table = self.table
        self.check_seat(seat)
        if table.phase is not Phase.CHOOSING:
            raise NotAllowedNow("the phrase is chosen once, after the first deal",
                                reason="phrase-chosen")
        if seat != table.dealer:
            raise NotAllowedNow(f"{table.names[table.dealer]} deals and chooses the phrase",
                                reason="not-dealer")
        clean_phrase(text)

    def verify_say_phrase(self, seat: int) -> None:
        self.say_kind(seat)

    def say_kind(self, seat: int) -> DrawKind | None:
        """``None``: the seat says a phrase it owes; ``TAKE``: it takes a King's or a count's
        cards with it."""
        table = self.table
        self.check_seat(seat)
        self.verify_in_round(seat)
        if table.referee.owes(seat):
            return None
        late = table.referee.is_late(seat, table.turn_number)
        king = table.king
        if table.phase is Phase.PLAYING and (
                (king is not None and seat == king.target)
                or (king is None and seat == table.turn_seat and table.count
                    and table.drawn is None)):
            return DrawKind.TAKE
        if late:
            raise NotAllowedNow(f"too late: {table.names[seat]}'s time to say the phrase is"
                                " over", reason="phrase-late")
        raise NotAllowedNow(f"{table.names[seat]} owes no phrase now", reason="no-phrase-owed")

    # ----------------------------------------------------------------- the spoons

    def verify_grab(self, seat: int) -> None:
        self.check_seat(seat)
        self.verify_in_round(seat)
        if self.table.race is None:
            raise NotAllowedNow("the spoons are not out: they come out for a Jack",
                                reason="no-race")
        self.table.race.verify_grab(seat)

    # ----------------------------------------------------------------- one card left

    def verify_announce(self, seat: int) -> None:
        table = self.table
        self.check_seat(seat)
        self.verify_in_round(seat)
        name, held = table.names[seat], len(table.hands[seat])
        if held != 1:
            raise NotAllowedNow(f"{name} holds {held} cards", reason="not-one-card")
        if seat in table.referee.announced:
            raise NotAllowedNow(f"{name} has announced it already", reason="announced")
        if seat not in table.referee.unannounced:
            raise NotAllowedNow(f"too late: another player has acted since {name} came down"
                                " to one card", reason="announce-late")

    # ----------------------------------------------------------------- razzing

    def verify_razz(self, seat: int, target: int) -> None:
        table = self.table
        self.check_seat(seat)
        self.check_seat(target)
        if target == seat:
            raise MalformedCommand("a player razzes another player")
        self.verify_in_round(seat)
        live = table.referee.live(target, table.turn_number)
        if live and all(fault.razzed for fault in live):
            raise NotAllowedNow(f"{table.names[target]}'s mistake has been razzed already",
                                reason="already-razzed")

    # ----------------------------------------------------------------- where the round stands

    def check_seat(self, seat: int) -> None:
        if not 0 <= seat < self.table.players:
            raise MalformedCommand(f"there is no seat {seat}")

    def verify_in_round(self, seat: int) -> None:
        table = self.table
        if table.phase is Phase.CHOOSING:
            raise NotAllowedNow(f"{table.names[table.dealer]} is choosing the Razzing Phrase",
                                reason="choosing-phrase")
        if table.phase is Phase.BETWEEN_ROUNDS:
            raise NotAllowedNow("the next round has not been dealt yet", reason="between-rounds")
        if table.phase is Phase.OVER:
            raise NotAllowedNow("the game is over", reason="game-over")

    def verify_card_move(self, seat: int) -> None:
        self.verify_in_round(seat)
        if self.table.phase is Phase.RACE:
            raise NotAllowedNow("the spoons are out: grab one", reason="spoons-out")
