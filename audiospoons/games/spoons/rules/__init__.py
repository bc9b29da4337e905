"""The rules of classic Spoons, pure: no I/O, no clock, no global randomness."""
