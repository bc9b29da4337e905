"""Choosing the language, and plain text for the speech engines."""

from __future__ import annotations

import pytest

from audiospoons.voice.i18n import UnknownLanguage, choose_language, language_of
from audiospoons.voice.plaintext import NAME_LIMIT, plain_name, plain_text


def test_lang_wins_then_the_system_language_then_english() -> None:
    assert choose_language("es", {"LANG": "en_GB.UTF-8"}) == "es"
    assert choose_language("es-MX", {}) == "es"
    assert choose_language(None, {"LANG": "es_AR.UTF-8"}) == "es"
    assert choose_language(None, {"LANGUAGE": "fr:es", "LANG": "en_US"}) == "es"
    assert choose_language(None, {"LANG": "de_DE.UTF-8"}) == "en"
    assert choose_language(None, {"LC_ALL": "C"}) == "en"
    assert choose_language(None, {"LC_ALL": "C", "LANG": "es_ES.UTF-8"}) == "en"
    assert choose_language(None, {"LANG": "es_ES@valencia"}) == "es"


def test_a_language_without_a_catalog_is_a_clear_error() -> None:
    with pytest.raises(UnknownLanguage, match="'fr'; there are en, es"):
        choose_language("fr", {})


def test_locale_tags_reduce_to_their_language() -> None:
    assert language_of("es_MX.UTF-8") == "es" and language_of("EN-us") == "en"


def test_control_format_and_markup_characters_never_reach_an_engine() -> None:
    assert plain_text("a\x00b\x1b[31mc\u200bd\u202ee") == "ab[31mcde"
    assert plain_text("  line\none\ttwo  ") == "line one two"
    assert plain_text('<voice required="x">hi</voice>') == 'voice required="x" hi /voice'


def test_names_are_capped() -> None:
    assert len(plain_name("x" * 100)) == NAME_LIMIT
    assert plain_name("Chris\u0007") == "Chris"
