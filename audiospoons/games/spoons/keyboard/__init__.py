"""The classic game at the keyboard: how it is said, heard and played."""
