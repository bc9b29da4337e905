"""What players hear: words for events."""
