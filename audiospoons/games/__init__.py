"""The games audiospoons plays, each in two halves: its pure rules, described by a ``RulesSpec``
and found by name in ``games.registry`` (the relay, replay, simulation and the table ask there),
and its keyboard half, a ``KeyboardHalf`` found by name in ``games.keyboards`` (the menus, seats
and listening ask there). No layer imports a game."""
