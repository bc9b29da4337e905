"""Settings, from the main menu: the speech output, its rate and volume, the sounds' volume,
mono, the language, how much is said, how the spoons are named, and each game's Keys screen
(``ui.keysscreen``). Each change is saved and put to work at once."""

from __future__ import annotations

from dataclasses import replace

from babel import Locale

from audiospoons.app.keysscreen import game_keys, keys_screen
from audiospoons.app.menuhost import MenuHost, language_for
from audiospoons.app.settings import RATE_MAX, RATE_MIN, RATE_STEP
from audiospoons.games.keyboards import KEYBOARDS
from audiospoons.games.registry import DEFAULT, GAMES
from audiospoons.ui.menu import ActionItem, Choice, Item, Menu, Number, Toggle
from audiospoons.ui.seating import SPOON_STYLES
from audiospoons.voice.announcer import Verbosity
from audiospoons.voice.i18n import Messages, messages, translated_share
from audiospoons.voice.languages import available_languages
from audiospoons.voice.speech import SpeechMode

SYSTEM_LANGUAGE = "system"
KEYS_ITEMS = {("keys" if name == DEFAULT else f"{name}keys"): name for name in GAMES}
"""The Keys screens of Settings, by their item: each game's."""


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


def settings_items(host: MenuHost) -> list[Item]:
    m, s, choices = host.m, host.settings, host.speech_choices
    speech_modes = choices.modes
    if host.speech not in speech_modes:
        speech_modes = (*speech_modes, host.speech)
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
               tuple(mode.value for mode in speech_modes), host.speech.value,
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
               SPOON_STYLES, s.spoon_keys,
               (m.tr("menu.settings.spoonkeys.numbers"),
                m.tr("menu.settings.spoonkeys.colours")),
               m.tr("menu.settings.spoonkeys.about")),
        *(ActionItem(item, m.tr(words.keys_item), m.tr(words.keys_item_about))
          for item, name in KEYS_ITEMS.items() for words in (KEYBOARDS[name].words,)),
        ActionItem("back", m.tr("menu.back"), m.tr("menu.back.about")),
    ]


def settings_screen(host: MenuHost) -> None:
    menu = Menu(host.m.tr("menu.main.settings"), settings_items(host), host.m)
    host.say(menu.opening())
    while True:
        response = host.ask(menu, host.m.tr("menu.values.help"))
        if response.back or response.activated == "back":
            host.cue(response.cue)
            return
        if response.activated in KEYS_ITEMS:
            host.cue(response.cue)
            keys_screen(host, game_keys(KEYBOARDS[KEYS_ITEMS[response.activated]]))
            menu.reset(settings_items(host), host.m.tr("menu.main.settings"), host.m)
            host.say(menu.opening())
            continue
        if response.changed is None:
            continue
        refusal = change_setting(host, response.changed)
        if refusal is not None:
            menu.reset(settings_items(host))
            host.say(refusal)
            continue
        if response.changed.key == "language":
            menu.reset(settings_items(host), host.m.tr("menu.main.settings"), host.m)
            host.say(menu.value_text(menu.current))
        else:
            host.say(response.speech)
        host.cue(response.cue)


def change_setting(host: MenuHost, item: Item) -> str | None:
    """Take a new setting: save it and put it to work at once. A speech output that cannot
    start is refused (with the reason), keeping the one the player can hear."""
    s = host.settings
    if isinstance(item, Choice) and item.key == "speech":
        mode = SpeechMode(item.value)
        refusal = host.switch_speech(mode)
        if refusal is not None:
            return refusal
        host.speech = mode
        host.save(replace(s, speech=mode))
    elif isinstance(item, Number) and item.key == "rate":
        host.save(replace(s, rate=int(item.value)))
    elif isinstance(item, Number) and item.key == "speech_volume":
        host.save(replace(s, speech_volume=int(item.value)))
    elif isinstance(item, Number) and item.key == "sound_volume":
        host.save(replace(s, sound_volume=int(item.value)))
    elif isinstance(item, Toggle) and item.key == "mono":
        host.save(replace(s, mono=item.value))
    elif isinstance(item, Choice) and item.key == "language":
        language = None if item.value == SYSTEM_LANGUAGE else item.value
        host.save(replace(s, language=language))
        host.lang = language_for(host.settings)
        host.m = messages(host.lang)
        if host.speaker.output.name == "tts":  # built-in speech: a voice for the language
            host.switch_speech(host.speech)
    elif isinstance(item, Choice) and item.key == "verbosity":
        host.save(replace(s, verbosity=Verbosity(item.value)))
    elif isinstance(item, Choice) and item.key == "spoon_keys":
        host.save(replace(s, spoon_keys=item.value))
    host.apply()
    return None
