"""Play online from the main menu: the fields the player types, and what is wrong with them.

The player types the relay's address (HOST or HOST:PORT, port 7777 if not given, read as
``audiospoons join`` reads it; led by ``tls://`` for a relay that serves TLS) and a name. Both
fields start empty the first time: an address is whatever the person running the relay gave
out, so no guess would help, and a guess such as this machine's 127.0.0.1 would be read out as
a string of digits that is almost never right.
Once a connection has succeeded, both are remembered and offered the next time. Then a password,
which may be left empty to play as a guest: given, it registers the name if the relay has no
account of it, and logs in with it if it has. The relay gives a login token, kept for that
address, and the next time the same name there logs in by itself, with no password asked.
Connected, the player is in the relay's lobby (``ui.lobby``), where they open a room or join one.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from enum import Enum

from audiospoons.app.settings import ONLINE_ADDRESS_LENGTH, Settings
from audiospoons.net.client import Login
from audiospoons.net.names import NAME_LENGTH, same_name, spoken_form
from audiospoons.net.relayaddress import AddressRefused, relay_address
from audiospoons.net.tls import split_scheme
from audiospoons.ui.textentry import TextField
from audiospoons.voice.i18n import Messages


@dataclass(frozen=True, slots=True)
class JoinRequest:
    """Where to play online and as whom: the relay at ``host:port``, as ``name``; with
    ``tls``, over TLS, checking the relay's certificate; with ``login``, logged in (by a
    password, registering the name if it is free, or by the token kept from last time); with
    ``seat``, the token of a seat in a game there kept from an earlier run, offered back first,
    and ``on_seat`` told each seat given from then on (None once given up), to keep it."""

    host: str
    port: int
    name: str
    tls: bool = False
    login: Login | None = None
    seat: str | None = field(default=None, repr=False)
    on_seat: Callable[[str | None], None] | None = field(default=None, repr=False,
                                                         compare=False)


class Outcome(Enum):
    """How a sitting on the relay ended."""

    PLAYED = "played"
    """The relay took the name; the player has left it."""
    UNREACHABLE = "unreachable"
    """The relay could not be reached (or refused the connection): the address is asked
    again."""
    NAME_REFUSED = "name"
    """The relay would not take the name: the name is asked again."""
    PASSWORD_WANTED = "password"
    """The name is a registered player's: its password is asked."""
    LOGIN_REFUSED = "login"
    """The password was not taken: it is asked again."""
    LOGIN_LOST = "lost"
    """The login kept from last time is no longer good: it is forgotten, the password asked."""


OnlineCallback = Callable[[Settings, JoinRequest, Callable[[str | None], None]], Outcome]
"""Play online: given the settings, the request, and what to do the moment the relay takes the
name (save the address, the name and the login token the relay gave, if any; given
``LOGGED_OUT``, forget the login kept), play until the player leaves. What went wrong, if
anything, has been said."""

LOGGED_OUT = ""
"""Told to ``OnlineCallback``'s callback when the player has logged out."""


class Refused(ValueError):
    """What the player typed cannot be used; the message says why, in their language."""


def address_field(text: str, m: Messages) -> TextField:
    return TextField(m.tr("online.menu.address"), m, text,
                     description=m.tr("online.menu.address.about"),
                     max_length=ONLINE_ADDRESS_LENGTH)


def password_field(name: str, m: Messages) -> TextField:
    return TextField(m.tr("online.menu.password", name=name), m,
                     description=m.tr("online.menu.password.about"), max_length=128,
                     secret=True)


def name_field(text: str, m: Messages) -> TextField:
    return TextField(m.tr("online.menu.name"), m, text,
                     description=m.tr("online.menu.name.about"), max_length=NAME_LENGTH)


def kept_login(logins: Mapping[str, str], address: str, name: str) -> str | None:
    """The login token kept for ``name`` (or a name that sounds or looks the same) at the
    relay at ``address``, if one is."""
    for key, token in logins.items():
        where, _, whose = key.partition(" ")
        if where == address and same_name(whose, name):
            return token
    return None


def with_login(logins: Mapping[str, str], address: str, name: str, token: str | None
               ) -> dict[str, str]:
    """``logins`` with ``name``'s login at ``address`` replaced by ``token`` (forgotten when
    None). A login is kept by the address and the account's name: ``"ADDRESS NAME"``."""
    kept = {key: value for key, value in logins.items()
            if not (key.partition(" ")[0] == address and same_name(key.partition(" ")[2], name))}
    if token is not None:
        kept[f"{address} {name}"] = token
    return kept


def asks_tls(text: str) -> bool:
    """Whether a typed address asks for TLS: ``tls://host[:port]``."""
    return split_scheme(text.strip())[0]


ADDRESS_PROBLEMS = {
    "empty": "online.menu.address.empty",
    "spaces": "online.menu.address.spaces",
    "scheme": "online.menu.address.scheme",
    "port": "online.menu.address.port",
    "host": "online.menu.address.host",
    "dots": "online.menu.address.dots",
    "long": "online.menu.address.long",
    "characters": "online.menu.address.characters",
    "number": "online.menu.address.number",
    "ipv6": "online.menu.address.ipv6",
}
"""What is said for each reason an address is refused (``AddressRefused.problem``)."""


def read_address(text: str, m: Messages) -> tuple[str, int]:
    """The host and port of a typed address, read as ``audiospoons join`` reads it (``tls://``
    passed over: ``asks_tls``); raises ``Refused``."""
    try:
        return relay_address(text)
    except AddressRefused as refused:
        raise Refused(m.tr(ADDRESS_PROBLEMS[refused.problem])) from None


def read_name(text: str, m: Messages) -> str:
    """A typed name with its spaces tidied; raises ``Refused`` for a name the relay would
    refuse on its face (the relay has the last word)."""
    name = " ".join(text.split())
    if not name:
        raise Refused(m.tr("online.menu.name.empty"))
    if not spoken_form(name):
        raise Refused(m.tr("online.menu.name.letters"))
    if len(name) > NAME_LENGTH:
        raise Refused(m.ntr("text.full", NAME_LENGTH))
    return name
