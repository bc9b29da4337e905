"""A relay address the game cannot use, typed where a player types one: Play online's field in
the main menu, and ``audiospoons join ADDRESS``, each in a real pseudo-terminal. Each is refused
with a sentence saying what is wrong, and the program goes on (the menu) or ends with status 2
(``join``): never a traceback (``127..0.0.1`` once ended both with ``UnicodeError``)."""

from __future__ import annotations

import sys
from pathlib import Path

import pexpect
import pytest
from test_menus_pty import Player, printed, skip_welcome, type_text
from test_online_pty import environment


@pytest.mark.parametrize(("address", "said"), [
    ("127..0.0.1:17777", "A relay's name has letters or digits between its dots."),
    ("[::1", "That is not an IPv6 address. Put one in brackets when a port follows, such as"
     " [2001:db8::1]:7777."),
    ("::1]:7000", "That is not an IPv6 address. Put one in brackets when a port follows, such"
     " as [2001:db8::1]:7777."),
    ("relay.example:99999", "After the colon comes the port: a number from 1 to 65535."),
    ("x" * 64 + ".example", "That name is too long: at most 63 characters between dots, and 253"
     " in all."),
    ("relay example", "An address has no spaces."),
])
def test_join_says_what_is_wrong_with_the_address_and_ends(tmp_path: Path, address: str,
                                                           said: str) -> None:
    child = pexpect.spawn(sys.executable, ["-m", "audiospoons", "join", address, "--name", "Ann",
                                           "--speech", "text"],
                          env=environment(tmp_path, "Ann"), encoding="utf-8", timeout=30,
                          dimensions=(40, 200))
    child.expect_exact(said + "\r\n")
    child.expect(pexpect.EOF)
    child.close()
    assert child.before is not None
    assert "Traceback" not in child.before
    assert child.exitstatus == 2, (child.exitstatus, child.before)


def test_the_menu_says_what_is_wrong_with_the_address_and_asks_again(tmp_path: Path) -> None:
    player = Player(tmp_path / "config")
    try:
        skip_welcome(player)
        player.key("down", "Play online, 2 of 8")
        player.key("enter", "Relay address, edit text, blank")
        type_text(player, "127..0.0.1:17777")
        player.key("enter", "A relay's name has letters or digits between its dots.",
                   "Relay address, edit text, selected: 127..0.0.1:17777")
        type_text(player, "1.2.3")
        player.key("enter", "A relay's number is four numbers from 0 to 255 with dots between"
                   " them, such as 192.168.1.20.", "Relay address, edit text, selected: 1.2.3")
        player.key("escape", "Main menu. Play online, 2 of 8")
        player.quit()
    finally:
        if player.child.isalive():
            player.child.terminate(force=True)
    assert "Traceback" not in printed(player.child.before or "")
