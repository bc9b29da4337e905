"""Razz Spoons by ear: the exact lines each listener hears of scripted games, the status lines,
the sound cues with their places, and the sound files.

Andrew, Chris and Ellen sit at seats 0, 1 and 2; Ellen deals, so Andrew plays first. Each
scripted game runs ``RazzGame`` from a fixed first deal and gives every event's ``seen_by`` to
one announcer per listener: Andrew ("you"), Chris (another seat) and a spectator. In the
transcripts an urgent line is written with a leading "!" (no line begins with one).
"""

from __future__ import annotations

import random
import wave
from collections.abc import Sequence
from importlib.resources import as_file, files

import pytest

from audiospoons.engine.cards import Card, parse_card
from audiospoons.engine.commands import TIE_WINDOW, Command
from audiospoons.engine.events import Event
from audiospoons.games.keyboards import cue_names
from audiospoons.games.razz.keyboard.announcer import SILENT_EVENTS, RazzAnnouncer
from audiospoons.games.razz.keyboard.cues import CUE_NAMES as RAZZ_CUE_NAMES
from audiospoons.games.razz.keyboard.cues import RazzCueMapper
from audiospoons.games.razz.keyboard.status import RazzStatus, razz_status_lines
from audiospoons.games.razz.rules import events as razz_events
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
from audiospoons.games.razz.rules.events import (
    CardKept,
    CardPlayed,
    CardsDrawn,
    CountRaised,
    DealStarted,
    DirectionReversed,
    DoubleGrab,
    DrawCause,
    Fault,
    FaultMade,
    GameWon,
    HandDealt,
    KingAimed,
    LastCardAnnounced,
    PhraseChosen,
    PhraseOwed,
    PhraseSaid,
    PhraseTimeUp,
    PhraseWanted,
    PileTurnedOver,
    RaceOver,
    RazzCalled,
    RazzGameStarted,
    RoundScored,
    RoundWon,
    SpoonFought,
    SpoonsOut,
    SpoonTaken,
    StarterTurned,
    TurnBegan,
    TurnTimeUp,
)
from audiospoons.games.razz.rules.game import RazzGame
from audiospoons.games.razz.rules.options import RazzOptions
from audiospoons.games.razz.rules.piles import RazzDeal
from audiospoons.games.spoons.keyboard.cues import CUE_NAMES as CLASSIC_CUE_NAMES
from audiospoons.sound.cue import Cue
from audiospoons.sound.cues import MIDDLE, PILE_PAN, STOCK_PAN
from audiospoons.voice.announcer import Verbosity
from audiospoons.voice.i18n import messages

NAMES = ("Andrew", "Chris", "Ellen")
ANDREW, CHRIS, ELLEN = 0, 1, 2
LISTENERS = (ANDREW, CHRIS, None)


def cards(text: str) -> tuple[Card, ...]:
    return tuple(parse_card(word) for word in text.split())


def c(text: str) -> Card:
    return parse_card(text)


class Table:
    """A scripted game heard by Andrew, Chris and a spectator (and its events kept)."""

    def __init__(self, hands: dict[int, str], starter: str, stock: str,
                 options: RazzOptions | None = None, *, lang: str = "en",
                 verbosity: Verbosity = Verbosity.FULL) -> None:
        deal = RazzDeal({seat: cards(hand) for seat, hand in hands.items()}, c(starter),
                        cards(stock))
        self.game = RazzGame(NAMES, options or RazzOptions(), random.Random(5), ELLEN, deal)
        self.announcers = {listener: RazzAnnouncer(NAMES, messages(lang), verbosity=verbosity)
                           for listener in LISTENERS}
        self.heard: dict[int | None, list[str]] = {listener: [] for listener in LISTENERS}
        self.events: list[Event] = []
        self.feed(self.game.start())

    def feed(self, events: list[Event]) -> None:
        for event in events:
            self.events.append(event)
            for listener, announcer in self.announcers.items():
                view = event.seen_by(listener)
                if view is not None:
                    self.heard[listener] += [("!" if said.urgent else "") + said.text
                                             for said in announcer.announce(view, listener)]

    def play(self, moves: Sequence[tuple[Command | None, float]]) -> Table:
        """Each command at its time; ``None`` only lets the time pass (timers fire)."""
        for command, at in moves:
            self.feed(self.game.advance(at) if command is None else
                      self.game.handle(command, at))
        return self


def first_round() -> Table:
    """A drawn card played at once, a Queen, two Tens, an Eight, a last card announced, a
    draw that cannot be played, and the round won, ending a one-round game."""
    return Table({ANDREW: "8C 10H 10S 9D", CHRIS: "QH 6H 9D", ELLEN: "7C KS JC"}, "7H",
                 "4H 4D 2C", RazzOptions(end_at=1)).play([
        (ChoosePhrase(ELLEN, "Pickles"), 1.0), (DrawCard(ANDREW), 2.0),
        (PlayCard(ANDREW, c("4H")), 2.5), (PlayCard(CHRIS, c("QH")), 3.0),
        (PlayCard(ANDREW, c("10H")), 4.0), (PlayCard(ANDREW, c("10S")), 5.0),
        (PlayCard(ANDREW, c("8C"), suit="D"), 6.0), (Announce(ANDREW), 6.5),
        (DrawCard(ELLEN), 7.0), (PlayCard(ELLEN, c("4D")), 7.5), (DrawCard(CHRIS), 8.0),
        (PlayCard(ANDREW, c("9D")), 9.0)])


def kings_count_and_razzes() -> Table:
    """A King bounced twice and taken, the phrase said late; a count taken with the phrase; a
    last card never announced and razzed; a phrase left unsaid and razzed, which asks no phrase
    again; a wrong razz, razzed in its turn."""
    return Table({ANDREW: "KH KS 2H 5C", CHRIS: "KD 2S 9C", ELLEN: "AS 6D 7D"}, "7H",
                 "3C 4C 5D 6C 7C 8D 9H 10C JD QC QD KC").play([
        (ChoosePhrase(ELLEN, "Doh!"), 1.0), (PlayCard(ANDREW, c("KH"), target=CHRIS), 2.0),
        (PlayCard(CHRIS, c("KD"), target=ANDREW), 3.0),
        (PlayCard(ANDREW, c("KS"), target=CHRIS), 4.0), (DrawCard(CHRIS), 5.0),
        (SayPhrase(CHRIS), 6.0), (PlayCard(CHRIS, c("2S")), 7.0),
        (PlayCard(ELLEN, c("AS")), 8.0), (PlayCard(ANDREW, c("2H")), 9.0),
        (SayPhrase(CHRIS), 11.0), (Razz(ELLEN, ANDREW), 11.5), (None, 14.5),
        (Razz(CHRIS, ANDREW), 15.0), (Razz(CHRIS, ELLEN), 16.5), (Razz(ELLEN, CHRIS), 16.8),
        (SayPhrase(CHRIS), 17.0)])


