"""The relay's error codes in the player's words. Its ``error`` messages are English, for
people reading a log; the codes that mean one thing wherever they come have catalog messages
of their own, and the others (a bad option, say) carry details that only the message has."""

from __future__ import annotations

from audiospoons.voice.i18n import Messages

REFUSAL_IDS = {
    "password": "online.refused.password", "name-taken": "online.refused.name-taken",
    "full": "online.refused.full", "playing": "online.refused.playing",
    "no-room": "online.refused.no-room", "banned": "online.refused.banned",
    "too-many-rooms": "online.refused.too-many-rooms",
}
"""The refusals of a room asked for (made, joined, watched)."""

ERROR_IDS = {
    "rate-limited": "online.error.rate-limited", "too-many": "online.error.too-many",
    "timeout": "online.error.timeout", "in-room": "online.error.in-room",
    "no-seat": "online.error.no-seat", "not-host": "online.error.not-host",
    "chat-flood": "online.error.chat-flood", "version": "online.error.version",
    "shutdown": "online.error.shutdown", "bad-message": "online.error.bad-message",
    "relay-full": "online.error.relay-full", "ping-flood": "online.error.ping-flood",
    "internal": "online.error.internal", "ratings-later": "online.error.ratings-later",
    "not-moderator": "online.error.not-moderator", "no-game": "online.error.no-game",
    "not-logged-in": "online.error.not-logged-in",
    "directory-down": "online.error.directory-down", "no-process": "online.error.no-process",
    "no-bot": "online.error.no-bot", "no-player": "online.error.no-player",
    **dict.fromkeys(("bad-ticket", "ticket-used", "ticket-elsewhere", "ticket-address",
                     "ticket-request"), "online.error.ticket"),
}
"""The errors the relay may send at any time that mean one thing."""

TOO_FEW_PLAYERS = "too-few-players"
COUNTED_IDS = {TOO_FEW_PLAYERS: "online.start.alone"}
"""The errors that mean one thing and carry a number of the relay's (the ``minimum`` of a
start refused for too few players), said with it."""


ACCOUNT_IDS = {
    "bad-login": "online.account.bad-login", "bad-password": "online.account.bad-password",
    "slow-down": "online.account.slow-down", "accounts-down": "online.account.down",
    "no-accounts": "online.account.none", "busy": "online.account.busy",
}
"""The relay's refusals of a login or a registration that mean one thing (a registered name
asked for as a guest is said with the name: ``account_text``)."""


def account_text(code: object, name: str, m: Messages) -> str | None:
    """The relay's refusal of a login as ``name``, in the player's words; None for a code
    that is not such a refusal."""
    if code == "name-registered":
        return m.tr("online.account.registered", name=name)
    msgid = ACCOUNT_IDS.get(str(code))
    return None if msgid is None else m.tr(msgid)


def refusal_text(code: object, m: Messages) -> str | None:
    """The relay's refusal of a room asked for, in the player's words; None for a code that
    is not such a refusal."""
    msgid = REFUSAL_IDS.get(str(code))
    return None if msgid is None else m.tr(msgid)


def relay_error_text(code: object, m: Messages, count: object = None) -> str | None:
    """An error the relay may send at any time, in the player's words; None for a code whose
    message carries details of its own, to be said as the relay sent it. A code said with a
    number (``COUNTED_IDS``) is said with ``count``; without a whole number there, it too is
    said as the relay sent it."""
    counted = COUNTED_IDS.get(str(code))
    if counted is not None:
        if isinstance(count, bool) or not isinstance(count, int):
            return None
        return m.ntr(counted, count)
    msgid = ERROR_IDS.get(str(code))
    return None if msgid is None else m.tr(msgid)
