"""The translators' tools: the template of every message, and every catalog brought up to it.

    python scripts/catalogs.py extract   # writes locales/audiospoons.pot from the code
    python scripts/catalogs.py update    # extract, then update every catalog from the template
    python scripts/catalogs.py status    # how much of each catalog is translated

The template holds each message the game says: its id, its English (from the English catalog,
which is the reference), where it is said, what each ``{placeholder}`` holds, and the modules
that ask for it (without line numbers, so that the template changes only when a message does).
Babel's extractor finds the ``tr``/``ntr`` calls; ids kept in tables, and the card names built
from a rank or suit, are found by their shape in the modules that keep them. Updating a catalog
keeps its translations, adds a new message untranslated (the game says it in English until it
is translated) and drops one the code no longer asks for.
"""

from __future__ import annotations

import argparse
import io
import logging
import re
import string
import sys
from collections.abc import Iterable
from importlib import metadata
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "audiospoons"
LOCALES = ROOT / "locales"
TEMPLATE = LOCALES / "audiospoons.pot"
DOMAIN = "audiospoons"
ENGLISH = "en"
ID_SHAPE = re.compile(r'"([a-z0-9]+(?:\.[a-z0-9-]+)+)"')
BUILT = re.compile(r'f"((?:card|rank|suit|number)\.[^"]*)"')
"""Ids built in an f-string (``f"card.{rank}"``): found by their fixed start."""

PLACEHOLDERS = {
    "name": "a player's name",
    "names": "players' names, already joined into a list ('Ann, Bob and Cat')",
    "others": "other players' names, already joined into a list",
    "players": "the players' names joined into a list, or a number of players",
    "target": "the name of the player aimed at",
    "to": "the name of the player a card or cards go to",
    "count": "a number",
    "number": "a number in words ('four'), or a room's number",
    "card": "a card's name ('queen of hearts' or 'the queen of hearts')",
    "cards": "cards' names, already joined into a list",
    "suit": "a suit's name ('hearts')",
    "first": "a suit's name, the first of a card's two suits",
    "second": "a suit's name, the second of a card's two suits",
    "spoon": "a spoon's number or colour, as said",
    "key": "a key's name ('Space')",
    "keys": "keys' names, already joined into a list",
    "action": "what a key does ('Grab a spoon')",
    "round": "the round's number",
    "letter": "one letter of the word a player is spelling",
    "letters": "the letters a player has so far",
    "tally": "players' names with their points, already joined into a list",
    "totals": "players' names with their points, already joined into a list",
    "points": "players' names with their points, already joined into a list",
    "value": "a number or a word that goes with a name in a list",
    "reason": "a sentence saying why",
    "position": "a number: the place of an item in a list",
    "label": "an item's name",
    "host": "a relay's address",
    "port": "a port number",
    "phrase": "the Razzing Phrase the dealer chose",
    "held": "a number of cards held",
    "fault": "a phrase naming a mistake ('for not saying the phrase')",
    "text": "what a player typed",
    "ms": "a number of milliseconds",
    "seconds": "a length of time with its unit, as said ('3 seconds')",
    "percent": "a number of percent",
    "rate": "words a minute, as a number",
    "family": "a game and its preset, as said ('Spoons, classic')",
    "game": "a game's name ('Razz Spoons')",
    "preset": "a preset's name ('classic'), or 'custom'",
    "rating": "a player's rating, a number ('1043')",
    "place": "a number: a player's place on a leaderboard or in a game",
    "games": "a number of games, already in words ('3 games')",
    "when": "a date and time, as the language writes it",
    "seat": "a seat at the table as said ('Ann, host')",
    "seats": "the seats at the table as said, each set off from the next ('Ann, host; Bob')",
    "change": "a sentence saying a rating and how it changed ('Rating 1043, up 43.')",
    "character": "a character as said ('b', 'dot', 'star' for one of a password's)",
    "time": "a length of time, already in words ('3 seconds')",
    "word": "the word whose letters a player collects ('SPOONS')",
}
"""What each placeholder holds, for the translator."""

WHERE = (
    ("razz.", "Razz Spoons"),
    ("slapjack.", "Slapjack"),
    ("card.", "a card's name, inside other lines"),
    ("rank.", "a count of cards of one rank, inside other lines"),
    ("suit.", "a suit's name, inside other lines"),
    ("number.", "a number in words, inside other lines"),
    ("menu.", "a menu"),
    ("option.", "the options menu, or an option's value refused"),
    ("keys.", "the keys settings"),
    ("keyname.", "a key's name, inside other lines"),
    ("online.", "online play"),
    ("web.", "the web page"),
    ("refused.", "a key at the table refused"),
    ("demo.", "the demonstration round"),
    ("help.", "help (F1)"),
    ("rules.", "the rules of a game, read a line at a time (Shift+F1 at the table, How to play)"),
    ("preset.", "a preset's name or description, in the options menu"),
)
"""Where a message is said, by the start of its id."""


HEADER = """\
# Every message audiospoons says, for translators: docs/translating.md says how to use it.
# Made by scripts/catalogs.py from the code and the English catalog; do not edit it by hand."""


def where_said(msgid: str) -> str:
    for prefix, words in WHERE:
        if msgid.startswith(prefix):
            return words
    return "the table of the classic game"


def _python_files() -> list[Path]:
    return sorted(path for path in PACKAGE.rglob("*.py"))


