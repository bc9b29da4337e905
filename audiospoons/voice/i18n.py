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

from babel import Locale
from babel.lists import format_list
from babel.messages.catalog import Message
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from audiospoons.voice.languages import DEFAULT_LANGUAGE, available_languages, catalog_text


class UnknownLanguage(ValueError):
    """No catalog for the language asked for."""


def locale_tag(tag: str) -> str:
    """A locale tag as the catalogs are named: 'pt-br.UTF-8' is 'pt_BR', 'es@valencia' is
    'es'."""
    parts = tag.split("@")[0].split(".")[0].replace("-", "_").split("_")
    language = parts[0].lower()
    return f"{language}_{parts[1].upper()}" if len(parts) > 1 and parts[1] else language


def language_of(tag: str) -> str:
    """A locale tag's language: 'es_MX.UTF-8', 'es-MX' and 'es@valencia' are 'es'."""
    return locale_tag(tag).split("_")[0]


def catalog_for(tag: str, languages: Sequence[str] | None = None) -> str | None:
    """The catalog that speaks ``tag``'s language: the one of its region if there is one
    ('pt_BR'), else the language's own ('es' for 'es_MX'), else another region's ('pt_BR' for
    'pt_PT' or 'pt'); None if there is none."""
    found = available_languages() if languages is None else languages
    wanted = locale_tag(tag)
    if wanted in found:
        return wanted
    language = language_of(wanted)
    if language in found:
        return language
    return next((lang for lang in found if language_of(lang) == language), None)


def system_languages(environ: Mapping[str, str] | None = None) -> list[str]:
    """The locale tags the system asks for, first choice first: the usual variables (LANGUAGE
    may list several), then the C library's locale."""
    env = os.environ if environ is None else environ
    found: list[str] = []
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(variable, "")
        if variable != "LANGUAGE" and value:
            # The first of LC_ALL, LC_MESSAGES and LANG that is set decides; C means English.
            if language_of(value) not in ("c", "posix"):
                found.append(locale_tag(value))
            return found
        for tag in value.split(":"):
            if tag and language_of(tag) not in ("c", "posix"):
                found.append(locale_tag(tag))
    if environ is None:
        system_tag = locale.getlocale()[0]
        if system_tag:
            found.append(locale_tag(system_tag))
    return found


def choose_language(requested: str | None, environ: Mapping[str, str] | None = None) -> str:
    """``--lang`` if given (a catalog must speak it), else the first of the system's languages
    that one speaks, else English."""
    if requested is not None:
        lang = catalog_for(requested)
        if lang is None:
            raise UnknownLanguage(f"no messages in language {requested!r};"
                                  f" there are {', '.join(available_languages())}")
        return lang
    for tag in system_languages(environ):
        if (lang := catalog_for(tag)) is not None:
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


def _translated(message: Message) -> bool:
    value = message.string
    forms = list(value) if isinstance(value, list | tuple) else [value]
    return not message.fuzzy and all(form and form.strip() for form in forms)


@cache
def translated_share(lang: str) -> float:
    """How much of English ``lang``'s catalog translates, from 0 to 1: a catalog may land
    before it is finished, each message it lacks said in English."""
    english = read_po(io.BytesIO(catalog_text(DEFAULT_LANGUAGE)))
    catalog = read_po(io.BytesIO(catalog_text(lang)))
    wanted = [message.id for message in english if message.id]
    done = sum(1 for msgid in wanted
               if (mine := catalog.get(msgid)) is not None and _translated(mine))
    return done / len(wanted) if wanted else 1.0


@cache
def messages(lang: str = DEFAULT_LANGUAGE) -> Messages:
    """The messages of ``lang``; a message it lacks falls back to the English one."""
    if lang not in available_languages():
        raise UnknownLanguage(f"no messages in language {lang!r}")
    translations = compile_catalog(catalog_text(lang))
    if lang != DEFAULT_LANGUAGE:
        translations.add_fallback(compile_catalog(catalog_text(DEFAULT_LANGUAGE)))
    return Messages(lang, translations)
