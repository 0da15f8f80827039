"""Rules: environment."""
