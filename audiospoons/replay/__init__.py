"""Scenario files and their transcripts."""
