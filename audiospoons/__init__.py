"""audiospoons: the card game Spoons, played by ear."""

__version__ = "0.1.0"
