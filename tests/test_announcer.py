"""Who hears what: second and third person, private facts, verbosity, phase 2, languages."""

from __future__ import annotations

from audiospoons.engine.cards import parse_card
from audiospoons.games.spoons.keyboard.announcer import Announcer
from audiospoons.games.spoons.rules.events import (
    CardPassed,
    CardsDealt,
    CardTaken,
    Eliminated,
    GameOver,
    ReactCue,
    ReactionTestStarted,
    SetHeld,
    Source,
    SpoonGrabbed,
)
from audiospoons.voice.announcer import Verbosity
from audiospoons.voice.i18n import messages

PLAYERS = ("Andrew", "Chris", "Ellen", "Debra")


def hear(event: object, listener: int | None, lang: str = "en", /,
         **options: object) -> list[str]:
    from audiospoons.engine.events import Event

    assert isinstance(event, Event)
    view = event.seen_by(listener)
    if view is None:
        return []
    announcer = Announcer(PLAYERS, messages(lang), **options)  # type: ignore[arg-type]
    return [said.text for said in announcer.announce(view, listener)]


def test_your_own_doings_are_second_person_and_others_third() -> None:
    grab = SpoonGrabbed(1.0, 1, 2)
    assert hear(grab, 1) == ["You grabbed a spoon!"]
    assert hear(grab, 0) == ["Chris grabbed a spoon!"]
    assert hear(grab, 1, "es") == ["¡Agarraste una cuchara!"]
    assert hear(grab, 0, "es") == ["¡Chris agarró una cuchara!"]


def test_your_cards_and_the_card_you_took_are_yours_alone() -> None:
    dealt = CardsDealt(0.0, 2, tuple(parse_card(c) for c in ("7H", "QS", "10D", "AC")))
    assert hear(dealt, 2) == ["Your cards: seven of hearts, queen of spades, ten of diamonds,"
                              " and ace of clubs."]
    assert hear(dealt, 1) == [] and hear(dealt, None) == []
    taken = CardTaken(1.0, 2, Source.STOCK, parse_card("KD"))
    assert hear(taken, 2) == ["You drew the king of diamonds."]
    assert hear(taken, 3) == ["Ellen drew a card."]
    assert hear(taken, 2, "es") == ["Robaste el rey de diamantes."]
    set_held = SetHeld(1.0, 2, "Q")
    assert hear(set_held, 2) == ["You have four queens!"]
    assert hear(set_held, 2, "es") == ["¡Tienes cuatro reinas!"]
    assert hear(set_held, 0) == []


def test_a_pass_says_the_card_only_to_the_passer() -> None:
    passed = CardPassed(1.0, 0, 1, parse_card("QH"))
    assert hear(passed, 0) == ["You passed the queen of hearts to Chris."]
    assert hear(passed, 1) == ["Andrew passed you a card."]
    assert hear(passed, 2) == ["Andrew passed a card to Chris."]
    assert hear(passed, 1, "es") == ["Andrew te pasó una carta."]
    assert "la reina de corazones" in hear(passed, 0, "es")[0]


def test_brief_says_only_what_changes_a_decision() -> None:
    brief = {"verbosity": Verbosity.BRIEF}
    assert hear(CardPassed(1.0, 0, 1, parse_card("QH")), 0, **brief) == []
    assert hear(CardPassed(1.0, 0, 1, parse_card("QH")), 0) == [
        "You passed the queen of hearts to Chris."]
    assert hear(CardPassed(1.0, 0, 1, parse_card("QH")), 1, **brief) == []
    assert hear(CardTaken(1.0, 2, Source.STOCK, parse_card("KD")), 3, **brief) == []
    assert hear(CardTaken(1.0, 2, Source.STOCK, parse_card("KD")), 2, **brief) == [
        "King of diamonds."]
    assert hear(CardPassed(1.0, 0, 1, parse_card("QH"), forced=True), 0, **brief) == [
        "Time is up: you passed the queen of hearts to Chris."]
    assert hear(SpoonGrabbed(1.0, 1, 2), 0, **brief) == ["Chris grabbed a spoon!"]


def test_the_first_grab_is_only_a_sound_unless_phase_two_is_announced() -> None:
    first = SpoonGrabbed(1.0, 3, 2, first=True)
    assert hear(first, 0) == []
    assert hear(first, 3) == ["You grabbed a spoon!"]
    assert hear(first, 0, announce_phase2=True) == [
        "The spoons are going! Debra grabbed a spoon!"]
    assert hear(first, 0, "es", announce_phase2=True) == [
        "¡Las cucharas vuelan! ¡Debra agarró una cuchara!"]


