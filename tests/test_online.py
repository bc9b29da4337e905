"""A game through the relay at this keyboard, without the network: the relay's messages are
heard as a local game's events are, keys become commands on the wire, and a refusal that comes
back is said."""

from __future__ import annotations

from typing import Any

from fakes import Clock, Lines, Pressed

from audiospoons.engine.cards import parse_card
from audiospoons.engine.events import CardsDealt, GameStarted, RoundStarted
from audiospoons.engine.options import Options
from audiospoons.net.wire import encode_event
from audiospoons.ui.online import RemoteGame
from audiospoons.voice.i18n import messages
from audiospoons.voice.speaker import Speaker


class Relay:
    """Keeps what the game sends."""

    def __init__(self) -> None:
        self.sent: list[tuple[str, dict[str, Any]]] = []

    def send(self, kind: str, **fields: Any) -> None:
        self.sent.append((kind, fields))


def remote_game() -> tuple[RemoteGame, Relay, Lines, Clock]:
    relay, lines, clock = Relay(), Lines(), Clock()
    started = {"players": ["Ann", "Bob", "Cy"], "seat": 1, "options": Options().describe()}
    game = RemoteGame(relay, started, messages("en"), Speaker(lines), None,  # type: ignore[arg-type]
                      clock=clock)
    for event in (GameStarted(0.0, ("Ann", "Bob", "Cy")), RoundStarted(0.0, 1, 0, 2, (0, 1, 2)),
                  CardsDealt(0.0, 1, tuple(map(parse_card, ("QS", "QH", "2C", "5D"))))):
        game.on_message({"kind": "event", "event": encode_event(event)})
    return game, relay, lines, clock


def test_the_relays_events_are_heard_from_your_own_seat() -> None:
    _, _, lines, _ = remote_game()
    assert lines.spoken == ["Spoons: you against Ann and Cy.", "Round 1. Ann deals. 2 spoons on"
                            " the table.", "Your cards: queen of spades, queen of hearts, two of"
                            " clubs, and five of diamonds."]


def test_keys_go_to_the_relay_as_commands_and_a_refusal_is_said() -> None:
    game, relay, lines, _ = remote_game()
    game.on_keys([Pressed("a", 1.0), Pressed("space", 1.2)], None)  # type: ignore[arg-type]
    assert relay.sent == [("command", {"command": {"kind": "pass", "card": "QS"}}),
                          ("command", {"command": {"kind": "grab", "spoon": None}})]
    game.on_message({"kind": "refused", "reason": "no-set",
                     "message": "Bob has no set, and nobody has taken a spoon yet"})
    assert lines.spoken[-1] == messages("en").tr("refused.no-set")


def test_escape_twice_leaves_a_game_online_which_cannot_pause() -> None:
    game, _, lines, clock = remote_game()
    game.on_keys([Pressed("escape", 1.0)], None)  # type: ignore[arg-type]
    assert lines.spoken[-1] == messages("en").tr("online.leave.confirm")
    assert not game.quit
    clock.now += 2.0
    game.on_keys([Pressed("escape", 3.0)], None)  # type: ignore[arg-type]
    assert game.quit
