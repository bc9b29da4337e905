"""The main menu, from which every other screen opens, and the first run's welcome.

``Screens`` is the ``MenuHost`` (``ui.menuhost``: the settings, the speaker, the keys, the
cues, and the games' callbacks) that runs the main menu until Quit; each item opens its own
screen: Options (``ui.optionsscreen``), Play online (``ui.onlinescreen``), How to play
(``ui.howtoscreen``) and Settings (``ui.settingsscreen``, with each game's Keys screen in
``ui.keysscreen``). ``ui.wiring`` opens the devices and builds it, for the terminal and for a
browser's session alike.
"""

from __future__ import annotations

from dataclasses import replace

from audiospoons.app.howtoscreen import howto_screen
from audiospoons.app.menuhost import OTHER_GAMES, MenuHost
from audiospoons.app.onlinescreen import online_screen
from audiospoons.app.optionsscreen import options_screen
from audiospoons.app.settingsscreen import settings_screen
from audiospoons.games.keyboards import KEYBOARDS
from audiospoons.ui.menu import ActionItem, Item, Menu


class Screens(MenuHost):
    """The menus, from the main menu down, run one key at a time on the host's keys."""

    def run(self) -> None:
        """The first-run offer if this is the first run, then the main menu until Quit."""
        if self.settings.first_run:
            self.welcome()
        self.main_menu()

    def main_items(self) -> list[Item]:
        m = self.m
        return [
            ActionItem("play", m.tr("menu.main.play"), m.tr("menu.main.play.about")),
            ActionItem("online", m.tr("menu.main.online"), m.tr("menu.main.online.about")),
            ActionItem("options", m.tr("menu.main.options"), m.tr("menu.main.options.about")),
            ActionItem("howto", m.tr("menu.main.howto"), m.tr("menu.main.howto.about")),
            ActionItem("settings", m.tr("menu.main.settings"), m.tr("menu.main.settings.about")),
            *(ActionItem(name, m.tr(words.menu or name), m.tr(words.menu_about or name))
              for name in OTHER_GAMES for words in (KEYBOARDS[name].words,)),
            ActionItem("quit", m.tr("menu.main.quit"), m.tr("menu.main.quit.about")),
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
                online_screen(self)
            elif response.activated == "options":
                options_screen(self)
            elif response.activated == "howto":
                howto_screen(self)
            elif response.activated == "settings":
                settings_screen(self)
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
            ActionItem("demo", m.tr("menu.welcome.demo"), m.tr("menu.demo.about")),
            ActionItem("skip", m.tr("menu.welcome.skip"), m.tr("menu.welcome.skip.about")),
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
        half = KEYBOARDS[name]
        low, high = half.rules.players
        if not low <= self.settings.players <= high:
            self.say(self.m.tr(half.words.players_refused or "menu.unavailable", low=low,
                               high=high, players=self.settings.players))
            return
        self.start(self.play_other.get(name))
