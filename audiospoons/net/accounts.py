"""Who a player is on this relay: registering a name with a password, logging in with it or with
the token a client keeps, changing the password. The relay's side, over ``storage``.

Passwords are hashed with argon2id (``argon2-cffi``) in a worker thread, so that a login never
holds up the relay's loop. A registered name is its owner's: a guest may take any other free
name, and is marked as a guest. Wrong passwords back off as a room's do (``backoff``), counted
by the name tried and by the address tried from, and are answered the same whether or not the
name is registered (an unknown name is answered sooner, as no password is checked; which
names are registered is no secret, as a guest asking for one is told). Every refusal is an
``AccountRefused`` with a code and a sentence for the player.

Hashing runs in threads of its own shared in turns between logins and registrations
(``hashing``), so that a flood of either leaves the other its share. Registrations are held
back by address group (as wrong passwords are) and from everywhere together, so that a flood
from many networks gets no more than one new name a second. A relay too busy to hash now
answers ``busy``, which counts against no one. A login by a kept token hashes nothing: a token
is 32 random bytes, kept as its SHA-256, so it is checked at once, whatever the threads do.
"""

from __future__ import annotations

import contextlib
import importlib
import logging
import math
import secrets
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Protocol, TypeVar, cast

from audiospoons.net.backoff import PasswordGuard
from audiospoons.net.hashing import LOGINS, REGISTRATIONS, Hashers, HashersBusy, HashFailed
from audiospoons.net.names import name_keys
from audiospoons.net.protocol import TokenBucket
from audiospoons.net.storage import Account, StorageError

if TYPE_CHECKING:
    from audiospoons.net.storage.store import Storage

log = logging.getLogger("audiospoons.relay")
T = TypeVar("T")

PASSWORD_SHORTEST = 6
PASSWORD_LONGEST = 128
TOKEN_BYTES = 32
REGISTRATIONS_A_SECOND = 1.0
REGISTRATION_BURST = 30
"""New names the relay takes from everywhere together: one a second, in bursts of 30; past
that a registration is refused as busy, before its password is hashed."""


class AccountRefused(Exception):
    """What the player is told, and its code."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


class Passwords(Protocol):
    """What ``passwords`` is: argon2id's hashing and checking of a password."""

    def hashed(self, password: str) -> str: ...

    def matches(self, password_hash: str, password: str) -> bool: ...


def passwords() -> Passwords:
    """``passwords``, loaded now: a relay keeping no accounts loads no argon2."""
    return cast(Passwords, importlib.import_module("audiospoons.net.passwords"))


@dataclass(frozen=True, slots=True)
class LoggedIn:
    account: Account
    token: str | None
    """A new token for the client to keep (None when it logged in with the one it kept)."""


def _unavailable(error: StorageError) -> AccountRefused:
    log.error("accounts: %s", error)
    return AccountRefused("accounts-down", "the relay cannot reach its accounts now: play as a"
                          " guest under a name no one has registered, or try again later")


