"""The rules of Spoons, pure: no I/O, no clock, no global randomness."""
