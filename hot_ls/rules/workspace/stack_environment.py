import os

from hot_ls.rules.base import Finding, Related, Rule, Severity
from hot_ls.rules.suggestions import did_you_mean
from hot_ls.syntax import Mapping


class StackEnvironment(Rule):
    """The environments this template is created with cannot be used.

    ## What it checks
    The environment files the configuration names for the template (the
    `environments` and `stacks` settings, or `hot-ls check -e`): each must
    be readable, and Heat must accept them together: each file as python-
    heatclient and Heat read it (HOT601, HOT603), and their merge
    (`parameter_merge_strategies`: conflicting strategies for a parameter,
    a strategy its type cannot merge).  Then, for the template a stack is
    created from (not a nested one), that each name an environment's
    `parameters` section gives a value is a parameter of the template:
    Heat refuses any other on both `template validate` and `stack create`,
    while `parameter_defaults` may name anything.  Reported on the
    `heat_template_version` line: the first problem Heat would stop at, and
    each such parameter name (with where the environment names it as a
    related place).

    ## Why it matters
    `openstack stack create -t template.yaml -e env.yaml` stops there:
    "Conflicting merge strategy 'overwrite' for parameter 's' in file
    '.../b.yaml'.", "Could not fetch contents for ...", "The Parameter
    (flavour) was not defined in template.".

    ## Example
    A configuration with `environments = ["envs/prod.yaml"]` where the file
    is `envs/production.yaml`:
    ```yaml
    heat_template_version: 2021-04-16
    ```

    ## Fix
    Fix the configuration, or the environment file the message names.
    ```yaml
    heat_template_version: 2021-04-16
    ```
    ```yaml
    # envs/prod.yaml
    parameter_defaults: {}
    ```
    """

    code = 'HOT604'
    name = 'stack-environment'
    about_environments = True
    severity = Severity.ERROR

    def check(self, analysis):
        environment = analysis.stack.environment
        findings = [(message, [], None) for message in environment.unread]
        if environment.problems:
            problem = environment.problems[0]
            where = os.path.basename(problem.path) if problem.path else 'an environment'
            findings.append((f'Heat refuses the environment {where}: {problem.explained}',
                             _place(environment, problem), None))
        if not environment.problems:
            findings.extend(_unknown_parameters(analysis))
        if not findings:
            return
        template = analysis.template
        anchor = template.version_pair.key if template.version_pair is not None else None
        start, end = (anchor.start, anchor.end) if anchor is not None else (0, 0)
        for message, related, data in findings:
            yield Finding(start, end, message, related=related, data=data)


def _place(environment, problem) -> list[Related]:
    """Where in its file the problem is, when the environment knows."""
    node = problem.node
    if node is None or problem.path is None or node.end <= node.start:
        return []
    for loaded in environment.files:
        tree = loaded.environment.tree
        if loaded.path == problem.path and tree is not None:
            return [Related(node.start, node.end, 'where the environment says it', loaded.path,
                            tree.lines)]
    return []


def _unknown_parameters(analysis):
    """Heat's UnknownUserParameter: a name an environment file's `parameters` gives a value
    that the template does not declare.  Only for the stack's own template: a nested stack
    takes its parameters from its resource's properties, never from `parameters`
    (`parameter_defaults`, which nested stacks do read, may name anything)."""
    template = analysis.template
    if analysis.stack.chain or template is None or template.version is None:
        return
    declared = template.parameters
    for loaded in analysis.stack.environment.files:
        section = loaded.environment.sections.get('parameters')
        if not isinstance(section, Mapping):
            continue
        where = os.path.basename(loaded.path) if loaded.path else 'an environment'
        for name in section.index:
            if name not in declared:
                matches = did_you_mean(name, declared)
                hint = (' Did you mean ' + ' or '.join(f'"{m}"' for m in matches) + '?'
                        if matches else '')
                key = section.index[name].key
                tree = loaded.environment.tree
                related = [Related(key.start, key.end, 'where the environment names it',
                                   loaded.path, tree.lines)] \
                    if loaded.path is not None and tree is not None else []
                # (the names to offer where the environment names it: features.stack_problems)
                yield (f'Heat refuses the environment {where}: The Parameter ({name}) was not '
                       f'defined in template.{hint}', related,
                       {'environment_replacements': matches} if matches and related else None)