@dataclass(slots=True)
class Accounts:
    """The relay's accounts; ``storage`` None when it keeps none."""

    storage: Storage | None
    down: bool = False
    """The relay was to keep accounts, but its database could not be opened."""
    guard: PasswordGuard = field(default_factory=PasswordGuard)
    """Wrong passwords, by address group and by name (its keys)."""
    registrations: PasswordGuard = field(default_factory=PasswordGuard)
    """Registrations, counted as a guard counts failures: by address group."""
    registering: TokenBucket = field(default_factory=lambda: TokenBucket(
        REGISTRATIONS_A_SECOND, float(REGISTRATION_BURST)))
    """Registrations from everywhere together."""
    hashers: Hashers = field(default_factory=Hashers)

    @property
    def keeps(self) -> bool:
        """Whether this relay keeps accounts (even if its database is out of reach now)."""
        return self.storage is not None or self.down

    def _store(self) -> Storage:
        if self.down:
            raise _unavailable(StorageError("the database could not be opened"))
        if self.storage is None:
            raise AccountRefused("no-accounts", "this relay keeps no accounts: play as a guest")
        return self.storage

    async def register(self, name: str, password: str, place: str, wall: float,
                       now: float) -> LoggedIn:
        """Register ``name``, from ``place`` (an address group; a few registrations from one
        make the next wait, as wrong passwords do). A registration the relay cannot take now
        (``REGISTRATIONS_A_SECOND``, or its hashing lane full) is refused as busy before the
        database is asked anything."""
        storage = self._store()
        _check_password(password)
        keys = name_keys(name)
        wait = self.registrations.wait(place, ("register", place), now)
        if wait > 0:
            raise AccountRefused("slow-down", "too many names registered from here: try again"
                                 f" in {math.ceil(wait)} seconds")
        with self._place(REGISTRATIONS):
            self._take_registration(now, peek=True)
            try:
                taken = await storage.account_named(keys) is not None
            except StorageError as error:
                raise _unavailable(error) from error
            if not taken:
                self._take_registration(now, peek=False)
                self.registrations.failed(place, ("register", place), now)
                hashed = await self._hashed(REGISTRATIONS, passwords().hashed, password)
                try:
                    account = await storage.create_account(name, keys, hashed, wall)
                except StorageError as error:
                    raise _unavailable(error) from error
        if taken or account is None:
            raise AccountRefused("already-registered", f"{name} is registered already: log in"
                                 " with its password, or register another name")
        return LoggedIn(account, await self._new_token(account, wall))

    async def login(self, name: str, password: str, place: str, wall: float, now: float
                    ) -> LoggedIn:
        """Log in with a password, from ``place`` (an address group). The try counts as a
        failure until it succeeds, so that tries made together are held back as tries made
        one after another are; a try refused as busy is not counted."""
        storage = self._store()
        keys = name_keys(name)
        self._hold_back(place, keys, now)
        with self._place(LOGINS):
            self.guard.failed(place, keys, now)
            try:
                account = await storage.account_named(keys)
            except StorageError as error:
                raise _unavailable(error) from error
            if account is None or not await self._verified(account, password):
                raise AccountRefused("bad-login", "that name and password do not match an"
                                     " account")
        self.guard.succeeded(place, keys)
        return LoggedIn(account, await self._new_token(account, wall))

    def _take_registration(self, now: float, *, peek: bool) -> None:
        """One of the registrations the relay takes from everywhere (only a look, with
        ``peek``); refused as busy when none is left now."""
        allowed, after = self.registering.take(now)
        if not allowed:
            raise AccountRefused("busy", "the relay is taking many new names just now: try"
                                 " again in a moment")
        if not peek:
            self.registering = after

    def _hold_back(self, place: str, keys: object, now: float) -> None:
        wait = self.guard.wait(place, keys, now)
        if wait > 0:
            raise AccountRefused("slow-down", "too many wrong passwords: try again in"
                                 f" {math.ceil(wait)} seconds")

    async def login_token(self, token: str, now: float) -> LoggedIn:
        try:
            account = await self._store().account_for_token(token, now)
        except StorageError as error:
            raise _unavailable(error) from error
        if account is None:
            raise AccountRefused("bad-token", "the login this client kept is no longer good:"
                                 " log in with your password")
        return LoggedIn(account, None)

    async def change_password(self, account: Account, old: str, new: str, place: str,
                              wall: float, now: float) -> LoggedIn:
        """A new password (the old one checked first, wrong ones held back as a login's are):
        every token is forgotten, and a new one given to this client."""
        storage = self._store()
        _check_password(new)
        keys = ("account", account.id)
        self._hold_back(place, keys, now)
        with self._place(LOGINS):
            self.guard.failed(place, keys, now)
            try:
                current = await storage.account_by_id(account.id)
            except StorageError as error:
                raise _unavailable(error) from error
            if current is None or not await self._verified(current, old):
                raise AccountRefused("bad-login", "that is not your current password")
            self.guard.succeeded(place, keys)
            hashed = await self._hashed(LOGINS, passwords().hashed, new)
        try:
            await storage.set_password(current.id, hashed)
        except StorageError as error:
            raise _unavailable(error) from error
        changed = Account(current.id, current.name, hashed, current.moderator)
        return LoggedIn(changed, await self._new_token(changed, wall))

    async def registered(self, name: str) -> bool:
        """Whether a guest may not take ``name``: someone has registered it (or one that sounds
        or looks the same). With the accounts out of reach, no name is held back."""
        if self.storage is None:
            return False
        try:
            return await self.storage.account_named(name_keys(name)) is not None
        except StorageError as error:
            log.error("accounts: %s", error)
            return False

    async def _verified(self, account: Account, password: str) -> bool:
        return await self._hashed(LOGINS, passwords().matches, account.password_hash, password)

    @contextlib.contextmanager
    def _place(self, lane: str) -> Iterator[None]:
        """A place in the hashers' ``lane`` for the block; refused as busy when it is full."""
        try:
            with self.hashers.place(lane):
                yield
        except HashersBusy as error:
            raise AccountRefused("busy", "the relay is busy with other logins: try again in a"
                                 " moment") from error

    async def _hashed(self, lane: str, work: Callable[..., T], *arguments: str) -> T:
        """``work`` in the hashing threads, in its turn in ``lane`` (a place in which the
        caller holds)."""
        try:
            return await self.hashers.run(lane, work, *arguments)
        except HashFailed as error:
            log.error("accounts: hashing failed: %s", error)
            raise AccountRefused("busy", "the relay could not check the password now: try"
                                 " again in a moment") from error

    def close(self) -> None:
        self.hashers.close()

    async def _new_token(self, account: Account, now: float) -> str | None:
        """A token for the client to log in with next time (None if it could not be kept: the
        player is logged in all the same)."""
        token = secrets.token_urlsafe(TOKEN_BYTES)
        try:
            await self._store().add_token(account.id, token, now)
        except StorageError as error:
            log.error("accounts: %s", error)
            return None
        return token


def _check_password(password: str) -> None:
    if not PASSWORD_SHORTEST <= len(password) <= PASSWORD_LONGEST:
        raise AccountRefused("bad-password", f"a password has {PASSWORD_SHORTEST} to"
                             f" {PASSWORD_LONGEST} characters")
