"""A connection's first message, and its account: a guest's ``hello``, a ``hello`` with a kept
login token or a cluster's ticket, ``register`` or ``login`` with a name and password (each
waiting on the accounts in a task of its own), bans checked on the way in; and changing a
password later."""

from __future__ import annotations

import logging
import time
from collections.abc import Coroutine
from typing import TYPE_CHECKING, Any, Protocol

from audiospoons.net.accounts import AccountRefused, LoggedIn
from audiospoons.net.cluster.gate import TicketRefused
from audiospoons.net.names import BadText, clean_name
from audiospoons.net.storage import StorageError

if TYPE_CHECKING:
    from audiospoons.net.accounts import Accounts
    from audiospoons.net.cluster.gate import TicketGate
    from audiospoons.net.link import Client
    from audiospoons.net.lobby import Lobby
    from audiospoons.net.membership import Membership
    from audiospoons.net.moderation import Moderation

log = logging.getLogger("audiospoons.relay")

GREETINGS = frozenset({"hello", "register", "login"})
"""The kinds a connection may open with."""


class Relay(Protocol):
    """What greeting needs of its relay: the versions it speaks, its accounts, its cluster's
    tickets and its place in the cluster, its bans, the lobby to show a player greeted, its
    clock, and to run work that waits on the accounts and report its faults."""

    versions: frozenset[int]
    version_refusal: str
    accounts: Accounts
    gate: TicketGate | None
    cluster: Membership
    moderation: Moderation
    lobby: Lobby

    def clock(self) -> float: ...

    def spawn(self, work: Coroutine[Any, Any, None]) -> None: ...

    def faulted(self, client: Client, kind: str) -> None: ...


