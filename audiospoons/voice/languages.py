"""Which languages the game speaks: the message catalogs installed with the package, found and
read as files without Babel, so that what only lists the languages (the command line's help)
loads no grammar (``i18n`` reads the catalogs)."""

from __future__ import annotations

from importlib.resources import files
from importlib.resources.abc import Traversable

DEFAULT_LANGUAGE = "en"
DOMAIN = "audiospoons"

locales_root: Traversable | None = None
"""Where the catalogs are: the package's own unless set (tests)."""


def _root() -> Traversable:
    return locales_root if locales_root is not None else files("audiospoons.locales")


def catalog_text(lang: str) -> bytes:
    """The ``.po`` file of ``lang`` as installed with the package."""
    return (_root() / lang / "LC_MESSAGES" / f"{DOMAIN}.po").read_bytes()


def available_languages() -> tuple[str, ...]:
    """Every language with a catalog, English first."""
    root = _root()
    found = sorted(entry.name for entry in root.iterdir()
                   if (entry / "LC_MESSAGES" / f"{DOMAIN}.po").is_file())
    return tuple(sorted(found, key=lambda lang: lang != DEFAULT_LANGUAGE))
