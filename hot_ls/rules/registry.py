"""The rules, in one explicit list (no discovery by name).

Order is the order of the rule catalogue in docs/rules.md.
"""
from __future__ import annotations

from hot_ls.rules.base import Rule
from hot_ls.rules.syntax.duplicate_key import DuplicateKey
from hot_ls.rules.syntax.unreadable_file import UnreadableFile
from hot_ls.rules.syntax.jinja_source import JinjaSource
from hot_ls.rules.syntax.multiple_documents import MultipleDocuments
from hot_ls.rules.syntax.not_a_mapping import NotAMapping
from hot_ls.rules.syntax.not_heat import NotHeat
from hot_ls.rules.syntax.template_too_large import TemplateTooLarge
from hot_ls.rules.syntax.yaml_construct import YamlConstruct
from hot_ls.rules.syntax.yaml_syntax import YamlSyntax
from hot_ls.rules.syntax.nesting_too_deep import NestingTooDeep
from hot_ls.rules.syntax.analysis_incomplete import AnalysisIncomplete
from hot_ls.rules.syntax.unused_suppression import UnusedSuppression
from hot_ls.rules.version.version_ambiguous import VersionAmbiguous
from hot_ls.rules.version.version_missing import VersionMissing
from hot_ls.rules.version.version_not_string import VersionNotString
from hot_ls.rules.version.version_unknown import VersionUnknown
from hot_ls.rules.parameters.parameters_not_mapping import ParametersNotMapping
from hot_ls.rules.parameters.parameter_unknown_key import ParameterUnknownKey
from hot_ls.rules.parameters.parameter_type_missing import ParameterTypeMissing
from hot_ls.rules.parameters.parameter_type_invalid import ParameterTypeInvalid
from hot_ls.rules.parameters.parameter_tags_not_list import ParameterTagsNotList
from hot_ls.rules.parameters.parameter_constraints_not_list import ParameterConstraintsNotList
from hot_ls.rules.parameters.constraint_not_mapping import ConstraintNotMapping
from hot_ls.rules.parameters.constraint_unknown_key import ConstraintUnknownKey
from hot_ls.rules.parameters.constraint_missing import ConstraintMissing
from hot_ls.rules.parameters.constraint_invalid import ConstraintInvalid
from hot_ls.rules.parameters.constraint_ignored import ConstraintIgnored
from hot_ls.rules.parameters.constraint_type_mismatch import ConstraintTypeMismatch
from hot_ls.rules.parameters.parameter_default_invalid import ParameterDefaultInvalid
from hot_ls.rules.parameters.parameter_default_type import ParameterDefaultType
from hot_ls.rules.parameters.parameter_groups_not_list import ParameterGroupsNotList
from hot_ls.rules.parameters.parameter_group_invalid import ParameterGroupInvalid
from hot_ls.rules.parameters.parameter_group_duplicate import ParameterGroupDuplicate
from hot_ls.rules.parameters.parameter_group_unknown import ParameterGroupUnknown
from hot_ls.rules.parameters.parameter_resource_name_clash import ParameterResourceNameClash
from hot_ls.rules.parameters.parameter_value_invalid import ParameterValueInvalid
from hot_ls.rules.structure.unknown_section import UnknownSection
from hot_ls.rules.structure.section_shape import SectionShape
from hot_ls.rules.structure.resource_keys import ResourceKeys
from hot_ls.rules.structure.resource_definition import ResourceDefinition
from hot_ls.rules.structure.resource_field_types import ResourceFieldTypes
from hot_ls.rules.structure.deletion_policy import DeletionPolicy
from hot_ls.rules.structure.external_id import ExternalId
from hot_ls.rules.structure.output_definition import OutputDefinition
from hot_ls.rules.structure.output_keys import OutputKeys
from hot_ls.rules.structure.condition_definition import ConditionDefinition
from hot_ls.rules.structure.name_not_string import NameNotString
from hot_ls.rules.references.undefined_parameter import UndefinedParameter
from hot_ls.rules.references.undefined_resource import UndefinedResource
from hot_ls.rules.references.undefined_condition import UndefinedCondition
from hot_ls.rules.references.disabled_resource_reference import DisabledResourceReference
from hot_ls.rules.references.unhashable_reference import UnhashableReference
from hot_ls.rules.references.attribute_name_type import AttributeNameType
from hot_ls.rules.functions.function_removed import FunctionRemoved
from hot_ls.rules.functions.function_unavailable import FunctionUnavailable
from hot_ls.rules.functions.function_invalid_context import FunctionInvalidContext
from hot_ls.rules.cycles.circular_condition import CircularCondition
from hot_ls.rules.cycles.circular_dependency import CircularDependency
from hot_ls.rules.cycles.stand_in_read import StandInRead
from hot_ls.rules.cycles.too_many_resources import TooManyResources
from hot_ls.rules.environment.environment_section import EnvironmentSection
from hot_ls.rules.environment.environment_empty_section import EnvironmentEmptySection
from hot_ls.rules.evaluation.function_arguments import FunctionArguments
from hot_ls.rules.evaluation.property_evaluation import PropertyEvaluation
from hot_ls.rules.evaluation.output_evaluation import OutputEvaluation
from hot_ls.rules.evaluation.attribute_path_evaluation import AttributePathEvaluation
from hot_ls.rules.evaluation.condition_evaluation import ConditionEvaluation

