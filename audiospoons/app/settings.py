"""The player's settings and reaction record, kept as JSON in the user's config folder.

The file is ``settings.json`` in the folder platformdirs gives for "audiospoons" (on Linux
``~/.config/audiospoons``), or in the folder named by the environment variable
``AUDIOSPOONS_CONFIG_DIR`` when that is set (tests use it). It is written atomically: a
temporary file in the same folder, flushed to disk, then renamed over the old one, so a crash
leaves either the old settings or the new, never half of each.

A file that cannot be read or is not a JSON object is renamed aside
(``settings.json.corrupt-YYYYmmdd-HHMMSS``), the defaults are used, and ``load_settings``
returns a message id saying so, for the caller to speak (``problem_text``). A value of the
wrong type or out of range takes its default alone: everything else, the reaction record
among it, is kept, a copy of the file is kept aside, and the player is told.
A missing file is simply the first run.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import shutil
import statistics
import tempfile
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from functools import partial
from pathlib import Path
from typing import Any, TypeVar

import platformdirs

from audiospoons.bots.levels import LEVEL_NAMES
from audiospoons.engine.rules import GameOptions
from audiospoons.games.keyboards import KEYBOARDS
from audiospoons.games.registry import DEFAULT, GAMES
from audiospoons.net.names import NAME_LENGTH
from audiospoons.ui.keptseats import is_seat_token
from audiospoons.ui.seating import SPOON_STYLES, SeatPrefs
from audiospoons.voice.announcer import Verbosity
from audiospoons.voice.i18n import Messages
from audiospoons.voice.speech import SpeechMode

APP_NAME = "audiospoons"
LANGUAGE_TAG = re.compile(r"[A-Za-z]{2,3}(_[A-Za-z]{2})?")
"""A catalog's language as the settings keep it: 'es', 'pt_BR'."""
CONFIG_DIR_VARIABLE = "AUDIOSPOONS_CONFIG_DIR"
"""Environment variable naming the folder of the settings file instead of the usual one."""
FILE_NAME = "settings.json"
FORMAT_VERSION = 1

RATE_MIN, RATE_MAX, RATE_STEP, RATE_DEFAULT = 80, 450, 10, 175
"""Speech rate in words per minute (175 is espeak-ng's own default)."""
RECENT_REACTIONS = 99
"""How many of the latest reaction times are kept to give the median."""
ONLINE_ADDRESS_LENGTH = 260
"""Characters in a relay's address: the longest host name (253), a colon and a port."""

E = TypeVar("E", SpeechMode, Verbosity)
T = TypeVar("T")

PROBLEM_CORRUPT = "settings.corrupt"
PROBLEM_PARTIAL = "settings.partial"
"""Some values could not be read: they are back to their defaults, the rest kept."""
PROBLEM_UNREADABLE = "settings.unreadable"


@dataclass(frozen=True, slots=True)
class SavedReactions:
    """The player's personal record as the settings file keeps it: reaction times in
    milliseconds (the latest ``RECENT_REACTIONS`` of them, oldest first), the best ever, games
    played and won."""

    recent: tuple[float, ...] = ()
    best: float | None = None
    games: int = 0
    wins: int = 0

    @property
    def median(self) -> float | None:
        """The median of the recent reaction times, or None before the first."""
        return statistics.median(self.recent) if self.recent else None

    def with_reaction(self, milliseconds: float) -> SavedReactions:
        """The record with one more reaction time."""
        if not milliseconds >= 0.0 or milliseconds == float("inf"):
            raise ValueError(f"a reaction time is a finite number of milliseconds >= 0,"
                             f" not {milliseconds!r}")
        recent = (*self.recent, round(float(milliseconds), 1))[-RECENT_REACTIONS:]
        best = milliseconds if self.best is None else min(self.best, milliseconds)
        return replace(self, recent=recent, best=round(float(best), 1))

    def with_game(self, won: bool) -> SavedReactions:
        """The record with one more game played (and won, with ``won``)."""
        return replace(self, games=self.games + 1, wins=self.wins + (1 if won else 0))