def spoon_races() -> Table:
    """Two Jacks: a race with a double grab and a fight over the last spoon, then one that
    runs out of time."""
    return Table({ANDREW: "JH 3C 4C", CHRIS: "JD 9C 5C", ELLEN: "6D 7D 8S"}, "7H",
                 "2D 3D 4D 5D 6H 7S 8H 9H 10H 2S").play([
        (ChoosePhrase(ELLEN, "Pickles"), 1.0), (PlayCard(ANDREW, c("JH")), 2.0),
        (GrabSpoon(CHRIS), 2.2), (GrabSpoon(CHRIS), 2.25), (GrabSpoon(ELLEN), 2.4),
        (GrabSpoon(ANDREW), 2.4 + TIE_WINDOW / 2), (None, 3.0), (SayPhrase(ANDREW), 3.5),
        (SayPhrase(CHRIS), 3.6), (SayPhrase(ELLEN), 3.7), (PlayCard(CHRIS, c("JD")), 4.0),
        (GrabSpoon(ELLEN), 4.5), (None, 9.0), (SayPhrase(ANDREW), 9.5),
        (SayPhrase(CHRIS), 9.6)])


def mistakes_clock_and_empty_stock() -> Table:
    """Players may err: a card out of turn and one that does not match, both razzed; the turn
    time limit draws for Andrew; the stock runs out and the pile is turned over; at last there
    is nothing at all to draw."""
    table = Table({ANDREW: "3C 4C 9S", CHRIS: "5H 9D 6S", ELLEN: "QD 8D 2D"}, "7H", "KC KH",
                  RazzOptions(let_players_err=True, turn_time_limit=5)).play([
        (ChoosePhrase(ELLEN, "Pickles"), 1.0), (PlayCard(CHRIS, c("5H")), 2.0),
        (Razz(ANDREW, CHRIS), 2.5), (SayPhrase(CHRIS), 3.0), (None, 6.0)])
    table.game.piles.stock.clear()
    return table.play([
        (DrawCard(CHRIS), 7.0), (Keep(CHRIS), 7.5), (DrawCard(ELLEN), 8.0),
        (PlayCard(ANDREW, c("9S")), 9.0), (Razz(CHRIS, ANDREW), 9.5),
        (SayPhrase(ANDREW), 10.0)])


def phrase_time_up() -> Table:
    """Ellen deals and never chooses the phrase: after a minute the game chooses it for her,
    and Andrew plays first."""
    return Table({ANDREW: "3C 4C 9S", CHRIS: "5H 9D 6S", ELLEN: "QD 8D 2D"}, "7H", "KC").play([
        (None, 59.9), (None, 60.0), (DrawCard(ANDREW), 61.0)])


SCRIPTS = (first_round, kings_count_and_razzes, spoon_races, mistakes_clock_and_empty_stock,
           phrase_time_up)


# --------------------------------------------------------------------- what each one hears

def test_a_round_of_plays_powers_and_draws_ending_the_game() -> None:
    heard = first_round().heard
    assert heard[ANDREW] == [
        "Razz Spoons: you against Chris and Ellen.",
        "Round 1. Ellen deals. You have 4 cards. 2 spoons on the table.",
        "Your cards. Clubs: an eight. Diamonds: a nine. Hearts: a ten. Spades: a ten.",
        "The top card is the seven of hearts.",
        "Ellen is choosing the Razzing Phrase.",
        "The Razzing Phrase is Pickles!",
        "Your turn: the top card is the seven of hearts.",
        "You draw the four of hearts: play it, or keep it.",
        "You play the four of hearts; 4 cards left.",
        "Chris's turn: the top card is the four of hearts.",
        "Chris plays the queen of hearts; 2 cards left.",
        "Reverse! Play goes counterclockwise: after you comes Ellen.",
        "Your turn: the top card is the queen of hearts.",
        "You play the ten of hearts; 3 cards left.",
        "Your turn again: the top card is the ten of hearts.",
        "You play the ten of spades; 2 cards left.",
        "Your turn again: the top card is the ten of spades.",
        "You play the eight of clubs and call diamonds; 1 card left.",
        "Ellen's turn: the top card is the eight of clubs, and the suit is diamonds.",
        "You announce your last card.",
        "Ellen draws a card, and has 4.",
        "Ellen plays the four of diamonds; 3 cards left.",
        "Chris's turn: the top card is the four of diamonds.",
        "Chris draws a card, and has 3.",
        "Your turn: the top card is the four of diamonds.",
        "You play the nine of diamonds, your last card.",
        "You win round 1!",
        "Points: you 0, Chris 4, and Ellen 9.",
        "You win the game with 0 points!",
    ]
    assert heard[CHRIS] == [
        "Razz Spoons: you against Andrew and Ellen.",
        "Round 1. Ellen deals. You have 3 cards. 2 spoons on the table.",
        "Your cards. Diamonds: a nine. Hearts: a six and a queen.",
        "The top card is the seven of hearts.",
        "Ellen is choosing the Razzing Phrase.",
        "The Razzing Phrase is Pickles!",
        "Andrew's turn: the top card is the seven of hearts.",
        "Andrew draws a card, and has 5.",
        "Andrew plays the four of hearts; 4 cards left.",
        "Your turn: the top card is the four of hearts.",
        "You play the queen of hearts; 2 cards left.",
        "Reverse! Play goes counterclockwise: after you comes Andrew.",
        "Andrew's turn: the top card is the queen of hearts.",
        "Andrew plays the ten of hearts; 3 cards left.",
        "Andrew plays again.",
        "Andrew plays the ten of spades; 2 cards left.",
        "Andrew plays again.",
        "Andrew plays the eight of clubs and calls diamonds; 1 card left.",
        "Ellen's turn: the top card is the eight of clubs, and the suit is diamonds.",
        "Andrew has one card left!",
        "Ellen draws a card, and has 4.",
        "Ellen plays the four of diamonds; 3 cards left.",
        "Your turn: the top card is the four of diamonds.",
        "You draw the two of clubs, and have 3.",
        "Andrew's turn: the top card is the four of diamonds.",
        "Andrew plays the nine of diamonds, their last card.",
        "Andrew wins round 1.",
        "Points: Andrew 0, you 4, and Ellen 9.",
        "Andrew wins the game with 0 points.",
    ]
    assert heard[None] == [
        "Razz Spoons for Andrew, Chris, and Ellen.",
        "Round 1. Ellen deals. Cards: Andrew 4, Chris 3, and Ellen 3. 2 spoons on the table.",
        "The top card is the seven of hearts.",
        "Ellen is choosing the Razzing Phrase.",
        "The Razzing Phrase is Pickles!",
        "Andrew's turn: the top card is the seven of hearts.",
        "Andrew draws a card, and has 5.",
        "Andrew plays the four of hearts; 4 cards left.",
        "Chris's turn: the top card is the four of hearts.",
        "Chris plays the queen of hearts; 2 cards left.",
        "Reverse! Play goes counterclockwise.",
        "Andrew's turn: the top card is the queen of hearts.",
        "Andrew plays the ten of hearts; 3 cards left.",
        "Andrew plays again.",
        "Andrew plays the ten of spades; 2 cards left.",
        "Andrew plays again.",
        "Andrew plays the eight of clubs and calls diamonds; 1 card left.",
        "Ellen's turn: the top card is the eight of clubs, and the suit is diamonds.",
        "Andrew has one card left!",
        "Ellen draws a card, and has 4.",
        "Ellen plays the four of diamonds; 3 cards left.",
        "Chris's turn: the top card is the four of diamonds.",
        "Chris draws a card, and has 3.",
        "Andrew's turn: the top card is the four of diamonds.",
        "Andrew plays the nine of diamonds, their last card.",
        "Andrew wins round 1.",
        "Points: Andrew 0, Chris 4, and Ellen 9.",
        "Andrew wins the game with 0 points.",
    ]


