"""What a player on a relay that keeps accounts hears of its records, as spoken menus: their
ratings in each family of games and each family's leaderboard, their last games (Enter hears
one again), and their rating after a game; and a mute said. Pure: each builds a ``Menu`` or a
line from a message of the relay's (``relaykinds`` has checked it)."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from typing import Any

from babel.dates import format_datetime

from audiospoons.games.keyboards import KEYBOARDS
from audiospoons.net.ratings import CUSTOM
from audiospoons.ui.menu import ActionItem, Menu
from audiospoons.voice.i18n import Messages

MUTED = {"room": "online.muted.room", "relay": "online.muted.relay"}
"""A mute, by who made it: the room's host, or a moderator of the relay."""


def family_text(family: str, m: Messages) -> str:
    """A family of games as said: "Spoons, Classic", "Razz Spoons"."""
    game, _, preset = family.partition("/")
    half = KEYBOARDS.get(game)
    name = game if half is None else m.tr(half.words.name)
    if not preset:
        return name
    if half is None or half.presets is None or (
            preset not in half.rules.presets and preset != CUSTOM):
        return m.tr("online.family", game=name, preset=preset)
    return m.tr("online.family", game=name, preset=half.presets.name(preset, m))


def families_menu(message: Mapping[str, Any], m: Messages) -> Menu:
    """Each family anyone is rated in, with the player's own standing: Enter opens its
    leaderboard (an item's key is ``family:`` and the family)."""
    items = []
    for standing in message["families"]:
        family = family_text(standing["family"], m)
        if standing.get("rating") is not None:
            text = m.tr("online.ratings.yours", family=family, rating=standing["rating"],
                        place=standing["place"], players=standing["players"],
                        games=m.ntr("online.ratings.games", standing["games"]))
        else:
            text = m.tr("online.ratings.family", family=family,
                        players=m.ntr("online.ratings.players", standing["players"]))
        items.append(ActionItem(f"family:{standing['family']}", text,
                            m.tr("online.ratings.family.about")))
    if not items:
        items.append(ActionItem("none", m.tr("online.ratings.none")))
    return Menu(m.tr("online.ratings.title"), items, m)


def leaderboard_menu(message: Mapping[str, Any], m: Messages) -> Menu:
    """The best of a family, one item each, and the player's own place last."""
    family = family_text(message["family"], m)
    items = [ActionItem(f"leader{index}", m.tr(
        "online.leaderboard.leader", place=leader["place"], name=leader["name"],
        rating=leader["rating"], games=m.ntr("online.ratings.games", leader["games"])))
        for index, leader in enumerate(message["leaders"])]
    you = message.get("you")
    if not items:
        items.append(ActionItem("empty", m.tr("online.leaderboard.empty", family=family)))
    if you is not None:
        items.append(ActionItem("you", m.tr("online.leaderboard.you", rating=you["rating"],
                                        place=you["place"], players=message["players"],
                                        games=m.ntr("online.ratings.games", you["games"]))))
    else:
        items.append(ActionItem("you", m.tr("online.leaderboard.unrated")))
    return Menu(m.tr("online.leaderboard.title", family=family), items, m)


def games_menu(message: Mapping[str, Any], m: Messages) -> Menu:
    """The player's last games, the latest first: Enter hears one again (an item's key is
    ``game:`` and its number)."""
    items = [ActionItem(f"game:{game['game']}", game_text(game, m),
                    m.tr("online.games.game.about")) for game in message["games"]]
    if not items:
        items.append(ActionItem("none", m.tr("online.games.none")))
    return Menu(m.tr("online.games.title"), items, m)


def game_text(game: Mapping[str, Any], m: Messages) -> str:
    players = [m.tr("online.seat.bot", name=name) if bot else name
               for name, bot in zip(game["players"], game["bots"], strict=False)]
    text = m.tr("online.games.game", when=when_text(game["ended_at"], m),
                family=family_text(game["family"], m), players=m.join(players),
                place=game["place"], count=len(players))
    if "after" in game:
        text = f"{text} {rating_change(game['before'], game['after'], m)}"
    return text


def when_text(ended_at: float, m: Messages) -> str:
    return format_datetime(datetime.fromtimestamp(ended_at), "short", locale=m.locale)


def rating_change(before: int, after: int, m: Messages) -> str:
    if after > before:
        return m.tr("online.rating.up", rating=after, change=after - before)
    if after < before:
        return m.tr("online.rating.down", rating=after, change=before - after)
    return m.tr("online.rating.same", rating=after)


def rating_line(message: Mapping[str, Any], m: Messages) -> str:
    """A ``rating`` message: "Your rating for Spoons, Classic: 1043, up 43."."""
    return m.tr("online.rating.after", family=family_text(message["family"], m),
                change=rating_change(message["before"], message["rating"], m))


def whole_minutes(minutes: object) -> int:
    """Minutes said as a whole number, at least one."""
    return max(1, round(float(minutes))) if isinstance(minutes, int | float) else 1


def muted_line(message: Mapping[str, Any], m: Messages) -> str:
    """A ``muted`` message: "The host has muted you in this room for 10 minutes."."""
    return m.ntr(MUTED[message["scope"]], whole_minutes(message["minutes"]))
