"""Rules: structure."""
