"""Translated messages: gettext catalogs read straight from their ``.po`` files, and Babel for
the parts of grammar that differ by language (lists of names).

Messages are looked up by id ("spoon.grabbed.other") and filled in with ``str.format`` fields
("{name}"). Ids rather than English sentences keep the English a translation like any other, so
that a catalog that failed to load shows at once. A catalog is compiled in memory when first
used, so installing needs no compile step.
"""

from __future__ import annotations

import gettext
import io
import locale
import os
from collections.abc import Mapping, Sequence
from functools import cache
from importlib.resources import files

from babel import Locale
from babel.lists import format_list
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

DEFAULT_LANGUAGE = "en"
DOMAIN = "audiospoons"


class UnknownLanguage(ValueError):
    """No catalog for the language asked for."""


def catalog_text(lang: str) -> bytes:
    """The ``.po`` file of ``lang`` as installed with the package."""
    path = files("audiospoons.locales") / lang / "LC_MESSAGES" / f"{DOMAIN}.po"
    return path.read_bytes()


def available_languages() -> tuple[str, ...]:
    """Every language with a catalog, English first."""
    root = files("audiospoons.locales")
    found = sorted(entry.name for entry in root.iterdir()
                   if (entry / "LC_MESSAGES" / f"{DOMAIN}.po").is_file())
    return tuple(sorted(found, key=lambda lang: lang != DEFAULT_LANGUAGE))


def language_of(tag: str) -> str:
    """The catalog language for a locale tag: 'es_MX.UTF-8', 'es-MX' and 'es@valencia' are
    'es'."""
    return tag.split("@")[0].split(".")[0].replace("-", "_").split("_")[0].lower()


def system_languages(environ: Mapping[str, str] | None = None) -> list[str]:
    """The languages the system asks for, first choice first: the usual variables (LANGUAGE
    may list several), then the C library's locale."""
    env = os.environ if environ is None else environ
    found: list[str] = []
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(variable, "")
        if variable != "LANGUAGE" and value:
            # The first of LC_ALL, LC_MESSAGES and LANG that is set decides; C means English.
            if language_of(value) not in ("c", "posix"):
                found.append(language_of(value))
            return found
        for tag in value.split(":"):
            if tag and language_of(tag) not in ("c", "posix"):
                found.append(language_of(tag))
    if environ is None:
        system_tag = locale.getlocale()[0]
        if system_tag:
            found.append(language_of(system_tag))
    return found


def choose_language(requested: str | None, environ: Mapping[str, str] | None = None) -> str:
    """``--lang`` if given (it must have a catalog), else the system's first language that has
    one, else English."""
    languages = available_languages()
    if requested is not None:
        lang = language_of(requested)
        if lang not in languages:
            raise UnknownLanguage(f"no messages in language {requested!r};"
                                  f" there are {', '.join(languages)}")
        return lang
    for lang in system_languages(environ):
        if lang in languages:
            return lang
    return DEFAULT_LANGUAGE


class Messages:
    """One language's messages: ``tr`` for a message, ``ntr`` for one that depends on a count,
    ``join`` for a list of names."""

    def __init__(self, lang: str, translations: gettext.NullTranslations) -> None:
        self.lang = lang
        self.locale = Locale.parse(lang)
        self._translations = translations

    def tr(self, msgid: str, **fields: object) -> str:
        return self._translations.gettext(msgid).format(**fields)

    def ntr(self, msgid: str, count: int, **fields: object) -> str:
        """The form of ``msgid`` for ``count`` by the language's plural rule; ``{count}`` is
        filled in with the count."""
        return self._translations.ngettext(msgid, msgid, count).format(count=count, **fields)

    def join(self, items: Sequence[str]) -> str:
        """'Britany, Henry, and Debra' in English, 'Britany, Henry y Debra' in Spanish."""
        return format_list(list(items), locale=self.locale)


def compile_catalog(po_text: bytes) -> gettext.GNUTranslations:
    """A ``.po`` file's messages, compiled in memory (fuzzy entries are left out)."""
    catalog = read_po(io.BytesIO(po_text))
    binary = io.BytesIO()
    write_mo(binary, catalog)
    binary.seek(0)
    return gettext.GNUTranslations(binary)


@cache
def messages(lang: str = DEFAULT_LANGUAGE) -> Messages:
    """The messages of ``lang``; a message it lacks falls back to the English one."""
    if lang not in available_languages():
        raise UnknownLanguage(f"no messages in language {lang!r}")
    translations = compile_catalog(catalog_text(lang))
    if lang != DEFAULT_LANGUAGE:
        translations.add_fallback(compile_catalog(catalog_text(DEFAULT_LANGUAGE)))
    return Messages(lang, translations)
