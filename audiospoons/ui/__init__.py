"""The keyboard's toolkit that every game's keyboard half is built from: spoken menus and their
items, key tables and key names, the loop of a game against bots, a seat at a relay's table, a
spectator's view, and ``KeyboardHalf``, what a game gives the keyboard's side."""
