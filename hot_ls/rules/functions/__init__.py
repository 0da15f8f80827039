"""Rules: functions."""
