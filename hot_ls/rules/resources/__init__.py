"""Rules: resource types, properties and attributes against the resource catalog."""
