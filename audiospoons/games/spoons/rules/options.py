"""The game options: their keys, values, defaults (from seed 000) and validation.

The same keys serve scenario files, ``--option key=value`` and the settings. ``OPTION_SPECS`` is
the single list of them; ``Options.from_mapping`` reads values given as text or as TOML values.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum

from audiospoons.engine.cards import DeckKind, pack_size
from audiospoons.engine.errors import InvalidOptions
from audiospoons.engine.optionparse import (
    OptionSpec,
    boolean_option,
    describe_options,
    enum_option,
    number_option,
    options_from,
    show_option,
)


class DrawVariant(Enum):
    DRAW = "draw"
    DISCARD = "discard"
    EITHER = "either"


class Grabbing(Enum):
    REACTION = "reaction"
    SELECTION = "selection"
    REALTIME = "realtime"


class ReactionStyle(Enum):
    FIRST = "first"
    MASH = "mash"


class Premature(Enum):
    NONE = "none"
    ELIMINATE = "eliminate"
    LETTER = "letter"
    VOID = "void"
    BLUFF = "bluff"


class Scoring(Enum):
    SUDDEN_DEATH = "sudden-death"
    LETTERS = "letters"
    POINTS = "points"


class Disputed(Enum):
    """A grab the rules cannot settle: two hands on the last spoon within a millisecond."""

    ORDER = "order"
    VOID = "void"


class NextDealer(Enum):
    ROTATE = "rotate"
    FIRST_SET = "first-set"


PLAYERS_MIN, PLAYERS_MAX = 2, 25
"""Twenty-five is as many as two packs deal four cards to and leave a stock (seed 002)."""

MASH_SECONDS = 3.0
"""How long a mash reaction test counts presses (seed 000, option 2)."""

FEINT_LOCKOUT = 1.0
"""Seconds a feint locks that player's feints (with ``premature = bluff``): a held feint key is
one feint."""

PAUSE_MAX = 10.0
"""The longest pause before a reaction test's cue, and the longest wait for other stealers."""
SECONDS_MAX = 60.0
"""The longest of the other timings of play: choosing, holding a claim, the reaction timeout,
the pause between rounds."""
LIMIT_MAX = 600.0
"""The longest time limit on grabbing or on a move: ten minutes."""

NOT_YET_PLAYABLE: dict[str, frozenset[str]] = {}
"""Option values that are named but cannot be played yet, by option key."""


