"""A sitting at this keyboard: games against bots, one after another, until the player stops."""

from __future__ import annotations

from collections.abc import Callable

from audiospoons.bots.levels import Level
from audiospoons.engine.options import Options
from audiospoons.games.razz.local import LocalRazzGame
from audiospoons.games.razz.optionitems import saved_razz_options
from audiospoons.games.razz.rules.options import RazzOptions
from audiospoons.sound.mixer import Mixer
from audiospoons.ui.demo import play_demonstration as demo_round
from audiospoons.ui.historykeys import HISTORY_KEYS, review_history
from audiospoons.ui.local import LocalGame
from audiospoons.ui.player import GameResult, KeySource, ReactionRecord
from audiospoons.ui.settings import Settings
from audiospoons.voice.announcer import Verbosity
from audiospoons.voice.i18n import Messages, choose_language, messages
from audiospoons.voice.speaker import Speaker
from audiospoons.voice.speech import SpeechOutput
from audiospoons.voice.spoonnames import SpoonStyle


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


def play_games(options: Options, players: int, messages: Messages, speaker: Speaker,
               mixer: Mixer | None, keys: KeySource, *, verbosity: Verbosity = Verbosity.FULL,
               key_overrides: dict[str, str] | None = None, seed: int | None = None,
               bot_level: Level = Level.NORMAL,
               on_result: Callable[[GameResult], None] | None = None,
               past: ReactionRecord | None = None,
               spoon_style: SpoonStyle = SpoonStyle.NUMBERS) -> None:
    """Games until the player quits one, or says no to another."""
    game_seed = seed
    while True:
        game = LocalGame(options, players, messages, speaker, mixer, seed=game_seed,
                         verbosity=verbosity, key_overrides=key_overrides,
                         rate_setter=rate_changer(speaker.output), bot_level=bot_level,
                         spoon_style=spoon_style)
        if past is not None:
            game.record = past
        result = game.play(keys)
        if past is not None and result.won is not None:
            past = ReactionRecord((*past.times, *result.reaction_times), past.games + 1,
                                  past.wins + result.won, past.best)
        if on_result is not None:
            on_result(result)
        if result.won is None or not _again(messages, speaker, keys):
            return
        game_seed = None if game_seed is None else game_seed + 1


def _again(messages: Messages, speaker: Speaker, keys: KeySource) -> bool:
    """Another game? Enter or Escape; comma, period and the other history keys hear the
    game's end again (the question is not kept in the history, so it does not get in the
    way), and any other key asks again."""
    speaker.review(messages.tr("game.again"))
    while True:
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
                    keys: KeySource, seed: int | None = None) -> Settings:
    """Play from the main menu: games with the saved options, players and bots, until the
    player stops; returns the settings with the reaction record brought up to date."""
    record = [settings]

    def remember(result: GameResult) -> None:
        updated = record[-1]
        for seconds in result.reaction_times:
            updated = updated.with_reaction(seconds * 1000)
        if result.won is not None:
            updated = updated.with_game(result.won)
        record.append(updated)

    lang = choose_language(settings.language)
    play_games(settings.game_options(), settings.players, messages(lang), speaker, mixer, keys,
               verbosity=settings.verbosity, key_overrides=dict(settings.keys),
               bot_level=Level(settings.bots), on_result=remember,
               past=past_record(settings), seed=seed, spoon_style=settings.spoon_keys)
    return record[-1]


def play_demonstration(*, settings: Settings, speaker: Speaker, mixer: Mixer | None,
                       keys: KeySource) -> Settings:
    """The demonstration round, from the main menu or the first run."""
    demo_round(messages(choose_language(settings.language)), speaker, mixer, keys)
    return settings


def past_record(settings: Settings) -> ReactionRecord:
    """The saved reaction record as the game's status key reads it (seconds)."""
    reactions = settings.reactions
    return ReactionRecord(tuple(ms / 1000 for ms in reactions.recent), reactions.games,
                          reactions.wins,
                          None if reactions.best is None else reactions.best / 1000)


def play_razz_games(options: RazzOptions, players: int, messages: Messages, speaker: Speaker,
                    mixer: Mixer | None, keys: KeySource, *,
                    verbosity: Verbosity = Verbosity.FULL, seed: int | None = None,
                    bot_level: Level = Level.NORMAL,
                    key_overrides: dict[str, str] | None = None) -> None:
    """Games of Razz Spoons until the player quits one, or says no to another, on Razz
    Spoons' keys with ``key_overrides`` moved."""
    game_seed = seed
    while True:
        game = LocalRazzGame(options, players, messages, speaker, mixer, seed=game_seed,
                             verbosity=verbosity, rate_setter=rate_changer(speaker.output),
                             bot_level=bot_level, key_overrides=key_overrides)
        result = game.play(keys)
        if result.won is None or not _again(messages, speaker, keys):
            return
        game_seed = None if game_seed is None else game_seed + 1


def play_local_razz_game(*, settings: Settings, options: RazzOptions, speaker: Speaker,
                         mixer: Mixer | None, keys: KeySource, seed: int | None = None) -> None:
    """Razz Spoons against bots with the settings' players, bots, language, verbosity and
    Razz Spoons keys."""
    play_razz_games(options, settings.players, messages(choose_language(settings.language)),
                    speaker, mixer, keys, verbosity=settings.verbosity,
                    bot_level=Level(settings.bots), seed=seed,
                    key_overrides=dict(settings.razz_keys))


def play_menu_razz_game(*, settings: Settings, speaker: Speaker, mixer: Mixer | None,
                        keys: KeySource) -> None:
    """Razz Spoons from the main menu, with its saved options."""
    play_local_razz_game(settings=settings, options=saved_razz_options(settings.razz_options),
                         speaker=speaker, mixer=mixer, keys=keys)
