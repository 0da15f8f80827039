"""The quick fixes and refactorings behind `hot_ls.features.code_actions`, one module per kind.

`yaml_edit` writes the text (scalars, block and flow entries, insertion
points); `context` is what every fix gets; `replace`, `required`,
`declare`, `suppress` and `extract` each make one kind of action.
"""
