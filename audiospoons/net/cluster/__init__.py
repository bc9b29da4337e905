"""Many relay processes as one relay, on Redis (docs/scaling.md): a front that players connect
to, and room processes that each run their own rooms."""
