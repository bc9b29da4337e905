"""The program a player meets: its screens and menus, the settings, the session against bots and
online, composed from every game's keyboard half and the shared toolkit in ``ui``."""