class Greeter:
    """See the module."""

    def __init__(self, relay: Relay) -> None:
        self.relay = relay

    def first(self, client: Client, kind: str, body: dict[str, Any]) -> None:
        """What a connection not yet greeted sends: only a greeting is answered."""
        relay = self.relay
        if kind not in GREETINGS:
            client.refuse("hello-first", "say hello first")
        elif client.account_pending:
            client.refuse("hello-first", "wait for the answer to your hello")
        elif kind == "hello" and "ticket" in body and relay.gate is not None:
            client.account_pending = True
            relay.spawn(self._greet_ticket(client, body))
        elif relay.cluster.refuses_greeting(client):
            return
        elif not relay.accounts.keeps:
            self._greet_without_accounts(client, kind, body)
        else:
            client.account_pending = True
            relay.spawn(self._greet(client, kind, body))

    def again(self, client: Client, body: dict[str, Any], now: float) -> None:
        client.refuse("out-of-place", "hello is said once")

    def _greet_without_accounts(self, client: Client, kind: str, body: dict[str, Any]) -> None:
        """A first message to a relay that keeps no accounts, answered at once: a ``hello``
        (a login token in it is passed over) greets a guest, as it always has."""
        name = self._greeting_name(client, body)
        if name is None:
            return
        if kind != "hello":
            client.refuse("no-accounts", "this relay keeps no accounts: play as a guest")
            return
        self._welcome(client, name, None)

    def _greeting_name(self, client: Client, body: dict[str, Any]) -> str | None:
        """The name a first message gives, cleaned; None once it is refused (a version this
        relay does not speak closes the connection)."""
        if body["version"] not in self.relay.versions:
            client.refuse("version", self.relay.version_refusal)
            client.drop()
            return None
        client.version = body["version"]
        try:
            return clean_name(body["name"])
        except BadText as error:
            client.refuse("bad-name", str(error))
            return None

    async def _greet(self, client: Client, kind: str, body: dict[str, Any]) -> None:
        """A first message: a guest's ``hello`` (its name not registered), a ``hello`` with a
        kept login token, or ``register`` or ``login`` with a name and password."""
        accounts = self.relay.accounts
        try:
            name = self._greeting_name(client, body)
            if name is None:
                return
            now = self.relay.clock()
            logged: LoggedIn | None = None
            try:
                if kind == "register":
                    logged = await accounts.register(name, body["password"], client.group,
                                                     time.time(), now)
                elif kind == "login":
                    logged = await accounts.login(name, body["password"], client.group,
                                                  time.time(), now)
                elif "token" in body:
                    logged = await accounts.login_token(body["token"], time.time())
                elif await accounts.registered(name):
                    client.refuse("name-registered", f"{name} is a registered player's name:"
                                  " log in with its password, or choose another name")
                    return
            except AccountRefused as refusal:
                client.refuse(refusal.code, refusal.message)
                return
            client.account = None if logged is None else logged.account
            refusal_text = await self.relay.moderation.admitted(client)
            if refusal_text is not None:
                client.refuse("banned", refusal_text)
                client.drop()
                return
            if logged is not None:
                client.ratings = await self._ratings_of(logged.account.id)
            if client.gone:
                return
            self._welcome(client, name, logged)
        except Exception:
            self.relay.faulted(client, kind)
        finally:
            client.account_pending = False

    async def _greet_ticket(self, client: Client, body: dict[str, Any]) -> None:
        """A player the cluster sends here with a ticket (``cluster.tickets``): greeted as the
        ticket says, no password asked again."""
        relay = self.relay
        try:
            name = self._greeting_name(client, body)
            if name is None:
                return
            assert relay.gate is not None
            try:
                ticket = await relay.gate.admit(str(body["ticket"]), client.group)
            except TicketRefused as refused:
                client.refuse(refused.code, str(refused))
                client.drop()
                return
            account = None
            storage = relay.accounts.storage
            if ticket.account is not None and storage is not None:
                try:
                    account = await storage.account_by_id(ticket.account)
                except StorageError as error:
                    log.error("accounts: %s", error)
            client.front, client.ticket = ticket.front, ticket
            client.account = account
            refusal_text = await relay.moderation.admitted(client)
            if refusal_text is not None:
                client.refuse("banned", refusal_text)
                client.drop()
                return
            if account is not None:
                client.ratings = await self._ratings_of(account.id)
            if client.gone:
                return
            self._welcome(client, ticket.name, None if account is None
                          else LoggedIn(account, None), lobby=relay.cluster.keeps_lobby)
        except Exception:
            relay.faulted(client, "hello")
        finally:
            client.account_pending = False

    async def _ratings_of(self, account: int) -> dict[str, int]:
        storage = self.relay.accounts.storage
        if storage is None:
            return {}
        try:
            kept = await storage.games.ratings_of(account)
        except StorageError as error:
            log.error("records: %s", error)
            return {}
        return {family: rating for family, (rating, _) in kept.items()}

    def _welcome(self, client: Client, name: str, logged: LoggedIn | None, *,
                 lobby: bool = True) -> None:
        """``client`` is greeted as ``name`` (or its account's); with ``lobby``, it is sent
        the rooms too."""
        client.name = logged.account.name if logged is not None else name
        client.account = None if logged is None else logged.account
        client.greeted = True
        extra: dict[str, Any] = {}
        if self.relay.accounts.keeps:  # a relay with no accounts has no guests either
            extra["guest"] = logged is None
        if logged is not None and logged.token is not None:
            extra["token"] = logged.token
        if self.relay.moderation.is_moderator(client):
            extra["moderator"] = True
        client.send("hello", version=client.version, name=client.name, hearing=True, heard=True,
                    **extra)
        if lobby:
            self.relay.lobby.list_rooms(client, {}, 0.0)
        client.ping(self.relay.clock())

    def change_password(self, client: Client, body: dict[str, Any], now: float) -> None:
        account = client.account
        if account is None:
            client.refuse("not-logged-in", "log in to change your password")
            return
        if client.account_pending:
            client.refuse("busy", "wait for the answer to your last change")
            return
        client.account_pending = True
        relay = self.relay

        async def change() -> None:
            try:
                logged = await relay.accounts.change_password(
                    account, body["old"], body["new"], client.group, time.time(),
                    relay.clock())
                client.account = logged.account
                client.send("password_changed", **({} if logged.token is None
                                                   else {"token": logged.token}))
            except AccountRefused as refusal:
                client.refuse(refusal.code, refusal.message)
            except Exception:
                relay.faulted(client, "change_password")
            finally:
                client.account_pending = False

        relay.spawn(change())
