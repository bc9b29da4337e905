"""Players that need no keyboard."""
