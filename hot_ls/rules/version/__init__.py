"""Rules: version."""