from hot_ls.rules.resources.resource_type_unknown import ResourceTypeUnknown
from hot_ls.rules.resources.property_unknown import PropertyUnknown
from hot_ls.rules.resources.property_required import PropertyRequired
from hot_ls.rules.resources.property_type import PropertyType
from hot_ls.rules.resources.provider_list_join import ProviderListJoin
from hot_ls.rules.resources.property_constraint import PropertyConstraint
from hot_ls.rules.resources.attribute_unknown import AttributeUnknown
from hot_ls.rules.resources.deprecated import Deprecated
from hot_ls.rules.resources.hidden import Hidden
from hot_ls.rules.resources.unsupported import Unsupported
from hot_ls.rules.resources.not_in_target_release import NotInTargetRelease
from hot_ls.rules.resources.property_not_implemented import PropertyNotImplemented
from hot_ls.rules.resources.update_policy import UpdatePolicy
from hot_ls.rules.resources.snapshot_unsupported import SnapshotUnsupported
from hot_ls.rules.resources.property_value import PropertyValue
from hot_ls.rules.resources.member_type_unknown import MemberTypeUnknown
from hot_ls.rules.plugins.resource_validation import ResourceValidation
from hot_ls.rules.software.component_duplicate_action import ComponentDuplicateAction
from hot_ls.rules.software.component_unknown_action import ComponentUnknownAction
from hot_ls.rules.software.deployment_actions_ignored import DeploymentActionsIgnored
from hot_ls.rules.workspace.capabilities_section import CapabilitiesSection
from hot_ls.rules.workspace.capabilities_unresolved import CapabilitiesUnresolved
from hot_ls.rules.workspace.environment_refused import EnvironmentRefused
from hot_ls.rules.workspace.get_file_target import GetFileTarget
from hot_ls.rules.workspace.nesting_depth import NestingDepth
from hot_ls.rules.workspace.provider_facade import ProviderFacade
from hot_ls.rules.workspace.provider_template import ProviderTemplate
from hot_ls.rules.workspace.stack_environment import StackEnvironment

RULE_CLASSES: list[type[Rule]] = [
    # syntax
    UnreadableFile, YamlSyntax, DuplicateKey, NotAMapping, YamlConstruct, MultipleDocuments, JinjaSource,
    TemplateTooLarge, NestingTooDeep, AnalysisIncomplete, UnusedSuppression, NotHeat,
    # version
    VersionMissing, VersionNotString, VersionUnknown, VersionAmbiguous,
    # parameters
    ParametersNotMapping, ParameterUnknownKey, ParameterTypeMissing, ParameterTypeInvalid,
    ParameterTagsNotList, ParameterConstraintsNotList, ConstraintNotMapping, ConstraintUnknownKey,
    ConstraintMissing, ConstraintInvalid, ConstraintIgnored, ConstraintTypeMismatch,
    ParameterDefaultInvalid, ParameterDefaultType, ParameterGroupsNotList, ParameterGroupInvalid,
    ParameterGroupDuplicate, ParameterGroupUnknown, ParameterResourceNameClash,
    ParameterValueInvalid,
    # structure
    UnknownSection, SectionShape, ResourceKeys, ResourceDefinition, ResourceFieldTypes,
    DeletionPolicy, ExternalId, OutputDefinition, OutputKeys, ConditionDefinition, NameNotString,
    # references
    UndefinedParameter, UndefinedResource, UndefinedCondition, DisabledResourceReference,
    UnhashableReference,
    AttributeNameType,
    # functions
    FunctionRemoved, FunctionUnavailable, FunctionInvalidContext,
    # cycles and limits
    CircularCondition, CircularDependency, TooManyResources, StandInRead,
    # resource types, properties and attributes (the catalog)
    ResourceTypeUnknown, PropertyUnknown, PropertyRequired, PropertyType, PropertyConstraint,
    AttributeUnknown, Deprecated, Hidden, Unsupported, NotInTargetRelease,
    PropertyNotImplemented, UpdatePolicy, SnapshotUnsupported, PropertyValue, ProviderListJoin,
    # group members and the resource plugins' own validation
    MemberTypeUnknown, ResourceValidation,
    # OS::Heat::SoftwareComponent
    ComponentDuplicateAction, ComponentUnknownAction, DeploymentActionsIgnored,
    # environments, provider templates and files (the workspace)
    EnvironmentSection, EnvironmentEmptySection, EnvironmentRefused, StackEnvironment,
    ProviderTemplate, NestingDepth, ProviderFacade, GetFileTarget, CapabilitiesSection,
    CapabilitiesUnresolved,
    # evaluation
    FunctionArguments, PropertyEvaluation, OutputEvaluation, ConditionEvaluation,
    AttributePathEvaluation,
]

RULES: list[Rule] = [cls() for cls in RULE_CLASSES]


def _check_unique() -> None:
    codes = [cls.code for cls in RULE_CLASSES]
    names = [cls.name for cls in RULE_CLASSES]
    assert len(set(codes)) == len(codes), 'duplicate rule code'
    assert len(set(names)) == len(names), 'duplicate rule name'


_check_unique()
