import os

from hot_ls.rules.base import Finding, Rule, Severity


class StackEnvironment(Rule):
    """The environments this template is created with cannot be used.

    ## What it checks
    The environment files the configuration names for the template (the
    `environments` and `stacks` settings, or `hot-ls check -e`): each must
    be readable, and Heat must accept them together: each file as python-
    heatclient and Heat read it (HOT601, HOT603), and their merge
    (`parameter_merge_strategies`: conflicting strategies for a parameter,
    a strategy its type cannot merge).  Reported once, on the
    `heat_template_version` line, with the first problem Heat would stop at.

    ## Why it matters
    `openstack stack create -t template.yaml -e env.yaml` stops there:
    "Conflicting merge strategy 'overwrite' for parameter 's' in file
    '.../b.yaml'.", "Could not fetch contents for ...".

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
    severity = Severity.ERROR

    def check(self, analysis):
        environment = analysis.stack.environment
        messages = list(environment.unread)
        if environment.problems:
            problem = environment.problems[0]
            where = os.path.basename(problem.path) if problem.path else 'an environment'
            messages.append(f'Heat refuses the environment {where}: {problem.message}')
        if not messages:
            return
        template = analysis.template
        anchor = template.version_pair.key if template.version_pair is not None else None
        start, end = (anchor.start, anchor.end) if anchor is not None else (0, 0)
        for message in messages:
            yield Finding(start, end, message)