KINGS_START = [
    "The top card is the seven of hearts.",
    "Ellen is choosing the Razzing Phrase.",
    "The Razzing Phrase is Doh!",
]


def test_a_king_bounced_and_taken_the_count_and_razzing_right_and_wrong() -> None:
    heard = kings_count_and_razzes().heard
    assert heard[ANDREW][:3] == [
        "Razz Spoons: you against Chris and Ellen.",
        "Round 1. Ellen deals. You have 4 cards. 2 spoons on the table.",
        "Your cards. Clubs: a five. Hearts: a two and a king. Spades: a king.",
    ]
    assert heard[ANDREW][3:] == [
        *KINGS_START,
        "Your turn: the top card is the seven of hearts.",
        "You play the king of hearts; 3 cards left.",
        "You aim the king at Chris: 2 cards.",
        "Chris plays the king of diamonds; 2 cards left.",
        "Chris bounces the king back to you: say the phrase and take 3 cards, or bounce it"
        " again with a king.",
        "You play the king of spades; 2 cards left.",
        "You bounce the king back to Chris: 4 cards.",
        "Chris must say the phrase.",
        "Chris draws 4 cards, and has 6.",
        "Chris's turn: the top card is the king of spades.",
        "Chris: Doh!",
        "Chris plays the two of spades; 5 cards left.",
        "Count 2: only twos and aces now.",
        "Ellen's turn, count 2.",
        "Ellen plays the ace of spades; 2 cards left.",
        "Count 3.",
        "Your turn, count 3: play a two or an ace, or take 3 cards.",
        "You play the two of hearts; 1 card left.",
        "Count 5.",
        "Chris's turn, count 5.",
        "Chris: Doh!",
        "Chris draws 5 cards, and has 10.",
        "Ellen's turn: the top card is the two of hearts.",
        "Ellen razzes you, rightly, for not announcing the last card.",
        "!Say the phrase!",
        "You draw the queen of clubs, and have 2.",
        "!Chris razzes you, rightly, for not saying the phrase.",
        "You draw the queen of diamonds, and have 3.",
        "Chris razzes Ellen wrongly.",
        "Ellen razzes Chris, rightly, for a wrong razz.",
        "Chris must say the phrase.",
        "Chris draws a card, and has 11.",
        "Chris: Doh!",
    ]
    assert heard[CHRIS][:3] == [
        "Razz Spoons: you against Andrew and Ellen.",
        "Round 1. Ellen deals. You have 3 cards. 2 spoons on the table.",
        "Your cards. Clubs: a nine. Diamonds: a king. Spades: a two.",
    ]
    assert heard[CHRIS][3:] == [
        *KINGS_START,
        "Andrew's turn: the top card is the seven of hearts.",
        "Andrew plays the king of hearts; 3 cards left.",
        "Andrew aims the king at you: say the phrase and take 2 cards, or bounce it back with"
        " a king.",
        "You play the king of diamonds; 2 cards left.",
        "You bounce the king back to Andrew: 3 cards.",
        "Andrew plays the king of spades; 2 cards left.",
        "Andrew bounces the king back to you: say the phrase and take 4 cards, or bounce it"
        " again with a king.",
        "!Say the phrase!",
        "You draw 4 cards: three of clubs, four of clubs, five of diamonds, and six of clubs."
        " You have 6.",
        "Your turn: the top card is the king of spades.",
        "You say: Doh!",
        "You play the two of spades; 5 cards left.",
        "Count 2: only twos and aces now.",
        "Ellen's turn, count 2.",
        "Ellen plays the ace of spades; 2 cards left.",
        "Count 3.",
        "Andrew's turn, count 3.",
        "Andrew plays the two of hearts; 1 card left.",
        "Count 5.",
        "Your turn, count 5: play a two or an ace, or take 5 cards.",
        "You say: Doh!",
        "You draw 5 cards: seven of clubs, eight of diamonds, nine of hearts, ten of clubs, and"
        " jack of diamonds. You have 10.",
        "Ellen's turn: the top card is the two of hearts.",
        "Ellen razzes Andrew, rightly, for not announcing the last card.",
        "Andrew must say the phrase.",
        "Andrew draws a card, and has 2.",
        "You razz Andrew, rightly, for not saying the phrase.",
        "Andrew draws a card, and has 3.",
        "You razz Ellen wrongly.",
        "Ellen razzes you, rightly, for a wrong razz.",
        "!Say the phrase!",
        "You draw the king of clubs, and have 11.",
        "You say: Doh!",
    ]
    assert heard[None] == [
        "Razz Spoons for Andrew, Chris, and Ellen.",
        "Round 1. Ellen deals. Cards: Andrew 4, Chris 3, and Ellen 3. 2 spoons on the table.",
        *KINGS_START,
        "Andrew's turn: the top card is the seven of hearts.",
        "Andrew plays the king of hearts; 3 cards left.",
        "Andrew aims the king at Chris: 2 cards.",
        "Chris plays the king of diamonds; 2 cards left.",
        "Chris bounces the king back to Andrew: 3 cards.",
        "Andrew plays the king of spades; 2 cards left.",
        "Andrew bounces the king back to Chris: 4 cards.",
        "Chris must say the phrase.",
        "Chris draws 4 cards, and has 6.",
        "Chris's turn: the top card is the king of spades.",
        "Chris: Doh!",
        "Chris plays the two of spades; 5 cards left.",
        "Count 2: only twos and aces now.",
        "Ellen's turn, count 2.",
        "Ellen plays the ace of spades; 2 cards left.",
        "Count 3.",
        "Andrew's turn, count 3.",
        "Andrew plays the two of hearts; 1 card left.",
        "Count 5.",
        "Chris's turn, count 5.",
        "Chris: Doh!",
        "Chris draws 5 cards, and has 10.",
        "Ellen's turn: the top card is the two of hearts.",
        "Ellen razzes Andrew, rightly, for not announcing the last card.",
        "Andrew must say the phrase.",
        "Andrew draws a card, and has 2.",
        "Chris razzes Andrew, rightly, for not saying the phrase.",
        "Andrew draws a card, and has 3.",
        "Chris razzes Ellen wrongly.",
        "Ellen razzes Chris, rightly, for a wrong razz.",
        "Chris must say the phrase.",
        "Chris draws a card, and has 11.",
        "Chris: Doh!",
    ]


