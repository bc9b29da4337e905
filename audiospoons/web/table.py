"""The state of play, sent to the page whenever it changes: the page draws it large for those
who see it, and hides it from screen readers, which hear the game's lines."""

from __future__ import annotations

from audiospoons.ui.tableview import TableView
from audiospoons.web.terminal import Outbox

MOST_CELLS = 8
"""More than any game shows: a page is never sent an endless table."""
LONGEST_TITLE = 120
LONGEST_NAME = 80
LONGEST_TEXT = 600
"""Characters of each part the page is sent; a hand of ten cards is said in far fewer."""


def table_message(view: TableView) -> dict[str, object]:
    """The page's message for ``view``, bounded in number and length."""
    return {"type": "table", "title": view.title[:LONGEST_TITLE], "cells": [
        {"name": cell.name[:LONGEST_NAME], "text": cell.text[:LONGEST_TEXT]}
        for cell in view.cells[:MOST_CELLS]]}


class PageTable:
    """The page's table: sent only when it changes."""

    def __init__(self, outbox: Outbox) -> None:
        self.outbox = outbox
        self._shown: TableView | None = None

    def show_table(self, view: TableView) -> None:
        if view != self._shown:
            self._shown = view
            self.outbox.send(table_message(view))
