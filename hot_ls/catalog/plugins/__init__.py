"""Custom resource plugins, read by static analysis: their code is never imported or run.

Heat loads plugin modules from its `plugin_dirs` and registers what each
module's `available_resource_mapping()` (or else `resource_mapping()`)
returns.  hot-ls reads the same modules and extracts each registered
class's schema the way tools/gen_catalog.py gets them from a live Heat.

* discovery.py: the plugin modules of a directory, as Heat's loader walks
  it, and the mapping function of a module.
* modules.py: Python's `ast` parses the modules (function bodies left out
  but the mapping functions'); an import names only plugin modules or
  stand-ins for Heat (heat.py: Heat as hot-ls's catalog records it) and
  `copy`: nothing is ever imported.
* execution.py, evaluation.py, calls.py, namespaces.py: the interpreter
  that follows module and class bodies on plain values (values.py), so
  that `properties_schema.update(...)`, `_()` texts, constant tuples and
  cross-module `X.properties_schema[KEY]` give what Heat's import gives.
* collection.py: those values as the catalog's JSON.
* loading.py: load_plugins, which ties them together and reports, once per
  file with its line, what could not be read statically.

A value that cannot be worked out (a call to an arbitrary function, a
name from a library outside the plugin directories...) is left out of the
schema and reported; the rest is used.

Why not astroid (pylint's inference engine), which was tried in place of
this interpreter (issue #9; commit 2d0f237): its inference gives types
where a schema needs values (`', '.join(x)` and `x.upper()` infer to '',
`list(range(3))` to no value), is blind to `.update()`, item assignment and
`del` after an assignment (20-odd uses in Heat's own resources), knows
nothing of oslo.i18n's Message refusing "+", and builds `'x' * 10 ** 7`
whole; its MRO follows statically inferred bases, so it drops a base it
cannot infer and, for `try: from vendorlib import Base / except
ImportError: Base = server.Server`, gives OS::Nova::Server's schema where
Heat has vendorlib's; and its module lookup searches sys.path and dlopen()s
a C extension named like a standard library module from a plugin directory
there, whatever its options say.  What remained usable was its parser
(through the semi-internal TreeRebuilder) and its relative-import
arithmetic: a dependency, reliance on internal APIs and 1.3 to 1.4 times
the reading time, for what `ast` and importlib.util.resolve_name give.
"""
from hot_ls.catalog.plugins.discovery import discover
from hot_ls.catalog.plugins.loading import load_plugins

__all__ = ['discover', 'load_plugins']
