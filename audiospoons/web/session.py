"""One browser's session: the main menu and everything under it, as at a terminal, over the
page's keys, speech and cues. The page keeps the player's settings (sent at the start, and back
each time they change), so each browser has its own."""

from __future__ import annotations

import tempfile
from collections.abc import Mapping
from dataclasses import replace
from pathlib import Path

from audiospoons.app.menuhost import GameCallback, apply_settings
from audiospoons.app.settings import BadSettings, Settings, settings_from_json, settings_to_json
from audiospoons.app.wiring import local_game, menu_screens
from audiospoons.net.client import Opener, by_network
from audiospoons.voice.announcer import Utterance
from audiospoons.voice.i18n import Messages, UnknownLanguage, choose_language, messages
from audiospoons.voice.speaker import Speaker
from audiospoons.web.controls import TouchPanel
from audiospoons.web.pagespeech import PageSpeech, page_mode
from audiospoons.web.relays import RelayPolicy
from audiospoons.web.sessionclock import SessionClock
from audiospoons.web.table import PageTable
from audiospoons.web.terminal import Idle, Outbox, WebKeys, WebSounds, WebSpeech

LAST_WORD_WAIT = 2.0
"""Seconds the last line of a session ended for idling has to go out before the end."""


def browser_settings(given: object) -> tuple[Settings, bool]:
    """The settings the page kept, or the defaults; True when what it sent could not be read."""
    if given is None:
        return Settings(), False
    try:
        return settings_from_json(given), False
    except BadSettings:
        return Settings(), True


def page_language(settings: Settings, page_languages: object) -> str:
    """The language chosen in the settings, else the first of the browser's that has a
    catalog, else English."""
    wanted = [settings.language] if settings.language else []
    if isinstance(page_languages, list):
        wanted += [str(lang) for lang in page_languages[:8]]
    for lang in wanted:
        try:
            return choose_language(lang.replace("-", "_"))
        except UnknownLanguage:
            continue
    return choose_language("en")


def page_strings(m: Messages) -> dict[str, str]:
    """The page's own lines, in the session's language: the page says them when its socket is
    lost, when it is trying to get back to its game, and when the game has closed."""
    return {"reconnecting": m.tr("web.page.reconnecting"), "lost": m.tr("web.page.lost"),
            "closed": m.tr("web.page.closed")}


def run_session(hello: Mapping[str, object], keys: WebKeys, outbox: Outbox, *,
                relays: RelayPolicy, opener: Opener = by_network,
                clock: SessionClock | None = None) -> None:
    """The main menu until the player quits, the page goes (``EOFError`` from the keys) or no
    key comes for the keys' idle limit (``Idle``: the page is told so). Play online reaches the
    relays ``relays`` allows, offering its first when the player has typed none, by
    ``opener``. Games against bots run on ``clock`` (the keys' own), which stands still while
    the page is away. Everything the session holds is let go when it ends."""
    settings, unreadable = browser_settings(hello.get("settings"))
    offered = relays.offered()
    if offered is not None and not settings.online_address:
        settings = replace(settings, online_address=offered)
    lang = page_language(settings, hello.get("languages"))
    m = messages(lang)
    speech, sounds = WebSpeech(outbox), WebSounds(outbox, keys.times, keys.clock)
    keys.panel = TouchPanel(outbox)
    keys.table = PageTable(outbox)
    speaker = Speaker(speech, clock=keys.clock)
    page_speech, mode = PageSpeech(outbox), page_mode(settings.speech, hello.get("voice"))
    timed = clock if clock is not None else SessionClock(keys.clock)

    def against_bots(name: str, **given: str) -> GameCallback:
        """A game against bots, on the session's clock while it lasts."""
        play = local_game(name, speaker, sounds, keys, timed, **given)

        def call(settings: Settings) -> Settings | None:
            with timed.game():
                return play(settings)

        return call

    def kept(saved: Settings) -> None:
        outbox.send({"type": "settings", "settings": settings_to_json(saved)})
        voice(saved)

    def voice(chosen: Settings) -> None:
        """The rate and volume of the page's own voice, for a player who chose it; the lines
        are paced at that rate."""
        speech.rate = chosen.rate
        outbox.send({"type": "voice", "rate": chosen.rate,
                     "volume": chosen.speech_volume / 100})

    def refused(address: str) -> str | None:
        if relays.allows(address):
            return None
        if relays.relays:
            return m.tr("web.relay.refused", relays=", ".join(relays.relays))
        return m.tr("web.relay.none")

    with tempfile.TemporaryDirectory(prefix="audiospoons-web-") as folder:
        settings_file = Path(folder) / "settings.json"
        apply_settings(settings, speech, sounds)
        outbox.send({"type": "language", "lang": lang, "strings": page_strings(m)})
        voice(settings)
        page_speech.tell(mode)
        outbox.send({"type": "region", "label": m.tr("web.region")})
        if unreadable:
            speaker.say(Utterance(m.tr("web.settings.unreadable")))
        screens = menu_screens(
            settings, speaker=speaker, keys=keys, mixer=sounds, against_bots=against_bots,
            opener=opener, lang=lang, speech=mode, speech_choices=page_speech,
            settings_file=settings_file, on_save=kept, refuse_relay=refused)
        try:
            screens.run()
        except Idle:
            speaker.say(Utterance(m.tr("web.idle"), urgent=True))
            speaker.drain(LAST_WORD_WAIT)
        except EOFError:
            return
        finally:
            speaker.close()
