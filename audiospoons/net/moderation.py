"""Keeping the peace: hosts and moderators can mute a player or send them away, for a time.

A room's host (or a moderator in the room) acts on the room alone: kicked, a player is kept out
of it for the minutes given, or for the room's life; muted, their chat goes unheard there. Both
hold for their address group and their name as it sounds and looks (``room_keys``; a
registered player's name is their account's), so that coming back under another name from the
same network changes nothing. A moderator (a registered account the relay's operator named
with ``serve --admin NAME``: ``moderator_accounts``) may act on the whole relay (``scope:
relay``): a ban keeps the player's account and address group off the relay until it ends, a
mute keeps them out of every chat. Bans and mutes on the relay are kept in its database, so
that they outlast a restart and hold on every relay of a cluster; the relay also remembers
those it made itself, so that they hold while the database is out of reach. While the database
answers it is the word on what holds (so that an unban made on any process holds at once
everywhere), but for what is not yet in it: a ban still being written, or one it refused.

In a cluster (``publish`` set), a moderator's ban or mute on the relay is also told to every
other process (the directory's moderation channel): whichever process the player is on acts on
them there and then, and tells every process the account and address group it holds against,
so that each remembers it too; the moderator hears ``moderated`` once any process found the
player, or else the registered player's account is banned, as when they are not here. An
unban is told to every process too, and each forgets what it remembered.
"""

from __future__ import annotations

import asyncio
import logging
import math
import secrets
import time
from collections.abc import Awaitable, Callable, Coroutine
from typing import TYPE_CHECKING, Any, Protocol

from audiospoons.net.cluster import DirectoryDown
from audiospoons.net.link import Client
from audiospoons.net.names import name_keys
from audiospoons.net.storage import BAN, MUTE, StorageError

if TYPE_CHECKING:
    from audiospoons.net.accounts import Accounts
    from audiospoons.net.room import Room
    from audiospoons.net.storage.store import Storage

log = logging.getLogger("audiospoons.relay")

MOST_MINUTES = 366 * 24 * 60
"""The longest ban or mute: a year."""
RELAY_BAN_MINUTES = 60.0
"""A ban from the relay given no length."""
ROOM_MUTE_MINUTES = 10.0
"""A mute given no length."""
ASK_WAIT = 1.0
"""Seconds a moderator's ban or mute waits for another process of a cluster to find the player,
before it is taken as one of a player not here."""
ACTIONS = frozenset({"kick", "mute"})


def minutes_text(minutes: float) -> str:
    whole = max(1, math.ceil(minutes))
    return "1 minute" if whole == 1 else f"{whole} minutes"


class NoSuchModerator(Exception):
    """A name the operator would make a moderator is no registered account's (or the accounts
    cannot be read): the relay does not start."""


async def moderator_accounts(storage: Storage | None, names: frozenset[str]
                             ) -> frozenset[int]:
    """The accounts ``names`` are registered to, by id: a moderator is a registered account,
    never a name, so that nobody can take a moderator's name by registering it first.
    ``NoSuchModerator`` says which name is not registered, or why none can be looked up."""
    if not names:
        return frozenset()
    first = sorted(names)[0]
    if storage is None:
        raise NoSuchModerator(f"--admin {first}: moderators are registered players, and this"
                              " relay's accounts are not open (--no-accounts, or its database"
                              " could not be opened)")
    found: set[int] = set()
    for name in sorted(names):
        try:
            account = await storage.account_named(name_keys(name))
        except StorageError as error:
            raise NoSuchModerator(f"--admin {name}: {error}") from error
        if account is None:
            raise NoSuchModerator(f"--admin {name}: no player has registered that name on this"
                                  " relay: register it first (join --register), then start the"
                                  " relay with --admin again")
        found.add(account.id)
    return frozenset(found)


class Relay(Protocol):
    """What moderation needs of its relay: its accounts (and their storage), the connections
    to act on, to put one out of its room, and to run work that waits on the database or the
    cluster."""

    accounts: Accounts
    clients: set[Client]

    def send_out_of_room(self, client: Client, now: float) -> None: ...

    def spawn(self, work: Coroutine[Any, Any, None]) -> None: ...


