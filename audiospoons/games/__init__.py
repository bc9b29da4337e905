"""The games audiospoons plays, each described by one ``RulesSpec`` and found by its name in
``audiospoons.games.registry``: the hosts, the relay, replay, simulation and the menus ask the
registry for a game and never import one."""
