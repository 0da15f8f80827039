"""LSP snippet syntax helpers."""


def escape(text: str) -> str:
    """Text inserted literally inside a snippet: `$`, `}` and `\\` are escaped."""
    return text.replace('\\', '\\\\').replace('$', '\\$').replace('}', '\\}')
