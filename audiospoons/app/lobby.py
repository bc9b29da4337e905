"""The lobby of a relay as a spoken menu: the rooms it lists, and what Enter on one does. Pure.

Connected without a room, the player is in the lobby. Its menu (``ui.menu``, with the keys of
every menu) has "Back to your game in room 6" first when a seat in a game there is kept from an
earlier run (``ui.keptseats``): Enter asks the relay for it back. Then "New room", a room of
one's own, and "New Razz Spoons room", one that plays Razz Spoons; on a relay that keeps
accounts, "Ratings and leaderboards", and for a player logged in "My last games" and "Log out"
(their menus open over the lobby's: ``records``); then one item per room the relay lists:
"Room 2, Bob's room, 3 players, waiting". Enter on a waiting room takes a seat in it; on a room
playing a game it watches the game; a room with a password asks for the password first, in a
text field (``ui.textentry``). Escape leaves the relay.

The relay sends its whole list (``rooms``) when the player comes into the lobby, then each
change as it comes (``room_listed``: a room that opened or changed, ``room_unlisted``: one that
closed), or the whole list again: whenever a room opens, closes, fills or starts a game, which
on a busy relay is often. The menu follows each list or change alike (``Lobby.follow``), keeping
the cursor on the same room (by its number), and says "Rooms changed." only when a room opens
or closes: a player waiting for a friend's room hears it appear, and is not talked over each
time someone takes a seat somewhere (moving onto a room says how it stands now). When the room
under the cursor has closed, the item the cursor falls on is said too, so that Enter never acts
on a room the player has not heard. Nothing is said while the player types a password.

Nothing here reads a key, speaks or sends: ``Lobby.press``, ``Lobby.update`` and
``Lobby.follow`` return a ``Step`` for the session to act on.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from audiospoons.app.historykeys import HISTORY_KEYS, TEXT_HISTORY_KEYS
from audiospoons.app.records import families_menu, games_menu, leaderboard_menu
from audiospoons.games.keyboards import KEYBOARDS
from audiospoons.games.registry import DEFAULT, GAMES, listed_game
from audiospoons.net.names import clean_chat
from audiospoons.ui.menu import SELECT_CUE, ActionItem, Item, Menu, menu_label_of
from audiospoons.ui.textentry import TextField
from audiospoons.voice.i18n import Messages

NEW_ROOM_GAMES = {f"new-{name}": name for name in GAMES}
"""The lobby's items that open a room of one's own, and the game each room plays."""
PASSWORD_LENGTH = 100
ROOM_NAME_LENGTH = 40
"""The longest room name the relay gives; anything longer is cut here too."""


@dataclass(frozen=True, slots=True)
class Listed:
    """A room as the lobby lists it."""

    number: int
    name: str
    players: int
    playing: bool
    password: bool
    game: str = DEFAULT
    """The game the room plays (a game this client does not know is listed as the first)."""
    bots: int = 0
    """How many of the ``players`` are bots."""

    @property
    def key(self) -> str:
        return f"room{self.number}"


def read_rooms(message: Mapping[str, Any]) -> list[Listed]:
    """The rooms of a ``rooms`` message, in the relay's order; an entry that is not as the
    protocol says is left out (the list comes from the network)."""
    rooms = message.get("rooms")
    listed: list[Listed] = []
    seen: set[int] = set()
    for entry in rooms if isinstance(rooms, list) else []:
        room = read_room(entry)
        if room is not None and room.number not in seen:
            seen.add(room.number)
            listed.append(room)
    return listed


def read_room(entry: object) -> Listed | None:
    """One room as the relay sums it up (an entry of ``rooms``, the ``room`` of
    ``room_listed``); None if it is not as the protocol says."""
    if not isinstance(entry, dict):
        return None
    number, name, players = entry.get("room"), entry.get("name"), entry.get("players")
    playing, password = entry.get("playing"), entry.get("password")
    if (not isinstance(number, int) or isinstance(number, bool)
            or not isinstance(name, str) or not isinstance(players, int)
            or isinstance(players, bool)
            or not isinstance(playing, bool) or not isinstance(password, bool)):
        return None
    bots = entry.get("bots")
    bots = bots if isinstance(bots, int) and not isinstance(bots, bool) else 0
    players = max(players, 0)
    return Listed(number, clean_chat(name)[:ROOM_NAME_LENGTH], players, playing, password,
                  listed_game(entry.get("game")).name, min(max(bots, 0), players))


ROOM_LISTS = frozenset({"rooms", "room_listed", "room_unlisted"})
"""The relay's messages that the lobby's list of rooms follows."""


@dataclass(frozen=True, slots=True)
class Enter:
    """A room to go into: as a spectator when ``watch``, with ``password`` if it has one."""

    room: int
    watch: bool
    password: str | None = None


@dataclass(frozen=True, slots=True)
class Step:
    """What a key (or a new list) did: ``speech`` to say and keep in the history, ``echo`` to
    say only (the answer to a key typed in the password field), a ``cue``, a ``review`` of the
    history ("previous", "next", "first", "last"); and whether to ``create`` a room of one's
    own (of that game), ``enter`` a room, or ``leave`` the relay."""

    speech: str | None = None
    echo: str | None = None
    cue: str | None = None
    review: str | None = None
    create: str | None = None
    enter: Enter | None = None
    leave: bool = False
    ask: tuple[str, dict[str, Any]] | None = None
    """A question to send the relay about its records: its kind and fields."""
    logout: bool = False
    rejoin: bool = False
    """Take back the seat kept in a game (``Lobby.offer``)."""


RECORD_VIEWS = {"ratings": families_menu, "leaderboard": leaderboard_menu,
                "my_games": games_menu}
"""The relay's answers about its records, and the menu each opens in the lobby."""


