"""Every catalog is complete and consistent with the English one, and the code asks only for
messages that exist."""

from __future__ import annotations

import io
import re
import string
import sys
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po

from audiospoons.engine.cards import RANKS, SUITS, Card
from audiospoons.voice.cardnames import card_name, rank_count, the_card
from audiospoons.voice.i18n import messages, translated_share
from audiospoons.voice.languages import available_languages, catalog_text

PACKAGE = Path(__file__).resolve().parent.parent / "audiospoons"
sys.path.insert(0, str(PACKAGE.parent / "scripts"))
import catalogs  # noqa: E402  (the translators' tool, beside the package)

ID_PATTERN = re.compile(r'"([a-z0-9]+(?:\.[a-z0-9-]+)+)"')
CALL_PATTERN = re.compile(r'\bn?tr\(\s*"([a-z0-9]+(?:\.[a-z0-9-]+)+)"')
ID_TABLES = (
    "games/spoons/keyboard/announcer.py", "voice/cardnames.py", "games/spoons/keyboard/refusals.py",
    "games/spoons/keyboard/demo.py", "ui/keynames.py", "ui/gamekeys.py",
    "games/spoons/keyboard/spoonnames.py", "games/spoons/keyboard/keys.py",
    "games/spoons/keyboard/presetnames.py", "voice/relaywords.py",
    "ui/keyboardhalf.py", "games/razz/keyboard/keys.py",
    "games/slapjack/keyboard/keys.py", "games/slapjack/keyboard/seatkeys.py", "app/records.py",
    "app/roomkeys.py", "app/onlinemenu.py",
    "app/online.py", "app/speechchoices.py", "web/pagespeech.py",
    *(path.relative_to(PACKAGE).as_posix()
      for path in PACKAGE.glob("games/*/keyboard/rulestext.py")),
    *(path.relative_to(PACKAGE).as_posix()
      for path in PACKAGE.glob("games/*/keyboard/side.py")),
)
"""Modules that keep message ids in tables as well as in ``tr`` calls: every id-shaped string in
them is a message id."""


def load(lang: str) -> Catalog:
    return read_po(io.BytesIO(catalog_text(lang)))


def forms(catalog: Catalog, msgid: str) -> list[str]:
    message = catalog[msgid]
    assert message is not None
    value = message.string
    assert value is not None
    return list(value) if isinstance(value, tuple | list) else [value]


def placeholders(text: str) -> set[str]:
    return {field for _, field, _, _ in string.Formatter().parse(text) if field}


def ids(catalog: Catalog) -> set[str]:
    return {str(message.id if isinstance(message.id, str) else message.id[0])
            for message in catalog if message.id}


def test_there_are_english_and_spanish_catalogs() -> None:
    assert available_languages()[:1] == ("en",)
    assert "es" in available_languages()


@pytest.mark.parametrize("lang", available_languages())
def test_every_catalog_has_every_english_message_and_each_translation_fits_it(lang: str) -> None:
    """A catalog may leave a message untranslated (it is said in English, and Settings says
    how much is translated), but every translation has the English message's fields and the
    language's number of plural forms."""
    english, catalog = load("en"), load(lang)
    assert ids(catalog) == ids(english)
    nplurals = catalog.num_plurals
    assert nplurals == int(re.search(r"nplurals=(\d+)", catalog.plural_forms).group(1))  # type: ignore[union-attr]
    for message in catalog:
        if not message.id:
            continue
        msgid = message.id if isinstance(message.id, str) else message.id[0]
        values = forms(catalog, msgid)
        if message.fuzzy or not all(value.strip() for value in values):
            continue
        english_fields = set().union(*(placeholders(v) for v in forms(english, msgid)))
        if message.pluralizable:
            assert len(values) == nplurals, f"{lang} {msgid} has {len(values)} forms"
        fields = [placeholders(value) for value in values]
        assert set().union(*fields) == english_fields, f"{lang} {msgid} placeholders"
        assert all(f <= english_fields for f in fields)


