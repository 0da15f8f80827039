"""Rules that report what evaluating the template proves: Heat's parse, validate and resolve failures."""
