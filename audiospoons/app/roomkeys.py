"""The keys of a relay's room beyond Enter, R and Escape, and the chat line. Pure.

Between games the host adds a bot (B: a spoken menu of its level, Normal first under the cursor,
Enter adds it), takes the last bot away (Shift+B), and takes someone out of the room (K: whom,
then for how long: ``KICK_MINUTES`` or for as long as the room is open). Anyone opens a line of
chat with C or slash (``CHAT_KEYS``); at the table, where C may be a game's key, slash alone
(``TABLE_CHAT_KEY``). The line is a text field (``ui.textentry``): Enter sends it to the room,
Escape goes back without sending. What comes back is the relay's: the room said again with its
new seats, the chat line echoed to everyone, or a refusal.

Nothing here reads a key, speaks or sends: ``RoomKeys.press`` returns a ``RoomStep`` for the
session to act on.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any

from audiospoons.app.historykeys import HISTORY_KEYS, TEXT_HISTORY_KEYS
from audiospoons.bots.levels import Level
from audiospoons.net.names import CHAT_LENGTH
from audiospoons.ui.menu import SELECT_CUE, ActionItem, Menu, menu_label_of
from audiospoons.ui.textentry import TextField
from audiospoons.voice.i18n import Messages

CHAT_KEYS = ("c", "/")
"""The keys that open the chat line in a room between games."""
TABLE_CHAT_KEY = "/"
"""The key that opens the chat line at a table, where letters are the game's."""
KICK_MINUTES = 10
"""The short stay out of a room the host may choose; the other is the room's whole life."""
FOR_LIFE = "life"

LEVEL_WORDS = {level: f"menu.options.bots.{level.value}" for level in Level}
"""The bot levels as the options menu says them."""
LEVEL_ABOUT = {Level.EASY: "menu.options.bots.easy.about",
               Level.NORMAL: "menu.options.bots.normal.about",
               Level.HARD: "menu.options.bots.hard.about",
               Level.EXPERT: "menu.options.bots.expert.about"}
"""How each level plays, for F2 on it."""


class Asking(Enum):
    """What the spoken menu open in the room asks."""

    BOT = "bot"
    """The level of a bot to add."""
    WHOM = "whom"
    """Whom to take out of the room."""
    HOW_LONG = "how-long"
    """For how long."""


@dataclass(frozen=True, slots=True)
class RoomStep:
    """What a key did: ``speech`` to say and keep in the history, ``echo`` to say only (a key
    typed in the chat line), a ``cue``, a ``review`` of the history, and a message to ``send``
    to the relay (its kind and fields)."""

    speech: str | None = None
    echo: str | None = None
    cue: str | None = None
    review: str | None = None
    send: tuple[str, dict[str, Any]] | None = None


class RoomKeys:
    """The spoken menu or chat line open in the room (or at the table), if any."""

    def __init__(self, messages: Messages) -> None:
        self.m = messages
        self.menu: Menu | None = None
        self.asking: Asking | None = None
        self.whom: str | None = None
        """The person the host is taking out of the room, once chosen."""
        self.field: TextField | None = None

    @property
    def open(self) -> bool:
        """A menu or the chat line takes the keys."""
        return self.menu is not None or self.field is not None

    def close(self) -> None:
        self.menu = self.asking = self.whom = self.field = None

    # ------------------------------------------------------------------ opening

    def chat(self) -> RoomStep:
        """The chat line opens."""
        m = self.m
        self.field = TextField(m.tr("online.chat.field"), m,
                               description=m.tr("online.chat.field.about"),
                               max_length=CHAT_LENGTH)
        return RoomStep(speech=self.field.opening())

    def add_bot(self) -> RoomStep:
        """The host chooses the level of a bot to add."""
        m = self.m
        items = [ActionItem(level.value, m.tr(LEVEL_WORDS[level]), m.tr(LEVEL_ABOUT[level]))
                 for level in Level]
        return self._ask(Asking.BOT, Menu(m.tr("online.bot.menu"), items, m,
                                          position=list(Level).index(Level.NORMAL)))

    def kick(self, others: Sequence[str]) -> RoomStep:
        """The host chooses whom to take out of the room, of ``others`` (everyone here but
        the host and the bots)."""
        m = self.m
        if not others:
            return RoomStep(speech=m.tr("online.kick.none"))
        items = [ActionItem(name, name) for name in others]
        return self._ask(Asking.WHOM, Menu(m.tr("online.kick.menu"), items, m))

    def _ask(self, asking: Asking, menu: Menu) -> RoomStep:
        self.field = None
        self.menu, self.asking = menu, asking
        return RoomStep(speech=menu.opening())

    # ------------------------------------------------------------------ keys

    def press(self, label: str) -> RoomStep:
        """A key while a menu or the chat line is open (``open``)."""
        if self.field is not None:
            return self._type(label)
        return self._choose(label)

    def _choose(self, label: str) -> RoomStep:
        menu, m = self.menu, self.m
        assert menu is not None
        label = menu_label_of(label)
        if label == "f1":
            return RoomStep(speech=m.tr("menu.help"))
        if label in HISTORY_KEYS:
            return RoomStep(review=HISTORY_KEYS[label])
        response = menu.press(label)
        if response.back:
            self.close()
            return RoomStep(speech=m.tr("online.nothing.done"))
        chosen = response.activated
        if chosen is None:
            return RoomStep(speech=response.speech, cue=response.cue)
        if self.asking is Asking.BOT:
            self.close()
            return RoomStep(cue=response.cue, send=("add_bot", {"level": chosen}))
        if self.asking is Asking.WHOM:
            self.whom = chosen
            items = [ActionItem(str(KICK_MINUTES), m.ntr("online.kick.minutes", KICK_MINUTES)),
                     ActionItem(FOR_LIFE, m.tr("online.kick.life"))]
            self.menu, self.asking = Menu(m.tr("online.kick.length"), items, m), Asking.HOW_LONG
            return RoomStep(speech=self.menu.opening(), cue=response.cue)
        whom = self.whom
        self.close()
        minutes: Mapping[str, Any] = {} if chosen == FOR_LIFE else {"minutes": int(chosen)}
        return RoomStep(cue=response.cue, send=("kick", {"name": whom, **minutes}))

    def _type(self, label: str) -> RoomStep:
        """A key in the chat line: Enter sends it, Escape (or Enter on nothing) goes back."""
        field = self.field
        assert field is not None
        if label in TEXT_HISTORY_KEYS:
            return RoomStep(review=TEXT_HISTORY_KEYS[label])
        typed = field.press(label)
        if typed.cancelled or (typed.accepted is not None and not typed.accepted.strip()):
            self.close()
            return RoomStep(speech=self.m.tr("online.chat.unsent"))
        if typed.accepted is not None:
            self.close()
            return RoomStep(cue=SELECT_CUE, send=("chat", {"text": typed.accepted}))
        return RoomStep(echo=typed.speech)
