"""Settings: kept in the config folder as JSON, written atomically, a bad file set aside."""

from __future__ import annotations

import json
import os
import re
import time
from pathlib import Path

import platformdirs
import pytest

from audiospoons.app.settings import (
    CONFIG_DIR_VARIABLE,
    RECENT_REACTIONS,
    SavedReactions,
    Settings,
    config_dir,
    load_settings,
    problem_text,
    save_settings,
    settings_path,
)
from audiospoons.games.spoons.keyboard.spoonnames import SpoonStyle
from audiospoons.games.spoons.rules.options import Options
from audiospoons.ui.seating import SPOON_STYLES, SeatPrefs
from audiospoons.voice.announcer import Verbosity
from audiospoons.voice.i18n import messages
from audiospoons.voice.speech import SpeechMode

ASIDE = re.compile(r"settings\.json\.corrupt-\d{8}-\d{6}(-\d+)?")

CHANGED = Settings(
    speech=SpeechMode.TTS, rate=230, speech_volume=70, sound_volume=40, mono=True,
    language="es", verbosity=Verbosity.BRIEF, spoon_keys="colours",
    game_keys={"spoons": {"hand": "j", "space": "b"}}, players=6, bots="expert",
    game_options={"spoons": {"draw": "discard", "grab_time_limit": "5"},
                  "razz": {"end": "points", "end_at": "60"}}, first_run=False,
    reactions=SavedReactions((401.5, 388.0, 512.2), 388.0, 3, 1),
    online_address="relay.example.org:7001", online_name="Ñandú Ann")


def test_the_folder_is_the_users_config_folder_unless_the_variable_names_another(
        tmp_path: Path) -> None:
    assert config_dir({CONFIG_DIR_VARIABLE: str(tmp_path)}) == tmp_path
    assert settings_path({CONFIG_DIR_VARIABLE: str(tmp_path)}) == tmp_path / "settings.json"
    assert config_dir({}) == Path(platformdirs.user_config_dir("audiospoons", appauthor=False))


def test_no_file_is_the_first_run_with_the_defaults(tmp_path: Path) -> None:
    assert load_settings(tmp_path / "settings.json") == (Settings(), None)
    defaults = Settings()
    assert defaults.first_run and defaults.players == 4 and defaults.bots == "easy"
    assert defaults.speech is SpeechMode.AUTO and defaults.language is None
    assert (defaults.online_address, defaults.online_name) == ("", "")


def test_settings_survive_a_round_trip(tmp_path: Path) -> None:
    path = tmp_path / "deep" / "folder" / "settings.json"
    save_settings(CHANGED, path)
    assert load_settings(path) == (CHANGED, None)
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["version"] == 1 and data["reactions"]["median"] == 401.5
    assert (data["online_address"], data["online_name"]) == ("relay.example.org:7001",
                                                             "Ñandú Ann")


