"""The keys every game has (what was said, volume, rate, help, the rules, the pause) are one
set, declared once: each game's actions are its own, and its key table adds the shared ones at
the same keys."""

from __future__ import annotations

from enum import Enum

import pytest

from audiospoons.games.keyboards import KEYBOARDS
from audiospoons.games.registry import GAMES
from audiospoons.ui.gamekeys import SHARED_KEYS, KeyTable, SharedAction, shared_keys
from audiospoons.ui.keynames import item_text
from audiospoons.voice.i18n import messages

EN = messages("en")


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_game_declares_only_its_own_actions_and_has_every_shared_one(name: str) -> None:
    table = KEYBOARDS[name].key_table()
    shared = {action.value for action in SharedAction}
    assert not [action for action in table.own if action.value in shared]
    assert [action for action in table.actions if isinstance(action, SharedAction)] \
        == list(SharedAction)
    bindings = table.bindings()
    assert {action: bindings[action] for action in SharedAction} == SHARED_KEYS
    assert table.action("repeat") is SharedAction.REPEAT


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_shared_key_moved_in_the_settings_keeps_its_name_on_disk(name: str) -> None:
    table = KEYBOARDS[name].key_table()
    moved = table.bindings({"repeat": "x", "volume-up": "", "menu": "q"})
    assert moved[SharedAction.REPEAT] == ("x",) and moved[SharedAction.VOLUME_UP] == ()
    assert moved[SharedAction.MENU] == ("escape",)
    assert table.overrides_for(moved) == {"repeat": "x", "volume-up": ""}


class Knock(Enum):
    KNOCK = "knock"


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_game_s_key_table_names_each_of_its_actions(name: str) -> None:
    table = KEYBOARDS[name].key_table()
    assert set(table.names) == set(table.own.__members__.values())
    assert {action for action in table.name_ids} == set(table.actions)
    for action in table.actions:
        assert item_text(action, table.bindings()[action], table.name_ids, EN)


def test_a_key_table_is_named_by_its_own_words_and_the_shared_ones() -> None:
    table = KeyTable(Knock, {Knock.KNOCK: ("k",), **shared_keys()},
                     {Knock.KNOCK: "keys.action.hand"})
    assert item_text(Knock.KNOCK, ("k",), table.name_ids, EN) == "Say your hand, K"
    assert item_text(SharedAction.REPEAT, ("r",), table.name_ids, EN) == "Repeat the message, R"
    with pytest.raises(ValueError, match="KNOCK"):
        KeyTable(Knock, {Knock.KNOCK: ("k",)}, {})
