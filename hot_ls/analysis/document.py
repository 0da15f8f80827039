"""Everything known about one document at one version of its text.

An `Analysis` holds the parsed tree, what kind of document it is, the HOT
model, the resource catalog the settings make, the evaluation results and,
once the rules engine has checked it, the diagnostics.  Rules write their
findings into it; features (completion, hover, code actions...) read it;
neither imports the other, and the server and the CLI hand analyses to
both.

Each fact is computed on first use and kept for the analysis' lifetime:
the typed attributes below.  What one layer derives for itself and shares
among its own modules (the rules' walk of every property against its
schema, the features' index of names) is kept with `derived(build)`,
keyed by the function that builds it, so two layers never collide and
nothing is looked up by a string.
"""
from __future__ import annotations

import logging
import os
import sys
from functools import cached_property
from typing import TYPE_CHECKING, Any, Callable, TypeVar

from hot_ls.analysis.entries import Checking, EntryFacts
from hot_ls.analysis.findings import Diagnostic, RuleBook
from hot_ls.analysis.inputs import EvaluationInputs
from hot_ls.analysis.suppressions import Suppressions
from hot_ls.config import matches
from hot_ls.config import Settings
from hot_ls.evaluator.calls import CallSites
from hot_ls.evaluator.static import StaticIssue, StaticIssues
from hot_ls.evaluator.template import TemplateEvaluation
from hot_ls.language import Language, language
from hot_ls.language.limits import MAX_DEPTH
from hot_ls.language.parameters import ParameterError, parse_schema
from hot_ls.model.always_disabled import AlwaysDisabled
from hot_ls.model.document import Kind, classify
from hot_ls.model.symbols import Definition
from hot_ls.model.template import Template
from hot_ls.syntax import Mapping, SyntaxTree, parse
from hot_ls.text.source import ReadProblem
from hot_ls.workspace import StackContext, TypeResolution, Workspace
from hot_ls.workspace.stacks import UNSAVED_NAME, Known
from hot_ls.workspace.summaries import (Summary, environment_summary, syntax_problem,
                                        template_summary, unread_reason)

if TYPE_CHECKING:
    from hot_ls.analysis.presence import Presence
    from hot_ls.catalog import Catalog, ResourceType

T = TypeVar('T')
_log = logging.getLogger(__name__)

# The structural checks recurse once or a few times per level of nesting;
# documents nested deeper than Heat can parse (MAX_DEPTH) get only the
# syntax checks, so this limit covers everything else with room to spare.
# Python 3.11 runs Python-to-Python calls without growing the C stack.
RECURSION_LIMIT = 6 * MAX_DEPTH + 1000


def allow_deep_recursion() -> None:
    """Raise Python's recursion limit to what analysing the deepest parsable document takes."""
    if sys.getrecursionlimit() < RECURSION_LIMIT:
        sys.setrecursionlimit(RECURSION_LIMIT)


_NOT_YET = object()  # (derived_for: what a build has not made yet)


