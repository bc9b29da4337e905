"""Playing online at this keyboard: a room on a relay, then its games, heard as local games are.

The same ears (``LocalPlayer``) and keys (``KeyboardSeat``) as a local game; the table is the
relay's. One asyncio loop reads both the relay and the keyboard (the terminal's file descriptor
is watched by the loop, so nothing polls and a key is stamped the moment it is read). In the
room, Enter says you are ready, or, for the host, starts the game; Escape leaves. A game online
cannot pause: Escape twice leaves it, and a bot plays on for you.
"""

from __future__ import annotations

import asyncio
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from audiospoons.engine.commands import Command
from audiospoons.engine.errors import NotAllowedNow
from audiospoons.engine.events import GameOver
from audiospoons.engine.options import Options
from audiospoons.keys.reader import ESCAPE_DELAY
from audiospoons.net.client import RelayClient, RelayError
from audiospoons.net.wire import WireError, decode_event, encode_command
from audiospoons.ui.gamekeys import keymap
from audiospoons.ui.player import CuePlayer, KeySource, LocalPlayer, PressedKey, ReactionRecord
from audiospoons.ui.seatkeys import KeyboardSeat
from audiospoons.voice.announcer import Utterance, Verbosity
from audiospoons.voice.i18n import Messages
from audiospoons.voice.speaker import Speaker
from audiospoons.voice.spoonnames import SpoonStyle

LEAVE_WINDOW = 5.0
"""Seconds within which a second Escape leaves an online game."""


class WatchedKeys(KeySource, Protocol):
    """A key source whose file descriptor the loop can watch (the terminal's)."""

    def fileno(self) -> int: ...


@dataclass(slots=True)
class Where:
    """Where the player stands on the relay."""

    room: dict[str, Any] | None = None
    ready: bool = False
    left: bool = False
    said: list[str] = field(default_factory=list)


class RemoteGame(KeyboardSeat):
    """One game of the room, at this keyboard."""

    def __init__(self, client: RelayClient, started: dict[str, Any], messages: Messages,
                 speaker: Speaker, sounds: CuePlayer | None, *,
                 verbosity: Verbosity = Verbosity.BRIEF,
                 key_overrides: dict[str, str] | None = None,
                 clock: Callable[[], float] = time.monotonic,
                 rate_setter: Callable[[int], int | None] | None = None,
                 spoon_style: SpoonStyle = SpoonStyle.NUMBERS) -> None:
        self.client = client
        names: list[str] = list(started["players"])
        self.me = int(started["seat"])
        self.options = Options.from_mapping(started["options"])
        self.seats = len(names)
        self.player = LocalPlayer(names, self.options, messages, speaker, sounds, verbosity,
                                  spoon_style, random.Random(), seat=self.me)
        self.messages, self.speaker, self.sounds = messages, speaker, sounds
        self.keys = keymap(key_overrides)
        self.key_overrides = dict(key_overrides or {})
        self.clock = clock
        self.rate_setter = rate_setter
        self.record = ReactionRecord()
        self.over = False
        self.quit = False
        self._last_sent: Command | None = None
        """The command a refusal from the relay answers: the keys wait for no answer, so a
        refusal is for the latest."""
        self._escape_at: float | None = None

    def send(self, command: Command, at: float) -> None:
        """To the relay, which applies it when it arrives; a refusal comes back later."""
        self._last_sent = command
        self.client.send("command", command=encode_command(command))

    def resume_after(self, paused: float) -> None:
        """The relay's game does not stop: nothing to shift."""

    def _pause(self, keys: KeySource) -> bool:
        """No pause online: Escape twice within ``LEAVE_WINDOW`` leaves the game."""
        now = self.clock()
        if self._escape_at is not None and now - self._escape_at <= LEAVE_WINDOW:
            self.quit = True
            return False
        self._escape_at = now
        self.speaker.review(self.messages.tr("online.leave.confirm"))
        return True

    def on_message(self, message: dict[str, Any]) -> None:
        kind = message["kind"]
        if kind == "event":
            try:
                event = decode_event(message["event"])
            except WireError:
                return
            self.player.receive([event])
            self.over = self.over or isinstance(event, GameOver)
        elif kind == "refused" and self._last_sent is not None:
            error = NotAllowedNow(str(message.get("message", "")),
                                  reason=str(message.get("reason", "error")))
            self.refused(self._last_sent, error)

    def on_keys(self, pressed: Sequence[PressedKey], keys: KeySource) -> None:
        for key in pressed:
            if not self._on_key(key.label, key.at, keys):
                return


