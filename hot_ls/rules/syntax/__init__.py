"""Rules: syntax."""
