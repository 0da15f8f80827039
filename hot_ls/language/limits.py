"""How deeply Heat can parse a template (measured, not generated).

The configured limits (`max_template_size`, `max_resources_per_stack`)
are generated from Heat with the rest of the language facts
(`Language.max_template_size`...); this one is a property of Heat's
recursive parser under Python's default recursion limit.
"""
from __future__ import annotations

#: Heat's template parser recurses once per level of nesting; with Python's
#: default recursion limit it fails between 325 and 330 levels inside a
#: resource's properties (measured with Heat 27.0.1).
MAX_DEPTH = 330