class OnlineSession:
    """A sitting on a relay: the room, then its games, until the player leaves."""

    def __init__(self, client: RelayClient, messages: Messages, speaker: Speaker,
                 sounds: CuePlayer | None, keys: WatchedKeys, *,
                 verbosity: Verbosity = Verbosity.BRIEF,
                 key_overrides: dict[str, str] | None = None,
                 spoon_style: SpoonStyle = SpoonStyle.NUMBERS) -> None:
        self.client, self.m, self.speaker, self.sounds = client, messages, speaker, sounds
        self.keys = keys
        self.verbosity, self.key_overrides, self.spoon_style = (verbosity, key_overrides,
                                                                 spoon_style)
        self.where = Where()
        self.game: RemoteGame | None = None
        self._pressed: asyncio.Queue[list[PressedKey]] = asyncio.Queue()

    def say(self, text: str, *, urgent: bool = False) -> None:
        self.where.said.append(text)
        self.speaker.say(Utterance(text, urgent))

    async def run(self) -> None:
        loop = asyncio.get_running_loop()
        loop.add_reader(self.keys.fileno(), self._read_keys)
        network = asyncio.create_task(self._network())
        try:
            while not self.where.left and not network.done():
                waiting = asyncio.create_task(self._pressed.get())
                done, _ = await asyncio.wait({waiting, network},
                                             return_when=asyncio.FIRST_COMPLETED)
                if waiting in done:
                    self._on_keys(waiting.result())
                else:
                    waiting.cancel()
            if network.done() and not self.where.left:
                error = network.exception()
                self.say(self.m.tr("online.lost", reason=str(error) if error else ""))
        finally:
            loop.remove_reader(self.keys.fileno())
            network.cancel()
            await self.client.close()

    def _read_keys(self) -> None:
        """The terminal has input: read it. A lone Escape is told from the start of a key's
        escape sequence only after ``ESCAPE_DELAY`` of quiet, so when a read gives nothing it
        is tried again once that time has passed."""
        pressed = list(self.keys.read(0))
        if pressed:
            self._pressed.put_nowait(pressed)
        else:
            asyncio.get_running_loop().call_later(2 * ESCAPE_DELAY, self._read_quiet)

    def _read_quiet(self) -> None:
        pressed = list(self.keys.read(0))
        if pressed:
            self._pressed.put_nowait(pressed)

    async def _network(self) -> None:
        while True:
            message = await self.client.receive()
            self._on_message(message)

    # ----------------------------------------------------------------- messages

    def _on_message(self, message: dict[str, Any]) -> None:
        kind = message["kind"]
        game = self.game
        if kind in ("event", "refused") and game is not None:
            game.on_message(message)
            if game.over:
                self.game = None
        elif kind == "game_started":
            self.game = RemoteGame(self.client, message, self.m, self.speaker, self.sounds,
                                   verbosity=self.verbosity, key_overrides=self.key_overrides,
                                   spoon_style=self.spoon_style)
        elif kind == "room":
            self._room(message)
        elif kind == "chat":
            self.say(self.m.tr("online.chat", name=message["name"], text=message["text"]))
        elif kind == "error":
            self.say(self.m.tr("online.error", message=message["message"]))
        elif kind == "left" and message.get("stand_in"):
            self.say(self.m.tr("online.stand.in", name=message["name"]))
        elif kind == "kicked":
            self.say(self.m.tr("online.kicked"))
            self.where.left = True

    def _room(self, state: dict[str, Any]) -> None:
        before = self.where.room
        self.where.room = state
        if state["playing"]:
            return
        me = next((seat for seat in state["seats"] if seat["name"] == self.client.name), None)
        self.where.ready = bool(me and me["ready"])
        seats = [self._seat_text(seat, state["host"]) for seat in state["seats"]]
        text = self.m.tr("online.room", number=state["room"], name=state["name"],
                         seats=self.m.join(seats))
        if before is None or before.get("seats") != state["seats"] or before.get("playing"):
            self.say(text)

    def _seat_text(self, seat: dict[str, Any], host: str) -> str:
        if seat["bot"]:
            return self.m.tr("online.seat.bot", name=seat["name"])
        if seat["name"] == host:
            return self.m.tr("online.seat.host", name=seat["name"])
        if seat["ready"]:
            return self.m.tr("online.seat.ready", name=seat["name"])
        return str(seat["name"])

    # ----------------------------------------------------------------- keys

    def _on_keys(self, pressed: list[PressedKey]) -> None:
        game = self.game
        if game is not None:
            game.on_keys(pressed, self.keys)
            if game.quit:
                self.say(self.m.tr("online.left"))
                self.client.send("leave_room")
                self.where.left = True
            return
        for key in pressed:
            self.speaker.interrupt()
            self._lobby_key(key.label)

    def _lobby_key(self, label: str) -> None:
        room = self.where.room
        if label == "escape":
            self.client.send("leave_room")
            self.say(self.m.tr("online.left"))
            self.where.left = True
        elif label == "f1":
            self.say(self.m.tr("online.help"))
        elif label == "enter" and room is not None:
            if room["host"] == self.client.name:
                self.client.send("start")
            else:
                self.client.send("ready", ready=not self.where.ready)
                self.say(self.m.tr("online.notready") if self.where.ready
                         else self.m.tr("online.ready"))
        elif label in ("r", "f2") and room is not None:
            self.where.room = None
            self._room(room)


async def join_relay(host: str, port: int, name: str, *, room: int | None,
                     values: dict[str, str], bots: int, messages: Messages, speaker: Speaker,
                     sounds: CuePlayer | None, keys: WatchedKeys, password: str | None = None,
                     verbosity: Verbosity = Verbosity.BRIEF) -> int:
    """Connect, create or join the room, and play until the player leaves. 0, or 2 when the
    relay cannot be reached or refuses."""
    try:
        client = await RelayClient.connect(host, port, name)
    except (OSError, TimeoutError, RelayError) as error:
        speaker.say(Utterance(messages.tr("online.cannot", host=host, port=port,
                                          reason=str(error))))
        return 2
    speaker.say(Utterance(messages.tr("online.connected", host=host, name=client.name)))
    secret = {"password": password} if password else {}
    if room is None:
        preset = values.pop("preset", None)
        extra = {"preset": preset} if preset else {}
        client.send("create_room", options=values, **extra, **secret)
        for _ in range(bots):
            client.send("add_bot")
    else:
        client.send("join_room", room=room, **secret)
    session = OnlineSession(client, messages, speaker, sounds, keys, verbosity=verbosity)
    await session.run()
    return 0