@dataclass(frozen=True, slots=True)
class Settings:
    """Everything the player chose, and their reaction record.

    ``speech_volume`` and ``sound_volume`` are percentages; ``language`` None follows the
    system; ``game_keys`` holds, by game name, the game actions the player moved to other keys
    (action name to key label, see ``ui.gamekeys``), and ``game_options`` each game's option
    values as text, as its rules read them (the file keeps them in fields each game's keyboard
    half names). The mappings are plain dicts: do not change them in place.
    ``online_address`` and ``online_name`` are what Play online last connected with, as typed.
    """

    speech: SpeechMode = SpeechMode.AUTO
    rate: int = RATE_DEFAULT
    speech_volume: int = 100
    sound_volume: int = 80
    mono: bool = False
    language: str | None = None
    verbosity: Verbosity = Verbosity.BRIEF
    spoon_keys: str = SPOON_STYLES[0]
    game_keys: Mapping[str, Mapping[str, str]] = field(default_factory=dict)
    players: int = 4
    bots: str = "easy"
    game_options: Mapping[str, Mapping[str, str]] = field(default_factory=dict)
    first_run: bool = True
    reactions: SavedReactions = SavedReactions()
    online_address: str = ""
    online_name: str = ""
    online_logins: Mapping[str, str] = field(default_factory=dict)
    """The login token each relay gave, to log in by next time: by the relay's address as
    typed and the account's name, "ADDRESS NAME" (``onlinemenu.with_login``)."""
    online_seats: Mapping[str, str] = field(default_factory=dict)
    """The token of the seat held in a game online, kept until that game ends or the player
    leaves it, to take the seat back at the next start: by the relay's "HOST:PORT" and the
    player's name, "HOST:PORT NAME" (``keptseats.with_seat``)."""

    def seat_prefs(self) -> SeatPrefs:
        """How the player chose to hear and play a seat, every game's moved keys among it."""
        return SeatPrefs(self.verbosity, {name: self.keys_of(name) for name in GAMES},
                         self.spoon_keys)

    def values_of(self, game: str) -> Mapping[str, str]:
        """The option values the player chose for ``game``."""
        return self.game_options.get(game, {})

    def with_values_of(self, game: str, values: Mapping[str, str]) -> Settings:
        """These settings with ``values`` as ``game``'s chosen options."""
        return replace(self, game_options=_by_game(self.game_options, game, values))

    def keys_of(self, game: str) -> Mapping[str, str]:
        """The keys the player moved in ``game``."""
        return self.game_keys.get(game, {})

    def with_keys_of(self, game: str, keys: Mapping[str, str]) -> Settings:
        """These settings with ``keys`` as the keys moved in ``game``."""
        return replace(self, game_keys=_by_game(self.game_keys, game, keys))

    def options_of(self, game: str = DEFAULT) -> GameOptions:
        """``game``'s saved options (raises ``InvalidOptions`` if they are not playable)."""
        return GAMES[game].read_options(self.values_of(game))[0]

    def with_reaction(self, milliseconds: float) -> Settings:
        return replace(self, reactions=self.reactions.with_reaction(milliseconds))

    def with_game(self, won: bool) -> Settings:
        return replace(self, reactions=self.reactions.with_game(won))


class BadSettings(ValueError):
    """The settings file holds something that is not a setting."""


class LeftByCtrlC(KeyboardInterrupt):
    """Ctrl+C during games at this keyboard: it ends the program as Ctrl+C does, with the
    settings as they stand, the reaction record brought up to date, for it to save first."""

    def __init__(self, settings: Settings) -> None:
        super().__init__()
        self.settings = settings


# ----------------------------------------------------------------------------- the file


