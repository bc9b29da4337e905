"""Classic Spoons, with every variant of the seeds."""