UNFINISHED: frozenset[str] = frozenset()
"""Languages that have landed before they are finished (Settings says how much of each is
translated; what is not is said in English)."""


@pytest.mark.parametrize("lang", available_languages())
def test_every_language_but_those_landed_unfinished_is_whole(lang: str) -> None:
    assert (translated_share(lang) == 1.0) is (lang not in UNFINISHED)


def test_the_template_and_every_catalog_are_up_to_date_with_the_code() -> None:
    """``scripts/catalogs.py update`` has been run since a message changed: the template is what
    it makes of the code and the English catalog, and updating a catalog changes nothing."""
    assert catalogs.TEMPLATE.read_bytes() == catalogs.template_text(), (
        "run: python scripts/catalogs.py update")
    pot = catalogs.template()
    for lang in catalogs.languages():
        assert catalog_text(lang) == catalogs.updated(lang, pot), (
            f"{lang}: run python scripts/catalogs.py update")


def test_the_template_says_where_each_message_is_said_and_what_fills_it() -> None:
    pot = read_po(io.BytesIO(catalogs.TEMPLATE.read_bytes()))
    message = pot["hand.passed.other"]
    assert message is not None and message.pluralizable
    assert message.auto_comments == [
        "English: {name}'s {count} card passes to {to}. / {name}'s {count} cards pass to {to}.",
        "Where: the table of the classic game.", "{name}: a player's name",
        "{count}: a number", "{to}: the name of the player a card or cards go to"]
    assert ("audiospoons/games/spoons/keyboard/announcer.py", None) in message.locations
    assert all(message.locations for message in pot if message.id)


def test_the_code_asks_only_for_messages_in_the_catalog_and_uses_them_all() -> None:
    english = ids(load("en"))
    asked: set[str] = set()
    for path in PACKAGE.rglob("*.py"):
        source = path.read_text(encoding="utf-8")
        asked |= set(CALL_PATTERN.findall(source))
        if path.relative_to(PACKAGE).as_posix() in ID_TABLES:
            asked |= {found for found in ID_PATTERN.findall(source)
                      if not found.startswith("audiospoons.")}  # a module's name
    assert asked - english == set()
    card_ids = {i for i in english if i.split(".")[0] in ("card", "rank", "suit", "number")}
    assert english - asked - card_ids == set()


@pytest.mark.parametrize("lang", available_languages())
def test_every_card_and_set_has_words_in_every_language(lang: str) -> None:
    m = messages(lang)
    for rank in RANKS:
        for suit in SUITS:
            for text in (card_name(m, Card(rank, suit)), the_card(m, Card(rank, suit))):
                assert "{" not in text and not re.search(r"\b(card|suit)\.", text), text
        for count in (1, 3, 4, 5):
            text = rank_count(m, rank, count)
            assert not re.search(r"\b(rank|number)\.", text), text


def test_a_catalog_is_read_from_its_po_file_not_from_the_message_ids() -> None:
    assert messages("en").tr("spoon.grabbed.other", name="Chris") == "Chris grabbed a spoon!"
    assert messages("es").tr("spoon.grabbed.other", name="Chris") == "¡Chris agarró una cuchara!"


def test_counts_take_the_languages_plural_forms() -> None:
    en, es = messages("en"), messages("es")
    assert en.ntr("spoons.on.table", 1) == "1 spoon on the table."
    assert en.ntr("spoons.on.table", 3) == "3 spoons on the table."
    assert es.ntr("spoons.on.table", 1) == "Hay 1 cuchara en la mesa."
    assert es.ntr("spoons.on.table", 0) == "Hay 0 cucharas en la mesa."


def test_lists_of_names_follow_the_language() -> None:
    names = ["Britany", "Henry", "Debra"]
    assert messages("en").join(names) == "Britany, Henry, and Debra"
    assert messages("es").join(names) == "Britany, Henry y Debra"
    assert messages("en").join(names[:2]) == "Britany and Henry"
    assert messages("es").join(names[:1]) == "Britany"