def config_dir(environ: Mapping[str, str] | None = None) -> Path:
    """The folder of the settings file: ``$AUDIOSPOONS_CONFIG_DIR`` if set, else the user's
    config folder for audiospoons."""
    env = os.environ if environ is None else environ
    chosen = env.get(CONFIG_DIR_VARIABLE)
    if chosen:
        return Path(chosen)
    return Path(platformdirs.user_config_dir(APP_NAME, appauthor=False))


def settings_path(environ: Mapping[str, str] | None = None) -> Path:
    return config_dir(environ) / FILE_NAME


def load_settings(path: Path | str | None = None) -> tuple[Settings, str | None]:
    """The saved settings, or the defaults; and None, or the id of a message saying why the
    file could not be used (``settings.corrupt``: set aside; ``settings.unreadable``: could not
    be read nor set aside). Never raises."""
    file = Path(path) if path is not None else settings_path()
    try:
        text = file.read_bytes().decode("utf-8")
    except FileNotFoundError:
        return Settings(), None
    except (OSError, UnicodeDecodeError):
        return Settings(), _set_aside(file)
    reset: list[str] = []
    try:
        settings = settings_from_json(json.loads(text), reset)
    except (ValueError, RecursionError):  # json.JSONDecodeError and BadSettings are ValueErrors
        return Settings(), _set_aside(file)
    if reset:
        _copy_aside(file)
        return settings, PROBLEM_PARTIAL
    return settings, None


def save_settings(settings: Settings, path: Path | str | None = None) -> None:
    """Write ``settings`` atomically, creating the folder if need be. Raises ``OSError``."""
    file = Path(path) if path is not None else settings_path()
    file.parent.mkdir(parents=True, exist_ok=True)
    data = (json.dumps(settings_to_json(settings), indent=2, ensure_ascii=False) + "\n").encode()
    handle, temporary = tempfile.mkstemp(prefix=f".{file.name}.", suffix=".tmp", dir=file.parent)
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(data)
            stream.flush()
            os.fsync(stream.fileno())
        os.replace(temporary, file)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise
    _sync_folder(file.parent)


def _sync_folder(folder: Path) -> None:
    """Make the rename itself durable (POSIX; Windows cannot open a folder)."""
    try:
        descriptor = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(descriptor)
    except OSError:
        pass
    finally:
        os.close(descriptor)


def _set_aside(file: Path) -> str:
    """Rename a bad settings file out of the way, keeping it for the player."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    for attempt in range(100):
        suffix = f".corrupt-{stamp}" + (f"-{attempt}" if attempt else "")
        aside = file.with_name(file.name + suffix)
        if aside.exists():
            continue
        try:
            os.replace(file, aside)
        except OSError:
            return PROBLEM_UNREADABLE
        return PROBLEM_CORRUPT
    return PROBLEM_UNREADABLE


def _copy_aside(file: Path) -> None:
    """A copy of a settings file some of whose values could not be read, kept for the
    player beside it (the file itself is rewritten at the next save)."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    with contextlib.suppress(OSError):
        aside = file.with_name(f"{file.name}.corrupt-{stamp}")
        if not aside.exists():
            shutil.copyfile(file, aside)


def problem_text(problem: str, m: Messages) -> str:
    """What to tell the player about a problem id from ``load_settings``."""
    if problem == PROBLEM_UNREADABLE:
        return m.tr("settings.unreadable")
    if problem == PROBLEM_PARTIAL:
        return m.tr("settings.partial")
    return m.tr("settings.corrupt")


# ----------------------------------------------------------------------------- JSON


