"""Slapjack's rules, as a pure engine: commands and game time in, events out."""
