"""Play online, from the main menu: the relay's address, the player's name and password typed
(the fields are ``ui.onlinemenu``'s), then the relay's lobby by the host's ``play_online``."""

from __future__ import annotations

from dataclasses import replace

from audiospoons.app.menuhost import MenuHost, Unavailable
from audiospoons.app.onlinemenu import (
    LOGGED_OUT,
    JoinRequest,
    Outcome,
    Refused,
    address_field,
    asks_tls,
    kept_login,
    name_field,
    password_field,
    read_address,
    read_name,
    with_login,
)
from audiospoons.net.client import Login
from audiospoons.ui.keptseats import kept_seat, with_seat


def online_screen(host: MenuHost) -> None:
    """The relay's address, then the player's name, then its password (empty to play as a
    guest; not asked when a login is kept for that name there), then the relay's lobby.
    Escape goes back a field, from the address to the main menu; after a relay that cannot be
    reached the address is asked again, after a name it refuses the name, after a password it
    refuses the password, with what was typed. The address, the name and the login the relay
    gives are saved as soon as the relay takes the name."""
    m = host.m
    address, name = host.settings.online_address, host.settings.online_name
    while True:
        typed = host.type_text(address_field(address, m))
        if typed is None:
            return
        address = typed.strip()
        try:
            host_name, port = read_address(address, m)
        except Refused as problem:
            host.say(str(problem))
            continue
        refusal = None if host.refuse_relay is None else host.refuse_relay(address)
        if refusal is not None:
            host.say(refusal)
            continue
        while True:
            typed = host.type_text(name_field(name, m))
            if typed is None:
                break
            try:
                name = read_name(typed, m)
            except Refused as problem:
                name = typed
                host.say(str(problem))
                continue
            outcome = sign_in(host, JoinRequest(host_name, port, name, asks_tls(address)),
                              address)
            if outcome is None or outcome is Outcome.PLAYED:
                return
            if outcome is Outcome.NAME_REFUSED:
                continue
            if outcome is Outcome.UNREACHABLE:
                host.say(m.tr("online.menu.again"))
                break


def sign_in(host: MenuHost, request: JoinRequest, address: str) -> Outcome | None:
    """Go online as ``request``'s name: by the login kept for it at ``address`` if there is
    one, else with the password asked (empty: as a guest); a password refused is asked again.
    ``NAME_REFUSED`` when the player went back to the name."""
    kept = kept_login(host.settings.online_logins, address, request.name)
    if kept is not None:
        outcome = go_online(host, replace(request, login=Login(token=kept)), address)
        if outcome is not Outcome.LOGIN_LOST:
            return outcome
        host.save(replace(host.settings, online_logins=with_login(
            host.settings.online_logins, address, request.name, None)))
    registered = False
    while True:
        password = host.type_text(password_field(request.name, host.m))
        if password is None:
            return Outcome.NAME_REFUSED
        login = Login(password=password, register=not registered) if password else None
        outcome = go_online(host, replace(request, login=login), address)
        registered = registered or outcome is Outcome.PASSWORD_WANTED
        if outcome not in (Outcome.PASSWORD_WANTED, Outcome.LOGIN_REFUSED,
                           Outcome.LOGIN_LOST):
            return outcome


def go_online(host: MenuHost, request: JoinRequest, address: str) -> Outcome | None:
    """Play on the relay (``address`` as typed, saved with the name and the login the relay
    gives once it takes the name): how it ended, or None if online play is not there."""
    if host.play_online is None:
        host.say(host.m.tr("menu.unavailable"))
        return None

    def seat_changed(token: str | None) -> None:
        host.save(replace(host.settings, online_seats=with_seat(
            host.settings.online_seats, request.host, request.port, request.name, token)))

    request = replace(request, on_seat=seat_changed, seat=kept_seat(
        host.settings.online_seats, request.host, request.port, request.name))

    def connected(token: str | None) -> None:
        logins = host.settings.online_logins
        if token == LOGGED_OUT:
            logins = with_login(logins, address, request.name, None)
        elif token is not None:
            logins = with_login(logins, address, request.name, token)
        host.save(replace(host.settings, online_address=address, online_name=request.name,
                          online_logins=logins))

    host.say(host.m.tr("online.menu.connecting", host=request.host, port=request.port))
    try:
        return host.play_online(replace(host.settings, language=host.lang), request, connected)
    except Unavailable:
        host.say(host.m.tr("menu.unavailable"))
        return None
