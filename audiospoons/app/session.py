"""A sitting at this keyboard: games against bots, one after another, until the player stops."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import replace

from audiospoons.app.historykeys import HISTORY_KEYS, review_history
from audiospoons.app.settings import LeftByCtrlC, Settings
from audiospoons.bots.levels import Level
from audiospoons.engine.rules import GameOptions
from audiospoons.games.keyboards import KEYBOARDS
from audiospoons.games.registry import DEFAULT
from audiospoons.sound.mixer import Mixer
from audiospoons.ui.controls import answer_controls, offer
from audiospoons.ui.keyboardhalf import KeyboardHalf
from audiospoons.ui.player import GameResult, KeySource, PastReactions
from audiospoons.ui.seating import LocalTable
from audiospoons.voice.announcer import Utterance
from audiospoons.voice.i18n import Messages, choose_language, messages
from audiospoons.voice.speaker import Speaker
from audiospoons.voice.speech import SpeechOutput


def rate_changer(output: SpeechOutput) -> Callable[[int], int | None]:
    """Speech rate up or down, for the outputs that have one (built-in text-to-speech); a
    screen reader keeps its own."""

    def change(step: int) -> int | None:
        rate = getattr(output, "rate", None)
        if not isinstance(rate, int):
            return None
        output.rate = rate + step  # type: ignore[attr-defined]
        new_rate = getattr(output, "rate", rate)
        return new_rate if isinstance(new_rate, int) else None

    return change


def play_games(half: KeyboardHalf, table: LocalTable, keys: KeySource, *,
               on_result: Callable[[GameResult], None] | None = None) -> None:
    """Games of ``half``'s game until the player quits one, or says no to another: each with the
    next seed, and the reaction record brought up to date after each, and on Ctrl+C in a game,
    with the times of the game left, before the interrupt goes on."""
    past, seed = table.record, table.seed
    while True:
        game = half.local_game(replace(table, seed=seed, record=past))
        try:
            result = game.play(keys)
        except KeyboardInterrupt:
            if on_result is not None:
                on_result(game.left())
            raise
        if past is not None and result.won is not None:
            past = PastReactions((*past.times, *result.reaction_times), past.games + 1,
                                 past.wins + result.won, past.best)
        if on_result is not None:
            on_result(result)
        if result.won is None:
            table.speaker.say(Utterance(table.messages.tr("game.left")))
            return
        if not _again(table.messages, table.speaker, keys):
            return
        seed = None if seed is None else seed + 1


def _again(messages: Messages, speaker: Speaker, keys: KeySource) -> bool:
    """Another game? Enter or Escape; comma, period and the other history keys hear the
    game's end again (the question is not kept in the history, so it does not get in the
    way), and any other key asks again."""
    speaker.review(messages.tr("game.again"))
    while True:
        offer(keys, answer_controls(messages))
        for key in keys.read(None):
            speaker.interrupt()
            if key.label == "enter":
                return True
            if key.label == "escape":
                return False
            if key.label in HISTORY_KEYS:
                review_history(speaker, HISTORY_KEYS[key.label])
            else:
                speaker.review(messages.tr("game.again"))


def play_local_game(*, settings: Settings, speaker: Speaker, mixer: Mixer | None,
                    keys: KeySource, seed: int | None = None, game: str = DEFAULT,
                    options: GameOptions | None = None,
                    clock: Callable[[], float] = time.monotonic) -> Settings:
    """Play ``game`` against bots: with its saved options (or ``options``), the saved players,
    bots, language, verbosity and keys, on ``clock``, until the player stops; returns the
    settings with the reaction record brought up to date, for a game whose status keys say it.
    Ctrl+C raises ``LeftByCtrlC`` with those settings, for the caller to save before the
    program ends."""
    half = KEYBOARDS[game]
    record = [settings]

    def remember(result: GameResult) -> None:
        updated = record[-1]
        for seconds in result.reaction_times:
            updated = updated.with_reaction(seconds * 1000)
        if result.won is not None:
            updated = updated.with_game(result.won)
        record.append(updated)

    table = LocalTable(
        half.saved_options(settings.values_of(game)) if options is None else options,
        settings.players, messages(choose_language(settings.language)), speaker, mixer,
        settings.seat_prefs(), seed, rate_changer(speaker.output), Level(settings.bots),
        past_record(settings) if half.reaction_record else None, clock)
    try:
        play_games(half, table, keys, on_result=remember if half.reaction_record else None)
    except KeyboardInterrupt as interrupt:
        raise LeftByCtrlC(record[-1]) from interrupt
    return record[-1]


def play_demonstration(*, settings: Settings, speaker: Speaker, mixer: Mixer | None,
                       keys: KeySource, clock: Callable[[], float] = time.monotonic
                       ) -> Settings:
    """The demonstration round, from the main menu or the first run: the first game's, on
    ``clock``."""
    demonstration = KEYBOARDS[DEFAULT].demonstration
    if demonstration is not None:
        demonstration(messages(choose_language(settings.language)), speaker, mixer, keys,
                      clock)
    return settings


def past_record(settings: Settings) -> PastReactions:
    """The saved reaction record as the game's status key reads it (seconds)."""
    reactions = settings.reactions
    return PastReactions(tuple(ms / 1000 for ms in reactions.recent), reactions.games,
                         reactions.wins,
                         None if reactions.best is None else reactions.best / 1000)