def test_racers_get_ready_while_the_rest_hear_who_is_racing() -> None:
    started = ReactionTestStarted(2.0, (1, 3), False)
    assert hear(started, 1) == ["Get ready to react!"]
    assert hear(started, 0) == ["Chris and Debra are racing for the spoons..."]
    assert hear(ReactCue(3.0, (1, 3)), 3) == ["React now!"]
    assert hear(ReactCue(3.0, (1, 3)), 0) == []
    announcer = Announcer(PLAYERS, messages("en"))
    assert announcer.announce(ReactCue(3.0, (1, 3)), 1)[0].urgent


def test_lists_of_names_and_you_among_them() -> None:
    out = Eliminated(5.0, (0, 1, 3))
    assert hear(out, 2) == ["Andrew, Chris, and Debra are eliminated."]
    assert hear(out, 2, "es") == ["Andrew, Chris y Debra quedan fuera."]
    assert hear(Eliminated(5.0, (3,)), 2) == ["Debra is eliminated."]
    assert hear(out, 1) == ["You are eliminated, and so are Andrew and Debra."]
    assert hear(Eliminated(5.0, (1,)), 1) == ["You are eliminated."]
    assert hear(Eliminated(5.0, (1, 3)), 1) == ["You are eliminated, and so is Debra."]
    assert hear(Eliminated(5.0, (1, 3)), 1, "es") == ["Quedas fuera, y también Debra."]
    assert hear(GameOver(9.0, (0, 2)), 2) == ["You share the win with Andrew!"]
    assert hear(GameOver(9.0, (0, 2)), 1) == ["Andrew and Ellen are joint winners!"]
    assert hear(GameOver(9.0, (0,)), 0, "es") == ["¡Ganas la partida!"]


def test_player_names_reach_speech_as_plain_text() -> None:
    announcer = Announcer(("An\u202edrew<pitch>", "Chris\x07"), messages("en"))
    said = announcer.announce(SpoonGrabbed(1.0, 0, 1), 1)
    assert said[0].text == "Andrew pitch grabbed a spoon!"


def test_the_urgent_lines_known_in_advance_are_the_ones_the_game_says() -> None:
    announcer = Announcer(PLAYERS, messages("en"), announce_phase2=True)
    phrases = announcer.urgent_phrases(1)
    assert phrases[:3] == ["React now!", "Time is up for grabbing!", "Andrew grabbed a spoon!"]
    assert "You grabbed a spoon!" in phrases
    assert "The spoons are going! Debra grabbed a spoon!" in phrases
    for event, listener in ((SpoonGrabbed(1.0, 3, 2, first=True), 1),
                            (SpoonGrabbed(1.0, 1, 2), 1), (ReactCue(2.0, (1, 3)), 1)):
        said = announcer.announce(event, listener)
        assert said[0].urgent and said[0].text in phrases


def test_the_colour_menu_names_spoons_by_colour_in_every_language() -> None:
    from audiospoons.games.spoons.keyboard.spoonnames import SpoonStyle
    from audiospoons.games.spoons.rules.events import ContestKind, SpoonChosen, SpoonContested

    colours = {"spoon_style": SpoonStyle.COLOURS}
    contest = SpoonContested(5.0, 1, (0, 2))
    assert hear(contest, 3, **colours) == [f"The red spoon: {PLAYERS[0]} and {PLAYERS[2]}."]
    assert hear(contest, 3, "es", **colours) == [
        f"La cuchara roja: {PLAYERS[0]} y {PLAYERS[2]}."]
    assert hear(contest, 3) == [f"Spoon 1: {PLAYERS[0]} and {PLAYERS[2]}."]
    cue = ReactCue(6.0, (0, 2), ContestKind.SPOON, 3)
    assert hear(cue, 0, **colours) == ["The green spoon, react now!"]
    assert hear(cue, 1, "es", **colours) == ["¡La cuchara verde, reacciona ya!"]
    assert hear(SpoonChosen(1.0, 1, 2), 1, **colours) == ["You chose the blue spoon."]
    assert hear(SpoonChosen(1.0, 1, 2), 1, "es", **colours) == ["Elegiste la cuchara azul."]
