"""Fixtures for the syntax-layer tests: run a test with the C parser and with the pure fallback."""
from __future__ import annotations

import pytest

import hot_ls.syntax.yaml_builder as yaml_builder


@pytest.fixture(params=['c', 'pure'])
def parser(request, monkeypatch):
    """Parametrize a test over the hooked C path and the pure-Python fallback."""
    if request.param == 'pure':
        monkeypatch.setattr(yaml_builder, 'HAVE_C_PARSER', False)
    else:
        assert yaml_builder.HAVE_C_PARSER and yaml_builder.FAST_PATH
    return request.param
