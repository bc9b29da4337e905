"""Going online at this keyboard: reaching the relay as the player (a guest, or logged in),
saying what went wrong if it cannot be reached or will not take the name or the login, then
the sitting there (``ui.online``) until the player leaves.

Asked for a room (``audiospoons join --room N``, or ``--bots``), the player goes straight into
it, and leaving it leaves the relay, as a script expects; if the room cannot be had, the lobby
opens instead.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from ssl import SSLContext

from audiospoons.app.keyfeed import WatchedKeys
from audiospoons.app.online import ONLINE_PREFS, OnlineSession, reason_text
from audiospoons.app.relaymessages import room_fields
from audiospoons.games.registry import DEFAULT, GAMES
from audiospoons.net.client import Login, Opener, RelayClient, RelayError, by_network
from audiospoons.net.tls import certificate_problem, is_insecure
from audiospoons.sound.cue import CuePlayer
from audiospoons.ui.seating import SeatPrefs
from audiospoons.voice.announcer import Utterance
from audiospoons.voice.i18n import Messages
from audiospoons.voice.relaywords import account_text
from audiospoons.voice.speaker import Speaker

PLAYED = 0
UNREACHABLE = 2
NAME_REFUSED = 3
PASSWORD_WANTED = 4
"""The name is a registered player's: the player is asked for its password."""
LOGIN_REFUSED = 5
"""The password was not taken (wrong, too short, too many tries): it is asked again."""
LOGIN_LOST = 6
"""The login kept from last time is no longer good: it is forgotten, the password asked."""
"""What ``join_relay`` returns (the exit status of ``audiospoons join``): the relay was
reached and the player has left it; it could not be reached; it would not take the name."""


class NameRefused(RelayError):
    """The relay would not take the name given (``bad-name``)."""


ACCOUNT_CODES = {"name-registered": PASSWORD_WANTED, "bad-login": LOGIN_REFUSED,
                 "slow-down": LOGIN_REFUSED, "bad-password": LOGIN_REFUSED,
                 "accounts-down": LOGIN_REFUSED, "no-accounts": LOGIN_REFUSED,
                 "bad-token": LOGIN_LOST}
"""The relay's refusals of a login, and what the Play online screen does next."""


async def reach_relay(host: str, port: int, name: str, *, timeout: float = 10.0,
                      ssl: SSLContext | None = None, login: Login | None = None,
                      opener: Opener = by_network) -> RelayClient:
    """Connect (over TLS with ``ssl``, by ``opener``) and say hello, as ``RelayClient.connect``
    does (as a guest, or as ``login`` says: registering a name the relay has taken already logs
    in with the password instead), telling a name the relay will not take (``NameRefused``)
    from any other refusal (``RelayError``, its ``code`` the relay's)."""
    try:
        return await RelayClient.connect(host, port, name, timeout=timeout, ssl=ssl,
                                         login=login, opener=opener)
    except RelayError as error:
        if error.code == "bad-name":
            raise NameRefused(str(error), "bad-name") from None
        if error.code == "already-registered" and login is not None and login.register:
            return await reach_relay(host, port, name, timeout=timeout, ssl=ssl,
                                     login=replace(login, register=False), opener=opener)
        raise



async def join_relay(host: str, port: int, name: str, *, room: int | None,
                     values: Mapping[str, str], game: str = DEFAULT, bots: int,
                     messages: Messages, speaker: Speaker,
                     other_games: Mapping[str, Mapping[str, str]] | None = None,
                     sounds: CuePlayer | None, keys: WatchedKeys, password: str | None = None,
                     prefs: SeatPrefs = ONLINE_PREFS,
                     on_connected: Callable[[str | None], None] | None = None,
                     on_logged_out: Callable[[], None] | None = None,
                     ssl: SSLContext | None = None, login: Login | None = None,
                     seat: str | None = None,
                     on_seat: Callable[[str | None], None] | None = None,
                     opener: Opener = by_network) -> int:
    """Connect and play until the player leaves: into ``room`` if given, into a room of one's
    own with ``bots`` bots if there are any, else the lobby. A room of one's own plays
    ``game`` with the option ``values``; one of another game opened from the lobby has that
    game's values in ``other_games``, or its defaults. ``on_connected`` is called once
    the relay has taken the name, with the login token to keep (None when there is none new);
    ``on_logged_out`` once the player has logged out (the token kept is to be forgotten).
    ``seat`` is the token of a seat kept from an earlier run, offered first in the lobby;
    ``on_seat`` is told each seat's token the player is given, and None once it is given up
    (see ``OnlineSession``). ``login`` logs in (see ``reach_relay``). ``opener`` is the way to
    the relay, each time the player connects (over the network unless told). With ``ssl``
    (``tls.client_context``) over TLS: an insecure context is said to check nothing, and a
    certificate that fails verification is said as such. Returns ``PLAYED``, ``UNREACHABLE``
    (the relay cannot be reached, or refuses, or its certificate is not good), or
    ``NAME_REFUSED``; what went wrong has been said."""
    if is_insecure(ssl):
        speaker.say(Utterance(messages.tr("online.insecure")))
    try:
        client = await reach_relay(host, port, name, ssl=ssl, login=login, opener=opener)
    except NameRefused as error:
        speaker.say(Utterance(messages.tr("online.name.refused", host=host, name=name,
                                          reason=str(error))))
        return NAME_REFUSED
    except RelayError as error:
        if error.code in ACCOUNT_CODES:
            speaker.say(Utterance(messages.tr("online.login.lost") if error.code == "bad-token"
                                  else account_text(error.code, name, messages) or str(error)))
            return ACCOUNT_CODES[str(error.code)]
        speaker.say(Utterance(messages.tr("online.cannot", host=host, port=port,
                                          reason=reason_text(error, messages))))
        return UNREACHABLE
    except (OSError, TimeoutError) as error:
        problem = certificate_problem(error)
        speaker.say(Utterance(
            messages.tr("online.certificate", reason=problem) if problem is not None
            else messages.tr("online.cannot", host=host, port=port,
                             reason=reason_text(error, messages))))
        return UNREACHABLE
    def moving(host: str, port: int) -> None:
        speaker.say(Utterance(messages.tr("online.moving", host=host, port=port)))

    client.on_move = moving
    if on_connected is not None:
        on_connected(client.token)
    client.listen(speaker.words_a_minute, prefs.verbosity.value)
    speaker.say(Utterance(messages.tr("online.connected", host=host, name=client.name)))
    if not client.guest:
        speaker.say(Utterance(
            messages.tr("online.registered", name=client.name) if client.registered
            else messages.tr("online.logged.in", name=client.name)))
    kept = client.token or (login.token if login is not None else None)

    async def reconnect() -> RelayClient:
        again = Login(token=kept) if kept is not None else None
        client = await reach_relay(host, port, name, ssl=ssl, login=again, opener=opener)
        client.on_move = moving
        client.listen(speaker.words_a_minute, prefs.verbosity.value)
        return client

    session = OnlineSession(client, messages, speaker, sounds, keys, prefs=prefs,
                            reconnect=reconnect, lobby=room is None and bots == 0,
                            new_rooms={kind: room_fields(
                                values if kind == game else (other_games or {}).get(kind, {}),
                                password, kind) for kind in GAMES},
                            on_logged_out=on_logged_out, seat=seat, on_seat=on_seat)
    if room is not None:
        session.enter_room(room, password=password)
    elif bots:
        session.create_room(bots, game)
    await session.run()
    return PLAYED