class Analysis:
    """One document, one text, one set of settings: its tree, model, evaluation and findings."""

    def __init__(self, text: str, path: str | None = None, settings: Settings | None = None, *,
                 tree: SyntaxTree | None = None, read_problem: ReadProblem | None = None,
                 workspace: Workspace | None = None, previous_template: Template | None = None,
                 stack: StackContext | None = None):
        """`previous_template`: the template of an earlier version of the text, whose tree
        `tree` was spliced from (the model takes what it found in the entries they share).
        `stack`: the document as part of that stack (by default, the one the workspace
        makes of it: Workspace.stack)."""
        self.path = path
        self.settings = settings if settings is not None else Settings()
        self._workspace = workspace
        #: why the file's text could not be read as it is (bad UTF-8, unreadable): the
        #: text is then what could be decoded, and only that problem is reported
        self.read_problem = read_problem
        self.tree: SyntaxTree = tree if tree is not None else parse(text)
        self.kind: Kind = classify(self.tree, path, heat=path is not None and matches(
            path, self.settings.include, self.settings.base_dir))
        #: what the rules found (filled in by the rules engine)
        self.diagnostics: list[Diagnostic] = []
        #: the rules that checked this analysis (None: not checked)
        self.rules: RuleBook | None = None
        self._records: Any = None
        self._derived: dict[Callable[..., Any], Any] = {}
        self._resolutions: dict[Definition, TypeResolution] = {}
        self._evaluations: dict[str, TemplateEvaluation] = {}
        self._checking: Checking | None = None
        self._previous_template = previous_template
        #: made from an earlier analysis' tree, one entry re-parsed (rules.incremental says so)
        self.incremental = False
        self._stack = stack
        if workspace is not None and path is not None and read_problem is None:
            workspace.analysing(path, text, self)
        self._facts: dict[tuple[str, Any], EntryFacts] = {}
        self._kept_facts: Callable[[tuple[str, Any]], EntryFacts | None] | None = None
        #: what the checks of each entry asked of the whole template, (section, name) ->
        #: [(question, argument, answer)] (`observe`)
        self.observations: dict[tuple[str, Any], list[tuple[Callable, Any, Any]]] = {}
        #: the entries each entry's checks looked up by a name they computed (`reads`)
        self.dynamic_reads: dict[tuple[str, Any], set] = {}
        #: (environment path, its text, code) of each code of a comment in one of the stack's
        #: environment files that suppressed one of the diagnostics (hot_ls.rules.engine): the
        #: environment's own analysis counts it as used (features.stack_problems)
        self.suppressed_in_environments: list[tuple[str, str, Any]] = []

    # -- the document -----------------------------------------------------------------
    @property
    def text(self) -> str:
        return self.tree.text

    @property
    def language(self) -> Language:
        return language()

    @property
    def too_deep(self) -> bool:
        """Nested deeper than Heat can parse: only the syntax is checked."""
        return self.tree.depth > MAX_DEPTH

    @property
    def too_large(self) -> bool:
        """Larger than any request Heat reads: only the top-level keys were read
        (hot_ls.syntax.skim)."""
        return self.tree.skimmed

    @property
    def only_syntax(self) -> bool:
        """Too deep or too large for anything but the syntax: no model, no evaluation, and
        the features answer as for a document without a template (the same bounded answer
        as the checks, which report HOT007 or HOT008 and nothing else)."""
        return self.tree.skimmed or self.tree.depth > MAX_DEPTH

    @cached_property
    def template(self) -> Template | None:
        """The HOT model, for a HOT template (None for any other kind of document, and
        for one that is `only_syntax`)."""
        if self.kind is not Kind.HOT or self.only_syntax:
            return None
        previous, self._previous_template = self._previous_template, None
        return Template(self.tree, self.path, previous=previous)

    @cached_property
    def summary(self) -> Summary:
        """What other files see of this document (for the workspace), from this analysis."""
        if self.read_problem is not None:
            return Summary(self.path or '', Kind.BROKEN, problem=self.read_problem.message)
        if self.only_syntax and self.kind in (Kind.HOT, Kind.ENVIRONMENT):
            return Summary(self.path or '', Kind.BROKEN, problem=unread_reason(self.tree))
        if self.kind is Kind.HOT:
            return Summary(self.path or '', self.kind, template=template_summary(self.template),
                           **syntax_problem(self.tree))
        if self.kind is Kind.ENVIRONMENT:
            return Summary(self.path or '', self.kind, environment=environment_summary(
                self.path or '', self.text, self.tree, self.workspace.locator,
                self.settings.capabilities))
        return Summary(self.path or '', self.kind)

    @cached_property
    def dependencies(self) -> set[str]:
        """The other files this analysis read: environments, provider templates, and for a
        nested stack the templates above it (which make its context); for a template, the
        templates its nested stacks are made of, as far down as Heat nests (HOT606 reads
        them: a resource's type changed three stacks down makes the nesting deeper).  Made
        once, when first asked (the server asks once the analysis is out)."""
        stack = self.stack
        found = set(stack.environment.paths) | set(stack.read) | set(stack.chain)
        if self.template is not None and self.template.version is not None:
            found |= stack.read_below(self.settings.max_nested_stack_depth,
                                      self.summary) - {stack.template}
        return found

    @cached_property
    def suppressions(self) -> Suppressions:
        return Suppressions.of(self.text, self.tree.lines)

    def count(self, severity) -> int:
        return sum(1 for d in self.diagnostics if d.severity == severity)

    # -- the workspace and the catalog ----------------------------------------------------
    @property
    def workspace(self) -> Workspace:
        """The files this document lives among (by default: its own folder)."""
        if self._workspace is None:
            self._workspace = Workspace.for_document(self.path, self.settings)
        return self._workspace

    @cached_property
    def stack(self) -> StackContext:
        """The document as part of a stack: the environments that apply, its registry."""
        path = self.path or os.path.join(self.workspace.roots[0] if self.workspace.roots
                                         else os.getcwd(), UNSAVED_NAME)
        #: the workspace's generation when the stack was had (at most that of the stack)
        self.stack_generation = self.workspace.generation
        return self._stack if self._stack is not None else self.workspace.stack(path)

    def known(self) -> Known:
        """What the stack context may read of this template from its analysis rather than its
        summary: a parameter's schema as the evaluation parsed it, the conditions section.
        (Made per call: kept on the analysis, it would tie the two into a cycle.)"""
        template = self._hot()

        def conditions() -> dict | None:
            node = template.section('conditions')
            return node.to_python() if isinstance(node, Mapping) else None
        return Known(self.checked_evaluation.scope.parameters.schema, conditions)

    @property
    def strict(self) -> bool:
        """Whether Heat validates the property values of the template's resources before the
        stack create starts: a root stack's.  A nested stack (a provider template, a group's
        member) is validated without them (StackResource.validate_nested_stack sets
        strict_validate=False); Heat checks them when it creates that stack, once the create
        has started."""
        return self.stack.depth == 0

    @cached_property
    def catalog(self) -> 'Catalog':
        """The resource catalog the settings make (bundled, cloud dumps, plugins)."""
        from hot_ls.catalog import effective_catalog
        return effective_catalog(self.settings)

    def type_resolution(self, resource: Definition) -> TypeResolution:
        """What a resource's type is in this document's stack (cached by the stack; the
        rules ask about each resource a dozen times, so kept per resource as well)."""
        try:
            return self._resolutions[resource]
        except KeyError:
            found = self._resolutions[resource] = self.stack.resolve(resource.type_name,
                                                                      resource.name)
            return found

    def resource_type(self, resource: Definition) -> 'ResourceType | None':
        """The schema of a resource's type: Heat's, a plugin's, or its provider template's."""
        name = resource.type_name
        return self.type_resolution(resource).type if name else None

    # -- what Heat never creates --------------------------------------------------------
    @cached_property
    def always_disabled(self) -> AlwaysDisabled:
        """The resources and outputs whose condition is false whatever the parameters."""
        return AlwaysDisabled(self.template or Template(self.tree, self.path))

    # -- evaluation -----------------------------------------------------------------------
    @cached_property
    def call_sites(self) -> CallSites:
        """Each value's top function calls, found once for the static issues and evaluations."""
        return CallSites(self._hot())

    @cached_property
    def _static_issues(self) -> StaticIssues:
        return StaticIssues(self._hot(), sites=self.call_sites)

    @cached_property
    def static_issues(self) -> list[StaticIssue]:
        """Failures Heat finds parsing and validating the functions, before any value."""
        return self._static_issues.all()

    def static_issues_in(self, definition: Definition) -> list[StaticIssue]:
        """The static issues of one condition, resource or output."""
        return self._static_issues.of(definition)

    def parameter_schema(self, name: Any) -> Any:
        """A declared parameter's schema as Heat parses it (None: undeclared, or refused)."""
        template = self.template
        definition = template.parameters.get(name) if template is not None else None
        if definition is None or template.version is None or definition.body is None:
            return None
        try:
            return parse_schema(name, definition.body.to_python(), template.version)
        except ParameterError:
            return None

    @cached_property
    def checked_evaluation(self) -> TemplateEvaluation:
        """The evaluation the checks read: a stack create without -P (the default parameter
        values, and the environments and values the settings configure), errors only; each
        item is evaluated when it is first asked for."""
        inputs = self.inputs
        return TemplateEvaluation(self._hot(), inputs.environments, inputs.parameters,
                                  errors_only=True, sites=self.call_sites, files=self.stack.files)

    @cached_property
    def heat_conditions(self) -> set:
        """The conditions Heat evaluates when it creates the stack without -P: those its
        resources and outputs look up (`checked_evaluation`)."""
        template = self._hot()
        found: set = set()
        for definitions in (template.resources, template.outputs):
            for definition in definitions.values():
                found.update(self.entry_facts(definition).requested)
        return found

    # -- what the rules engine keeps for the next analysis ----------------------------------
    @property
    def records(self) -> Any:
        """What the rules engine found about each entry of a HOT template, for an analysis of
        the next text to take over (hot_ls.rules.records; None: nothing to take over).  Made
        on first use, which must come before anything moves the tree's nodes (an incremental
        parse of the next text)."""
        if isinstance(self._records, tuple):
            build, *arguments = self._records
            self._records = None
            if not self.tree.consumed:
                self._records = build(self, *arguments)
                self._kept_facts = None  # (made: the facts of the entries taken over are in it)
        return self._records

    def keep_records(self, making: tuple | None) -> None:
        """`(build, *arguments)`: `build(self, *arguments)` makes the records (`records`)."""
        self._records = making

    # -- what whole-template checks read of each entry ------------------------------------
    def entry_facts(self, definition: Definition) -> EntryFacts:
        """What the checks of other entries read of this one (hot_ls.analysis.entries)."""
        key = (definition.section, definition.name)
        found = self._facts.get(key)
        if found is None:
            found = self._kept_facts(key) if self._kept_facts is not None else None
            if found is None:
                found = self._entry_facts(definition)
            self._facts[key] = found
        return found

    def keep_facts(self, kept: Callable[[tuple[str, Any]], EntryFacts | None]) -> None:
        """Take the facts an earlier analysis found of the entries that did not change (nor
        what they depend on): `kept(key)`, None for the others."""
        self._kept_facts = kept

    def _entry_facts(self, definition: Definition) -> EntryFacts:
        section, name = definition.section, definition.name
        if section == 'parameters':
            return EntryFacts()
        certain = tuple(issue.message for issue in self.static_issues_in(definition)
                        if issue.certain)
        if section == 'conditions':
            try:
                failure = self.checked_evaluation.scope.conditions().failure(name)
            except Exception:  # the section itself is broken: nothing parses
                failure = None
            return EntryFacts(certain=certain, unparsed=str(failure) if failure else None)
        evaluation = self.checked_evaluation
        item = evaluation.resource(name) if section == 'resources' else evaluation.output(name)
        return EntryFacts(item.requested, certain)

    def observe(self, question: Callable[['Analysis', Any], T], argument: Any) -> T:
        """`question(self, argument)`: what a check asks of the whole template (beyond what its
        entry depends on), noted for the entry being checked, so that the entry is checked
        again when the answer changes (hot_ls.rules.incremental)."""
        answer = question(self, argument)
        current = self._checking.current if self._checking is not None else None
        if current is not None:
            self.observations.setdefault((current.section, current.name), []).append(
                (question, argument, answer))
        return answer

    def reads(self, definition: Definition, dependency: tuple) -> None:
        """Note that what is found about `definition` depends on `dependency` (an entry looked
        up by a name the checks computed: hot_ls.analysis.entries)."""
        self.dynamic_reads.setdefault((definition.section, definition.name), set()).add(dependency)

    @cached_property
    def presence(self) -> 'Presence':
        """Which resources, outputs and `if` branches Heat builds under the inputs, and why not."""
        from hot_ls.analysis.presence import Presence
        return Presence(self)

    @cached_property
    def inputs(self) -> EvaluationInputs:
        """The environments and parameter values of the document's stack (the configured
        ones, as checking uses them)."""
        stack = self.stack
        environment = stack.environment
        parameters = dict(environment.given)
        parent = None
        if stack.chain and self.template is not None:  # a nested stack: what its parent passes
            passed = stack.passed_parameters(self.parameter_schema)
            if passed:
                parameters.update(passed)
                parent = os.path.basename(stack.chain[-1])
        return EvaluationInputs(tuple(f.environment for f in environment.files),
                                parameters, tuple(environment.unread), parent)

    @property
    def evaluation(self) -> TemplateEvaluation | None:
        """Every value, under the configured inputs (None: not a HOT template of a known version)."""
        return self.evaluation_with(self.inputs)

    def evaluation_with(self, inputs: EvaluationInputs) -> TemplateEvaluation | None:
        """Every value, under these inputs (kept: one evaluation per distinct inputs)."""
        template = self.template
        if template is None or template.version is None:
            return None
        key = inputs.key()
        found = self._evaluations.get(key)
        if found is None:
            from hot_ls.analysis.properties import catalog_attribute_names
            found = self._evaluations[key] = TemplateEvaluation.complete(
                template, inputs.environments, inputs.parameters, files=self.stack.files,
                attribute_names=catalog_attribute_names(self.catalog))
        return found

    def _hot(self) -> Template:
        if self.only_syntax:
            return Template(parse(''), self.path)  # an empty one: nothing of it is read
        return self.template or Template(self.tree, self.path)

    # -- the entries the per-entry rules check -------------------------------------------
    @property
    def checking(self) -> Checking:
        """The entries the per-entry rules look at now (hot_ls.analysis.entries): all of
        them, unless the rules engine chose some."""
        if self._checking is None:
            self._checking = Checking(self._hot())
        return self._checking

    @checking.setter
    def checking(self, checking: Checking | None) -> None:
        self._checking = checking

    # -- what a layer derives for itself --------------------------------------------------
    def derived(self, build: Callable[['Analysis'], T]) -> T:
        """`build(self)`, computed once per analysis (keyed by `build` itself)."""
        try:
            return self._derived[build]
        except KeyError:
            value = self._derived[build] = build(self)
            return value

    def derived_for(self, build: Callable[['Analysis', Definition], T], definition: Definition) -> T:
        """`build(self, definition)`, computed once per analysis and entry (keyed by `build`
        and the Definition): what a layer derives entry by entry."""
        found = self._derived.get(build)
        if found is None:
            found = self._derived[build] = {}
        value = found.get(definition, _NOT_YET)
        if value is _NOT_YET:  # (a lookup, not an exception: a third of the calls miss)
            value = found[definition] = build(self, definition)
        return value