def settings_to_json(settings: Settings) -> dict[str, Any]:
    record = settings.reactions
    return {
        "version": FORMAT_VERSION,
        "speech": settings.speech.value,
        "rate": settings.rate,
        "speech_volume": settings.speech_volume,
        "sound_volume": settings.sound_volume,
        "mono": settings.mono,
        "language": settings.language,
        "verbosity": settings.verbosity.value,
        "spoon_keys": settings.spoon_keys,
        **{half.keys_setting: dict(settings.keys_of(name)) for name, half in KEYBOARDS.items()},
        "players": settings.players,
        "bots": settings.bots,
        **{half.options_setting: dict(settings.values_of(name))
           for name, half in KEYBOARDS.items()},
        "first_run": settings.first_run,
        "online_address": settings.online_address,
        "online_name": settings.online_name,
        "online_logins": dict(settings.online_logins),
        "online_seats": dict(settings.online_seats),
        "reactions": {
            "median": record.median,
            "best": record.best,
            "games": record.games,
            "wins": record.wins,
            "recent": list(record.recent),
        },
    }


def settings_from_json(data: object, reset: list[str] | None = None) -> Settings:
    """Settings from parsed JSON. A missing key takes its default and an unknown key is
    ignored. A value of the wrong type or out of range raises ``BadSettings``; given
    ``reset``, it takes its default instead and its key is added to ``reset``, so that one bad
    value loses nothing else."""
    if not isinstance(data, dict):
        raise BadSettings("the settings are not a JSON object")
    defaults = Settings()
    version = data.get("version", FORMAT_VERSION)
    if not _is_int(version) or version < 1:
        raise BadSettings(f"version {version!r}")

    def kept(key: str, read: Callable[[], T], default: T) -> T:
        try:
            return read()
        except BadSettings:
            if reset is None:
                raise
            reset.append(key)
            return default

    none: dict[str, str] = {}

    def language() -> str | None:
        value = data.get("language")
        if value is not None and (not isinstance(value, str)
                                  or LANGUAGE_TAG.fullmatch(value) is None):
            raise BadSettings(f"language {value!r}")
        return value

    def bots() -> str:
        value = data.get("bots", defaults.bots)
        if value not in LEVEL_NAMES:
            raise BadSettings(f"bots {value!r}")
        return str(value)

    return Settings(
        speech=kept("speech", lambda: _enum(data, "speech", SpeechMode, defaults.speech),
                    defaults.speech),
        rate=kept("rate", lambda: _int(data, "rate", defaults.rate, RATE_MIN, RATE_MAX),
                  defaults.rate),
        speech_volume=kept("speech_volume", lambda: _int(
            data, "speech_volume", defaults.speech_volume, 0, 100), defaults.speech_volume),
        sound_volume=kept("sound_volume", lambda: _int(
            data, "sound_volume", defaults.sound_volume, 0, 100), defaults.sound_volume),
        mono=kept("mono", lambda: _bool(data, "mono", defaults.mono), defaults.mono),
        language=kept("language", language, None),
        verbosity=kept("verbosity", lambda: _enum(data, "verbosity", Verbosity,
                                                  defaults.verbosity), defaults.verbosity),
        spoon_keys=kept("spoon_keys", lambda: _word(data, "spoon_keys", SPOON_STYLES,
                                                    defaults.spoon_keys), defaults.spoon_keys),
        game_keys={name: keys for name, half in KEYBOARDS.items()
                   if (keys := kept(half.keys_setting,
                                    partial(_text_mapping, data, half.keys_setting), none))},
        players=kept("players", lambda: _int(data, "players", defaults.players,
                                             *GAMES[DEFAULT].players), defaults.players),
        bots=kept("bots", bots, defaults.bots),
        game_options={name: values for name, half in KEYBOARDS.items()
                      if (values := kept(half.options_setting,
                                         partial(_text_mapping, data, half.options_setting),
                                         none))},
        first_run=kept("first_run", lambda: _bool(data, "first_run", defaults.first_run),
                       defaults.first_run),
        reactions=kept("reactions", lambda: _record(data.get("reactions", {})),
                       defaults.reactions),
        online_address=kept("online_address", lambda: _line(
            data, "online_address", ONLINE_ADDRESS_LENGTH), ""),
        online_name=kept("online_name", lambda: _line(data, "online_name", NAME_LENGTH), ""),
        online_logins=kept("online_logins", partial(_text_mapping, data, "online_logins"),
                           none),
        online_seats=kept("online_seats", partial(_seat_tokens, data, reset), none),
    )


