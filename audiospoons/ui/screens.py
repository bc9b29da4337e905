"""The spoken menus at the keyboard: main menu, options, settings, how to play.

``open_main_menu`` is what ``audiospoons`` with no command runs: it loads the settings, opens
the speech output, the sound and the keyboard, and hands them to ``Screens``, which runs each
menu model (``ui.menu``) with keys from the reader, speaking through the speaker and playing the
menu cues in the middle of the stereo field.

Play, Play online and the demonstration round are callbacks: ``Screens`` is given them, and
calls them with the current settings; a callback may return new settings (a reaction record
brought up to date), which are saved. ``open_main_menu`` wires them to ``audiospoons.ui.session``
and ``audiospoons.ui.online``, imported only when the player chooses them:

- Play: ``session.play_local_game(settings=settings, speaker=speaker, mixer=mixer, keys=keys)``
- the demonstration: ``play_demonstration(settings=settings, speaker=speaker, mixer=mixer,
  keys=keys)``
- Play online, once the address and the name are typed (``ui.onlinemenu``): ``online.join_relay``
  as ``audiospoons join HOST:PORT --name NAME`` calls it, into the relay's lobby, where "New
  room" opens a room with the saved options (its games have the saved keys and spoon style),
  and "New Razz Spoons room" one with the saved Razz Spoons options;
  the moment the relay takes the name, the address and the name are saved for the next time.
  A relay that cannot be reached asks for the address again, a name it refuses for the name.

``keys`` is the same reader the menus use, already open; ``mixer`` may be None (no sound).
"""

from __future__ import annotations

import asyncio
import contextlib
import importlib
import sys
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, replace
from enum import Enum
from pathlib import Path
from typing import TYPE_CHECKING, Any

from babel import Locale

from audiospoons.games.registry import DEFAULT, GAMES
from audiospoons.games.spec import GameSpec
from audiospoons.net.client import Login, Opener, by_network
from audiospoons.sound.cue import Cue, CuePlayer
from audiospoons.ui import gamekeys, keynames
from audiospoons.ui.controls import menu_controls, offer
from audiospoons.ui.gamekeys import KeyTable
from audiospoons.ui.historykeys import HISTORY_KEYS, TEXT_HISTORY_KEYS, review_history
from audiospoons.ui.keptseats import kept_seat, with_seat
from audiospoons.ui.menu import (
    SELECT_CUE,
    Action,
    Choice,
    Item,
    Menu,
    Number,
    Response,
    Toggle,
    menu_label_of,
)
from audiospoons.ui.onlinemenu import (
    LOGGED_OUT,
    JoinRequest,
    OnlineCallback,
    Outcome,
    Refused,
    address_field,
    asks_tls,
    kept_login,
    name_field,
    password_field,
    read_address,
    read_name,
    with_login,
)
from audiospoons.ui.optionitems import BOTS, CUSTOM, PLAYERS, PRESET, table_items
from audiospoons.ui.player import KeySource, PressedKey
from audiospoons.ui.rulesreader import CLOSE, RulesReader
from audiospoons.ui.settings import (
    RATE_MAX,
    RATE_MIN,
    RATE_STEP,
    LeftByCtrlC,
    Settings,
    load_settings,
    problem_text,
    save_settings,
)
from audiospoons.ui.speechchoices import MachineSpeech, SpeechChoices
from audiospoons.ui.tableview import TableView, show
from audiospoons.ui.textentry import TextField
from audiospoons.voice.announcer import Utterance, Verbosity
from audiospoons.voice.i18n import (
    Messages,
    UnknownLanguage,
    available_languages,
    choose_language,
    messages,
    translated_share,
)
from audiospoons.voice.mixerspeech import MixerSpeech
from audiospoons.voice.speaker import Speaker
from audiospoons.voice.speech import SpeechMode, SpeechOutput
from audiospoons.voice.spoonnames import SpoonStyle
from audiospoons.voice.tts import TtsOutput

if TYPE_CHECKING:
    from audiospoons.sound.mixer import Mixer
    from audiospoons.ui.online import WatchedKeys

SYSTEM_LANGUAGE = "system"
RULES_ITEM = "rules:"
"""How to play's items that read a game's rules: this, then the game's name."""


GameCallback = Callable[[Settings], Settings | None]
"""Play, or the demonstration: given the settings, may return them updated."""


