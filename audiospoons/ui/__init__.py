"""What the player meets at the keyboard: spoken menus, the options and settings screens, the
local game session, help."""
