"""The resource catalog: every resource type Heat knows, plus the user's plugins and cloud dumps.

Layer: after hot_ls.language, before hot_ls.model (imports hot_ls.language
and hot_ls.syntax only).  See docs/catalog.md.

    from hot_ls.catalog import bundled, effective_catalog
    catalog = effective_catalog(settings)      # bundled + catalogs + plugins, cached
    server = catalog.resolve('OS::Nova::Server')
    server.properties['flavor'].required       # True
"""
from hot_ls.catalog.catalog import (Aliases, Catalog, CustomConstraintInfo, Lookup, Problem,
                                    bundled, releases)
from hot_ls.catalog.effective import build_catalog, clear_cache, effective_catalog
from hot_ls.catalog.releases import Release, Releases, version_key
from hot_ls.catalog.schema import AttributeSchema, PropertySchema, ResourceType
from hot_ls.catalog.support import (DEFAULT_SUPPORT, StatusStep, SupportStatus,
                                    availability)

__all__ = [
    'Aliases', 'AttributeSchema', 'Catalog', 'CustomConstraintInfo', 'DEFAULT_SUPPORT',
    'Lookup', 'Problem', 'PropertySchema', 'Release', 'Releases', 'ResourceType',
    'StatusStep', 'SupportStatus', 'availability', 'build_catalog', 'bundled', 'clear_cache',
    'effective_catalog', 'releases', 'version_key',
]