class Unavailable(RuntimeError):
    """The part of the game a menu item leads to is not there."""


def menu_label(key: PressedKey) -> str:
    """The label a menu takes: a letter with Shift is that letter, for first-letter jumps."""
    return menu_label_of(key.label)


@dataclass(frozen=True, slots=True)
class GameKeys:
    """A game's keys in Settings: its actions, the title of its Keys screen, and the keys the
    player moved as the settings keep them (``saved``, and ``keep`` to change them)."""

    table: KeyTable[Any]
    title: Callable[[Messages], str]
    saved: Callable[[Settings], Mapping[str, str]]
    keep: Callable[[Settings, Mapping[str, str]], Settings]


def game_keys(spec: GameSpec) -> GameKeys:
    """The Keys screen of ``spec``'s game."""
    return GameKeys(spec.key_table(), lambda m: m.tr(spec.words.keys_title),
                    lambda settings: settings.keys_of(spec.name),
                    lambda settings, keys: settings.with_keys_of(spec.name, keys))


KEYS_ITEMS = {("keys" if name == DEFAULT else f"{name}keys"): name for name in GAMES}
"""The Keys screens of Settings, by their item: each game's."""
OTHER_GAMES = [name for name in GAMES if name != DEFAULT]
"""The games after the first, which has Play and the Options screen: each has its own item in
the main menu and its own options screen."""


