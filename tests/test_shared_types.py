"""The small types the layers share are each written once, so that no copy drifts from another."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "audiospoons"

SHARED = ("CuePlayer", "KeySource", "PressedKey", "SavedReactions", "PastReactions")


def defined_in(name: str) -> list[str]:
    """The modules of the package that define a class called ``name``."""
    pattern = re.compile(rf"^class {name}\b", re.MULTILINE)
    return [str(path.relative_to(PACKAGE)) for path in sorted(PACKAGE.rglob("*.py"))
            if pattern.search(path.read_text(encoding="utf-8"))]


@pytest.mark.parametrize("name", SHARED)
def test_a_shared_type_is_defined_in_one_place_at_most(name: str) -> None:
    assert len(defined_in(name)) <= 1, defined_in(name)


def test_the_sound_and_key_protocols_live_in_the_lowest_layer_that_needs_them() -> None:
    assert defined_in("CuePlayer") == ["sound/cue.py"]
    assert defined_in("KeySource") == defined_in("PressedKey") == ["ui/player.py"]


def test_the_two_reaction_records_are_named_for_what_they_are() -> None:
    """The record the settings file keeps (milliseconds, the latest times) and the one a game
    reads its status key from (seconds, every time of the games before it) are not one type."""
    assert defined_in("ReactionRecord") == []
    assert defined_in("SavedReactions") == ["app/settings.py"]
    assert defined_in("PastReactions") == ["ui/player.py"]
