"""Unicode's confusables (UTS #39, Unicode Security Mechanisms, section 4): which characters
look like which, and the skeleton of a text.

The data is Unicode's own ``confusables.txt`` (version 17.0.0), shipped unchanged beside this
module and read once, the first time a skeleton is asked for. Each of its lines maps one
character to the prototype it can be mistaken for (Cyrillic small a, U+0430, to Latin ``a``,
the digit ``0`` to ``O``); two texts whose skeletons are equal look alike.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Mapping
from functools import cache

DATA = "confusables.txt"
"""Unicode's file, in this package."""


def parse(lines: Iterable[str]) -> dict[str, str]:
    """The mappings of a ``confusables.txt``'s lines: ``source ; target ; type # comment``,
    code points in hexadecimal, the target one or more of them."""
    table: dict[str, str] = {}
    for line in lines:
        data = line.split("#", 1)[0].strip().lstrip("\ufeff")
        if not data:
            continue
        source, target = (field.strip() for field in data.split(";")[:2])
        table[chr(int(source, 16))] = "".join(chr(int(code, 16)) for code in target.split())
    return table


@cache
def prototypes() -> Mapping[str, str]:
    """Every character that looks like another, mapped to the prototype it is read as. The
    file is read line by line: the whole of it at once would cost the relay several times
    the table it keeps."""
    from importlib.resources import files  # loaded here: with the first name, as the table

    with (files("audiospoons.net") / DATA).open(encoding="utf-8-sig") as data:
        return parse(data)


def skeleton(text: str) -> str:
    """UTS #39's skeleton: the text in NFD, each character replaced by its prototype, then NFD
    again. Case is kept: ``I`` and ``l`` share a skeleton, ``i`` and ``I`` do not."""
    table = prototypes()
    mapped = "".join(table.get(char, char) for char in unicodedata.normalize("NFD", text))
    return unicodedata.normalize("NFD", mapped)
