"""Rules: references."""
