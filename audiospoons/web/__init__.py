"""The game in a browser: the page is an audio terminal (keys in; speech lines and cues out) over
a WebSocket, driven by the same menus, seats and presentation as the terminal."""
