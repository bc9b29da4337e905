"""How to play, from the main menu: each game's rules (read a line at a time, as at the table),
the sections that tell the game in a few sentences each, and the demonstration round."""

from __future__ import annotations

from audiospoons.app.menuhost import MenuHost
from audiospoons.games.keyboards import KEYBOARDS
from audiospoons.ui.keyboardhalf import KeyboardHalf
from audiospoons.ui.menu import ActionItem, Item, Menu
from audiospoons.ui.rulesreader import CLOSE, RulesReader
from audiospoons.voice.i18n import Messages

RULES_ITEM = "rules:"
"""How to play's items that read a game's rules: this, then the game's name."""


def howto_items(m: Messages) -> list[Item]:
    sections = [
        ("goal", m.tr("howto.goal"), m.tr("howto.goal.text")),
        ("cards", m.tr("howto.cards"), m.tr("howto.cards.text")),
        ("passing", m.tr("howto.passing"), m.tr("howto.passing.text")),
        ("grabbing", m.tr("howto.spoons"), m.tr("howto.spoons.text")),
        ("losing", m.tr("howto.losing"), m.tr("howto.losing.text")),
        ("fighting", m.tr("howto.fighting"), m.tr("howto.fighting.text")),
        ("variants", m.tr("howto.variants"), m.tr("howto.variants.text")),
        ("sounds", m.tr("howto.sounds"), m.tr("howto.sounds.text")),
        ("keys", m.tr("howto.keys"), m.tr("howto.keys.text")),
    ]
    items: list[Item] = [ActionItem(key, label, text) for key, label, text in sections]
    return [*(ActionItem(RULES_ITEM + name, m.tr(half.words.howto), m.tr("howto.rules.about"))
              for name, half in KEYBOARDS.items()),
            *items,
            ActionItem("demo", m.tr("menu.demo"), m.tr("menu.demo.about")),
            ActionItem("back", m.tr("menu.back"), m.tr("menu.back.about"))]


def howto_screen(host: MenuHost) -> None:
    menu = Menu(host.m.tr("menu.main.howto"), howto_items(host.m), host.m)
    host.say(menu.opening())
    while True:
        response = host.ask(menu, host.m.tr("menu.howto.help"))
        host.cue(response.cue)
        if response.back or response.activated == "back":
            return
        if response.activated == "demo":
            host.start(host.demonstrate)
            host.say(menu.opening())
        elif response.activated is not None and response.activated.startswith(RULES_ITEM):
            rules_screen(host, KEYBOARDS[response.activated.removeprefix(RULES_ITEM)])
            host.say(menu.item_text())
        elif response.activated is not None:
            host.say(menu.item(response.activated).description)


def rules_screen(host: MenuHost, half: KeyboardHalf) -> None:
    """A game's rules with its saved options, at a table of the saved number of players (or
    the nearest it seats), read a line at a time as at the table (``ui.rulesreader``) until
    Escape."""
    low, high = half.rules.players
    players = min(max(host.settings.players, low), high)
    options = half.saved_options(host.settings.values_of(half.rules.name))
    reader = RulesReader(half.rules_lines(options, players, host.m), host.m)
    host.say(reader.opening())
    while (label := host.next_key()) != CLOSE:
        said = reader.press(label)
        host.say(said if said is not None else host.m.tr("rules.keys"))