class Screens:
    """The menus, run one key at a time on ``keys``, spoken on ``speaker``.

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

    # ------------------------------------------------------------------ main menu

    def run(self) -> None:
        """The first-run offer if this is the first run, then the main menu until Quit."""
        if self.settings.first_run:
            self.welcome()
        self.main_menu()

    def main_items(self) -> list[Item]:
        m = self.m
        return [
            Action("play", m.tr("menu.main.play"), m.tr("menu.main.play.about")),
            Action("online", m.tr("menu.main.online"), m.tr("menu.main.online.about")),
            Action("options", m.tr("menu.main.options"), m.tr("menu.main.options.about")),
            Action("howto", m.tr("menu.main.howto"), m.tr("menu.main.howto.about")),
            Action("settings", m.tr("menu.main.settings"), m.tr("menu.main.settings.about")),
            *(Action(name, m.tr(words.menu or name), m.tr(words.menu_about or name))
              for name in OTHER_GAMES for words in (GAMES[name].words,)),
            Action("quit", m.tr("menu.main.quit"), m.tr("menu.main.quit.about")),
        ]

    def main_menu(self) -> None:
        menu = Menu(self.m.tr("menu.main.title"), self.main_items(), self.m)
        self.say(menu.opening())
        while True:
            response = self.ask(menu, self.m.tr("menu.main.help"))
            self.cue(response.cue)
            if response.back or response.activated == "quit":
                if self.confirm_quit():
                    self.say(self.m.tr("menu.goodbye"))
                    return
                self.say(menu.item_text())
                continue
            if response.activated == "play":
                self.start(self.play, with_options=True)
            elif response.activated == "online":
                self.online_screen()
            elif response.activated == "options":
                self.options_screen()
            elif response.activated == "howto":
                self.howto_screen()
            elif response.activated == "settings":
                self.settings_screen()
            elif response.activated in OTHER_GAMES:
                self.start_other(response.activated)
            menu.reset(self.main_items(), self.m.tr("menu.main.title"), self.m)
            self.say(menu.opening())

    def confirm_quit(self) -> bool:
        """Enter quits, Escape stays; any other key asks again."""
        prompt = self.m.tr("menu.quit.confirm")
        self.say(prompt)
        while True:
            label = self.next_key()
            if label == "enter":
                return True
            if label == "escape":
                return False
            self.say(prompt)

    def welcome(self) -> None:
        """The first run: offer the demonstration round (it stays in How to play)."""
        m = self.m
        menu = Menu(m.tr("menu.welcome"), [
            Action("demo", m.tr("menu.welcome.demo"), m.tr("menu.demo.about")),
            Action("skip", m.tr("menu.welcome.skip"), m.tr("menu.welcome.skip.about")),
        ], m)
        self.say(menu.opening())
        response = self.ask(menu)
        self.cue(response.cue)
        self.save(replace(self.settings, first_run=False))
        if response.activated == "demo":
            self.start(self.demonstrate)

    def start_other(self, name: str) -> None:
        """A game after the first against bots, with its own saved options (Options, then the
        game's options), at a table of the saved number of players if it seats them."""
        spec = GAMES[name]
        low, high = spec.players
        if not low <= self.settings.players <= high:
            self.say(self.m.tr(spec.words.players_refused or "menu.unavailable", low=low,
                               high=high, players=self.settings.players))
            return
        self.start(self.play_other.get(name))

    def start(self, game: GameCallback | None, *, with_options: bool = False) -> None:
        """Play a game (or the demonstration) with the current settings; ``with_options``: a
        game played with the saved options, which must make a table that can be played."""
        first = GAMES[DEFAULT]
        if with_options and first.table_problem is not None:
            problem = first.table_problem(self.settings.values_of(DEFAULT),
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

    # ------------------------------------------------------------------ play online

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

    def online_screen(self) -> None:
        """The relay's address, then the player's name, then its password (empty to play as a
        guest; not asked when a login is kept for that name there), then the relay's lobby.
        Escape goes back a field, from the address to the main menu; after a relay that
        cannot be reached the address is asked again, after a name it refuses the name, after
        a password it refuses the password, with what was typed. The address, the name and
        the login the relay gives are saved as soon as the relay takes the name."""
        m = self.m
        address, name = self.settings.online_address, self.settings.online_name
        while True:
            typed = self.type_text(address_field(address, m))
            if typed is None:
                return
            address = typed.strip()
            try:
                host, port = read_address(address, m)
            except Refused as problem:
                self.say(str(problem))
                continue
            refusal = None if self.refuse_relay is None else self.refuse_relay(address)
            if refusal is not None:
                self.say(refusal)
                continue
            while True:
                typed = self.type_text(name_field(name, m))
                if typed is None:
                    break
                try:
                    name = read_name(typed, m)
                except Refused as problem:
                    name = typed
                    self.say(str(problem))
                    continue
                outcome = self._sign_in(JoinRequest(host, port, name, asks_tls(address)),
                                        address)
                if outcome is None or outcome is Outcome.PLAYED:
                    return
                if outcome is Outcome.NAME_REFUSED:
                    continue
                if outcome is Outcome.UNREACHABLE:
                    self.say(m.tr("online.menu.again"))
                    break

    def _sign_in(self, request: JoinRequest, address: str) -> Outcome | None:
        """Go online as ``request``'s name: by the login kept for it at ``address`` if there
        is one, else with the password asked (empty: as a guest); a password refused is asked
        again. ``NAME_REFUSED`` when the player went back to the name."""
        kept = kept_login(self.settings.online_logins, address, request.name)
        if kept is not None:
            outcome = self.go_online(replace(request, login=Login(token=kept)), address)
            if outcome is not Outcome.LOGIN_LOST:
                return outcome
            self.save(replace(self.settings, online_logins=with_login(
                self.settings.online_logins, address, request.name, None)))
        registered = False
        while True:
            password = self.type_text(password_field(request.name, self.m))
            if password is None:
                return Outcome.NAME_REFUSED
            login = Login(password=password, register=not registered) if password else None
            outcome = self.go_online(replace(request, login=login), address)
            registered = registered or outcome is Outcome.PASSWORD_WANTED
            if outcome not in (Outcome.PASSWORD_WANTED, Outcome.LOGIN_REFUSED,
                               Outcome.LOGIN_LOST):
                return outcome

    def go_online(self, request: JoinRequest, address: str) -> Outcome | None:
        """Play on the relay (``address`` as typed, saved with the name and the login the
        relay gives once it takes the name): how it ended, or None if online play is not
        there."""
        if self.play_online is None:
            self.say(self.m.tr("menu.unavailable"))
            return None

        def seat_changed(token: str | None) -> None:
            self.save(replace(self.settings, online_seats=with_seat(
                self.settings.online_seats, request.host, request.port, request.name, token)))

        request = replace(request, on_seat=seat_changed, seat=kept_seat(
            self.settings.online_seats, request.host, request.port, request.name))

        def connected(token: str | None) -> None:
            logins = self.settings.online_logins
            if token == LOGGED_OUT:
                logins = with_login(logins, address, request.name, None)
            elif token is not None:
                logins = with_login(logins, address, request.name, token)
            self.save(replace(self.settings, online_address=address, online_name=request.name,
                              online_logins=logins))

        self.say(self.m.tr("online.menu.connecting", host=request.host, port=request.port))
        try:
            return self.play_online(replace(self.settings, language=self.lang), request,
                                    connected)
        except Unavailable:
            self.say(self.m.tr("menu.unavailable"))
            return None

    # ------------------------------------------------------------------ options

    def options_screen(self) -> None:
        """The table (players and bots) and the first game's options, with its presets; the
        other games' options screens open from here."""
        m, spec = self.m, GAMES[DEFAULT]
        options = spec.saved_options(self.settings.values_of(DEFAULT))

        def items() -> list[Item]:
            return [*table_items(self.settings.players, self.settings.bots, spec.players, m),
                    *spec.option_items(options, m),
                    *(Action(name, m.tr(words.options or name), m.tr(words.options_about or name))
                      for name in OTHER_GAMES for words in (GAMES[name].words,)),
                    Action("defaults", m.tr("menu.options.defaults"),
                           m.tr("menu.options.defaults.about")),
                    Action("back", m.tr("menu.back"), m.tr("menu.back.about"))]

        menu = Menu(m.tr("menu.main.options"), items(), m)

        def check(item: Item) -> str | None:
            shown = {i.key: (item if i.key == item.key else i) for i in menu.items}
            players = shown[PLAYERS]
            assert isinstance(players, Number)
            values = spec.chosen_values(shown)
            if (isinstance(item, Choice) and item.key == PRESET and item.value != CUSTOM
                    and spec.preset_values is not None):
                values = spec.preset_values(item.value)
            if spec.table_problem is None:
                return None
            problem = spec.table_problem(values, int(players.value), m)
            return None if problem is None else m.tr("menu.options.refused", reason=problem)

        menu.check = check
        self.say(menu.opening())
        while True:
            response = self.ask(menu, m.tr("menu.values.help"))
            self.cue(response.cue)
            if response.back or response.activated == "back":
                return
            if response.activated in OTHER_GAMES:
                self.game_options_screen(response.activated)
                self.say(menu.opening())
                continue
            if response.activated == "defaults":
                self.save(replace(self.settings.with_values_of(DEFAULT, {}),
                                  players=Settings().players, bots=Settings().bots))
                options = spec.saved_options({})
                menu.reset(items())
                self.say(m.tr("menu.options.defaults.done"))
                continue
            if response.changed is not None:
                shown = {i.key: i for i in menu.items}
                players, bots, preset = shown[PLAYERS], shown[BOTS], shown.get(PRESET)
                assert isinstance(players, Number) and isinstance(bots, Choice)
                speech = response.speech
                values = spec.chosen_values(shown)
                if (isinstance(preset, Choice) and response.changed.key == PRESET
                        and preset.value != CUSTOM and spec.preset_values is not None
                        and spec.preset_about is not None):
                    values = spec.preset_values(preset.value)
                    speech = " ".join((speech or "", spec.preset_about(preset.value, m)))
                self.save(replace(self.settings.with_values_of(DEFAULT, values),
                                  players=int(players.value), bots=bots.value))
                options = spec.saved_options(values)
                menu.reset(items())
                self.say(speech)

    def game_options_screen(self, name: str) -> None:
        """A later game's options, kept apart from the first game's; each change is saved."""
        m, spec = self.m, GAMES[name]
        words = spec.words

        def items() -> list[Item]:
            saved = spec.saved_options(self.settings.values_of(name))
            return [*spec.option_items(saved, m),
                    Action("defaults", m.tr("menu.options.defaults"),
                           m.tr(words.options_defaults_about or "menu.options.defaults.about")),
                    Action("back", m.tr("menu.back"), m.tr("menu.back.about"))]

        menu = Menu(m.tr(words.options or name), items(), m)
        self.say(menu.opening())
        while True:
            response = self.ask(menu, m.tr("menu.values.help"))
            self.cue(response.cue)
            if response.back or response.activated == "back":
                return
            if response.activated == "defaults":
                self.save(self.settings.with_values_of(name, {}))
                menu.reset(items())
                self.say(m.tr(words.options_defaults_done or "menu.options.defaults.done"))
            elif response.changed is not None:
                values = spec.chosen_values({item.key: item for item in menu.items})
                self.save(self.settings.with_values_of(name, values))
                menu.reset(items())
                speech = response.speech or ""
                linked = spec.linked_options.get(response.changed.key)
                if linked is not None:
                    # How the other is counted changed with this one: say it too.
                    length = menu.item(linked)
                    speech = f"{speech}. {length.label}, {menu.value_text(length)}."
                self.say(speech)

    # ------------------------------------------------------------------ settings

    def settings_items(self) -> list[Item]:
        m, s, choices = self.m, self.settings, self.speech_choices
        speech_modes = choices.modes
        if self.speech not in speech_modes:
            speech_modes = (*speech_modes, self.speech)
        languages = (SYSTEM_LANGUAGE, *available_languages())
        language_words = tuple(m.tr("menu.settings.language.system") if lang == SYSTEM_LANGUAGE
                               else language_item(lang, m) for lang in languages)
        verbosity_words = {"full": m.tr("menu.settings.verbosity.full"),
                           "brief": m.tr("menu.settings.verbosity.brief")}

        def percent(value: float) -> str:
            return m.tr("menu.settings.percent", value=int(value))

        language = s.language if s.language in languages else SYSTEM_LANGUAGE
        return [
            Choice("speech", m.tr("menu.settings.speech"),
                   tuple(mode.value for mode in speech_modes), self.speech.value,
                   tuple(m.tr(choices.name(mode)) for mode in speech_modes),
                   m.tr(choices.about)),
            Number("rate", m.tr("menu.settings.rate"), s.rate, RATE_MIN, RATE_MAX, RATE_STEP,
                   lambda v: m.ntr("menu.settings.rate.value", int(v)),
                   m.tr("menu.settings.rate.about")),
            Number("speech_volume", m.tr("menu.settings.speechvolume"), s.speech_volume,
                   0, 100, 10, percent, m.tr("menu.settings.speechvolume.about")),
            Number("sound_volume", m.tr("menu.settings.soundvolume"), s.sound_volume,
                   0, 100, 10, percent, m.tr("menu.settings.soundvolume.about")),
            Toggle("mono", m.tr("menu.settings.mono"), s.mono, m.tr("menu.settings.mono.about")),
            Choice("language", m.tr("menu.settings.language"), languages, language or
                   SYSTEM_LANGUAGE, language_words, m.tr("menu.settings.language.about")),
            Choice("verbosity", m.tr("menu.settings.verbosity"), tuple(verbosity_words),
                   s.verbosity.value, tuple(verbosity_words.values()),
                   m.tr("menu.settings.verbosity.about")),
            Choice("spoon_keys", m.tr("menu.settings.spoonkeys"),
                   tuple(style.value for style in SpoonStyle), s.spoon_keys.value,
                   (m.tr("menu.settings.spoonkeys.numbers"),
                    m.tr("menu.settings.spoonkeys.colours")),
                   m.tr("menu.settings.spoonkeys.about")),
            *(Action(item, m.tr(words.keys_item), m.tr(words.keys_item_about))
              for item, name in KEYS_ITEMS.items() for words in (GAMES[name].words,)),
            Action("back", m.tr("menu.back"), m.tr("menu.back.about")),
        ]

    def settings_screen(self) -> None:
        menu = Menu(self.m.tr("menu.main.settings"), self.settings_items(), self.m)
        self.say(menu.opening())
        while True:
            response = self.ask(menu, self.m.tr("menu.values.help"))
            if response.back or response.activated == "back":
                self.cue(response.cue)
                return
            if response.activated in KEYS_ITEMS:
                self.cue(response.cue)
                self.keys_screen(game_keys(GAMES[KEYS_ITEMS[response.activated]]))
                menu.reset(self.settings_items(), self.m.tr("menu.main.settings"), self.m)
                self.say(menu.opening())
                continue
            if response.changed is None:
                continue
            refusal = self.change_setting(response.changed)
            if refusal is not None:
                menu.reset(self.settings_items())
                self.say(refusal)
                continue
            if response.changed.key == "language":
                menu.reset(self.settings_items(), self.m.tr("menu.main.settings"), self.m)
                self.say(menu.value_text(menu.current))
            else:
                self.say(response.speech)
            self.cue(response.cue)

    def change_setting(self, item: Item) -> str | None:
        """Take a new setting: save it and put it to work at once. A speech output that cannot
        start is refused (with the reason), keeping the one the player can hear."""
        s = self.settings
        if isinstance(item, Choice) and item.key == "speech":
            mode = SpeechMode(item.value)
            refusal = self.switch_speech(mode)
            if refusal is not None:
                return refusal
            self.speech = mode
            self.save(replace(s, speech=mode))
        elif isinstance(item, Number) and item.key == "rate":
            self.save(replace(s, rate=int(item.value)))
        elif isinstance(item, Number) and item.key == "speech_volume":
            self.save(replace(s, speech_volume=int(item.value)))
        elif isinstance(item, Number) and item.key == "sound_volume":
            self.save(replace(s, sound_volume=int(item.value)))
        elif isinstance(item, Toggle) and item.key == "mono":
            self.save(replace(s, mono=item.value))
        elif isinstance(item, Choice) and item.key == "language":
            language = None if item.value == SYSTEM_LANGUAGE else item.value
            self.save(replace(s, language=language))
            self.lang = language_for(self.settings)
            self.m = messages(self.lang)
            if self.speaker.output.name == "tts":  # built-in speech: a voice for the language
                self.switch_speech(self.speech)
        elif isinstance(item, Choice) and item.key == "verbosity":
            self.save(replace(s, verbosity=Verbosity(item.value)))
        elif isinstance(item, Choice) and item.key == "spoon_keys":
            self.save(replace(s, spoon_keys=SpoonStyle(item.value)))
        self.apply()
        return None

    def switch_speech(self, mode: SpeechMode) -> str | None:
        """Speak through ``mode`` from now on; or, if it cannot start, say why and keep the
        output in use."""
        return self.speech_choices.switch(mode, self.speaker, self.lang, self.settings.rate)

    def apply(self) -> None:
        """Put the settings to work on the speech output and the mixer, and pace the lines at
        the rate chosen."""
        apply_settings(self.settings, self.speaker.output, self.mixer)
        self.speaker.rate = self.settings.rate

    # ------------------------------------------------------------------ keys

    def keys_items(self, table: KeyTable[Any], overrides: Mapping[str, str]) -> list[Item]:
        """One item per game action with its keys, then Restore the default keys and Back."""
        m = self.m
        keys = table.bindings(overrides)
        items: list[Item] = [
            Action(str(action.value), keynames.item_text(action, keys[action], m),
                   keynames.fixed_text(action, m) if action in table.fixed
                   else m.tr("keys.item.about"))
            for action in table.actions]
        return [*items,
                Action("defaults", m.tr("keys.defaults"), m.tr("keys.defaults.about")),
                Action("back", m.tr("menu.back"), m.tr("menu.back.about"))]

    def keys_screen(self, game: GameKeys) -> None:
        """Enter on an action takes its new key; the change is saved at once."""
        m, table = self.m, game.table
        menu = Menu(game.title(m), self.keys_items(table, game.saved(self.settings)), m)
        self.say(menu.opening())
        while True:
            response = self.ask(menu, m.tr("keys.help"))
            self.cue(response.cue)
            if response.back or response.activated == "back":
                return
            if response.activated == "defaults":
                self.save(game.keep(self.settings, {}))
                menu.reset(self.keys_items(table, {}))
                self.say(m.tr("keys.defaults.done"))
                continue
            if response.activated is None:
                continue
            action = table.action(response.activated)
            if action in table.fixed:
                self.say(keynames.fixed_text(action, m))
                continue
            self.say(self.take_key(game, action))
            menu.reset(self.keys_items(table, game.saved(self.settings)))

    def take_key(self, game: GameKeys, action: Enum) -> str:
        """Ask for the next key and give it to ``action``, refusing (with the reason) the keys
        kept for something else; Escape keeps the old key. Returns what to say."""
        m = self.m
        overrides = game.saved(self.settings)
        keys = game.table.bindings(overrides)[action]
        self.say(keynames.prompt_text(action, keys, m))
        while True:
            label = self.next_key_label()
            if label == "escape":
                return keynames.kept_text(action, keys, m)
            reason = gamekeys.refusal(label)
            if reason is not None:
                self.say(keynames.refusal_text(reason, label, keys, m))
                continue
            change = game.table.rebind(overrides, action, label)
            if change.changed:
                self.save(game.keep(self.settings, change.overrides))
            return keynames.rebinding_text(change, m)

    # ------------------------------------------------------------------ how to play

    def howto_items(self) -> list[Item]:
        m = self.m
        sections = [
            ("goal", m.tr("howto.goal"), m.tr("howto.goal.text")),
            ("cards", m.tr("howto.cards"), m.tr("howto.cards.text")),
            ("passing", m.tr("howto.passing"), m.tr("howto.passing.text")),
            ("spoons", m.tr("howto.spoons"), m.tr("howto.spoons.text")),
            ("losing", m.tr("howto.losing"), m.tr("howto.losing.text")),
            ("fighting", m.tr("howto.fighting"), m.tr("howto.fighting.text")),
            ("variants", m.tr("howto.variants"), m.tr("howto.variants.text")),
            ("sounds", m.tr("howto.sounds"), m.tr("howto.sounds.text")),
            ("keys", m.tr("howto.keys"), m.tr("howto.keys.text")),
        ]
        items: list[Item] = [Action(key, label, text) for key, label, text in sections]
        return [*(Action(RULES_ITEM + name, m.tr(spec.words.howto), m.tr("howto.rules.about"))
                  for name, spec in GAMES.items()),
                *items,
                Action("demo", m.tr("menu.demo"), m.tr("menu.demo.about")),
                Action("back", m.tr("menu.back"), m.tr("menu.back.about"))]

    def howto_screen(self) -> None:
        menu = Menu(self.m.tr("menu.main.howto"), self.howto_items(), self.m)
        self.say(menu.opening())
        while True:
            response = self.ask(menu, self.m.tr("menu.howto.help"))
            self.cue(response.cue)
            if response.back or response.activated == "back":
                return
            if response.activated == "demo":
                self.start(self.demonstrate)
                self.say(menu.opening())
            elif response.activated is not None and response.activated.startswith(RULES_ITEM):
                self.rules_screen(GAMES[response.activated.removeprefix(RULES_ITEM)])
                self.say(menu.item_text())
            elif response.activated is not None:
                self.say(menu.item(response.activated).description)

    def rules_screen(self, spec: GameSpec) -> None:
        """A game's rules with its saved options, at a table of the saved number of players
        (or the nearest it seats), read a line at a time as at the table (``ui.rulesreader``)
        until Escape."""
        low, high = spec.players
        players = min(max(self.settings.players, low), high)
        options = spec.saved_options(self.settings.values_of(spec.name))
        reader = RulesReader(spec.rules_lines(options, players, self.m), self.m)
        self.say(reader.opening())
        while (label := self.next_key()) != CLOSE:
            said = reader.press(label)
            self.say(said if said is not None else self.m.tr("rules.keys"))


def language_for(settings: Settings) -> str:
    """The language to speak: the one chosen in the settings, else the system's."""
    try:
        return choose_language(settings.language)
    except UnknownLanguage:
        return choose_language(None)


def language_name(lang: str) -> str:
    """A language's name in itself: 'English', 'Español'."""
    name = Locale.parse(lang).get_display_name(lang) or lang
    return name[:1].upper() + name[1:]


def language_item(lang: str, m: Messages) -> str:
    """A language as Settings offers it: its name, and how much of it is translated when it is
    not all (the rest is said in English)."""
    share = translated_share(lang)
    if share >= 1.0:
        return language_name(lang)
    return m.tr("menu.settings.language.partial", language=language_name(lang),
                percent=int(share * 100))


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


def local_game(name: str, speaker: Speaker, mixer: CuePlayer | None,
               keys: KeySource, clock: Callable[[], float] | None = None,
               **given: str) -> GameCallback:
    """A callback that calls ``audiospoons.ui.session.<name>(settings=..., speaker=...,
    mixer=..., keys=..., **given)`` (and ``clock=clock``, the game's time, where given),
    imported when first called (the game's modules load only when a game starts)."""

    def call(settings: Settings) -> Settings | None:
        try:
            module = importlib.import_module("audiospoons.ui.session")
        except ImportError as error:
            raise Unavailable(str(error)) from error
        function = getattr(module, name, None)
        if function is None:
            raise Unavailable(f"audiospoons.ui.session has no {name}")
        timed = {} if clock is None else {"clock": clock}
        result = function(settings=settings, speaker=speaker, mixer=mixer, keys=keys,
                          **timed, **given)
        return result if isinstance(result, Settings) else None

    return call


def online_game(speaker: Speaker, mixer: CuePlayer | None, keys: WatchedKeys,
                opener: Opener = by_network) -> OnlineCallback:
    """A callback that joins the relay as ``audiospoons join HOST:PORT --name NAME`` does (its
    lobby; a room of the player's own has their saved options, those of Razz Spoons for a Razz
    Spoons room), on the keys the menus read,
    with the player's keys and spoon style in its games; ``opener``, the way to the relay."""

    def call(settings: Settings, request: JoinRequest, connected: Callable[[str | None], None]
             ) -> Outcome:
        try:
            from audiospoons.net.tls import client_context
            from audiospoons.ui.online import (
                LOGIN_LOST,
                LOGIN_REFUSED,
                NAME_REFUSED,
                PASSWORD_WANTED,
                PLAYED,
                join_relay,
            )
        except ImportError as error:
            raise Unavailable(str(error)) from error
        code = asyncio.run(join_relay(
            request.host, request.port, request.name, room=None,
            values=dict(settings.values_of(DEFAULT)),
            ssl=client_context() if request.tls else None,
            other_games={name: dict(settings.values_of(name)) for name in GAMES},
            bots=0, messages=messages(language_for(settings)), speaker=speaker, sounds=mixer,
            keys=keys, prefs=settings.seat_prefs(), on_connected=connected,
            on_logged_out=lambda: connected(LOGGED_OUT), login=request.login,
            seat=request.seat, on_seat=request.on_seat, opener=opener))
        outcomes = {PLAYED: Outcome.PLAYED, NAME_REFUSED: Outcome.NAME_REFUSED,
                    PASSWORD_WANTED: Outcome.PASSWORD_WANTED,
                    LOGIN_REFUSED: Outcome.LOGIN_REFUSED, LOGIN_LOST: Outcome.LOGIN_LOST}
        return outcomes.get(code, Outcome.UNREACHABLE)

    return call


@contextlib.contextmanager
def _opened(speaker: Speaker, mixer: object | None) -> Iterator[None]:
    try:
        yield
    finally:
        drain = getattr(speaker.output, "drain", None)
        if callable(drain):
            drain(2.0)
        speaker.close()
        close = getattr(mixer, "close", None)
        if callable(close):
            close()


def open_main_menu(speech: str | None = None, lang: str | None = None, *,
                   settings_file: Path | None = None) -> int:
    """``audiospoons`` with no command: the spoken main menu. Returns the exit status."""
    from audiospoons.keys.reader import TerminalKeys
    from audiospoons.sound.mixer import open_mixer
    from audiospoons.voice.outputs import open_speech

    settings, problem = load_settings(settings_file)
    try:
        language = choose_language(lang) if lang is not None else language_for(settings)
    except UnknownLanguage as error:
        print(f"audiospoons: {error}", file=sys.stderr)
        return 2
    m = messages(language)
    mode = SpeechMode(speech) if speech is not None else settings.speech
    mixer, _ = open_mixer()  # its warnings are in English; ours is below
    output, speech_warning = open_speech(mode, language, settings.rate, mixer)
    speaker = Speaker(output, rate=settings.rate)
    with _opened(speaker, mixer):
        apply_settings(settings, output, mixer)
        for line in (problem_text(problem, m) if problem else None, speech_warning,
                     m.tr("sound.no.device") if mixer is None else None):
            if line:
                speaker.say(Utterance(line))
        try:
            with contextlib.ExitStack() as stack:
                try:
                    keys = stack.enter_context(TerminalKeys())
                except Exception as error:  # no usable standard input
                    print(f"audiospoons: cannot read the keyboard: {error}", file=sys.stderr)
                    return 2
                screens = Screens(
                    settings, speaker=speaker, keys=keys, mixer=mixer, speech=mode,
                    lang=language, settings_file=settings_file, sound_device=mixer,
                    play=local_game("play_local_game", speaker, mixer, keys),
                    demonstrate=local_game("play_demonstration", speaker, mixer, keys),
                    play_other={name: local_game("play_local_game", speaker, mixer, keys,
                                                 game=name) for name in OTHER_GAMES},
                    play_online=online_game(speaker, mixer, keys))
                screens.run()
        except KeyboardInterrupt:
            return 130
        except EOFError:
            return 0
    return 0