@dataclass(frozen=True, slots=True)
class Options:
    """Every option of the classic game; the defaults are seed 000's."""

    draw: DrawVariant = DrawVariant.DRAW
    grabbing: Grabbing = Grabbing.REACTION
    selection_time: float = 5.0
    claim_hold: float = 3.0
    stealer_timeframe: float = 0.0
    reaction_style: ReactionStyle = ReactionStyle.FIRST
    react_pause: float | None = None
    react_timeout: float = 3.0
    spoons_subtracted: int = 1
    grab_time_limit: float = 10.0
    discard_time_limit: float = 0.0
    premature: Premature = Premature.NONE
    announce_phase2: bool = False
    scoring: Scoring = Scoring.SUDDEN_DEATH
    word: str = "SPOONS"
    joint_winners_at_two: bool = False
    next_dealer: NextDealer = NextDealer.ROTATE
    deck: DeckKind = DeckKind.STANDARD
    hand_size: int = 4
    round_pause: float = 3.0
    teams: bool = False
    signal: bool = False
    knife_redraw: int = 4
    keep_playing: bool = False
    waiting_pile: bool = True
    disputed: Disputed = Disputed.ORDER

    @property
    def set_size(self) -> int:
        """Cards of one rank that make a set: three with three-card hands, else four."""
        return 3 if self.hand_size == 3 else 4

    @classmethod
    def from_mapping(cls, values: Mapping[str, object]) -> Options:
        """Options from ``key -> value``; unknown keys and bad values raise ``InvalidOptions``."""
        options = options_from(cls, OPTION_SPECS, values)
        options.check()
        return options

    def check(self) -> None:
        """Refuse values that no table could play, whatever the number of players."""
        for key, values in NOT_YET_PLAYABLE.items():
            value = getattr(self, key)
            if isinstance(value, Enum) and value.value in values:
                raise InvalidOptions(f"{key} = {value.value} is not playable yet")
        if self.deck is DeckKind.NO_STOCK:
            if self.draw is not DrawVariant.DISCARD:
                raise InvalidOptions(
                    "the no-stock pack has no stock to draw from: set draw = discard, and"
                    " everyone passes at once"
                )
            if self.hand_size != 4:
                raise InvalidOptions("the no-stock pack deals four cards each: hand_size = 4")
        if self.premature is Premature.BLUFF and self.grabbing is not Grabbing.REACTION:
            raise InvalidOptions("feints (premature = bluff) are for reaction-only grabbing:"
                                 " with numbered spoons every reach is for a spoon",
                                 reason="bluff.grabbing")
        if self.signal and self.grabbing is not Grabbing.REACTION:
            raise InvalidOptions("the signal variants have no spoons to number: grabbing ="
                                 " reaction", reason="signal.grabbing")
        if self.signal and self.premature is Premature.BLUFF:
            raise InvalidOptions("the signal variants have no reach for the spoons to feint:"
                                 " choose another premature grabbing", reason="signal.bluff")
        if self.signal and self.reaction_style is not ReactionStyle.FIRST:
            raise InvalidOptions("a signal is copied once, not mashed: reaction_style = first",
                                 reason="signal.mash")
        if self.teams and self.scoring is Scoring.POINTS:
            raise InvalidOptions("teams play until one team is left, so they need a scoring"
                                 " that puts players out: sudden-death or letters")
        if self.teams and self.joint_winners_at_two:
            raise InvalidOptions("teams play until one team is left: joint_winners_at_two"
                                 " cannot be on with teams")
        if self.scoring is Scoring.POINTS and self.next_dealer is NextDealer.FIRST_SET:
            raise InvalidOptions(
                "points scoring plays one round dealt by each player in turn, so next_dealer"
                " must be rotate"
            )

    def spoons_for(self, players: int) -> int:
        """The spoons a round of ``players`` active players is dealt: ``spoons_subtracted``
        fewer, but never none (the last two players still play for one)."""
        return max(1, players - self.spoons_subtracted)

    def check_players(self, players: int) -> None:
        """Refuse a table of ``players`` that these options cannot deal or give a spoon to."""
        if players < 2:
            raise InvalidOptions("a game needs at least two players")
        if self.teams and (players < 4 or players % 2):
            raise InvalidOptions(f"teams are pairs: play with an even number of players, 4 or"
                                 f" more, not {players}")
        if players - self.spoons_subtracted < 1:
            raise InvalidOptions(
                f"with {players} players, subtracting {self.spoons_subtracted} spoons leaves no"
                " spoon on the table"
            )
        if self.deck is DeckKind.NO_STOCK:
            if players > 13:
                raise InvalidOptions("the no-stock pack has thirteen ranks: at most 13 players")
            return
        pack = pack_size(self.deck)
        if players * self.hand_size >= pack:
            raise InvalidOptions(
                f"{players} players with {self.hand_size} cards each need"
                f" {players * self.hand_size} cards and leave no stock in a pack of {pack};"
                + (" use fewer players" if self.deck is not DeckKind.STANDARD
                   else " use two packs or fewer players")
            )

    def describe(self) -> dict[str, str]:
        """Each option's value as it is written in a scenario file."""
        return describe_options(self, OPTION_SPECS)


def _word(raw: object) -> object:
    word = str(raw).strip().upper()
    if not word.isalpha() or not 1 <= len(word) <= 12:
        raise InvalidOptions(f"word = {raw!r}: use one word of 1 to 12 letters, such as SPOONS")
    return word


def _show(value: object) -> str:
    return "random" if value is None else show_option(value)


