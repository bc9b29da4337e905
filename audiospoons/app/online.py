"""Playing online at this keyboard: the relay's lobby, a room, then its games, heard as local
games are.

Each game's seat at the relay's table comes from its spec (``RulesSpec.remote_seat``). One asyncio
loop reads both the relay and the keyboard (``ui.keyfeed``); what each message from the relay
does is worked out by a pure reducer (``ui.relaymessages``), whose effects the session carries
out. ``ui.relayjoin`` reaches the relay and runs the session.

Connected without a room asked for, the player is in the lobby (``ui.lobby``): a menu of the
relay's rooms, where Enter opens a room of one's own, takes a seat in a room, or watches one
playing (``ui.spectator``); Escape there leaves the relay. In a room, Enter says you are ready,
or, for the host, starts the game; Escape leaves the room, back to the lobby. A game online
cannot pause: Escape twice leaves it, and a bot plays on for you. The token of the seat held
in a game is kept (``on_seat``, into the settings) until the game ends or the player leaves it,
so that the next start, should this one be killed, offers the seat back first in the lobby
(``ui.keptseats``).

The room's other keys (``ui.roomkeys``): the host adds a bot (B) or takes the last one away
(Shift+B), and takes someone out of the room (K); anyone chats (C or slash in the room, slash at
the table). F1 says the keys that work where the player is. The relay's refusals are said in the
player's words (``voice.relaywords``), and a start with too few players says how many the
game needs and what to do about it.

The relay is not trusted: the client checks and cleans each of its messages (``relaykinds``), and
one that is not as the protocol says is said as an error ("The relay sent a message this game
cannot read.") and left out, and the lobby, the room and the game go on without it.
"""

from __future__ import annotations

import asyncio
import socket
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import replace
from typing import Any

from audiospoons.app.heardack import HeardAck
from audiospoons.app.historykeys import HISTORY_KEYS, review_history
from audiospoons.app.keyfeed import KeyFeed, WatchedKeys
from audiospoons.app.lobby import Lobby, Step, read_rooms
from audiospoons.app.records import when_text
from audiospoons.app.relaymessages import (
    Chore,
    Effect,
    ForgetSeat,
    Hand,
    Part,
    Place,
    Say,
    Send,
    Standing,
    bad,
    bad_text,
    reduce,
    room_fields,
    room_help,
    room_text,
    watching,
)
from audiospoons.app.replayer import Replayer
from audiospoons.app.roomkeys import CHAT_KEYS, TABLE_CHAT_KEY, RoomKeys, RoomStep
from audiospoons.engine.errors import InvalidOptions
from audiospoons.games.keyboards import listed_keyboard
from audiospoons.games.registry import DEFAULT
from audiospoons.net.client import (
    BadMessage,
    MoveRefused,
    RelayClient,
    RelayError,
    SeatBack,
    SeatRefused,
)
from audiospoons.net.relaykinds import BadRelayMessage
from audiospoons.sound.cue import Cue, CuePlayer
from audiospoons.ui.controls import menu_controls, offer
from audiospoons.ui.keptseats import is_seat_token, seat_room
from audiospoons.ui.player import PressedKey
from audiospoons.ui.relayseat import OnlineGame
from audiospoons.ui.seating import SeatPrefs
from audiospoons.ui.spectator import Watcher
from audiospoons.ui.tableview import show
from audiospoons.voice.announcer import Utterance, Verbosity
from audiospoons.voice.i18n import Messages
from audiospoons.voice.relaywords import (
    relay_error_text,
)
from audiospoons.voice.speaker import Speaker

ONLINE_PREFS = SeatPrefs(verbosity=Verbosity.BRIEF)
"""A seat online, unless the player chose otherwise: brief, as play there is quick."""

RECONNECT_EVERY = 2.0
"""Seconds between tries to reach the relay again after the connection is lost."""
RECONNECT_FOR = 58.0
"""Seconds of trying before giving up: a little under the time the relay holds the seat."""