def _by_game(by_game: Mapping[str, Mapping[str, str]], game: str, values: Mapping[str, str]
             ) -> dict[str, Mapping[str, str]]:
    """``by_game`` with ``game``'s mapping replaced by ``values`` (left out when empty, as a
    game with nothing chosen is read back from the file)."""
    changed = {name: held for name, held in by_game.items() if name != game}
    if values:
        changed[game] = dict(values)
    return changed


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _int(data: dict[str, Any], key: str, default: int, low: int, high: int) -> int:
    value = data.get(key, default)
    if not _is_int(value) or not low <= value <= high:
        raise BadSettings(f"{key} {value!r}")
    return int(value)


def _bool(data: dict[str, Any], key: str, default: bool) -> bool:
    value = data.get(key, default)
    if not isinstance(value, bool):
        raise BadSettings(f"{key} {value!r}")
    return value


def _line(data: dict[str, Any], key: str, longest: int) -> str:
    """A line of text as the player typed it: printable, at most ``longest`` characters."""
    value = data.get(key, "")
    if not isinstance(value, str) or not value.isprintable() or len(value) > longest:
        raise BadSettings(f"{key} {value!r}")
    return value


def _enum(data: dict[str, Any], key: str, kind: type[E], default: E) -> E:
    value = data.get(key, default.value)
    for member in kind:
        if member.value == value:
            return member
    raise BadSettings(f"{key} {value!r}")


def _word(data: dict[str, Any], key: str, words: tuple[str, ...], default: str) -> str:
    value = data.get(key, default)
    if value not in words:
        raise BadSettings(f"{key} {value!r}")
    return str(value)


def _text_mapping(data: dict[str, Any], key: str) -> dict[str, str]:
    value = data.get(key, {})
    if not isinstance(value, dict) or not all(
            isinstance(k, str) and isinstance(v, str) for k, v in value.items()):
        raise BadSettings(f"{key} {value!r}")
    return dict(value)


def _seat_tokens(data: dict[str, Any], reset: list[str] | None) -> dict[str, str]:
    """The seats kept online: text keys, and each value a seat's token. A seat that is not so
    is dropped alone, the others kept (``online_seats`` is added to ``reset``); without
    ``reset`` it raises ``BadSettings``."""
    seats = data.get("online_seats", {})
    if not isinstance(seats, dict):
        raise BadSettings(f"online_seats {seats!r}")
    kept = {key: token for key, token in seats.items()
            if isinstance(key, str) and is_seat_token(token)}
    if len(kept) < len(seats):
        if reset is None:
            raise BadSettings(f"online_seats {seats!r}")
        reset.append("online_seats")
    return kept


def _milliseconds(value: object) -> float:
    if not isinstance(value, int | float) or isinstance(value, bool):
        raise BadSettings(f"reaction time {value!r}")
    number = float(value)
    if not 0.0 <= number < float("inf"):
        raise BadSettings(f"reaction time {value!r}")
    return number


def _record(data: object) -> SavedReactions:
    if not isinstance(data, dict):
        raise BadSettings(f"reactions {data!r}")
    recent = data.get("recent", [])
    if not isinstance(recent, list):
        raise BadSettings(f"recent reactions {recent!r}")
    best = data.get("best")
    games, wins = data.get("games", 0), data.get("wins", 0)
    if not _is_int(games) or not _is_int(wins) or not 0 <= wins <= games:
        raise BadSettings(f"games {games!r}, wins {wins!r}")
    return SavedReactions(
        recent=tuple(_milliseconds(ms) for ms in recent)[-RECENT_REACTIONS:],
        best=None if best is None else _milliseconds(best),
        games=int(games), wins=int(wins))