OPTION_SPECS: tuple[OptionSpec, ...] = (
    OptionSpec("draw", "draw, discard, either",
               "Where players get cards: everyone draws from the stock, only the dealer draws and"
               " cards pass left (picked up in the order they came), or either one: draw from the"
               " stock, or pick up the last card discarded to you.",
               enum_option(DrawVariant, "draw"), _show),
    OptionSpec("grabbing", "reaction, selection, realtime",
               "How spoons are taken: reaction only, single selection, or realtime fighting.",
               enum_option(Grabbing, "grabbing"), _show),
    OptionSpec("selection_time", f"seconds, 0.5 to {SECONDS_MAX:g}",
               "Single selection: how long after the first grab everyone has to choose a spoon.",
               number_option("selection_time", 0.5, maximum=SECONDS_MAX), _show),
    OptionSpec("claim_hold", f"seconds, 0.5 to {SECONDS_MAX:g}",
               "Realtime fighting: how long a grabbed spoon must go unchallenged to be safe.",
               number_option("claim_hold", 0.5, maximum=SECONDS_MAX), _show),
    OptionSpec("stealer_timeframe", f"seconds, 0 to {PAUSE_MAX:g}",
               "Realtime fighting: after a steal, how long others may join the fight for that"
               " spoon.", number_option("stealer_timeframe", 0.0, maximum=PAUSE_MAX), _show),
    OptionSpec("reaction_style", "first, mash",
               "Reaction tests: the slowest single press loses, or the fewest presses in three"
               " seconds loses.", enum_option(ReactionStyle, "reaction_style"), _show),
    OptionSpec("react_pause", f"seconds, 0 to {PAUSE_MAX:g}, or random",
               "The pause before react now; random is one to two seconds.",
               number_option("react_pause", 0.0, allow_random=True, maximum=PAUSE_MAX), _show),
    OptionSpec("react_timeout", f"seconds, 0.1 to {SECONDS_MAX:g}",
               "How long after react now a press still counts.",
               number_option("react_timeout", 0.1, maximum=SECONDS_MAX), _show),
    OptionSpec("spoons_subtracted", "whole number, 1 or more",
               "How many fewer spoons than active players (never fewer than one spoon).",
               number_option("spoons_subtracted", 1, integer=True), _show),
    OptionSpec("grab_time_limit", f"seconds, 0 for none, up to {LIMIT_MAX:g}",
               "How long after the first grab players have before they lose for not grabbing.",
               number_option("grab_time_limit", 0.0, maximum=LIMIT_MAX), _show),
    OptionSpec("discard_time_limit", f"seconds, 0 for none, up to {LIMIT_MAX:g}",
               "How long a player may wait before a random card is discarded for them.",
               number_option("discard_time_limit", 0.0, maximum=LIMIT_MAX), _show),
    OptionSpec("premature", "none, eliminate, letter, void, bluff",
               "A grab before anyone has a set: refused at no cost, out of the game, a letter,"
               " or the round is void; or bluff: a feint key reaches without taking, and a real"
               " grab too soon is out of the game. Whatever the choice, a press less than 0.1 s"
               " after the spoons are free to take, or after the presser's own last press, is"
               " too soon to be a reaction and is not a grab; nothing pressed before the spoons"
               " were free counts against a later grab.", enum_option(Premature, "premature"),
               _show),
    OptionSpec("announce_phase2", "true, false",
               "Speak an alert when the spoons start going, not only the spoon sound.",
               boolean_option("announce_phase2"), _show),
    OptionSpec("scoring", "sudden-death, letters, points",
               "No spoon: out at once, a letter of the word, or a penalty point.",
               enum_option(Scoring, "scoring"), _show),
    OptionSpec("word", "a word",
               "The word spelled by letters scoring; its length is the number of lives.",
               _word, _show),
    OptionSpec("joint_winners_at_two", "true, false",
               "Stop when two players are left and call them joint winners.",
               boolean_option("joint_winners_at_two"), _show),
    OptionSpec("next_dealer", "rotate, first-set",
               "The next dealer: the next player to the left, or whoever held a set first,"
               " though another grabbed first.",
               enum_option(NextDealer, "next_dealer"), _show),
    OptionSpec("deck", "standard, two-packs, no-stock, knives",
               "One pack, two packs shuffled together, four cards of a rank per player, or the"
               " Knives pack with its special cards.", enum_option(DeckKind, "deck"), _show),
    OptionSpec("hand_size", "3, 4, 5",
               "Cards in a hand; the set is four of a kind, or three of a kind with three cards.",
               number_option("hand_size", 3, integer=True, choices=(3, 4, 5)), _show),
    OptionSpec("round_pause", f"seconds, 0 to {SECONDS_MAX:g}",
               "The pause between the end of a round and the next deal.",
               number_option("round_pause", 0.0, maximum=SECONDS_MAX), _show),
    OptionSpec("teams", "true, false",
               "Play in pairs, partners seated apart; a team is out when both are, and the last"
               " team standing wins.", boolean_option("teams"), _show),
    OptionSpec("signal", "true, false",
               "Pig, Donkey and Tongue: no spoons; a player with a set gives a silent signal,"
               " everyone copies it, and the last to copy loses.", boolean_option("signal"), _show),
    OptionSpec("knife_redraw", "1, 2, 3, 4",
               "The Knives pack: how many cards a player discards and draws anew when a card"
               " bearing Knives enters their hand (never more than the hand then holds).",
               number_option("knife_redraw", 1, integer=True, choices=(1, 2, 3, 4)), _show),
    OptionSpec("keep_playing", "true, false",
               "Card play goes on while the spoons go (seed 001); the first to grab keeps their"
               " set whole. Off: card play stops (seed 000).", boolean_option("keep_playing"),
               _show),
    OptionSpec("waiting_pile", "true, false",
               "On (seed 001): pick up a card over your hand, then pass one; passed cards pile up"
               " beside a slow player. Off (seed 002): never more than a hand: pass a card first,"
               " then pick one up, and pass only once the player you pass to has picked up the"
               " last.", boolean_option("waiting_pile"), _show),
    OptionSpec("disputed", "order, void",
               "Two hands on the last spoon within a millisecond: the first to arrive keeps it,"
               " or the round is void and redealt (seed 004).", enum_option(Disputed, "disputed"),
               _show),
)

SPECS_BY_KEY: dict[str, OptionSpec] = {spec.key: spec for spec in OPTION_SPECS}
