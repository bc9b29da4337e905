"""What every menu screen shares: the player's settings, the speaker, the keys and the cues,
and the ways a screen asks a menu for a key's answer, takes typed text, saves a setting and
starts a game.

A screen (``ui.screens``' main menu, ``ui.optionsscreen``, ``ui.settingsscreen``,
``ui.keysscreen``, ``ui.howtoscreen``, ``ui.onlinescreen``) is a function given the
``MenuHost``: it runs its menu model (``ui.menu``) with keys from the host's reader, speaking
through the host's speaker and playing the menu cues in the middle of the stereo field.

Play, Play online and the demonstration round are callbacks: the host is given them, and calls
them with the current settings; a callback may return new settings (a reaction record brought
up to date), which are saved (``ui.wiring`` makes them).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

from audiospoons.app.historykeys import HISTORY_KEYS, TEXT_HISTORY_KEYS, review_history
from audiospoons.app.onlinemenu import OnlineCallback
from audiospoons.app.settings import LeftByCtrlC, Settings, save_settings
from audiospoons.app.speechchoices import MachineSpeech, SpeechChoices
from audiospoons.games.keyboards import KEYBOARDS
from audiospoons.games.registry import DEFAULT, GAMES
from audiospoons.sound.cue import Cue, CuePlayer
from audiospoons.ui.controls import menu_controls, offer
from audiospoons.ui.menu import SELECT_CUE, Menu, Response, menu_label_of
from audiospoons.ui.player import KeySource, PressedKey
from audiospoons.ui.tableview import TableView, show
from audiospoons.ui.textentry import TextField
from audiospoons.voice.i18n import UnknownLanguage, choose_language, messages
from audiospoons.voice.mixerspeech import MixerSpeech
from audiospoons.voice.speaker import Speaker
from audiospoons.voice.speech import SpeechMode, SpeechOutput
from audiospoons.voice.tts import TtsOutput

if TYPE_CHECKING:
    from audiospoons.sound.mixer import Mixer


GameCallback = Callable[[Settings], Settings | None]
"""Play, or the demonstration: given the settings, may return them updated."""

OTHER_GAMES = [name for name in GAMES if name != DEFAULT]
"""The games after the first, which has Play and the Options screen: each has its own item in
the main menu and its own options screen."""


class Unavailable(RuntimeError):
    """The part of the game a menu item leads to is not there."""


def menu_label(key: PressedKey) -> str:
    """The label a menu takes: a letter with Shift is that letter, for first-letter jumps."""
    return menu_label_of(key.label)


class MenuHost:
    """The menus' shared state, run one key at a time on ``keys``, spoken on ``speaker``.

    ``speech`` is the output mode in use this session (``--speech`` may differ from the saved
    one), ``lang`` the language in use (``--lang`` may differ too). ``settings_file`` None is the
    usual file (see ``ui.settings``). ``mixer`` plays the menu cues. ``speech_choices`` are the
    outputs Settings offers, the machine's when not given: ``sound_device`` is then the mixer
    the built-in voice is played through, when the speech output changes (usually the same).
    """

    def __init__(self, settings: Settings, *, speaker: Speaker, keys: KeySource,
                 mixer: CuePlayer | None = None, speech: SpeechMode | None = None,
                 lang: str | None = None, settings_file: Path | None = None,
                 play: GameCallback | None = None, demonstrate: GameCallback | None = None,
                 play_other: Mapping[str, GameCallback] | None = None,
                 play_online: OnlineCallback | None = None,
                 sound_device: Mixer | None = None,
                 speech_choices: SpeechChoices | None = None,
                 on_save: Callable[[Settings], None] | None = None,
                 refuse_relay: Callable[[str], str | None] | None = None) -> None:
        self.settings = settings
        self.speaker = speaker
        self.keys = keys
        self.mixer = mixer
        self.speech = speech if speech is not None else settings.speech
        self.lang = lang if lang is not None else language_for(settings)
        self.m = messages(self.lang)
        self.settings_file = settings_file
        self.play = play
        self.demonstrate = demonstrate
        self.play_other = dict(play_other or {})
        """Each of ``OTHER_GAMES``' game against bots, by the game's name."""
        self.play_online = play_online
        self.speech_choices = (speech_choices if speech_choices is not None
                               else MachineSpeech(sound_device))
        self.on_save = on_save
        """Told the settings each time they are saved (a browser keeps its own)."""
        self.refuse_relay = refuse_relay
        """Given a relay's address as typed, why Play online may not reach it, if it may not
        (a web session reaches only the relays its server allows)."""
        self._pending: list[str] = []
        self._where: str | None = None
        """The title of the menu last opened: where the player is, for a screen to show."""
        self._save_failed = False

    # ------------------------------------------------------------------ speech, sound, keys

    def say(self, text: str | None) -> None:
        if text:
            self.speaker.answer(text)

    def cue(self, name: str | None) -> None:
        if name is not None and self.mixer is not None:
            self.mixer.play(Cue(name))

    def next_key(self) -> str:
        """The next key's menu label; raises ``EOFError`` when input has ended."""
        return menu_label_of(self.next_key_label())

    def next_key_label(self) -> str:
        """The next key's own label ("shift+a" stays so): a key for the game to take."""
        while not self._pending:
            offer(self.keys, menu_controls(self.m))
            show(self.keys, TableView(self._where or self.m.tr("menu.main.title")))
            self._pending = [key.label for key in self.keys.read(None)]
        label = self._pending.pop(0)
        self.speaker.interrupt()
        return label

    def help_text(self, extra: str | None) -> str:
        lines = [self.m.tr("menu.help")]
        if extra:
            lines.append(extra)
        return " ".join(lines)

    def ask(self, menu: Menu, help_extra: str | None = None) -> Response:
        """Keys to ``menu`` until one chooses, changes a value or goes back; everything else is
        spoken here. The response returned has not been spoken nor its cue played."""
        self._where = menu.title
        while True:
            label = self.next_key()
            if label == "f1":
                self.say(self.help_text(help_extra))
                continue
            if label in HISTORY_KEYS:
                self.review(HISTORY_KEYS[label])
                continue
            response = menu.press(label)
            if response.activated or response.changed or response.back:
                return response
            self.cue(response.cue)
            self.say(response.speech)

    def review(self, move: str) -> None:
        """Say a line from the history of what was said, without adding it again."""
        review_history(self.speaker, move)

    def type_text(self, field: TextField) -> str | None:
        """Keys to ``field`` until Enter (the text typed) or Escape (None). Each key's answer
        (a character typed, deleted, passed over) is said but not kept in the history."""
        self.say(field.opening())
        while True:
            label = self.next_key_label()
            if label in TEXT_HISTORY_KEYS:
                self.review(TEXT_HISTORY_KEYS[label])
                continue
            typed = field.press(label)
            if typed.cancelled:
                return None
            if typed.accepted is not None:
                self.cue(SELECT_CUE)
                return typed.accepted
            self.speaker.review(typed.speech)

    # ------------------------------------------------------------------ settings

    def save(self, settings: Settings) -> None:
        self.settings = settings
        try:
            save_settings(settings, self.settings_file)
        except OSError:
            if not self._save_failed:
                self.say(self.m.tr("settings.save.failed"))
            self._save_failed = True
        else:
            self._save_failed = False
        if self.on_save is not None:
            self.on_save(settings)

    def switch_speech(self, mode: SpeechMode) -> str | None:
        """Speak through ``mode`` from now on; or, if it cannot start, say why and keep the
        output in use."""
        return self.speech_choices.switch(mode, self.speaker, self.lang, self.settings.rate)

    def apply(self) -> None:
        """Put the settings to work on the speech output and the mixer, and pace the lines at
        the rate chosen."""
        apply_settings(self.settings, self.speaker.output, self.mixer)
        self.speaker.rate = self.settings.rate

    # ------------------------------------------------------------------ games

    def start(self, game: GameCallback | None, *, with_options: bool = False) -> None:
        """Play a game (or the demonstration) with the current settings; ``with_options``: a
        game played with the saved options, which must make a table that can be played."""
        if with_options:
            problem = KEYBOARDS[DEFAULT].table_problem(self.settings.values_of(DEFAULT),
                                                       self.settings.players, self.m)
            if problem is not None:
                self.say(self.m.tr("menu.options.refused", reason=problem))
                return
        if game is None:
            self.say(self.m.tr("menu.unavailable"))
            return
        try:
            # The game speaks the language the menus speak, --lang included.
            result = game(replace(self.settings, language=self.lang))
        except Unavailable:
            self.say(self.m.tr("menu.unavailable"))
            return
        except LeftByCtrlC as left:
            self._keep_record(left.settings)
            raise
        self._keep_record(result)

    def _keep_record(self, played: Settings | None) -> None:
        """Save the reaction record games have brought up to date."""
        if isinstance(played, Settings) and played.reactions != self.settings.reactions:
            self.save(replace(self.settings, reactions=played.reactions))


def language_for(settings: Settings) -> str:
    """The language to speak: the one chosen in the settings, else the system's."""
    try:
        return choose_language(settings.language)
    except UnknownLanguage:
        return choose_language(None)


def apply_settings(settings: Settings, output: SpeechOutput, mixer: CuePlayer | None) -> None:
    """Rate and volume on the built-in voice; volumes and mono on the mixer. A screen reader
    keeps its own rate and volume."""
    if isinstance(output, MixerSpeech):
        output.rate = settings.rate
    elif isinstance(output, TtsOutput):  # live speech, when there is no sound device
        output.rate = settings.rate
        output.volume = settings.speech_volume / 100
    if mixer is not None:
        mixer.sound_volume = settings.sound_volume / 100
        mixer.speech_volume = settings.speech_volume / 100
        mixer.mono = settings.mono
