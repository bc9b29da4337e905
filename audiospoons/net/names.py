"""Player names and chat from the network, made safe to show and to speak: pure.

A name is normalised (NFKC), trimmed, refused if it holds a control or format character (they
can reorder or hide text, or reach a speech engine as markup), and kept to ``NAME_LENGTH``
characters. Two names are the same when they sound the same: ``spoken_form`` ignores case,
spaces and punctuation. Chat drops such characters rather than refusing the line.
"""

from __future__ import annotations

import unicodedata

NAME_LENGTH = 20
CHAT_LENGTH = 300


class BadText(ValueError):
    """A name that cannot be used, with the reason."""


def _hidden(char: str) -> bool:
    return unicodedata.category(char).startswith("C")


def clean_name(raw: str) -> str:
    name = " ".join(unicodedata.normalize("NFKC", raw).split())
    if not name:
        raise BadText("a name needs a letter or a digit")
    if any(_hidden(char) for char in name):
        raise BadText("a name may not hold control or format characters")
    if len(name) > NAME_LENGTH:
        raise BadText(f"a name has at most {NAME_LENGTH} characters")
    if not spoken_form(name):
        raise BadText("a name needs a letter or a digit")
    return name


def spoken_form(name: str) -> str:
    """What a name sounds like: its letters and digits, case folded."""
    return "".join(char for char in unicodedata.normalize("NFKC", name).casefold()
                   if char.isalnum())


def clean_chat(raw: str) -> str:
    text = unicodedata.normalize("NFKC", raw)
    text = " ".join("".join(" " if _hidden(char) else char for char in text).split())
    return text[:CHAT_LENGTH]