Reconnect = Callable[[], Awaitable[RelayClient]]

class OnlineSession:
    """A sitting on a relay: the lobby (with ``lobby``), a room, its games, until the player
    leaves. ``new_rooms`` holds, for each game, the fields of ``create_room`` for a room of the
    player's own (its game, options, preset and password); a game left out has its defaults.
    ``seat`` is the token of a seat kept from an earlier run, offered first in the lobby;
    ``on_seat`` is told the token of each seat the player is given from then on, and None once
    it is given up (the game over, or left)."""

    def __init__(self, client: RelayClient, messages: Messages, speaker: Speaker,
                 sounds: CuePlayer | None, keys: WatchedKeys, *,
                 prefs: SeatPrefs = ONLINE_PREFS,
                 reconnect: Reconnect | None = None, lobby: bool = False,
                 new_rooms: Mapping[str, Mapping[str, Any]] | None = None,
                 on_logged_out: Callable[[], None] | None = None,
                 seat: str | None = None,
                 on_seat: Callable[[str | None], None] | None = None) -> None:
        self.client, self.m, self.speaker, self.sounds = client, messages, speaker, sounds
        self.seat = seat if is_seat_token(seat) else None
        """The token of the seat kept for the player: told to ``on_seat`` when it changes."""
        self.on_seat = on_seat
        self._catching_up: SeatBack | None = None
        """While a kept seat is taken back: the game so far, until the player is back."""
        self.reconnect = reconnect
        """A new connection to the same relay, to take the seat back when this one is lost."""
        self.keys = keys
        self.prefs = prefs
        self.new_rooms = {game: dict(fields) for game, fields in (new_rooms or {}).items()}
        self.place = Place(to_lobby=lobby)
        """Where the player stands on the relay."""
        self.said: list[str] = []
        self.lobby: Lobby | None = self._new_lobby() if lobby else None
        self.on_logged_out = on_logged_out
        """Called once the relay has forgotten the login kept for this player."""
        self.replayer: Replayer | None = None
        """A past game being heard again, from the lobby's "My last games"."""
        """The rooms of the relay, once the player has been in the lobby: leaving a room then
        goes back to it, not out of the relay."""
        self.game: OnlineGame | None = None
        self.watcher: Watcher | None = None
        self.room_keys = RoomKeys(messages)
        """The spoken menu (a bot's level, whom to take out) or chat line open, if any."""
        self.feed = KeyFeed(keys)
        self.heard = HeardAck(speaker)
        """Tells the relay when the player at a table has heard what its events brought."""
        self._heard_later: asyncio.TimerHandle | None = None

    def _new_lobby(self) -> Lobby:
        return Lobby(self.m, records=self.client.keeps_accounts, account=not self.client.guest,
                     back_to=None if self.seat is None else seat_room(self.seat))

    def say(self, text: str, *, urgent: bool = False) -> None:
        self.said.append(text)
        self.speaker.say(Utterance(text, urgent))

    async def run(self) -> None:
        self.feed.start()
        network = asyncio.create_task(self._network())
        try:
            while not self.place.left:
                self._show_where()
                waiting = asyncio.create_task(self.feed.pressed.get())
                tick_in = None if self.game is None else self.game.next_tick_in()
                done, _ = await asyncio.wait({waiting, network}, timeout=tick_in,
                                             return_when=asyncio.FIRST_COMPLETED)
                if waiting in done:
                    pressed = waiting.result()
                    if isinstance(pressed, EOFError):
                        raise pressed
                    self._on_keys(pressed)
                    self._tell_heard()
                else:
                    waiting.cancel()
                if self.game is not None:
                    self.game.tick()
                if network.done() and not self.place.left:
                    if self.place.stopped:
                        break
                    error = network.exception()
                    if isinstance(error, MoveRefused):
                        self.say(reason_text(error, self.m))
                        break
                    if not await self._take_seat_back(str(error) if error else ""):
                        break
                    network = asyncio.create_task(self._network())
        finally:
            self.feed.stop()
            network.cancel()
            if self._heard_later is not None:
                self._heard_later.cancel()
            await self.client.close()

    async def _take_seat_back(self, reason: str) -> bool:
        """The connection is lost: in a game, try again for as long as the relay holds the
        seat; True once it is back (and the player told where things stand)."""
        game = self.game
        if game is None or game.token is None or self.reconnect is None:
            self.say(self.m.tr("online.lost", reason=reason))
            return False
        self.say(self.m.tr("online.reconnecting"))
        loop = asyncio.get_running_loop()
        give_up = loop.time() + RECONNECT_FOR
        while True:
            try:
                client = await self.reconnect()
                try:
                    started, told = await client.rejoin(game.token)
                except SeatRefused as refused:
                    if refused.code == "room-lost":
                        return await self._room_lost(client)
                    await client.close()
                    raise
                except RelayError:
                    await client.close()
                    raise
            except (OSError, TimeoutError, RelayError) as error:
                if isinstance(error, SeatRefused):
                    self._keep_seat(None)
                if (isinstance(error, SeatRefused | BadMessage)
                        or loop.time() + RECONNECT_EVERY > give_up):
                    self.say(self.m.tr("online.reconnect.failed",
                                       reason=reason_text(error, self.m)))
                    return False
                await asyncio.sleep(RECONNECT_EVERY)
                continue
            break
        await self.client.close()
        self.client = client
        self.feed.let_go()
        try:
            self.game = self._new_game(started)
        except (BadRelayMessage, InvalidOptions):
            self.say(self.m.tr("online.reconnect.failed", reason=bad_text(self.m)))
            return False
        self._catching_up = None
        self.game.catch_up(told)
        self._keep_seat(self.game.token)
        for text in self.game.briefing():
            self.say(text)
        return True

    def _keep_seat(self, token: str | None) -> None:
        """The seat the player holds now (its token), or none: told to ``on_seat`` when it
        changes, and only then, and offered in the lobby."""
        token = token if is_seat_token(token) else None
        if token == self.seat:
            return
        self.seat = token
        if self.lobby is not None:
            self.lobby.offer(None if token is None else seat_room(token))
        if self.on_seat is not None:
            self.on_seat(token)

    def _rejoin(self) -> None:
        """Ask for the kept seat back: the relay answers as to a reconnect (``_take``)."""
        self.place = replace(self.place, asked=True, rejoining=True)
        self.client.send("rejoin", token=self.seat)

    def _rejoined(self, message: dict[str, Any]) -> None:
        """The kept seat asked back is given (``game_started``): its game, whose story so far
        follows until the player is back. One this client cannot read or play is a failed
        reconnect."""
        try:
            back = SeatBack(message)
            game = self._new_game(message)
        except (BadMessage, BadRelayMessage, InvalidOptions):
            self._seat_back_failed()
            return
        self.place = replace(self.place, rejoining=False, asked=False)
        self.client.name = back.name
        self.game, self._catching_up = game, back
        self._keep_seat(game.token)

    def _catch_up(self, message: dict[str, Any]) -> None:
        """The game so far of the seat taken back (``catch_up``), until ``back`` with the
        player's name, when where things stand is said."""
        back, game = self._catching_up, self.game
        assert back is not None and game is not None
        try:
            if not back.take(message):
                return
        except BadMessage:
            self._seat_back_failed()
            return
        self._catching_up = None
        game.catch_up(back.told)
        for text in game.briefing():
            self.say(text)

    def _seat_back_failed(self) -> None:
        """The kept seat asked back came with a game this client cannot read: it is given up
        (a bot plays on), said as a failed reconnect, and the player is back in the lobby."""
        self._keep_seat(None)
        self.client.send("leave_room")
        self.say(self.m.tr("online.reconnect.failed", reason=bad_text(self.m)))
        self._out_of_room()

    async def _room_lost(self, client: RelayClient) -> bool:
        """The game's room is gone with the process of a cluster that ran it: the player is
        told, and is in the lobby on the new connection."""
        await self.client.close()
        self.client = client
        self._keep_seat(None)
        self._clear_room()
        self.say(self.m.tr("online.room.lost"))
        if self.lobby is None:
            self.lobby = self._new_lobby()
        self.place = replace(self.place, room=None, to_lobby=True)
        self.client.send("list_rooms")
        return True

    # ----------------------------------------------------------------- asking for a room

    def create_room(self, bots: int = 0, game: str = DEFAULT) -> None:
        """A room of the player's own playing ``game``, with ``bots`` bots seated."""
        self.place = replace(self.place, asked=True)
        self.client.send("create_room", **self.new_rooms.get(game, room_fields({}, None, game)))
        for _ in range(bots):
            self.client.send("add_bot")

    def enter_room(self, room: int, *, watch: bool = False, password: str | None = None
                   ) -> None:
        """A seat in ``room`` (or, with ``watch``, a place as its spectator)."""
        self.place = replace(self.place, asked=True)
        secret = {"password": password} if password else {}
        self.client.send("spectate" if watch else "join_room", room=room, **secret)

    def _leave_room(self) -> None:
        """Out of the room (and the game, if one is under way, its seat given up): back to the
        lobby, or out of the relay for a player who came for this room alone."""
        if self.game is not None:
            self._keep_seat(None)
        self.client.send("leave_room")
        self.say(self.m.tr("online.left"))
        self._out_of_room()

    def _clear_room(self) -> None:
        """Nothing of the room left goes on: its game or the game watched, a menu or chat
        line open there, the seat asked back or its game so far. Every way out of a room comes
        through here."""
        self.game = self.watcher = None
        self._catching_up = None
        self.place = replace(self.place, ready=False, asked=False, rejoining=False)
        self.room_keys.close()

    def _out_of_room(self) -> None:
        """Back to the lobby, whose list is asked for again: the relay tells of the lobby's
        changes only to those in it."""
        self._clear_room()
        if self.lobby is None:
            self.place = replace(self.place, left=True)
            return
        self.place = replace(self.place, room=None, to_lobby=True)
        self.client.send("list_rooms")

    def _to_lobby(self) -> None:
        """A room asked for was refused: the player is in the lobby (opened if it was not)."""
        if self.lobby is None:
            self.lobby = self._new_lobby()
            self.place = replace(self.place, to_lobby=True)
            self.client.send("list_rooms")

    def _new_game(self, started: dict[str, Any]) -> OnlineGame:
        return listed_keyboard(started.get("game")).remote_seat(
            self.client, started, self.m, self.speaker, self.sounds, self.prefs)

    async def _network(self) -> None:
        while True:
            try:
                message = await self.client.receive()
            except BadMessage as bad:
                self._bad(bad.kind)
                continue
            self._on_message(message)
            self._tell_heard()
            self._show_where()
            if self.place.left:
                return  # sent away (kicked from the room asked for, replaced): the loop ends

    def _tell_heard(self) -> None:
        """At a table, tell the relay once the player has heard what its events brought
        (``heard``), or look again when they will have."""
        if self._heard_later is not None:
            self._heard_later.cancel()
            self._heard_later = None
        if self.game is None:
            return
        wait = self.heard.due_in(self.client)
        if wait is not None:
            self._heard_later = asyncio.get_running_loop().call_later(wait, self._tell_heard)

    def _show_where(self) -> None:
        """The keys that do something now, and a game's table, for a screen that shows them:
        the lobby and the room take a menu's keys."""
        if self.game is None:
            offer(self.keys, menu_controls(self.m))
            return
        offer(self.keys, self.game.controls())
        show(self.keys, self.game.table_view())

    # ----------------------------------------------------------------- messages

    def _on_message(self, message: dict[str, Any]) -> None:
        kind = message["kind"]
        try:
            self._settle(*reduce(self._standing(), message, self.m))
        except (BadRelayMessage, InvalidOptions):
            self._bad(kind)

    def _bad(self, kind: str | None) -> None:
        """The relay sent a message of ``kind`` that is not as the protocol says
        (``relaymessages.bad``)."""
        self._settle(*bad(self._standing(), kind, self.m))

    def _standing(self) -> Standing:
        return Standing(
            self.client.name, self.place, playing=self.game is not None,
            catching_up=None if self._catching_up is None else self._catching_up.name,
            watching=self.watcher is not None, lobby=self.lobby is not None,
            replaying=self.replayer is not None)

    def _settle(self, standing: Standing, effects: list[Effect]) -> None:
        """Stand where the reducer says, then carry its effects out in order."""
        self.place = standing.place
        for effect in effects:
            if isinstance(effect, Say):
                self.say(effect.text)
            elif isinstance(effect, Send):
                self.client.send(effect.kind)
            elif isinstance(effect, ForgetSeat):
                self._keep_seat(None)
            elif isinstance(effect, Hand):
                self._hand(effect.part, effect.message)
            else:
                self._chore(effect.chore)

    def _hand(self, part: Part, message: dict[str, Any]) -> None:
        """A message for a part of the sitting that keeps state of its own."""
        if part is Part.GAME and self.game is not None:
            game = self.game
            game.on_message(message)
            if game.over:
                self.game = None
                self._keep_seat(None)
        elif part is Part.CATCH_UP:
            self._catch_up(message)
        elif part is Part.REJOINED:
            self._rejoined(message)
        elif part is Part.WATCHER and self.watcher is not None:
            watcher = self.watcher
            try:
                watcher.on_message(message)
            finally:
                if watcher.over:
                    self.watcher = None
        elif part is Part.WATCH:
            view = listed_keyboard(message.get("game")).watch_view(
                message, self.m, self.speaker, self.sounds, self.prefs)
            self.watcher = Watcher(message, view, self.m)
        elif part is Part.SEAT:
            self.speaker.history.begin()
            self.game = self._new_game(message)
            self._keep_seat(self.game.token)
            if self.room_keys.menu is not None:
                self.room_keys.close()
        elif part is Part.ROOMS:
            self._rooms(message)
        elif part is Part.RECORDS and self.lobby is not None:
            self._step(self.lobby.show(message))
        elif part is Part.REPLAY:
            self.replayer = Replayer(message, self.m, self.speaker, self.sounds, self.prefs,
                                     on_end=self._replay_ended)
            self._replay_if_whole()
        elif part is Part.MOVES and self.replayer is not None:
            self.replayer.add_moves(message)
            self._replay_if_whole()

    def _chore(self, chore: Chore) -> None:
        if chore is Chore.LOGGED_OUT and self.on_logged_out is not None:
            self.on_logged_out()
        elif chore is Chore.OUT_OF_ROOM:
            self._out_of_room()
        elif chore is Chore.OPEN_LOBBY:
            self._to_lobby()
        elif chore is Chore.END_GAMES:
            self.game = self.watcher = None
        elif chore is Chore.SEAT_BACK_FAILED:
            self._seat_back_failed()
        elif chore is Chore.SAY_LOBBY_ITEM and self.lobby is not None:
            self.say(self.lobby.menu.item_text())
        elif chore is Chore.SAY_LOBBY_OPENING and self.lobby is not None:
            self.say(self.lobby.opening())

    def _replay_if_whole(self) -> None:
        replayer = self.replayer
        if replayer is None or not replayer.whole or replayer.task is not None:
            return
        if not replayer.start():
            self.replayer = None
            self.say(self.m.tr("online.replay.bad"))
            return
        self.say(self.m.tr("online.replay.start", when=when_text(replayer.ended_at, self.m)))

    def _rooms(self, message: dict[str, Any]) -> None:
        """The relay's list of rooms (``rooms``), or a change to it (``room_listed``,
        ``room_unlisted``): the lobby opens with the whole list, or follows it; a change that
        comes before the whole list is taken in unsaid."""
        lobby = self.lobby
        if lobby is None:
            return
        if message["kind"] == "rooms":
            self._seat_still_played(message)
        step = lobby.follow(message)
        if self.place.to_lobby and message["kind"] != "rooms":
            return
        if self.place.to_lobby:
            self.place = replace(self.place, to_lobby=False, room=None)
            self.say(lobby.opening())
        elif self.place.room is None:
            self._step(step)

    def _seat_still_played(self, rooms: dict[str, Any]) -> None:
        """The kept seat's room is not listed as playing in the relay's whole list: its game
        is over, and the seat is forgotten unsaid (not offered)."""
        if self.seat is None or self.game is not None or self.place.rejoining:
            return
        number = seat_room(self.seat)
        if not any(room.number == number and room.playing for room in read_rooms(rooms)):
            self._keep_seat(None)

    # ----------------------------------------------------------------- keys

    def _on_keys(self, pressed: list[PressedKey]) -> None:
        for key in pressed:
            game = self.game
            if game is not None:
                if not self._table_key(game, key):
                    return
                continue
            self.speaker.interrupt()
            if self.room_keys.open:
                self._room_step(self.room_keys.press(key.label))
            elif self.replayer is not None:
                self._replay_key(key.label)
            elif self.place.room is None and self.lobby is not None:
                self._step(self.lobby.press(key.label))
            else:
                self._room_key(key.label)
            if self.place.left:
                return

    def _table_key(self, game: OnlineGame, key: PressedKey) -> bool:
        """A key at the table: the chat line's while it is open, slash opens it (unless the
        game's own text field takes it), any other is the game's. False once the player has left
        the game."""
        chat = self.room_keys
        if chat.field is not None or (key.label == TABLE_CHAT_KEY and not game.typing):
            self.speaker.interrupt()
            self._room_step(chat.press(key.label) if chat.field is not None else chat.chat())
            return True
        game.on_keys([key], self.keys)
        if game.quit:
            self._leave_room()
            return False
        return True

    def _heard_step(self, step: Step | RoomStep) -> None:
        """What any key's step has to be heard: its cue, a review of the history, its echo and
        its speech."""
        if step.cue is not None and self.sounds is not None:
            self.sounds.play(Cue(step.cue))
        if step.review is not None:
            review_history(self.speaker, step.review)
        self.speaker.review(step.echo)
        if step.speech:
            self.say(step.speech)

    def _room_step(self, step: RoomStep) -> None:
        """Do what a key of the room's menus or chat line asks."""
        self._heard_step(step)
        if step.send is not None:
            self.client.send(step.send[0], **step.send[1])

    def _step(self, step: Step) -> None:
        """Do what a key in the lobby (or a new list of rooms) asks."""
        self._heard_step(step)
        if step.leave:
            self.say(self.m.tr("online.lobby.left"))
            self.place = replace(self.place, left=True)
        elif self.place.asked:
            return
        elif step.rejoin and self.seat is not None and not self.place.to_lobby:
            self._rejoin()
        elif step.create is not None:
            self.create_room(game=step.create)
        elif step.enter is not None:
            self.enter_room(step.enter.room, watch=step.enter.watch,
                            password=step.enter.password)
        elif step.ask is not None:
            self.client.send(step.ask[0], **step.ask[1])
        elif step.logout:
            if self.client.kept_token is None:
                self.say(self.m.tr("online.logged.out"))
                self.place = replace(self.place, left=True)
            else:
                self.client.send("logout", token=self.client.kept_token)

    def _replay_ended(self) -> None:
        self.replayer = None
        self.say(self.m.tr("online.replay.end"))
        if self.lobby is not None and self.lobby.views:
            self.say(self.lobby.views[-1].item_text())

    def _replay_key(self, label: str) -> None:
        """A key while a past game is heard again: Escape stops it, back to the games."""
        replayer = self.replayer
        assert replayer is not None
        if label == "escape" or replayer.done:
            replayer.stop()
            self.replayer = None
            self.speaker.interrupt()
            if label == "escape":
                self.say(self.m.tr("online.replay.stopped"))

    def _room_key(self, label: str) -> None:
        room = self.place.room
        spectator = room is not None and watching(room, self.client.name)
        if label == "escape" and room is None:
            self.client.send("leave_room")
            self.say(self.m.tr("online.left"))
            self.place = replace(self.place, left=True)
        elif label == "escape":
            self._leave_room()
        elif label == "f1" and self.watcher is not None:
            self.speaker.review(" ".join((self.watcher.help_text(),
                                          self.m.tr("online.table.chat"))))
        elif label == "f1":
            self.say(room_help(room, self.client.name, spectator, self.m))
        elif label == "enter" and room is not None and spectator:
            if room["playing"]:
                self.say(self.m.tr("online.watching.wait"))
            else:
                self.client.send("take_seat")
        elif label == "enter" and room is not None:
            if room["host"] == self.client.name:
                self.client.send("start")
            else:
                self.client.send("ready", ready=not self.place.ready)
                self.say(self.m.tr("online.notready") if self.place.ready
                         else self.m.tr("online.ready"))
        elif label in CHAT_KEYS and room is not None and (
                label == TABLE_CHAT_KEY or self.watcher is None):
            self._room_step(self.room_keys.chat())
        elif label in ("b", "shift+b", "k") and room is not None and self.watcher is None:
            self._host_key(label, room)
        elif self.watcher is not None and (answer := self.watcher.answer(label)) is not None:
            self.speaker.review(answer)
        elif label in HISTORY_KEYS:
            review_history(self.speaker, HISTORY_KEYS[label])
        elif label in ("r", "shift+r", "f2") and room is not None:
            self.say(room_text(room, self.client.name, self.m))

    def _host_key(self, label: str, room: dict[str, Any]) -> None:
        """B, Shift+B and K: the host's keys, to add a bot, take the last one away, and take
        someone out of the room."""
        if room["host"] != self.client.name:
            self.say(self.m.tr("online.error.not-host"))
        elif label == "shift+b":
            self.client.send("remove_bot")
        elif label == "b":
            self._room_step(self.room_keys.add_bot())
        else:
            others = [str(seat["name"]) for seat in room["seats"]
                      if seat["bot"] is None and seat["name"] != self.client.name]
            others += [str(name) for name in room.get("spectators", [])]
            self._room_step(self.room_keys.kick(others))


MOVES_REFUSED = {"address": "online.move.address", "unasked": "online.move.unasked",
                 "hops": "online.move.hops", "nearer": "online.move.nearer"}
"""What is said of a move the client does not make, by ``MoveRefused.why``."""


def reason_text(error: Exception, m: Messages) -> str:
    """Why the relay could not be reached, or refused: in the player's words where the relay
    gave a code that has them, else as the error says."""
    if isinstance(error, MoveRefused):
        return m.tr(MOVES_REFUSED[error.why], host=error.host, port=error.port)
    if isinstance(error, RelayError):
        return relay_error_text(error.code, m) or str(error)
    if isinstance(error, ConnectionRefusedError):
        return m.tr("online.reason.refused")
    if isinstance(error, socket.gaierror):
        return m.tr("online.reason.unknown")
    if isinstance(error, TimeoutError):
        return m.tr("online.reason.timeout")
    if isinstance(error, OSError) and error.strerror:
        return error.strerror
    return str(error)