def test_the_jacks_race_for_the_spoons_is_urgent_for_everyone() -> None:
    heard = spoon_races().heard
    assert heard[ANDREW][6:] == [
        "Your turn: the top card is the seven of hearts.",
        "You play the jack of hearts; 2 cards left.",
        "!Spoons! Grab one!",
        "!Chris grabbed a spoon!",
        "!Chris grabbed twice, and draws instead!",
        "!Ellen grabbed the last spoon!",
        "!You fight Ellen for the last spoon, and draw instead!",
        "!You lose the race, and so do Chris and Ellen!",
        "!Say the phrase!",
        "You draw 2 cards: two of diamonds and three of diamonds. You have 4.",
        "Chris must say the phrase.",
        "Chris draws 2 cards, and has 5.",
        "Ellen must say the phrase.",
        "Ellen draws 2 cards, and has 5.",
        "Chris's turn: the top card is the jack of hearts.",
        "You say: Pickles!",
        "Chris: Pickles!",
        "Ellen: Pickles!",
        "Chris plays the jack of diamonds; 4 cards left.",
        "!Spoons! Grab one!",
        "!Ellen grabbed a spoon!",
        "!Time is up for grabbing! You lose the race, and so does Chris!",
        "!Say the phrase!",
        "You draw 2 cards: eight of hearts and nine of hearts. You have 6.",
        "Chris must say the phrase.",
        "Chris draws 2 cards, and has 6.",
        "Ellen's turn: the top card is the jack of diamonds.",
        "You say: Pickles!",
        "Chris: Pickles!",
    ]
    assert heard[CHRIS][8:23] == [
        "!Spoons! Grab one!",
        "!You grabbed a spoon!",
        "!You grabbed twice, and draw instead!",
        "!Ellen grabbed the last spoon!",
        "!Ellen and Andrew fight for the last spoon, and draw instead!",
        "!You lose the race, and so do Andrew and Ellen!",
        "Andrew must say the phrase.",
        "Andrew draws 2 cards, and has 4.",
        "!Say the phrase!",
        "You draw 2 cards: four of diamonds and five of diamonds. You have 5.",
        "Ellen must say the phrase.",
        "Ellen draws 2 cards, and has 5.",
        "Your turn: the top card is the jack of hearts.",
        "Andrew: Pickles!",
        "You say: Pickles!",
    ]
    assert heard[CHRIS][25:28] == [
        "!Spoons! Grab one!",
        "!Ellen grabbed a spoon!",
        "!Time is up for grabbing! You lose the race, and so does Andrew!",
    ]
    assert heard[None][6:12] == [
        "Andrew plays the jack of hearts; 2 cards left.",
        "!Spoons! The race is on for 2 spoons.",
        "!Chris grabbed a spoon!",
        "!Chris grabbed twice, and draws instead!",
        "!Ellen grabbed the last spoon!",
        "!Ellen and Andrew fight for the last spoon, and draw instead!",
    ]
    assert heard[None][12] == "!Andrew, Chris, and Ellen lose the race."
    assert heard[None][25:27] == ["!Ellen grabbed a spoon!",
                                  "!Time is up for grabbing! Andrew and Chris lose the race."]


