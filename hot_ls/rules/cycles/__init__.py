"""Rules: cycles."""
