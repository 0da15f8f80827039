"""The little hot-ls needs of a CloudFormation-format template: resources and their references.

Heat still runs CFN templates (AWSTemplateFormatVersion 2010-09-09 and
HeatTemplateFormatVersion 2012-12-12).  hot-ls does not apply HOT rules to
them, but it does find dependency cycles, which make Heat refuse them.
"""
from __future__ import annotations

from typing import Any

from hot_ls.model.symbols import RESOURCE, Definition, Reference
from hot_ls.syntax import Mapping, Node, Scalar, Sequence, SyntaxTree

CFN_PSEUDO_PARAMETERS = ('AWS::StackId', 'AWS::StackName', 'AWS::Region')


class CfnTemplate:
    def __init__(self, tree: SyntaxTree):
        root = tree.root if isinstance(tree.root, Mapping) else Mapping(0, 0)
        self.root = root
        params = root.get('Parameters')
        self.parameter_names = set(params.index) if isinstance(params, Mapping) else set()
        resources = root.get('Resources')
        self.resources: dict[Any, Definition] = {}
        if isinstance(resources, Mapping):
            self.resources = {name: Definition('cfn-resources', name, pair)
                              for name, pair in resources.index.items()}
        self.references: list[Reference] = []
        for name, res in self.resources.items():
            body = res.mapping
            if body is None:
                continue
            owner = ('Resources', name)
            for field in ('Properties', 'Metadata'):
                node = body.get(field)
                if node is not None:
                    self._walk(node, owner, field)
            depends = body.get('DependsOn')
            if depends is not None:
                items = depends.items if isinstance(depends, Sequence) else [depends]
                for item in items:
                    self._ref(item, 'DependsOn', owner, 'DependsOn')

    def _ref(self, node: Node, via: str, owner, field) -> None:
        if isinstance(node, Scalar) and isinstance(node.value, str):
            self.references.append(Reference(RESOURCE, node.value, node, via, owner, field, False))

    def _walk(self, node: Node, owner, field) -> None:
        stack = [node]
        while stack:
            node = stack.pop()
            if isinstance(node, Mapping):
                if len(node.index) == 1:
                    (name, pair), = node.index.items()
                    args = pair.value
                    if name == 'Ref' and isinstance(args, Scalar):
                        value = args.value
                        if value not in self.parameter_names and value not in CFN_PSEUDO_PARAMETERS:
                            self._ref(args, 'Ref', owner, field)
                        continue
                    if name == 'Fn::GetAtt':
                        if isinstance(args, Sequence) and args.items:
                            self._ref(args.items[0], 'Fn::GetAtt', owner, field)
                            stack.extend(args.items[1:])
                            continue
                stack.extend(pair.value for pair in node.index.values())
            elif isinstance(node, Sequence):
                stack.extend(node.items)