def test_mistakes_are_heard_only_as_what_the_table_sees() -> None:
    heard = mistakes_clock_and_empty_stock().heard
    assert heard[ANDREW][6:] == [
        "Your turn: the top card is the seven of hearts.",
        "Chris plays the five of hearts; 2 cards left.",
        "You razz Chris, rightly, for playing out of turn.",
        "Chris must say the phrase.",
        "Chris draws a card, and has 3.",
        "Chris: Pickles!",
        "Your time is up.",
        "You draw the king of hearts, and have 4.",
        "Chris's turn: the top card is the five of hearts.",
        "The pile is shuffled into a new stock of 1 card.",
        "Chris draws a card, and has 4.",
        "Chris keeps the card.",
        "Ellen's turn: the top card is the five of hearts.",
        "There is no card left for Ellen to draw.",
        "Your turn: the top card is the five of hearts.",
        "You play the nine of spades; 3 cards left.",
        "Chris's turn: the top card is the nine of spades.",
        "Chris razzes you, rightly, for a card that does not match.",
        "!Say the phrase!",
        "The pile is shuffled into a new stock of 1 card.",
        "You draw the five of hearts, and have 4.",
        "You say: Pickles!",
    ]
    assert heard[CHRIS][6:] == [
        "Andrew's turn: the top card is the seven of hearts.",
        "You play the five of hearts; 2 cards left.",
        "Andrew razzes you, rightly, for playing out of turn.",
        "!Say the phrase!",
        "You draw the king of clubs, and have 3.",
        "You say: Pickles!",
        "Andrew's time is up.",
        "Andrew draws a card, and has 4.",
        "Your turn: the top card is the five of hearts.",
        "The pile is shuffled into a new stock of 1 card.",
        "You draw the seven of hearts: play it, or keep it.",
        "You keep the card.",
        "Ellen's turn: the top card is the five of hearts.",
        "There is no card left for Ellen to draw.",
        "Andrew's turn: the top card is the five of hearts.",
        "Andrew plays the nine of spades; 3 cards left.",
        "Your turn: the top card is the nine of spades.",
        "You razz Andrew, rightly, for a card that does not match.",
        "Andrew must say the phrase.",
        "The pile is shuffled into a new stock of 1 card.",
        "Andrew draws a card, and has 4.",
        "Andrew: Pickles!",
    ]
    assert heard[None][5:13] == [
        "Andrew's turn: the top card is the seven of hearts.",
        "Chris plays the five of hearts; 2 cards left.",
        "Andrew razzes Chris, rightly, for playing out of turn.",
        "Chris must say the phrase.",
        "Chris draws a card, and has 3.",
        "Chris: Pickles!",
        "Andrew's time is up.",
        "Andrew draws a card, and has 4.",
    ]


def test_a_dealer_who_never_chooses_the_phrase_has_one_chosen_after_a_minute() -> None:
    table = Table({ANDREW: "3C 4C 9S", CHRIS: "5H 9D 6S", ELLEN: "QD 8D 2D"}, "7H", "KC")
    assert table.game.deadline_for(ELLEN) == 60.0 and table.game.next_deadline() == 60.0
    assert table.game.deadline_for(ANDREW) is None
    table.play([(None, 59.9)])
    assert table.heard[None][-1] == "Ellen is choosing the Razzing Phrase."
    table.play([(None, 60.0)])
    assert table.events[-3:] == [
        PhraseTimeUp(60.0, ELLEN), PhraseChosen(60.0, ELLEN, "Doh!"),
        TurnBegan(60.0, ANDREW, 1, False, True, None)]
    assert table.game.deadline_for(ELLEN) is None and table.game.next_deadline() is None
    heard = phrase_time_up().heard
    assert heard[None][3:] == [
        "Ellen is choosing the Razzing Phrase.",
        "Ellen's time to choose is up: the phrase is chosen for them.",
        "The Razzing Phrase is Doh!",
        "Andrew's turn: the top card is the seven of hearts.",
        "Andrew draws a card, and has 4.",
        "Chris's turn: the top card is the seven of hearts."]
    ellen = RazzAnnouncer(NAMES, messages("en"))
    assert ellen.announce(PhraseTimeUp(60.0, ELLEN), ELLEN)[0].text == (
        "Your time to choose is up: the phrase is chosen for you.")
    spanish = RazzAnnouncer(NAMES, messages("es"))
    assert spanish.announce(PhraseTimeUp(60.0, ELLEN), None)[0].text == (
        "Se acabó el tiempo de Ellen para elegir: la frase se elige en su lugar.")


def test_every_razz_event_is_heard_by_someone_or_is_deliberately_silent() -> None:
    kinds = {value for value in vars(razz_events).values()
             if isinstance(value, type) and issubclass(value, Event) and value is not Event
             and value.__module__ == razz_events.__name__}
    assert len(kinds) == 29
    assert set(SILENT_EVENTS) == {FaultMade}
    seen: set[type[Event]] = set()
    heard: set[type[Event]] = set()
    for script in SCRIPTS:
        table = script()
        replay = {listener: RazzAnnouncer(NAMES, messages("en")) for listener in LISTENERS}
        for event in table.events:
            seen.add(type(event))
            for listener, announcer in replay.items():
                view = event.seen_by(listener)
                if view is not None and announcer.announce(view, listener):
                    heard.add(type(event))
    assert seen == kinds
    assert heard == kinds - set(SILENT_EVENTS)
    faults = {event.fault for script in SCRIPTS for event in script().events
              if isinstance(event, FaultMade)}
    assert faults == set(Fault)


# --------------------------------------------------------------------- verbosity, language

def test_brief_says_others_plays_in_a_word_and_leaves_your_own_to_their_sound() -> None:
    heard = Table({ANDREW: "8C 10H 10S 9D", CHRIS: "QH 6H 9D", ELLEN: "7C KS JC"}, "7H",
                  "4H", verbosity=Verbosity.BRIEF).play([
        (ChoosePhrase(ELLEN, "Pickles"), 1.0), (PlayCard(ANDREW, c("10H")), 2.0),
        (PlayCard(ANDREW, c("8C"), suit="S"), 3.0)]).heard
    assert heard[ANDREW][1] == "Round 1. Ellen deals. You have 4 cards."
    assert heard[ANDREW][6:] == [
        "Your turn: seven of hearts.",
        "Your turn again: the top card is the ten of hearts.",
        "2 cards left.",
    ]
    assert heard[CHRIS][6:] == [
        "Andrew: ten of hearts.",
        "Andrew plays again.",
        "Andrew: eight of clubs, calls spades.",
        "Your turn: the top card is the eight of clubs, and the suit is spades.",
    ]


