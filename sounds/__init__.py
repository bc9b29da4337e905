"""The cue sounds, made by scripts/make_sounds.py."""
