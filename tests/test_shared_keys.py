"""The keys every game has (what was said, volume, rate, help, the rules, the pause) are one
set, declared once: each game's actions are its own, and its key table adds the shared ones at
the same keys."""

from __future__ import annotations

import pytest

from audiospoons.games.keyboards import KEYBOARDS
from audiospoons.games.registry import GAMES
from audiospoons.ui.gamekeys import SHARED_KEYS, SharedAction


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