def test_brief_tells_only_you_your_cards_left_when_a_play_leaves_you_two_or_one() -> None:
    heard = Table({ANDREW: "10H 10S 9S 3C", CHRIS: "QH 6H 9D", ELLEN: "7C KS JC"}, "7H",
                  "4H", verbosity=Verbosity.BRIEF).play([
        (ChoosePhrase(ELLEN, "Pickles"), 1.0), (PlayCard(ANDREW, c("10H")), 2.0),
        (PlayCard(ANDREW, c("10S")), 3.0), (PlayCard(ANDREW, c("9S")), 4.0)]).heard
    assert heard[ANDREW][6:] == [
        "Your turn: seven of hearts.",
        "Your turn again: the top card is the ten of hearts.",
        "2 cards left.",
        "Your turn again: the top card is the ten of spades.",
        "One card left.",
    ]
    assert heard[CHRIS][6:] == [
        "Andrew: ten of hearts.",
        "Andrew plays again.",
        "Andrew: ten of spades.",
        "Andrew plays again.",
        "Andrew plays the nine of spades; 1 card left.",
        "Your turn: nine of spades.",
    ]
    assert heard[None][5:] == heard[CHRIS][6:-1]


def test_brief_says_a_play_down_to_one_card_whole_and_others_draws_and_razzes_short() -> None:
    heard = Table({ANDREW: "KH KS 2H 5C", CHRIS: "9H 2D", ELLEN: "AS 6D 7D"}, "7H",
                  "3C 4C 5D 6C", verbosity=Verbosity.BRIEF).play([
        (ChoosePhrase(ELLEN, "Pickles"), 1.0), (PlayCard(ANDREW, c("KH"), target=ELLEN), 2.0),
        (DrawCard(ELLEN), 3.0), (PlayCard(CHRIS, c("9H")), 4.0), (DrawCard(ELLEN), 10.0),
        (Razz(ANDREW, CHRIS), 11.0)]).heard
    assert heard[None][5:] == [
        "Andrew aims the king at Ellen: 2 cards.",
        "Ellen must say the phrase.",
        "Ellen draws 2 cards.",
        "Chris plays the nine of hearts; 1 card left.",
        "Ellen draws a card.",
        "Andrew razzes Chris, rightly.",
        "Chris must say the phrase.",
        "Chris draws a card.",
    ]
    assert heard[ANDREW][6:8] == ["Your turn: seven of hearts.",
                                  "You aim the king at Ellen: 2 cards."]


def test_spanish_lines() -> None:
    table = Table({ANDREW: "KH KS 2H 5C", CHRIS: "KD 2H 9C", ELLEN: "AS 6D 7D"}, "7H",
                  "3C 4C 5D", lang="es").play([
        (ChoosePhrase(ELLEN, "Pepinillos"), 1.0),
        (PlayCard(ANDREW, c("KH"), target=CHRIS), 2.0), (DrawCard(CHRIS), 3.0),
        (PlayCard(CHRIS, c("2H")), 4.0), (Razz(ANDREW, ELLEN), 5.0),
        (Razz(ELLEN, ANDREW), 5.5)])
    assert table.heard[ANDREW] == [
        "Cucharas Razz: tú contra Chris y Ellen.",
        "Ronda 1. Reparte Ellen. Tienes 4 cartas. Hay 2 cucharas en la mesa.",
        "Tus cartas. Tréboles: un cinco. Corazones: un dos y un rey. Picas: un rey.",
        "La carta de arriba es el siete de corazones.",
        "Ellen está eligiendo la frase de abucheo.",
        "La frase de abucheo es: ¡Pepinillos!",
        "Te toca: la carta de arriba es el siete de corazones.",
        "Juegas el rey de corazones; te quedan 3 cartas.",
        "Le lanzas el rey a Chris: 2 cartas.",
        "Chris tiene que decir la frase.",
        "Chris roba 2 cartas y tiene 5.",
        "Le toca a Chris: la carta de arriba es el rey de corazones.",
        "Chris juega el dos de corazones; le quedan 4 cartas.",
        "Cuenta 2: ahora solo valen doses y ases.",
        "Le toca a Ellen, la cuenta va por 2.",
        "Abucheas a Ellen sin motivo.",
        "Ellen te abuchea, con razón, por abuchear sin motivo.",
        "!¡Di la frase!",
        "Robas el cinco de diamantes y tienes 4.",
    ]
    assert table.heard[CHRIS][8:10] == [
        "Andrew te lanza el rey: di la frase y toma 2 cartas, o devuélvelo con un rey.",
        "!¡Di la frase!"]


def test_the_points_of_the_last_round_are_not_said_again_as_the_final_points() -> None:
    """The last round's totals are the game's: the win is said after them without them; a
    game's end heard without them (a seat taken back) says them."""
    scored = RoundScored(9.0, (4, 0, 9), (6, 6, 11))
    won = GameWon(9.0, (ANDREW, CHRIS), (6, 6, 11))
    announcer = RazzAnnouncer(NAMES, messages("en"))
    assert [said.text for event in (scored, won) for said in announcer.announce(event, ELLEN)] == [
        "Points this round: Andrew 4 and you 9. Totals: Andrew 6, Chris 6, and you 11.",
        "Andrew and Chris share the win, on 6 points.",
    ]
    joined_late = RazzAnnouncer(NAMES, messages("en"))
    assert [said.text for said in joined_late.announce(won, ELLEN)] == [
        "Andrew and Chris share the win, on 6 points. Final points: Andrew 6, Chris 6, and"
        " you 11."]


def test_later_rounds_shared_wins_and_a_phrase_said_as_typed() -> None:
    announcer = RazzAnnouncer(NAMES, messages("en"), phrase="Oh no.")
    assert announcer.announce(PhraseSaid(1.0, CHRIS), ANDREW)[0].text == "Chris: Oh no."
    scored = RoundScored(9.0, (4, 0, 9), (6, 11, 9))
    assert announcer.announce(scored, ANDREW)[0].text == (
        "Points this round: you 4 and Ellen 9. Totals: you 6, Ellen 9, and Chris 11.")
    shared = GameWon(9.0, (ANDREW, ELLEN), (6, 11, 6))
    assert announcer.announce(shared, ANDREW)[0].text == (
        "You share the win with Ellen, on 6 points! Final points: you 6, Ellen 6, and"
        " Chris 11.")
    assert announcer.announce(shared, CHRIS)[0].text == (
        "Andrew and Ellen share the win, on 6 points. Final points: Andrew 6, Ellen 6, and"
        " you 11.")
    unknown = RazzAnnouncer(["Andrew", "\u202e", "Ellen"], messages("en"))
    assert unknown.announce(PhraseSaid(1.0, CHRIS), None)[0].text == "Player 2 says the phrase."
    assert unknown.announce(PhraseChosen(1.0, ELLEN, "<Rats>"), ANDREW)[0].text == (
        "The Razzing Phrase is Rats!")
    assert unknown.announce(PhraseSaid(2.0, ANDREW), ANDREW)[0].text == "You say: Rats!"
    assert unknown.announce(PhraseChosen(3.0, ELLEN, "<>"), ANDREW)[0].text == (
        "The Razzing Phrase is chosen, but it cannot be spoken.")
    assert unknown.announce(PhraseSaid(4.0, CHRIS), ANDREW)[0].text == (
        "Player 2 says the phrase.")


