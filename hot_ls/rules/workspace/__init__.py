"""Rules about a template among its files: environments, provider templates, get_file."""
