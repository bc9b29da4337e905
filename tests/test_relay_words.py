"""The relay's errors in the player's own words: those whose code means one thing are said from
the catalog, in the player's language; those whose message carries details of their own (a
bad option, say) are said as the relay sent them."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from fakes import Lines
from test_lobby import Relay
from test_online import PipeKeys, heard
from test_relay import connect, with_relay

from audiospoons.app.online import OnlineSession
from audiospoons.app.relayjoin import PLAYED, UNREACHABLE, join_relay
from audiospoons.net import server
from audiospoons.net.relaysettings import RelaySettings
from audiospoons.voice.i18n import messages
from audiospoons.voice.speaker import Speaker


def session(lang: str) -> tuple[OnlineSession, Lines]:
    lines = Lines()
    return OnlineSession(Relay("Ann"), messages(lang), Speaker(lines), None, None,  # type: ignore[arg-type]
                         lobby=True), lines


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "Keys came faster than the relay takes them, and it let some go: press a little"
           " more slowly."),
    ("es", "Las teclas llegaron más rápido de lo que el servidor admite y descartó algunas:"
           " pulsa un poco más despacio.")])
def test_an_error_whose_code_means_one_thing_is_said_in_the_players_language(
        lang: str, said: str) -> None:
    ann, lines = session(lang)
    ann._on_message({"kind": "error", "code": "rate-limited",
                     "message": "over 10 messages a second"})
    assert lines.spoken[-1] == said
    ann._on_message({"kind": "error", "code": "bad-options",
                     "message": "hand_size = 9: use 3 to 8"})
    assert lines.spoken[-1] == "hand_size = 9: use 3 to 8", "its details are the relay's"


def test_a_relay_with_too_many_connections_from_this_address_says_so_in_spanish() -> None:

    async def scenario(relay: server.Relay, port: int) -> None:
        bob = await connect(port, "Bob")
        lines, keys = Lines(), PipeKeys()
        common: dict[str, Any] = {
            "room": None, "values": {}, "bots": 0, "messages": messages("es"),
            "speaker": Speaker(lines), "sounds": None, "keys": keys}
        assert await join_relay("127.0.0.1", port, "Ana", **common) == UNREACHABLE
        assert lines.spoken[-1] == (f"No se puede llegar al servidor en 127.0.0.1, puerto {port}:"
                                    " Hay demasiadas conexiones abiertas desde esta dirección al"
                                    " servidor.")
        keys.close()
        await bob.close()

    with_relay(scenario, settings=RelaySettings(per_address=1))


def test_a_relay_shutting_down_is_said_and_not_mistaken_for_a_lost_connection() -> None:
    """Ann is in a game with a bot when the relay stops: she hears that it is shutting down,
    and the game does not try to reconnect to a relay that has gone on purpose."""

    async def scenario(relay: server.Relay, port: int) -> None:
        lines, keys = Lines(), PipeKeys()
        run = asyncio.create_task(join_relay(
            "127.0.0.1", port, "Ann", room=None, values={}, bots=1, messages=messages("en"),
            speaker=Speaker(lines), sounds=None, keys=keys))
        await heard(lines, "Room 1, Ann's room: Ann, host; Andrew, a bot.")
        keys.press("enter")
        await heard(lines, "Spoons: you against Andrew.")
        relay.close()
        assert await asyncio.wait_for(run, 10.0) == PLAYED
        after = lines.spoken[lines.spoken.index("Spoons: you against Andrew."):]
        assert "The relay is shutting down." in after
        assert not any(line.startswith(("The connection to the relay is lost", "Reconnecting"))
                       for line in after), after
        keys.close()

    with_relay(scenario)
