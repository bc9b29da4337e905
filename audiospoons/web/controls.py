"""The keys to touch, sent to the page whenever they change: the page draws each as a button
that presses its key."""

from __future__ import annotations

from collections.abc import Sequence

from audiospoons.ui.controls import Control
from audiospoons.web.terminal import Outbox

MOST_CONTROLS = 48
"""More than any game's key table: a page is never sent an endless panel."""
LONGEST_NAME = 80
"""Characters of a control's name the page is sent; F1's names are far shorter."""


def controls_message(controls: Sequence[Control]) -> dict[str, object]:
    """The page's message for ``controls``, bounded in number and length."""
    return {"type": "controls", "controls": [
        {"label": control.label, "name": control.name[:LONGEST_NAME], "row": control.row.value}
        for control in controls[:MOST_CONTROLS]]}


class TouchPanel:
    """The page's panel of keys to touch: sent only when what is offered changes."""

    def __init__(self, outbox: Outbox) -> None:
        self.outbox = outbox
        self._shown: tuple[Control, ...] | None = None

    def offer(self, controls: Sequence[Control]) -> None:
        offered = tuple(controls)
        if offered != self._shown:
            self._shown = offered
            self.outbox.send(controls_message(offered))