class Moderation:
    """The relay's bans and mutes (see the module)."""

    def __init__(self, relay: Relay, admins: frozenset[int] = frozenset(),
                 wall: Callable[[], float] = time.time) -> None:
        self.relay = relay
        self.admins = admins
        """The accounts the operator made moderators, by id."""
        self.wall = wall
        self.bans: dict[str, float] = {}
        self.mutes: dict[str, float] = {}
        """Bans and mutes this relay made, by ``_keys``, until when (wall clock)."""
        self.unstored: dict[str, float] = {}
        """The bans and mutes remembered that the database is not known to hold (being
        written, or refused), by ``action:key``, until when."""
        self.groups_of: dict[int, set[str]] = {}
        """The address groups each account's bans and mutes were made with."""
        self.publish: Callable[[dict[str, Any]], Awaitable[None]] | None = None
        """In a cluster: tells every process of it (the directory's moderation channel)."""
        self.origin = secrets.token_hex(6)
        """This process, as what it tells the cluster is signed."""
        self._asks: dict[str, asyncio.Future[str]] = {}
        """The cluster's answers awaited, by ask: the name of the player found."""

    def is_moderator(self, client: Client) -> bool:
        account = client.account
        return account is not None and (account.moderator or account.id in self.admins)

    # ----------------------------------------------------------------- on arrival

    async def admitted(self, client: Client) -> str | None:
        """Why ``client`` (greeted as its account, or a guest) may not come in now, if it may
        not; a mute that holds is noted on it."""
        now = self.wall()
        keys = _keys(client.account.id if client.account else None, client.group)
        storage = self.relay.accounts.storage
        stored = None
        if storage is not None:
            try:
                stored = await storage.sanctions.active(
                    client.account.id if client.account else None, client.group, now)
            except StorageError as error:
                log.error("moderation: %s", error)
        if stored is None:
            banned = _latest(self.bans, keys)
            muted = _latest(self.mutes, keys)
        else:
            banned = max([_latest(self.unstored, [f"kick:{key}" for key in keys])]
                         + [sanction.until for sanction in stored if sanction.kind == BAN])
            muted = max([_latest(self.unstored, [f"mute:{key}" for key in keys])]
                        + [sanction.until for sanction in stored if sanction.kind == MUTE])
        if muted > now:
            client.muted_until = muted
        if banned > now:
            return ("a moderator has banned you from this relay for"
                    f" {minutes_text((banned - now) / 60)} more")
        return None

    def chat_refusal(self, client: Client, scope: str, now: float) -> str | None:
        """Why ``client`` may not chat to ``scope`` now, if it may not."""
        wall = self.wall()
        if client.muted_until is not None and client.muted_until > wall:
            return ("a moderator has muted you on this relay for"
                    f" {minutes_text((client.muted_until - wall) / 60)} more")
        room = client.room
        if scope == "room" and room is not None:
            until = room.silenced(room_keys(client), now)
            if until is not None:
                more = "the room's life" if until == math.inf else \
                    f"{minutes_text((until - now) / 60)} more"
                return f"you are muted in this room for {more}"
        return None

    # ----------------------------------------------------------------- actions

    def act(self, client: Client, body: dict[str, Any], now: float, action: str) -> None:
        """``kick`` or ``mute`` (``action``) as ``body`` asks: on the room, or the relay."""
        scope = body.get("scope", "room")
        minutes = body.get("minutes")
        if minutes is not None and not 0 < minutes <= MOST_MINUTES:
            client.refuse("bad-field", f"minutes are from 1 to {MOST_MINUTES}")
            return
        if scope == "relay":
            if not self.is_moderator(client):
                client.refuse("not-moderator", "only a moderator may do that on the whole"
                              " relay")
                return
            self._on_relay(client, str(body["name"]), action, minutes)
        elif scope == "room":
            room = self._room_of(client)
            if room is not None:
                self._on_room(client, room, str(body["name"]), action, minutes, now)
        else:
            client.refuse("bad-field", "scope is room or relay")

    def _room_of(self, client: Client) -> Room | None:
        room = client.room
        if room is None:
            client.refuse("no-room", "you are not in a room")
            return None
        if room.host is not client and not self.is_moderator(client):
            client.refuse("not-host", "only the room's host may do that")
            return None
        return room

    def _on_room(self, client: Client, room: Room, name: str, action: str,
                 minutes: float | None, now: float) -> None:
        target = next((member for member in room.members()
                       if member.name == name and member is not client), None)
        if not isinstance(target, Client):
            client.refuse("no-player", f"nobody called {name[:40]!r} is in the room")
            return
        if action == "mute":
            until = now + 60 * (minutes or ROOM_MUTE_MINUTES)
            for key in room_keys(target):
                room.muted[key] = until
            target.send("muted", scope="room", minutes=round(minutes or ROOM_MUTE_MINUTES, 1))
            client.send("moderated", action="mute", name=target.name, scope="room")
            return
        until = math.inf if minutes is None else now + 60 * minutes
        for key in room_keys(target):
            room.banned[key] = until
        target.send("kicked", room=room.number, **({} if minutes is None
                                                   else {"minutes": round(minutes, 1)}))
        self.relay.send_out_of_room(target, now)
        client.send("moderated", action="kick", name=target.name, scope="room")

    def _on_relay(self, client: Client, name: str, action: str, minutes: float | None) -> None:
        minutes = minutes or (RELAY_BAN_MINUTES if action == "kick" else ROOM_MUTE_MINUTES)
        keeping = self._sanction_here(name, action, minutes, client.name, spare=client)
        self.relay.spawn(self._answer_on_relay(client, name, action, minutes, keeping))

    async def _answer_on_relay(self, client: Client, name: str, action: str, minutes: float,
                               keeping: list[Coroutine[Any, Any, None]]) -> None:
        """The moderator hears ``moderated`` once what was done here is kept (so that an
        unban after it cannot come before the ban is written), or else the rest of a cluster
        is asked, or the player taken as not here."""
        await asyncio.gather(*keeping)
        if keeping:
            log.info("moderation: %s %s %s on the relay for %s", client.name, action, name,
                     minutes_text(minutes))
            client.send("moderated", action=action, name=name, scope="relay")
        if self.publish is not None:
            await self._ask_cluster(client, name, action, minutes, found=bool(keeping))
        elif not keeping:
            await self._on_absent(client, name, action, minutes)

    def _sanction_here(self, name: str, action: str, minutes: float, by: str, *,
                       spare: Client | None = None) -> list[Coroutine[Any, Any, None]]:
        """Ban or mute (``action``) every player called ``name`` on this process (but
        ``spare``) at once; what is left to do for each, to await: keeping it in the database,
        then telling the rest of a cluster what it holds against."""
        targets = [other for other in self.relay.clients
                   if other.greeted and other.name == name and other is not spare]
        until = self.wall() + 60 * minutes
        keeping = []
        for target in targets:
            account = target.account.id if target.account else None
            self._remember(action, account, target.group, until)
            keeping.append(self._keep_and_tell(action, account, target.group, until, by))
            self._act_on(target, action, until)
        return keeping

    def _act_on(self, target: Client, action: str, until: float) -> None:
        """``target`` muted until ``until``, or cut off for a ban."""
        left = max(0.0, until - self.wall()) / 60
        if action == "mute":
            target.muted_until = until
            target.send("muted", scope="relay", minutes=round(left, 1))
        else:
            target.error("banned", "a moderator has banned you from this relay for"
                         f" {minutes_text(left)}")
            target.drop()

    async def _on_absent(self, client: Client, name: str, action: str, minutes: float) -> None:
        """A relay-wide ban or mute of a registered player who is not here now."""
        storage = self.relay.accounts.storage
        try:
            account = None if storage is None else await storage.account_named(name_keys(name))
        except StorageError as error:
            log.error("moderation: %s", error)
            client.refuse("accounts-down", "the relay cannot reach its accounts now")
            return
        if account is None:
            client.refuse("no-player", f"nobody called {name[:40]!r} is here or registered")
            return
        until = self.wall() + 60 * minutes
        self._remember(action, account.id, None, until)
        await self._keep(action, account.id, None, until, client.name)
        client.send("moderated", action=action, name=account.name, scope="relay")

    def _remember(self, action: str, account: int | None, group: str | None,
                  until: float, *, stored: bool = False) -> None:
        kept = self.mutes if action == "mute" else self.bans
        if account is not None and group is not None:
            self.groups_of.setdefault(account, set()).add(group)
        for key in _keys(account, group):
            kept[key] = max(kept.get(key, -math.inf), until)
            if not stored:
                unstored = f"{_kind(action)}:{key}"
                self.unstored[unstored] = max(self.unstored.get(unstored, -math.inf), until)

    async def _keep(self, action: str, account: int | None, group: str | None, until: float,
                    by: str) -> bool:
        """Write a ban or mute remembered into the database; whether it now holds it."""
        storage = self.relay.accounts.storage
        if storage is None:
            return False
        try:
            await storage.sanctions.add(MUTE if action == "mute" else BAN, account, group,
                                        until, by, self.wall())
        except StorageError as error:
            log.error("moderation: %s; it holds on this relay until it restarts", error)
            return False
        for key in _keys(account, group):
            unstored = f"{_kind(action)}:{key}"
            if self.unstored.get(unstored, math.inf) <= until:
                del self.unstored[unstored]
        return True

    async def _keep_and_tell(self, action: str, account: int | None, group: str | None,
                             until: float, by: str) -> None:
        """Keep a ban or mute, then tell the rest of a cluster of it and whether the database
        holds it, so that none holds what was lifted while the database answers."""
        stored = await self._keep(action, account, group, until, by)
        self._tell({"kind": "sanctioned", "action": action, "account": account,
                    "group": group, "until": until, "stored": stored})

    def unban(self, client: Client, body: dict[str, Any]) -> None:
        """A moderator lifts the bans and mutes on a registered player's account (and the
        address groups they were made with)."""
        if not self.is_moderator(client):
            client.refuse("not-moderator", "only a moderator may do that")
            return
        self.relay.spawn(self._unban(client, str(body["name"])))

    async def _unban(self, client: Client, name: str) -> None:
        storage = self.relay.accounts.storage
        try:
            account = None if storage is None else await storage.account_named(name_keys(name))
            if account is None:
                client.refuse("no-player", f"nobody called {name[:40]!r} is registered")
                return
            assert storage is not None
            await storage.sanctions.lift(account.id, None, self.wall())
        except StorageError as error:
            log.error("moderation: %s", error)
            client.refuse("accounts-down", "the relay cannot reach its accounts now")
            return
        self._forget(account.id)
        self._tell({"kind": "lifted", "account": account.id})
        client.send("moderated", action="unban", name=account.name, scope="relay")

    def _forget(self, account: int) -> None:
        """The bans and mutes remembered on ``account`` (and the address groups they were
        made with) lifted here."""
        keys = _keys(account, None) + [
            f"group:{group}" for group in self.groups_of.pop(account, set())]
        for key in keys:
            self.bans.pop(key, None)
            self.mutes.pop(key, None)
            for action in ACTIONS:
                self.unstored.pop(f"{action}:{key}", None)
        for other in self.relay.clients:
            if other.account is not None and other.account.id == account:
                other.muted_until = None

    # ----------------------------------------------------------------- across a cluster

    async def _ask_cluster(self, client: Client, name: str, action: str, minutes: float, *,
                           found: bool) -> None:
        """Ask every other process to act on ``name`` too; unless it was found here, wait
        ``ASK_WAIT`` for one to say it was, else take it as a registered player not here."""
        assert self.publish is not None
        ask = secrets.token_hex(8)
        answer: asyncio.Future[str] = asyncio.get_running_loop().create_future()
        self._asks[ask] = answer
        try:
            try:
                await self.publish({"kind": "sanction", "ask": ask, "from": self.origin,
                                    "name": name, "action": action, "minutes": minutes,
                                    "by": client.name})
                who = None if found else await asyncio.wait_for(answer, ASK_WAIT)
            except DirectoryDown as error:
                log.error("moderation: the rest of the cluster could not be told: %s", error)
                who = None
            except TimeoutError:
                who = None
        finally:
            self._asks.pop(ask, None)
        if who is not None:
            log.info("moderation: %s %s %s on the relay for %s", client.name, action, who,
                     minutes_text(minutes))
            client.send("moderated", action=action, name=who, scope="relay")
        elif not found:
            await self._on_absent(client, name, action, minutes)

    def heard(self, message: dict[str, Any]) -> None:
        """What another process of the cluster told (see the module)."""
        kind = message.get("kind")
        if message.get("from") == self.origin:
            return
        if kind == "sanction":
            self._heard_sanction(message)
        elif kind == "found":
            answer = self._asks.get(str(message.get("ask")))
            if answer is not None and not answer.done():
                answer.set_result(str(message.get("name", ""))[:40])
        elif kind == "sanctioned":
            self._heard_sanctioned(message)
        elif kind == "lifted" and isinstance(message.get("account"), int):
            self._forget(message["account"])

    def _heard_sanction(self, message: dict[str, Any]) -> None:
        name, action, minutes = message.get("name"), message.get("action"), \
            message.get("minutes")
        if (not isinstance(name, str) or action not in ACTIONS
                or not isinstance(minutes, int | float) or not 0 < minutes <= MOST_MINUTES):
            return
        keeping = self._sanction_here(name, str(action), float(minutes),
                                      str(message.get("by", ""))[:40])
        if keeping:
            self.relay.spawn(self._found_once_kept(keeping, message.get("ask"), name))

    async def _found_once_kept(self, keeping: list[Coroutine[Any, Any, None]], ask: Any,
                               name: str) -> None:
        """Tell the asking process the player was found here, once it is kept."""
        await asyncio.gather(*keeping)
        self._tell({"kind": "found", "ask": ask, "name": name})

    def _heard_sanctioned(self, message: dict[str, Any]) -> None:
        """Another process banned or muted a player: remembered here too, and any connection
        here of the same account acted on."""
        action, account, group, until = (message.get(field) for field in (
            "action", "account", "group", "until"))
        if (action not in ACTIONS or not isinstance(until, int | float)
                or not (account is None or isinstance(account, int))
                or not isinstance(group, str)):
            return
        self._remember(str(action), account, group, float(until),
                       stored=message.get("stored") is True)
        if account is None:
            return
        for other in list(self.relay.clients):
            if other.greeted and other.account is not None and other.account.id == account:
                self._act_on(other, str(action), float(until))

    def _tell(self, message: dict[str, Any]) -> None:
        """Tell the rest of a cluster (nothing when alone)."""
        if self.publish is None:
            return
        publish = self.publish

        async def tell() -> None:
            try:
                await publish({**message, "from": self.origin})
            except DirectoryDown as error:
                log.error("moderation: the rest of the cluster could not be told: %s", error)

        self.relay.spawn(tell())


def room_keys(client: Client) -> list[str]:
    """What a room's kick or mute holds for: the client's address group and its name's keys."""
    return [client.group, *name_keys(client.name)]


def _kind(action: str) -> str:
    """What ``action`` is remembered as: a mute, or else a ban (``kick``)."""
    return "mute" if action == "mute" else "kick"


def _latest(remembered: dict[str, float], keys: list[str]) -> float:
    return max((remembered.get(key, -math.inf) for key in keys), default=-math.inf)


def _keys(account: int | None, group: str | None) -> list[str]:
    keys = [] if group is None else [f"group:{group}"]
    if account is not None:
        keys.append(f"account:{account}")
    return keys
