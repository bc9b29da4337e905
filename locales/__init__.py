"""Translations: gettext catalogs, read straight from the .po files (no compile step)."""
