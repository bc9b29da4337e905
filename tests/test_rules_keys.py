"""Shift+F1 at the table reads the rules of the game being played, a line at a time: against
bots the game waits while they are open, as in the pause menu; online, where nothing waits,
they take only their own keys and the game goes on being heard and played."""

from __future__ import annotations

from fakes import Lines, Pressed
from test_online import remote_game
from test_razz_local import QUIT, play

from audiospoons.games.keyboards import KEYBOARDS
from audiospoons.games.razz.keyboard.online import RemoteRazzGame
from audiospoons.games.razz.rules.options import RazzOptions
from audiospoons.games.slapjack.keyboard.seatkeys import RemoteSlapjackGame
from audiospoons.games.slapjack.rules.options import SlapjackOptions
from audiospoons.games.spoons.keyboard.keys import CLASSIC_KEYS
from audiospoons.games.spoons.keyboard.rulestext import rules_lines
from audiospoons.games.spoons.rules.events import RoundStarted
from audiospoons.games.spoons.rules.options import Options
from audiospoons.net.wire import encode_event
from audiospoons.ui.gamekeys import SharedAction
from audiospoons.voice.i18n import messages
from audiospoons.voice.speaker import Speaker

EN = messages("en")
OPENING = "The rules, {count} lines: Up and Down read them, Escape closes them. {first}"


def test_against_bots_the_clock_stands_still_while_the_rules_are_read() -> None:
    """Thirty seconds in the rules, on a turn of five: the turn is not lost, and the rules
    are read line by line, their ends said, until Escape goes on."""
    game, lines, _ = play(["t", "!shift+f1", "~30", "!down", "!end", "!down", "!home", "!up",
                           "!x", "!escape", *QUIT], turn_time_limit=5)
    assert game.now() < 5
    assert "Your time is up." not in lines.spoken
    opened = next(i for i, line in enumerate(lines.spoken) if line.startswith("The rules, "))
    assert lines.spoken[opened:opened + 8] == [
        "The rules, 14 lines: Up and Down read them, Escape closes them. Be the first to run"
        " out of cards. On your turn, play a card of the top card's suit or rank, or draw.",
        "3 players: 7 cards each, from two packs shuffled together.",
        "The game lasts 5 rounds; the fewest points win.",
        "Bottom. The game lasts 5 rounds; the fewest points win.",
        "Be the first to run out of cards. On your turn, play a card of the top card's suit or"
        " rank, or draw.",
        "Top. Be the first to run out of cards. On your turn, play a card of the top card's"
        " suit or rank, or draw.",
        "Up and Down read the rules line by line, Home and End go to the first and last line,"
        " Escape closes them.",
        "Go on."]


def test_online_the_rules_take_their_own_keys_and_the_game_goes_on() -> None:
    """The relay's game goes on being heard while the rules are open; a key that is not
    theirs plays; Escape closes them and does not count towards leaving the game."""
    game, relay, lines, _ = remote_game()
    rules = rules_lines(Options(), 3, EN)
    game.on_keys([Pressed("shift+f1", 1.0), Pressed("down", 1.1)], None)  # type: ignore[arg-type]
    assert lines.spoken[-2:] == [OPENING.format(count=len(rules), first=rules[0]), rules[1]]
    game.on_message({"kind": "event", "event": encode_event(RoundStarted(2.0, 2, 0, 2, (0, 1, 2)))})
    assert lines.spoken[-1].startswith("Round 2. Ann deals.")
    game.on_keys([Pressed("space", 2.5), Pressed("down", 2.6)], None)  # type: ignore[arg-type]
    assert relay.sent == [("command", {"command": {"kind": "grab", "spoon": None}})]
    assert lines.spoken[-1] == rules[2]
    game.on_keys([Pressed("escape", 3.0)], None)  # type: ignore[arg-type]
    assert lines.spoken[-1] == "Rules closed."
    game.on_keys([Pressed("escape", 3.5)], None)  # type: ignore[arg-type]
    assert lines.spoken[-1] == EN.tr("online.leave.confirm")
    assert not game.quit


def test_the_rules_key_is_shift_f1_in_every_game_and_f1_says_it() -> None:
    for half in KEYBOARDS.values():
        table = half.key_table()
        rules = table.action("rules")
        assert table.bindings()[rules] == ("shift+f1",)
        assert [action for action, keys in table.bindings().items()
                if "shift+f1" in keys] == [rules]
    assert CLASSIC_KEYS.bindings()[SharedAction.RULES] == ("shift+f1",)
    game, _, lines, _ = remote_game()
    game.on_keys([Pressed("f1", 1.0)], None)  # type: ignore[arg-type]
    assert "Shift+F1 reads the rules of this game." in lines.spoken[-1]


def test_online_every_game_opens_its_own_rules_and_escape_closes_them() -> None:
    """With no relay and no keys to read (None for each): the rules are only spoken."""
    started = {"players": ["Ann", "Bob"], "seat": 1, "token": "0" * 32}
    for name, make, options in (("razz", RemoteRazzGame, RazzOptions()),
                                ("slapjack", RemoteSlapjackGame, SlapjackOptions())):
        lines = Lines()
        game = make(None, {**started, "options": options.describe()}, EN,  # type: ignore[arg-type]
                    Speaker(lines), None)
        rules = KEYBOARDS[name].rules_lines(options, 2, EN)
        game.on_keys([Pressed("shift+f1", 1.0), Pressed("down", 1.1),
                      Pressed("escape", 1.2)], None)  # type: ignore[arg-type]
        assert lines.spoken == [OPENING.format(count=len(rules), first=rules[0]), rules[1],
                                "Rules closed."], name
        assert not game.quit
