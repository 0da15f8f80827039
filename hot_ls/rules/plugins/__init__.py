"""Rules: the resource plugins' own validate(), ported type by type where no cloud is needed.

`values` says what a property is worth when Heat validates (before any
resource exists), `properties` reads them as Heat's Properties do,
`subject` is the plugin's `self`, `errors` how Heat words a refusal, one
module per service family holds the checks, `table` says which type runs
which, and `validation` runs them for the rule HOT730 (resource_validation).
"""