def test_the_lines_to_render_in_advance_are_the_urgent_ones() -> None:
    lines = RazzAnnouncer(NAMES, messages("en")).urgent_phrases(CHRIS)
    assert lines[:3] == ["Spoons! Grab one!", "Say the phrase!", "Time is up for grabbing!"]
    assert "You grabbed the last spoon!" in lines and "Ellen grabbed a spoon!" in lines
    assert all("Chris" not in line for line in lines)
    watching = RazzAnnouncer(NAMES, messages("en")).urgent_phrases(None)
    assert watching[:3] == ["Spoons! The race is on for 2 spoons.", "Time is up for grabbing!",
                            "Andrew grabbed a spoon!"]


# --------------------------------------------------------------------- on demand

def test_the_status_lines_from_plain_values() -> None:
    lines = razz_status_lines(NAMES, messages("en"), ANDREW, turn=CHRIS, top=c("8H"),
                              suit="C", count=0, clockwise=False, counts=(3, 5, 7),
                              totals=(6, 11, 0), hand=cards("QH 7S QH 2H AC 10D"))
    assert lines == [
        "Chris's turn.",
        "The top card is the eight of hearts, and the suit is clubs.",
        "Play goes counterclockwise: after you comes Ellen.",
        "Cards: you 3, Chris 5, and Ellen 7.",
        "Points: Ellen 0, you 6, and Chris 11.",
        "You have 6 cards. Clubs: an ace. Diamonds: a ten. Hearts: a two and two queens."
        " Spades: a seven.",
    ]
    watching = razz_status_lines(NAMES, messages("en"), None, turn=None, top=None, suit="",
                                 count=0, clockwise=True, counts=(0, 0, 0), totals=(0, 0, 0))
    assert watching == ["No round is under way.", "There is no card on the pile yet.",
                        "Play goes clockwise.", "Cards: Andrew 0, Chris 0, and Ellen 0.",
                        "No points yet."]
    status = RazzStatus(NAMES, messages("en"))
    assert status.turn(ANDREW, ANDREW) == "Your turn."
    assert status.turn(ANDREW, ANDREW, king_from=CHRIS, king_to=ANDREW, king_count=3) == (
        "You must answer Chris's king: say the phrase and take 3 cards, or bounce it with a"
        " king.")
    assert status.turn(ANDREW, ANDREW, king_from=ANDREW, king_to=ELLEN, king_count=2) == (
        "Ellen must answer your king: 2 cards.")
    assert status.turn(None, CHRIS, king_from=CHRIS, king_to=ELLEN, king_count=2) == (
        "Ellen must answer Chris's king: 2 cards.")
    assert status.turn(ANDREW, CHRIS, spoons_out=True) == "The spoons are out!"
    assert status.top(c("2S"), "S", 4) == "The top card is the two of spades, and the count is 4."
    assert status.top(c("8S"), "S", 0) == "The top card is the eight of spades."
    assert status.direction(True, ELLEN) == "Play goes clockwise: after you comes Andrew."
    assert status.hand(()) == "You hold no cards."
    assert status.phrase("Pickles", ANDREW, owing=(ANDREW, CHRIS),
                         razzable=((CHRIS, Fault.NO_PHRASE), (ELLEN, Fault.MISMATCH))) == (
        "The Razzing Phrase is Pickles! You must say the phrase. Chris must say the phrase."
        " You may razz Chris, for not saying the phrase. You may razz Ellen, for a card that"
        " does not match.")
    assert status.phrase("Doh!", CHRIS) == (
        "The Razzing Phrase is Doh! There is no mistake for you to razz.")
    assert status.phrase(None, None, owing=(CHRIS, ELLEN)) == (
        "No Razzing Phrase has been chosen yet. Chris and Ellen must say the phrase.")
    spanish = RazzStatus(NAMES, messages("es"))
    assert spanish.top(c("8H"), "C", 0) == (
        "La carta de arriba es el ocho de corazones, y el palo es tréboles.")
    assert spanish.hand(cards("QH")) == "Tienes 1 carta. Corazones: una reina."


# --------------------------------------------------------------------- sound cues

