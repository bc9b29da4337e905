"""Razz Spoons: cards played in turn to a pile, a phrase spelt out, and the spoons at the end."""
