"""A game's Keys screen, from Settings: each of the game's actions with its keys; Enter on one
takes the next key pressed as its new key (refusing, with the reason, the keys kept for
something else), and the change is saved at once."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from enum import Enum
from typing import Any

from audiospoons.app.menuhost import MenuHost
from audiospoons.app.settings import Settings
from audiospoons.ui import gamekeys, keynames
from audiospoons.ui.gamekeys import KeyTable
from audiospoons.ui.keyboardhalf import KeyboardHalf
from audiospoons.ui.menu import ActionItem, Item, Menu
from audiospoons.voice.i18n import Messages


@dataclass(frozen=True, slots=True)
class GameKeys:
    """A game's keys in Settings: its actions, the title of its Keys screen, and the keys the
    player moved as the settings keep them (``saved``, and ``keep`` to change them)."""

    table: KeyTable[Any]
    title: Callable[[Messages], str]
    saved: Callable[[Settings], Mapping[str, str]]
    keep: Callable[[Settings, Mapping[str, str]], Settings]


def game_keys(half: KeyboardHalf) -> GameKeys:
    """The Keys screen of ``half``'s game."""
    name = half.rules.name
    return GameKeys(half.key_table(), lambda m: m.tr(half.words.keys_title),
                    lambda settings: settings.keys_of(name),
                    lambda settings, keys: settings.with_keys_of(name, keys))


def keys_items(table: KeyTable[Any], overrides: Mapping[str, str], m: Messages) -> list[Item]:
    """One item per game action with its keys, then Restore the default keys and Back."""
    keys = table.bindings(overrides)
    items: list[Item] = [
        ActionItem(str(action.value), keynames.item_text(action, keys[action], table.name_ids, m),
               keynames.fixed_text(action, m) if action in table.fixed
               else m.tr("keys.item.about"))
        for action in table.actions]
    return [*items,
            ActionItem("defaults", m.tr("keys.defaults"), m.tr("keys.defaults.about")),
            ActionItem("back", m.tr("menu.back"), m.tr("menu.back.about"))]


def keys_screen(host: MenuHost, game: GameKeys) -> None:
    """Enter on an action takes its new key; the change is saved at once."""
    m, table = host.m, game.table
    menu = Menu(game.title(m), keys_items(table, game.saved(host.settings), m), m)
    host.say(menu.opening())
    while True:
        response = host.ask(menu, m.tr("keys.help"))
        host.cue(response.cue)
        if response.back or response.activated == "back":
            return
        if response.activated == "defaults":
            host.save(game.keep(host.settings, {}))
            menu.reset(keys_items(table, {}, m))
            host.say(m.tr("keys.defaults.done"))
            continue
        if response.activated is None:
            continue
        action = table.action(response.activated)
        if action in table.fixed:
            host.say(keynames.fixed_text(action, m))
            continue
        host.say(take_key(host, game, action))
        menu.reset(keys_items(table, game.saved(host.settings), m))


def take_key(host: MenuHost, game: GameKeys, action: Enum) -> str:
    """Ask for the next key and give it to ``action``, refusing (with the reason) the keys
    kept for something else; Escape keeps the old key. Returns what to say."""
    m = host.m
    overrides = game.saved(host.settings)
    keys = game.table.bindings(overrides)[action]
    names = game.table.name_ids
    host.say(keynames.prompt_text(action, keys, names, m))
    while True:
        label = host.next_key_label()
        if label == "escape":
            return keynames.kept_text(action, keys, names, m)
        reason = gamekeys.refusal(label)
        if reason is not None:
            host.say(keynames.refusal_text(reason, label, keys, m))
            continue
        change = game.table.rebind(overrides, action, label)
        if change.changed:
            host.save(game.keep(host.settings, change.overrides))
        return keynames.rebinding_text(change, names, m)