SEATS4 = 4
"""The cue table is heard at four seats: for Andrew (seat 0) seat 1 is hard left, seat 2 in
the middle and seat 3 hard right; for seat 2, seat 3 is left, 0 middle, 1 right; a spectator
hears seats 0 to 3 from right to left."""
LEFT, RIGHT, THIRD = -1.0, 1.0, 1 / 3
CUE_TABLE: list[tuple[Event, tuple[list[Cue], list[Cue], list[Cue]]]] = [
    (RazzGameStarted(0.0, ("A", "B", "C", "D")), ([], [], [])),
    (DealStarted(0.0, 1, 1, 3, (7, 7, 7, 7)),
     ([Cue("deal", LEFT)], [Cue("deal", RIGHT)], [Cue("deal", THIRD)])),
    (HandDealt(0.0, 0, cards("2C")), ([], [], [])),
    (StarterTurned(0.0, c("7H"), 75), ([], [], [])),
    (PhraseWanted(0.0, 1), ([], [], [])),
    (PhraseTimeUp(60.0, 1), ([], [], [])),
    (CardKept(2.0, 0), ([], [], [])),
    (PhraseChosen(0.5, 1, "Doh!"),
     ([Cue("phrase", LEFT)], [Cue("phrase", RIGHT)], [Cue("phrase", THIRD)])),
    (TurnBegan(1.0, 2, 1, False, True), ([], [], [])),
    (TurnBegan(1.0, 2, 2, True, True),
     ([Cue("repeat", MIDDLE)], [Cue("repeat", MIDDLE)], [Cue("repeat", -THIRD)])),
    (CardPlayed(1.0, 0, c("5H"), "H", 3),
     ([Cue("card-out", PILE_PAN)], [Cue("card-out", MIDDLE)], [Cue("card-out", RIGHT)])),
    (CardPlayed(1.0, 3, c("8C"), "D", 3),
     ([Cue("card-out", RIGHT), Cue("wild", RIGHT)], [Cue("card-out", LEFT), Cue("wild", LEFT)],
      [Cue("card-out", LEFT), Cue("wild", LEFT)])),
    (CardPlayed(1.0, 3, c("8C"), "D", 0),
     ([Cue("card-out", RIGHT)], [Cue("card-out", LEFT)], [Cue("card-out", LEFT)])),
    (CardsDrawn(1.0, 0, cards("5H"), 1, 4, DrawCause.TURN),
     ([Cue("card-in", STOCK_PAN)], [Cue("card-in", MIDDLE)], [Cue("card-in", RIGHT)])),
    (CardsDrawn(1.0, 2, (), 0, 4, DrawCause.TURN), ([], [], [])),
    (PileTurnedOver(1.0, 40),
     ([Cue("shuffle", MIDDLE)], [Cue("shuffle", MIDDLE)], [Cue("shuffle", MIDDLE)])),
    (TurnTimeUp(1.0, 0), ([], [], [])),
    (DirectionReversed(1.0, False),
     ([Cue("reverse", MIDDLE)], [Cue("reverse", MIDDLE)], [Cue("reverse", MIDDLE)])),
    (KingAimed(1.0, 3, 0, 2), ([Cue("king", RIGHT)], [Cue("king", LEFT)], [Cue("king", LEFT)])),
    (CountRaised(1.0, 2, 2),
     ([Cue("count", MIDDLE)], [Cue("count", MIDDLE)], [Cue("count", -THIRD)])),
    (SpoonsOut(1.0, 1, 3, 6.0), ([Cue("react", MIDDLE, urgent=True)],) * 3),
    (SpoonTaken(1.2, 1, 2), ([Cue("spoon", LEFT, urgent=True)], [Cue("spoon", RIGHT, urgent=True)],
                             [Cue("spoon", THIRD, urgent=True)])),
    (DoubleGrab(1.3, 3), ([Cue("spoon", RIGHT, urgent=True)], [Cue("spoon", LEFT, urgent=True)],
                          [Cue("spoon", LEFT, urgent=True)])),
    (SpoonFought(1.4, (1, 3)), ([Cue("spoon", RIGHT, urgent=True)],
                                [Cue("spoon", LEFT, urgent=True)],
                                [Cue("spoon", LEFT, urgent=True)])),
    (RaceOver(1.5, (0,), False), ([], [], [])),
    (PhraseOwed(1.5, 2, 4.5, DrawCause.SPOONS),
     ([], [Cue("react", MIDDLE, urgent=True)], [])),
    (PhraseSaid(2.0, 3), ([Cue("phrase", RIGHT)], [Cue("phrase", LEFT)], [Cue("phrase", LEFT)])),
    (LastCardAnnounced(2.0, 1),
     ([Cue("last-card", LEFT)], [Cue("last-card", RIGHT)], [Cue("last-card", THIRD)])),
    (FaultMade(2.0, 1, Fault.NO_PHRASE, 3), ([], [], [])),
    (RazzCalled(2.5, 2, 0, True, Fault.NO_PHRASE),
     ([Cue("razz", MIDDLE)], [Cue("razz", MIDDLE)], [Cue("razz", -THIRD)])),
    (RoundWon(3.0, 1, 1),
     ([Cue("round-over", MIDDLE)], [Cue("round-over", MIDDLE)], [Cue("round-over", MIDDLE)])),
    (RoundScored(3.0, (1, 0, 2, 3), (1, 0, 2, 3)), ([], [], [])),
    (GameWon(3.0, (2,), (1, 0, 2, 3)),
     ([Cue("eliminated", MIDDLE)], [Cue("win", MIDDLE)], [Cue("win", MIDDLE)])),
]


@pytest.mark.parametrize(("event", "expected"), CUE_TABLE,
                         ids=[f"{type(event).__name__}-{n}"
                              for n, (event, _) in enumerate(CUE_TABLE)])
def test_each_event_sounds_from_its_seat(event: Event,
                                         expected: tuple[list[Cue], list[Cue], list[Cue]]) -> None:
    mapper = RazzCueMapper(SEATS4)
    for listener, cues in zip((0, 2, None), expected, strict=True):
        view = event.seen_by(listener)
        got = [] if view is None else mapper.cues(view, listener)
        assert [(cue.name, cue.urgent) for cue in got] == [(cue.name, cue.urgent)
                                                            for cue in cues]
        assert [cue.pan for cue in got] == pytest.approx([cue.pan for cue in cues])


def test_the_cue_table_has_every_razz_event_and_every_new_sound() -> None:
    kinds = {type(event) for event, _ in CUE_TABLE}
    assert len(kinds) == 29
    names = {cue.name for _, expected in CUE_TABLE for cues in expected for cue in cues}
    assert set(RAZZ_CUE_NAMES) - set(CLASSIC_CUE_NAMES) <= names <= set(RAZZ_CUE_NAMES)


@pytest.mark.parametrize("name", sorted(set(RAZZ_CUE_NAMES) - set(CLASSIC_CUE_NAMES)))
def test_each_new_sound_is_a_short_mono_wav(name: str) -> None:
    assert name not in ("deal", "shuffle", "card-in", "card-out", "spoon", "react")
    with as_file(files("audiospoons.sounds") / f"{name}.wav") as path, \
            wave.open(str(path), "rb") as wav:
        shape = (wav.getnchannels(), wav.getsampwidth(), wav.getframerate(), wav.getcomptype())
        seconds = wav.getnframes() / wav.getframerate()
    assert shape == (1, 2, 44100, "NONE")
    assert 0.1 < seconds <= 0.45


def test_every_razz_cue_is_a_sound_the_mixer_has() -> None:
    assert set(RAZZ_CUE_NAMES) <= set(cue_names())
