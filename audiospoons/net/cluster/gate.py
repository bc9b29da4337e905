"""A process's gate for tickets (``tickets``): it writes the tickets that send players on, and
takes a ticket in only if it is this cluster's, still good, meant for this process, shown from
the address group it was given at, and not used before (the directory marks it used, at once
and for every process: a second use anywhere is refused). Each refusal has a code of its own
(docs/protocol.md)."""

from __future__ import annotations

import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from audiospoons.net.cluster import DirectoryDown
from audiospoons.net.cluster.tickets import TICKET_LIFE, BadTicket, Ticket, sign, verify

if TYPE_CHECKING:
    from audiospoons.net.cluster.directory import Directory

USED_FOR = TICKET_LIFE + 60.0
"""Seconds a used ticket's id is kept: past its life, with a margin for clocks that differ
between hosts."""


class TicketRefused(Exception):
    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


@dataclass(slots=True)
class TicketGate:
    key: bytes
    directory: Directory
    place: str
    """This process, as tickets name it: a room process's id, or the front's address."""
    wall: Callable[[], float] = time.time

    def issue(self, name: str, account: int | None, group: str, front: str, place: str,
              request: str, room: int | None = None) -> str:
        """A signed ticket for a player to use once at ``place``, for ``request``."""
        return sign(Ticket(name, account, group, front, self.wall() + TICKET_LIFE,
                           secrets.token_hex(16), place, request, room), self.key)

    async def admit(self, text: str, group: str) -> Ticket:
        """The ticket ``text`` is, shown from ``group``, if this process may take it; it is
        used from then on. Else ``TicketRefused``."""
        try:
            ticket = verify(text, self.key, self.wall())
        except BadTicket as error:
            raise TicketRefused("bad-ticket", str(error)) from None
        if ticket.place != self.place:
            raise TicketRefused("ticket-elsewhere", "that ticket is for another server of"
                                " this relay: go through its front again")
        if ticket.group != group:
            raise TicketRefused("ticket-address", "that ticket was given to another address:"
                                " go through the relay's front again")
        try:
            fresh = await self.directory.use_ticket(ticket.id, USED_FOR)
        except DirectoryDown:
            raise TicketRefused("directory-down", "the relay cannot check tickets just now:"
                                " try again in a moment") from None
        if not fresh:
            raise TicketRefused("ticket-used", "that ticket has been used: go through the"
                                " relay's front again")
        return ticket
