"""Razz Spoons' scenario files (``[table] game = "razz"``): its options, its table and its script
commands (see docs/scenarios.md).

A play that the rules refuse for its shape (a King that names nobody, an Eight that names no
suit, a player named for another card) is left for the game to refuse as the script plays, as a
player's key press would be: the transcript then says why. A script line the game could not
even be told (an unknown verb, a word after an Eight that is no suit, a player who is not at
the table) is an error in the file.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from functools import partial
from typing import Any, ClassVar

from audiospoons.engine.cards import RANKS, SUITS, Card, parse_card
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
from audiospoons.games.razz.rules.facts import EIGHT
from audiospoons.games.razz.rules.game import RazzGame
from audiospoons.games.razz.rules.options import RazzOptions
from audiospoons.games.razz.rules.piles import RazzDeal
from audiospoons.games.scenariofile import (
    ScenarioError,
    ScriptLine,
    check_keys,
    find_seat,
    hands_of,
    late_window_of,
    options_of,
    players_of,
    pressed_at,
    script_of,
    seat_at,
    section,
    seed_of,
    where_key,
)

TABLE_KEYS = ("game", "players", "dealer", "seed", "hands", "starter", "stock", "late_window")
SUIT_WORDS = {"c": "C", "d": "D", "h": "H", "s": "S",
              "clubs": "C", "diamonds": "D", "hearts": "H", "spades": "S"}
COMMANDS = ("play CARD, play KING NAME, play EIGHT SUIT, draw, keep, phrase, choose PHRASE, grab,"
            " grab from T, announce and razz NAME")


@dataclass(slots=True)
class RazzScenario:
    game: ClassVar[str] = "razz"
    options: RazzOptions
    players: tuple[str, ...]
    dealer: int
    seed: int
    hands: dict[int, tuple[Card, ...]] = field(default_factory=dict)
    starter: Card | None = None
    stock: tuple[Card, ...] = ()
    """The top of the stock, in draw order."""
    script: list[ScriptLine] = field(default_factory=list)
    late_window: float = 0.0
    """As the relay sets it (``RazzGame.late_window``): for grabs across a network."""

    def new_game(self) -> RazzGame:
        deal = None
        if self.hands or self.starter is not None or self.stock:
            deal = RazzDeal(dict(self.hands), self.starter, self.stock)
        game = RazzGame(self.players, self.options, random.Random(self.seed), self.dealer, deal)
        game.late_window = self.late_window
        return game

    def seat_of(self, name: str) -> int:
        return find_seat(self.players, name)


def parse_razz_scenario(data: dict[str, Any], text: str) -> RazzScenario:
    """The Razz Spoons scenario of a file's TOML ``data`` (``text`` is the file, for naming
    the line of an error)."""
    options = options_of(section(data, "options", text), RazzOptions.from_mapping, text)
    table = section(data, "table", text)
    players = players_of(table, text)
    try:
        options.check_players(len(players))
    except RulesError as error:
        raise ScenarioError(f"{where_key(text, 'players')}{error}") from None
    scenario = RazzScenario(options, players, 0, seed_of(table, text))
    if "dealer" in table:
        scenario.dealer = seat_at(players, table["dealer"], "dealer", text)
    scenario.hands = hands_of(table, players, _cards, text)
    for seat, hand in scenario.hands.items():
        if not hand:
            name = players[seat]
            raise ScenarioError(f"{where_key(text, name)}{name}: a hand holds one card or more")
    if "starter" in table:
        starter = table["starter"]
        if not isinstance(starter, str):
            raise ScenarioError(f"{where_key(text, 'starter')}starter must be one card such as"
                                " \"7H\"")
        scenario.starter = _card_at(starter, "starter", text)
    if "stock" in table:
        scenario.stock = _cards(table["stock"], "stock", text)
    scenario.late_window = late_window_of(table, text)
    check_keys(table, TABLE_KEYS, text)
    scenario.script = script_of(section(data, "script", text), players,
                                partial(parse_razz_command, players), text)
    try:
        scenario.new_game()
    except RulesError as error:
        raise ScenarioError(f"this table cannot be played: {error}") from None
    return scenario


def parse_razz_command(players: tuple[str, ...], seat: int, words: tuple[str, ...]) -> Command:
    """A Razz Spoons script command for ``seat`` (see ``COMMANDS``); ``players`` are the
    names a King or a razz may name. Raise ``ScenarioError`` if it is not one."""
    verb, args = words[0].lower(), words[1:]
    if verb == "grab" and not args:
        return GrabSpoon(seat)
    if verb == "grab" and len(args) == 2 and args[0].lower() == "from":
        return GrabSpoon(seat, pressed_at(words))
    simple: dict[str, type[Command]] = {"draw": DrawCard, "keep": Keep, "phrase": SayPhrase,
                                        "announce": Announce}
    if verb in simple and not args:
        return simple[verb](seat)
    if verb == "play" and 1 <= len(args) <= 2:
        return _play(players, seat, args)
    if verb == "choose":
        return ChoosePhrase(seat, " ".join(args))
    if verb == "razz" and len(args) == 1:
        return Razz(seat, find_seat(players, args[0]))
    raise ScenarioError(f"{' '.join(words)!r} is not a command; the commands are {COMMANDS}")


def _play(players: tuple[str, ...], seat: int, args: tuple[str, ...]) -> PlayCard:
    """``play CARD``, then a suit after an Eight or a player's name after any other card (the
    game refuses a name for a card that is not a King)."""
    card = razz_card(args[0])
    if len(args) == 1:
        return PlayCard(seat, card)
    if card.rank == EIGHT:
        suit = SUIT_WORDS.get(args[1].lower())
        if suit is None:
            raise ScenarioError(f"{args[1]!r} is not a suit: an Eight names C, D, H or S (or"
                                " clubs, diamonds, hearts or spades)")
        return PlayCard(seat, card, suit=suit)
    return PlayCard(seat, card, target=find_seat(players, args[1]))


def razz_card(word: str) -> Card:
    """A card of two standard packs in the scenario notation (``10H``, ``QS``)."""
    try:
        card = parse_card(word)
    except RulesError:
        card = None
    if card is None or card.rank not in RANKS or card.suit not in SUITS:
        raise ScenarioError(f"{word!r} is not a card of Razz Spoons' two standard packs: write a"
                            " rank (A, 2 to 10, J, Q, K) and a suit (C, D, H, S), as in 10H or QS")
    return card


def _card_at(word: str, key: str, text: str) -> Card:
    try:
        return razz_card(word)
    except ScenarioError as error:
        raise ScenarioError(f"{where_key(text, key)}{key}: {error}") from None


def _cards(value: object, key: str, text: str) -> tuple[Card, ...]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise ScenarioError(f"{where_key(text, key)}{key} must be a list of cards such as"
                            " \"10H\"")
    return tuple(_card_at(word, key, text) for word in value)
