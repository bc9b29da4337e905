"""A player's past games on a relay, fetched for ``audiospoons replay --from-relay``: log in
(by the login kept from Play online or ``join``, else a password), then the list of their last
games, or one game's whole record."""

from __future__ import annotations

import json
from dataclasses import dataclass
from ssl import SSLContext
from typing import Any

from audiospoons.net.client import Login, RelayClient, RelayError
from audiospoons.net.history import RelayGameRecord

ANSWER_WAIT = 20.0


@dataclass(frozen=True, slots=True)
class Fetched:
    """What came back: the games listed, or one game's record and the seat played."""

    games: list[dict[str, Any]]
    record: RelayGameRecord | None = None
    seat: int | None = None
    token: str | None = None
    """A new login token the relay gave, to keep."""


async def fetch(host: str, port: int, name: str, login: Login, *, game: int | None,
                ssl: SSLContext | None = None) -> Fetched:
    """Log in as ``name`` and fetch the last games, or game ``game``'s record. ``RelayError``
    (with the relay's code) if the relay refuses."""
    client = await RelayClient.connect(host, port, name, ssl=ssl, login=login)
    try:
        if client.guest:
            raise RelayError("the relay keeps no games for a guest", "not-logged-in")
        if game is None:
            client.send("my_games")
            answer = await client.expect("my_games", "error", timeout=ANSWER_WAIT)
            _raise_error(answer)
            return Fetched(list(answer["games"]), token=client.token)
        client.send("game_record", game=game)
        head = await client.expect("game_record", "error", timeout=ANSWER_WAIT)
        _raise_error(head)
        moves: list[dict[str, Any]] = []
        while len(moves) < head["moves"]:
            part = await client.expect("game_moves", "error", timeout=ANSWER_WAIT)
            _raise_error(part)
            moves += part["moves"]
        record = RelayGameRecord.from_json(json.dumps(dict(head["record"], moves=moves)))
        return Fetched([], record, int(head["seat"]), token=client.token)
    finally:
        await client.close()


def _raise_error(answer: dict[str, Any]) -> None:
    if answer["kind"] == "error":
        raise RelayError(str(answer["message"]), str(answer["code"]))
