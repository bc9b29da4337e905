"""Options, from the main menu: the table (players and bots) and the first game's options, with
its presets, refusing a change that would make a table that cannot be played; and each later
game's own options screen, which opens from it. Each change is saved."""

from __future__ import annotations

from dataclasses import replace

from audiospoons.app.menuhost import OTHER_GAMES, MenuHost
from audiospoons.app.settings import Settings
from audiospoons.games.keyboards import KEYBOARDS
from audiospoons.games.registry import DEFAULT
from audiospoons.ui.menu import ActionItem, Choice, Item, Menu, Number
from audiospoons.ui.optionitems import BOTS, CUSTOM, PLAYERS, PRESET, table_items


def options_screen(host: MenuHost) -> None:
    """The table (players and bots) and the first game's options, with its presets; the
    other games' options screens open from here."""
    m, half = host.m, KEYBOARDS[DEFAULT]
    options = half.saved_options(host.settings.values_of(DEFAULT))

    def items() -> list[Item]:
        return [*table_items(host.settings.players, host.settings.bots, half.rules.players, m),
                *half.option_items(options, m),
                *(ActionItem(name, m.tr(words.options or name), m.tr(words.options_about or name))
                  for name in OTHER_GAMES for words in (KEYBOARDS[name].words,)),
                ActionItem("defaults", m.tr("menu.options.defaults"),
                       m.tr("menu.options.defaults.about")),
                ActionItem("back", m.tr("menu.back"), m.tr("menu.back.about"))]

    menu = Menu(m.tr("menu.main.options"), items(), m)

    def check(item: Item) -> str | None:
        shown = {i.key: (item if i.key == item.key else i) for i in menu.items}
        players = shown[PLAYERS]
        assert isinstance(players, Number)
        values = half.chosen_values(shown)
        if (isinstance(item, Choice) and item.key == PRESET and item.value != CUSTOM
                and half.presets is not None):
            values = half.presets.values(item.value)
        problem = half.table_problem(values, int(players.value), m)
        return None if problem is None else m.tr("menu.options.refused", reason=problem)

    menu.check = check
    host.say(menu.opening())
    while True:
        response = host.ask(menu, m.tr("menu.values.help"))
        host.cue(response.cue)
        if response.back or response.activated == "back":
            return
        if response.activated in OTHER_GAMES:
            game_options_screen(host, response.activated)
            host.say(menu.opening())
            continue
        if response.activated == "defaults":
            host.save(replace(host.settings.with_values_of(DEFAULT, {}),
                              players=Settings().players, bots=Settings().bots))
            options = half.saved_options({})
            menu.reset(items())
            host.say(m.tr("menu.options.defaults.done"))
            continue
        if response.changed is not None:
            shown = {i.key: i for i in menu.items}
            players, bots, preset = shown[PLAYERS], shown[BOTS], shown.get(PRESET)
            assert isinstance(players, Number) and isinstance(bots, Choice)
            speech = response.speech
            values = half.chosen_values(shown)
            if (isinstance(preset, Choice) and response.changed.key == PRESET
                    and preset.value != CUSTOM and half.presets is not None):
                values = half.presets.values(preset.value)
                speech = " ".join((speech or "", half.presets.about(preset.value, m)))
            host.save(replace(host.settings.with_values_of(DEFAULT, values),
                              players=int(players.value), bots=bots.value))
            options = half.saved_options(values)
            menu.reset(items())
            host.say(speech)


def game_options_screen(host: MenuHost, name: str) -> None:
    """A later game's options, kept apart from the first game's; each change is saved."""
    m, half = host.m, KEYBOARDS[name]
    words = half.words

    def items() -> list[Item]:
        saved = half.saved_options(host.settings.values_of(name))
        return [*half.option_items(saved, m),
                ActionItem("defaults", m.tr("menu.options.defaults"),
                       m.tr(words.options_defaults_about or "menu.options.defaults.about")),
                ActionItem("back", m.tr("menu.back"), m.tr("menu.back.about"))]

    menu = Menu(m.tr(words.options or name), items(), m)
    host.say(menu.opening())
    while True:
        response = host.ask(menu, m.tr("menu.values.help"))
        host.cue(response.cue)
        if response.back or response.activated == "back":
            return
        if response.activated == "defaults":
            host.save(host.settings.with_values_of(name, {}))
            menu.reset(items())
            host.say(m.tr(words.options_defaults_done or "menu.options.defaults.done"))
        elif response.changed is not None:
            values = half.chosen_values({item.key: item for item in menu.items})
            host.save(host.settings.with_values_of(name, values))
            menu.reset(items())
            speech = response.speech or ""
            linked = half.linked_options.get(response.changed.key)
            if linked is not None:
                # How the other is counted changed with this one: say it too.
                length = menu.item(linked)
                speech = f"{speech}. {length.label}, {menu.value_text(length)}."
            host.say(speech)