class Lobby:
    """The rooms of a relay, as a menu kept up to date, and the password field when open."""

    def __init__(self, messages: Messages, *, records: bool = False,
                 account: bool = False, back_to: int | None = None) -> None:
        self.m = messages
        self.back_to = back_to
        """The room of the game whose seat is kept for the player, offered first."""
        self.records = records
        """The relay keeps ratings: the lobby offers them."""
        self.account = account
        """The player is logged in: the lobby offers their last games, and logging out."""
        self.views: list[Menu] = []
        """The menus of records open over the rooms, the one in use last."""
        self.rooms: list[Listed] = []
        self.menu = Menu(self.title(), self.items(), messages)
        self.field: TextField | None = None
        self.asking: Listed | None = None
        """The room whose password the field asks for."""

    # ------------------------------------------------------------------ words

    def title(self) -> str:
        if not self.rooms:
            return self.m.tr("online.lobby.empty")
        return self.m.ntr("online.lobby.title", len(self.rooms))

    def opening(self) -> str:
        """'Lobby: 2 rooms open. New room, 1 of 3'."""
        return self.menu.opening()

    def room_text(self, room: Listed) -> str:
        m = self.m
        people = room.players - room.bots
        fields = {"number": room.number, "name": room.name,
                  "players": m.ntr("online.lobby.players", room.players) if not room.bots
                  else m.join([m.ntr("online.lobby.players", people),
                               m.ntr("online.lobby.bots", room.bots)]),
                  "state": m.tr("online.lobby.playing") if room.playing
                  else m.tr("online.lobby.waiting")}
        text = (m.tr("online.lobby.room.locked", **fields) if room.password
                else m.tr("online.lobby.room", **fields))
        listed = KEYBOARDS[room.game].words.listed_room
        return text if listed is None else m.tr(listed, room=text)

    def room_about(self, room: Listed) -> str:
        m = self.m
        if room.password:
            return (m.tr("online.lobby.locked.watch.about") if room.playing
                    else m.tr("online.lobby.locked.about"))
        if room.playing:
            return m.tr("online.lobby.watch.about")
        return m.tr("online.lobby.join.about")

    def items(self) -> list[Item]:
        m = self.m
        own = []
        if self.records:
            own.append(ActionItem("ratings", m.tr("online.lobby.ratings"),
                              m.tr("online.lobby.ratings.about")))
        if self.account:
            own += [ActionItem("games", m.tr("online.lobby.games"),
                           m.tr("online.lobby.games.about")),
                    ActionItem("logout", m.tr("online.lobby.logout"),
                           m.tr("online.lobby.logout.about"))]
        back = [] if self.back_to is None else [
            ActionItem("back", m.tr("online.lobby.back", number=self.back_to),
                   m.tr("online.lobby.back.about"))]
        return [*back,
                *(ActionItem(item, m.tr(KEYBOARDS[game].words.new_room),
                         m.tr(KEYBOARDS[game].words.new_room_about))
                  for item, game in NEW_ROOM_GAMES.items()),
                *own,
                *(ActionItem(room.key, self.room_text(room), self.room_about(room))
                  for room in self.rooms)]

    def help_text(self) -> str:
        return " ".join((self.m.tr("menu.help"), self.m.tr("online.lobby.help")))

    # ------------------------------------------------------------------ the relay's list

    def update(self, rooms: list[Listed]) -> Step:
        """A new list from the relay: the menu follows it, the cursor staying on its room."""
        before = {room.number for room in self.rooms}
        current = self.menu.current.key
        self.rooms = list(rooms)
        self.menu.reset(self.items(), self.title())
        if {room.number for room in self.rooms} == before or self.field is not None \
                or self.views:
            return Step()
        changed = self.m.tr("online.lobby.changed")
        if self.menu.current.key != current:
            return Step(speech=f"{changed} {self.menu.item_text()}")
        return Step(speech=changed)

    def follow(self, message: Mapping[str, Any]) -> Step:
        """A message of the relay's about its rooms (one of ``ROOM_LISTS``): the whole list,
        a room that opened or changed (in its place, or last if it is new), or a room that
        closed. Said as a new whole list would be."""
        kind = message.get("kind")
        if kind == "rooms":
            return self.update(read_rooms(message))
        if kind == "room_listed":
            room = read_room(message.get("room"))
            if room is None:
                return Step()
            rooms = [room if listed.number == room.number else listed for listed in self.rooms]
            if all(listed.number != room.number for listed in self.rooms):
                rooms.append(room)
            return self.update(rooms)
        number = message.get("room")
        if kind == "room_unlisted" and isinstance(number, int) and not isinstance(number, bool):
            return self.update([room for room in self.rooms if room.number != number])
        return Step()

    def offer(self, room: int | None) -> None:
        """Offer the game in ``room`` back first (none with None), the cursor on the first
        item: what it was on may be gone."""
        if room == self.back_to:
            return
        self.back_to = room
        self.menu.reset(self.items(), self.title())
        self.menu.position = 0

    def _listed(self, key: str) -> Listed | None:
        return next((room for room in self.rooms if room.key == key), None)

    # ------------------------------------------------------------------ keys

    def show(self, message: Mapping[str, Any]) -> Step:
        """An answer of the relay's about its records (one of ``RECORD_VIEWS``): its menu
        opens over the lobby's, Escape going back."""
        view = RECORD_VIEWS[message["kind"]](message, self.m)
        self.views.append(view)
        return Step(speech=view.opening())

    def _in_view(self, label: str) -> Step:
        view = self.views[-1]
        if label == "f1":
            return Step(speech=self.help_text())
        if label in HISTORY_KEYS:
            return Step(review=HISTORY_KEYS[label])
        response = view.press(label)
        if response.back:
            self.views.pop()
            current = self.views[-1] if self.views else self.menu
            return Step(speech=current.item_text(), cue=response.cue)
        chosen = response.activated or ""
        if chosen.startswith("family:"):
            return Step(cue=response.cue, ask=("leaderboard", {"family": chosen[7:]}))
        if chosen.startswith("game:"):
            return Step(cue=response.cue, ask=("game_record", {"game": int(chosen[5:])}))
        if response.activated is not None:
            return Step(speech=view.item_text())
        return Step(speech=response.speech, cue=response.cue)

    def press(self, label: str) -> Step:
        """What the key named ``label`` (as the key reader names it: "shift+a") does."""
        if self.field is not None:
            return self._type(label)
        label = menu_label_of(label)
        if self.views:
            return self._in_view(label)
        if label == "f1":
            return Step(speech=self.help_text())
        if label in HISTORY_KEYS:
            return Step(review=HISTORY_KEYS[label])
        if label == "r":
            # Every room starts with R; R says where the cursor is, as R in a room says who
            # is there, rather than jump.
            return Step(speech=self.menu.item_text())
        response = self.menu.press(label)
        if response.back:
            return Step(leave=True)
        if response.activated in NEW_ROOM_GAMES:
            return Step(cue=response.cue, create=NEW_ROOM_GAMES[response.activated])
        if response.activated == "back":
            return Step(cue=response.cue, rejoin=True)
        if response.activated == "ratings":
            return Step(cue=response.cue, ask=("ratings", {}))
        if response.activated == "games":
            return Step(cue=response.cue, ask=("my_games", {}))
        if response.activated == "logout":
            return Step(cue=response.cue, logout=True)
        if response.activated is not None:
            room = self._listed(response.activated)
            if room is not None:
                return self._choose(room, response.cue)
        return Step(speech=response.speech, cue=response.cue)

    def _choose(self, room: Listed, cue: str | None) -> Step:
        if not room.password:
            return Step(cue=cue, enter=Enter(room.number, room.playing))
        self.asking = room
        self.field = TextField(self.m.tr("online.lobby.password", number=room.number), self.m,
                               description=self.m.tr("online.lobby.password.about"),
                               max_length=PASSWORD_LENGTH)
        return Step(speech=self.field.opening(), cue=cue)

    def _type(self, label: str) -> Step:
        """A key in the password field: Enter tries the password, Escape goes back to the
        rooms."""
        assert self.field is not None and self.asking is not None
        if label in TEXT_HISTORY_KEYS:
            return Step(review=TEXT_HISTORY_KEYS[label])
        typed = self.field.press(label)
        if typed.cancelled:
            self.field = self.asking = None
            return Step(speech=self.menu.item_text())
        if typed.accepted is not None:
            if not typed.accepted:
                return Step(speech=self.m.tr("online.lobby.password.empty"))
            # The room as listed now: it may have started a game while the password was typed.
            room = self._listed(self.asking.key) or self.asking
            self.field = self.asking = None
            return Step(cue=SELECT_CUE, enter=Enter(room.number, room.playing, typed.accepted))
        return Step(echo=typed.speech)
