"""Rules: parameters."""