def code_references(known: set[str]) -> dict[str, list[tuple[str, int]]]:
    """Where the code asks for each message id: Babel's extraction of ``tr``/``ntr`` calls,
    then the id-shaped strings of every module for ids kept in tables, and ids built from a
    rank or a suit, by their fixed start."""
    found: dict[str, list[tuple[str, int]]] = {}
    quiet = logging.getLogger("babel")
    level, quiet.level = quiet.level, logging.ERROR
    stderr, sys.stderr = sys.stderr, io.StringIO()  # the extractor warns of every f-string
    try:
        for filename, line, message, _, _ in extract_from_dir(
                str(PACKAGE), method_map=[("**.py", "python")],
                keywords={"tr": None, "ntr": (1,)}):
            msgid = message if isinstance(message, str) else message[0]
            found.setdefault(msgid, []).append((f"audiospoons/{filename}", line))
    finally:
        sys.stderr, quiet.level = stderr, level
    for path in _python_files():
        relative = path.relative_to(ROOT).as_posix()
        for number, text in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            for msgid in ID_SHAPE.findall(text):
                if msgid in known and (relative, number) not in found.get(msgid, []):
                    found.setdefault(msgid, []).append((relative, number))
            for start in BUILT.findall(text):
                fixed = start.split("{", 1)[0]
                for msgid in known:
                    if msgid.startswith(fixed) and not found.get(msgid):
                        found.setdefault(msgid, []).append((relative, number))
    return found


def _forms(message: Message) -> list[str]:
    value = message.string
    # a message made without a translation (None) is as untranslated as an empty one
    return list(value) if isinstance(value, list | tuple) else [value or ""]


def _fields(texts: Iterable[str]) -> list[str]:
    names: list[str] = []
    for text in texts:
        for _, field, _, _ in string.Formatter().parse(text):
            if field and field not in names:
                names.append(field)
    return names


def english_catalog() -> Catalog:
    with (LOCALES / ENGLISH / "LC_MESSAGES" / f"{DOMAIN}.po").open("rb") as file:
        return read_po(file)


def template() -> Catalog:
    """Every message of the English catalog, with its English, where it is said, what its
    placeholders hold, and where the code asks for it."""
    english = english_catalog()
    ids = {message.id if isinstance(message.id, str) else message.id[0]
           for message in english if message.id}
    references = code_references(ids)
    pot = Catalog(project=DOMAIN, version=metadata.version(DOMAIN), fuzzy=False,
                  copyright_holder="the audiospoons authors", header_comment=HEADER)
    for message in english:
        if not message.id:
            continue
        msgid = message.id if isinstance(message.id, str) else message.id[0]
        forms = _forms(message)
        comments = [f"English: {' / '.join(forms)}", f"Where: {where_said(msgid)}."]
        comments += [f"{{{name}}}: {PLACEHOLDERS.get(name, 'filled in by the game')}"
                     for name in _fields(forms)]
        pot.add(message.id, "" if isinstance(message.id, str) else ("", ""),
                locations=sorted(references.get(msgid, [])), auto_comments=comments)
    return pot


def template_text() -> bytes:
    out = io.BytesIO()
    write_po(out, template(), width=100, omit_header=False, sort_output=False,
             include_lineno=False)
    return _without_dates(out.getvalue())


def _without_dates(text: bytes) -> bytes:
    """The template without its creation date, so that it changes only when a message does."""
    return re.sub(rb'"POT-Creation-Date: [^"]*\\n"\n', b"", text)


def languages() -> list[str]:
    return sorted(entry.name for entry in LOCALES.iterdir()
                  if (entry / "LC_MESSAGES" / f"{DOMAIN}.po").is_file())


def updated(lang: str, pot: Catalog) -> bytes:
    """``lang``'s catalog brought up to ``pot``: its translations kept, the template's comments
    and references taken, new messages untranslated, gone ones dropped. English's own text is
    its translation, so it is only given the comments."""
    path = LOCALES / lang / "LC_MESSAGES" / f"{DOMAIN}.po"
    with path.open("rb") as file:
        catalog = read_po(file, locale=lang.replace("-", "_"))
    catalog.update(pot, no_fuzzy_matching=True)
    out = io.BytesIO()
    write_po(out, catalog, width=100, ignore_obsolete=True, omit_header=False,
             sort_output=False, include_lineno=False)
    return _without_dates(out.getvalue())


def completeness(lang: str) -> tuple[int, int]:
    """(messages translated, messages in all) of ``lang``'s catalog."""
    english = english_catalog()
    with (LOCALES / lang / "LC_MESSAGES" / f"{DOMAIN}.po").open("rb") as file:
        catalog = read_po(file)
    done = 0
    total = 0
    for message in english:
        if not message.id:
            continue
        total += 1
        mine = catalog.get(message.id)
        if mine is not None and not mine.fuzzy and all(_forms(mine)):
            done += 1
    return done, total


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("command", choices=["extract", "update", "status"])
    args = parser.parse_args(argv)
    if args.command in ("extract", "update"):
        TEMPLATE.write_bytes(template_text())
        print(f"wrote {TEMPLATE.relative_to(ROOT)}")
    if args.command == "update":
        pot = template()
        for lang in languages():
            (LOCALES / lang / "LC_MESSAGES" / f"{DOMAIN}.po").write_bytes(updated(lang, pot))
            print(f"updated {lang}")
    for lang in languages():
        done, total = completeness(lang)
        print(f"{lang}: {done} of {total} messages translated ({100 * done // total}%)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