def test_the_environment_variable_moves_the_file(tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(CONFIG_DIR_VARIABLE, str(tmp_path))
    save_settings(CHANGED)
    assert (tmp_path / "settings.json").is_file()
    assert load_settings() == (CHANGED, None)


def test_a_missing_key_takes_its_default_and_an_unknown_one_is_ignored(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text('{"rate": 250, "from_the_future": [1, 2]}', encoding="utf-8")
    assert load_settings(path) == (Settings(rate=250), None)


def test_writing_is_atomic_and_flushed_to_disk(tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "settings.json"
    save_settings(Settings(rate=200), path)
    synced: list[int] = []
    real_fsync = os.fsync

    def fsync(fd: int) -> None:
        synced.append(fd)
        real_fsync(fd)

    monkeypatch.setattr(os, "fsync", fsync)
    replaced: list[tuple[str, str]] = []
    real_replace = os.replace

    def replace(source: str, target: str) -> None:
        assert synced, "the data reaches the disk before the rename"
        assert Path(source).parent == path.parent, "the temporary file is in the same folder"
        assert path.read_text(encoding="utf-8") == old, "the old file is whole until then"
        replaced.append((str(source), str(target)))
        real_replace(source, target)

    old = path.read_text(encoding="utf-8")
    monkeypatch.setattr(os, "replace", replace)
    save_settings(Settings(rate=300), path)
    assert len(replaced) == 1 and replaced[0][1] == str(path)
    assert len(synced) == 2  # the file, then the folder
    assert load_settings(path)[0].rate == 300
    assert sorted(p.name for p in tmp_path.iterdir()) == ["settings.json"]


def test_a_failed_write_leaves_the_old_file_and_no_litter(tmp_path: Path,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "settings.json"
    save_settings(Settings(rate=200), path)

    def disk_full(source: str, target: str) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", disk_full)
    with pytest.raises(OSError):
        save_settings(Settings(rate=300), path)
    monkeypatch.undo()
    assert load_settings(path) == (Settings(rate=200), None)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["settings.json"]


@pytest.mark.parametrize("content", [
    b"{not json",
    b"",
    b"\xff\xfe\x00garbage",
    b"[1, 2, 3]",
    b'{"version": "two"}',
    b"[" * 100000,
])
def test_a_file_that_is_not_settings_is_set_aside_and_the_defaults_are_used(
        tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "settings.json"
    path.write_bytes(content)
    assert load_settings(path) == (Settings(), "settings.corrupt")
    assert not path.exists()
    [aside] = list(tmp_path.iterdir())
    assert ASIDE.fullmatch(aside.name), aside.name
    assert aside.read_bytes() == content


@pytest.mark.parametrize("bad", [
    b'"rate": "fast"',
    b'"rate": 5000',
    b'"players": 1',
    b'"mono": "yes"',
    b'"speech": "telepathy"',
    b'"verbosity": "chatty"',
    b'"spoon_keys": "smells"',
    b'"bots": "godlike"',
    b'"language": 7',
    b'"keys": ["space"]',
    b'"options": {"draw": 1}',
    b'"razz_options": {"end_at": 60}',
    b'"reactions": {"recent": ["fast"]}',
    b'"reactions": {"games": 1, "wins": 2}',
    b'"reactions": {"best": NaN}',
    b'"online_address": 7777',
    b'"online_name": null',
    b'"online_name": "Ann\\nBob"',
    b'"online_name": "a name far too long for the relay"',
    b'"online_address": "' + b"x" * 261 + b'"',
])
def test_one_bad_value_takes_its_default_alone_and_the_rest_is_kept(
        tmp_path: Path, bad: bytes) -> None:
    path = tmp_path / "settings.json"
    content = b'{"first_run": false, "speech_volume": 55, ' + bad + b"}"
    path.write_bytes(content)
    assert load_settings(path) == (Settings(first_run=False, speech_volume=55),
                                   "settings.partial")
    assert path.read_bytes() == content, "the file is rewritten at the next save, not before"
    [aside] = [p for p in tmp_path.iterdir() if p != path]
    assert ASIDE.fullmatch(aside.name) and aside.read_bytes() == content


def test_a_wrong_value_keeps_the_reaction_record(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text('{"rate": "fast", "reactions": {"recent": [250.0, 310.0], "best": 250.0,'
                    ' "games": 7, "wins": 3}}', encoding="utf-8")
    settings, problem = load_settings(path)
    assert problem == "settings.partial" and settings.rate == Settings().rate
    assert (settings.reactions.recent, settings.reactions.best, settings.reactions.games,
            settings.reactions.wins) == ((250.0, 310.0), 250.0, 7, 3)


def test_two_bad_files_in_the_same_second_are_both_kept(tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(time, "strftime", lambda fmt: "20250101-120000")
    path = tmp_path / "settings.json"
    for content in ("first", "second"):
        path.write_text(content, encoding="utf-8")
        assert load_settings(path)[1] == "settings.corrupt"
    kept = {p.name: p.read_text(encoding="utf-8") for p in tmp_path.iterdir()}
    assert kept == {"settings.json.corrupt-20250101-120000": "first",
                    "settings.json.corrupt-20250101-120000-1": "second"}


def test_a_bad_file_that_cannot_be_moved_is_said_too(tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "settings.json"
    path.write_text("{broken", encoding="utf-8")

    def refuse(source: str, target: str) -> None:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(os, "replace", refuse)
    assert load_settings(path) == (Settings(), "settings.unreadable")


def test_after_a_bad_file_saving_works_again(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text("{broken", encoding="utf-8")
    assert load_settings(path)[1] == "settings.corrupt"
    save_settings(CHANGED, path)
    assert load_settings(path) == (CHANGED, None)


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_player_hears_why_in_their_language(lang: str) -> None:
    m = messages(lang)
    corrupt = problem_text("settings.corrupt", m)
    unreadable = problem_text("settings.unreadable", m)
    assert corrupt != unreadable and "{" not in corrupt
    if lang == "en":
        assert corrupt == ("The settings file was damaged, so it was put aside and the default"
                           " settings are used.")


def test_the_reaction_record_keeps_a_median_the_best_games_and_wins() -> None:
    record = SavedReactions()
    assert record.median is None and record.best is None
    for ms in (412.0, 380.25, 450.0, 390.0):
        record = record.with_reaction(ms)
    assert record.median == 401.0 and record.best == 380.2  # rounded to 0.1 ms
    record = record.with_game(won=True).with_game(won=False)
    assert (record.games, record.wins) == (2, 1)
    with pytest.raises(ValueError):
        record.with_reaction(-1)
    with pytest.raises(ValueError):
        record.with_reaction(float("nan"))


def test_only_the_latest_reactions_are_kept_but_the_best_is_for_ever() -> None:
    settings = Settings().with_reaction(100.0)
    for _ in range(RECENT_REACTIONS + 20):
        settings = settings.with_reaction(500.0)
    assert len(settings.reactions.recent) == RECENT_REACTIONS
    assert settings.reactions.median == 500.0 and settings.reactions.best == 100.0
    assert settings.with_game(won=True).reactions.wins == 1


def test_the_saved_game_options_are_read_as_options() -> None:
    options = CHANGED.options_of()
    assert isinstance(options, Options) and options.grab_time_limit == 5.0


def test_a_region_s_language_and_the_logins_kept_for_relays_survive_a_round_trip(
        tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    kept = Settings(language="pt_BR", online_logins={"tls://relay.example": "t" * 43})
    save_settings(kept, path)
    loaded, problem = load_settings(path)
    assert problem is None and loaded == kept


def test_a_bad_kept_seat_is_dropped_alone_and_the_other_seats_are_kept(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    good = "6-" + "0123456789abcdef" * 2
    path.write_text(json.dumps({"first_run": False, "online_seats": {
        "relay.example:7000 Ann": good, "relay.example:7000 Bob": "not a token",
        "other.example:7000 Ann": 6}}), encoding="utf-8")
    assert load_settings(path) == (
        Settings(first_run=False, online_seats={"relay.example:7000 Ann": good}),
        "settings.partial")


def test_the_spoon_keys_are_kept_as_the_word_the_game_that_numbers_spoons_reads(
        tmp_path: Path) -> None:
    assert Settings().spoon_keys == "numbers" == SeatPrefs().spoon_style
    assert tuple(style.value for style in SpoonStyle) == SPOON_STYLES
    path = tmp_path / "settings.json"
    path.write_text('{"spoon_keys": "colours"}', encoding="utf-8")
    loaded, problem = load_settings(path)
    assert (loaded.spoon_keys, problem) == ("colours", None)
    assert loaded.seat_prefs().spoon_style == "colours"
