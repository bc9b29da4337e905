"""Razz Spoons (seed 003): a shedding game with card powers, a Razzing Phrase and razzing for
mistakes, as a pure engine with the classic game's conventions."""
