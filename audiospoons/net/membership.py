"""What a relay asks of its place in a cluster: the few points where a room process
(``cluster.member.RoomProcess``) acts otherwise than a lone relay, which is ``Alone``."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from audiospoons.net.link import Client


class Membership(Protocol):
    @property
    def keeps_lobby(self) -> bool:
        """Whether the lobby is here: a room process's players go back to the front's."""

    def refuses_greeting(self, client: Client) -> bool:
        """Whether a greeting with no ticket is refused here (the refusal is sent)."""

    def ticket_allows(self, client: Client, kind: str, body: dict[str, Any]) -> bool:
        """Whether what ``client`` asks is allowed by the ticket it came with, where tickets
        decide (or the refusal is sent)."""

    def to_lobby(self, client: Client) -> bool:
        """Whether ``client``, asking for the lobby, was sent to one elsewhere."""

    def room_number(self, free: int) -> int | None:
        """The number of a new room (``free`` is the lowest this relay has not used); None
        while there is none to give."""

    def rooms_changed(self, listed: list[dict[str, Any]], gone: list[int]) -> None:
        """Rooms that opened or changed (their summaries), and rooms that closed."""


class Alone:
    """A lone relay's place: the lobby here, every greeting taken, rooms numbered in turn."""

    keeps_lobby = True

    def refuses_greeting(self, client: Client) -> bool:
        return False

    def ticket_allows(self, client: Client, kind: str, body: dict[str, Any]) -> bool:
        return True

    def to_lobby(self, client: Client) -> bool:
        return False

    def room_number(self, free: int) -> int | None:
        return free

    def rooms_changed(self, listed: list[dict[str, Any]], gone: list[int]) -> None:
        """Nobody else to tell."""
