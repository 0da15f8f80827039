"""Custom resource plugins, read by static analysis: their code is never imported or run.

Heat loads plugin modules from its `plugin_dirs` and registers what each
module's `available_resource_mapping()` (or else `resource_mapping()`)
returns.  hot-ls reads the same modules and extracts each registered
class's schema the way tools/gen_catalog.py gets them from a live Heat.

* discovery.py: the plugin modules of a directory, as Heat's loader walks
  it, and the mapping function of a module.
* trees.py: astroid parses the modules (function bodies left out but the
  mapping functions'); an import names only plugin modules or stand-ins
  for Heat (heat.py: Heat as hot-ls's catalog records it) and `copy`:
  nothing is ever imported, by Python or by astroid.
* execution.py, evaluation.py, calls.py, namespaces.py: the interpreter
  that follows module and class bodies on plain values (values.py), so
  that `properties_schema.update(...)`, `_()` texts, constant tuples and
  cross-module `X.properties_schema[KEY]` give what Heat's import gives.
  Why this is not left to astroid's inference is said in execution.py and
  evaluation.py.
* collection.py: those values as the catalog's JSON.
* loading.py: load_plugins, which ties them together and reports, once per
  file with its line, what could not be read statically.

A value that cannot be worked out (a call to an arbitrary function, a
name from a library outside the plugin directories...) is left out of the
schema and reported; the rest is used.
"""
from hot_ls.catalog.plugins.discovery import discover
from hot_ls.catalog.plugins.loading import load_plugins

__all__ = ['discover', 'load_plugins']
