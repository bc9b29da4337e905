"""Choosing the language, and plain text for the speech engines."""

from __future__ import annotations

import io
from collections.abc import Iterator
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from audiospoons.app.settingsscreen import language_item
from audiospoons.voice import i18n, languages
from audiospoons.voice.i18n import (
    UnknownLanguage,
    choose_language,
    language_of,
    messages,
    translated_share,
)
from audiospoons.voice.languages import available_languages, catalog_text
from audiospoons.voice.plaintext import NAME_LIMIT, plain_name, plain_text


def test_lang_wins_then_the_system_language_then_english() -> None:
    assert choose_language("es", {"LANG": "en_GB.UTF-8"}) == "es"
    assert choose_language("es-MX", {}) == "es"
    assert choose_language(None, {"LANG": "es_AR.UTF-8"}) == "es"
    assert choose_language(None, {"LANGUAGE": "ja:es", "LANG": "en_US"}) == "es"
    assert choose_language(None, {"LANG": "ja_JP.UTF-8"}) == "en"
    assert choose_language(None, {"LANG": "de_DE.UTF-8"}) == "de"
    assert choose_language(None, {"LC_ALL": "C"}) == "en"
    assert choose_language(None, {"LC_ALL": "C", "LANG": "es_ES.UTF-8"}) == "en"
    assert choose_language(None, {"LANG": "es_ES@valencia"}) == "es"


def test_a_language_without_a_catalog_is_a_clear_error() -> None:
    with pytest.raises(UnknownLanguage, match="'ja'; there are en, de, es, fa, fr, pl, pt_BR, ru"):
        choose_language("ja", {})


def test_a_region_s_catalog_is_chosen_for_its_region_and_for_the_language_s_others() -> None:
    assert choose_language("pt_BR", {}) == "pt_BR"
    assert choose_language("pt-br", {}) == "pt_BR"
    assert choose_language(None, {"LANG": "pt_PT.UTF-8"}) == "pt_BR"
    assert choose_language("pt", {}) == "pt_BR"
    assert choose_language(None, {"LANG": "fr_CA.UTF-8"}) == "fr"


def test_locale_tags_reduce_to_their_language() -> None:
    assert language_of("es_MX.UTF-8") == "es" and language_of("EN-us") == "en"


def test_control_format_and_markup_characters_never_reach_an_engine() -> None:
    assert plain_text("a\x00b\x1b[31mc\u200bd\u202ee") == "ab[31mcde"
    assert plain_text("  line\none\ttwo  ") == "line one two"
    assert plain_text('<voice required="x">hi</voice>') == 'voice required="x" hi /voice'


def test_names_are_capped() -> None:
    assert len(plain_name("x" * 100)) == NAME_LIMIT
    assert plain_name("Chris\u0007") == "Chris"


@pytest.fixture
def a_partial_catalog(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The catalogs as installed, and an Italian one: Spanish's words with one message left
    untranslated, as a new language may land before it is finished."""
    root = tmp_path / "locales"
    for lang in ("en", "es"):
        (root / lang / "LC_MESSAGES").mkdir(parents=True)
        (root / lang / "LC_MESSAGES" / "audiospoons.po").write_bytes(catalog_text(lang))
    italian = catalog_text("es").decode("utf-8").replace(
        'msgstr "Repartes tú."', 'msgstr ""').replace("Language: es", "Language: it")
    (root / "it" / "LC_MESSAGES").mkdir(parents=True)
    (root / "it" / "LC_MESSAGES" / "audiospoons.po").write_text(italian, encoding="utf-8")
    monkeypatch.setattr(languages, "locales_root", root)
    caches = (i18n.messages, i18n.translated_share)
    for cached in caches:
        cached.cache_clear()
    yield
    for cached in caches:
        cached.cache_clear()


def test_a_partial_catalog_says_what_it_lacks_in_english_and_settings_say_so(
        a_partial_catalog: None) -> None:
    assert available_languages() == ("en", "es", "it")
    italian = messages("it")
    assert italian.tr("dealer.you") == "You deal."
    assert italian.tr("dealer.other", name="Bob") == "Reparte Bob."
    assert translated_share("it") == pytest.approx(1 - 1 / len(english_ids()))
    assert language_item("it", messages("en")) == "Italiano, 99 percent translated"
    assert language_item("es", messages("en")) == "Español"
    assert language_item("it", messages("es")) == "Italiano, traducido al 99 por ciento"


def english_ids() -> list[str]:
    catalog = read_po(io.BytesIO(catalog_text("en")))
    return [str(message.id) for message in catalog if message.id]
