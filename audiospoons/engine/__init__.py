"""The kernel every game's rules share, pure and naming no game: cards, the command and event
bases, errors, option specs and the rules a host drives."""
