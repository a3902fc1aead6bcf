"""The examples in the engine's docstrings are part of its documentation: keep them true."""

import doctest
import importlib
import pkgutil
from pathlib import Path

import pytest

import mahjong

MODULES = ["mahjong"] + [m.name for m in pkgutil.walk_packages(mahjong.__path__, prefix="mahjong.")]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    result = doctest.testmod(importlib.import_module(name))
    assert result.failed == 0


def test_readme_examples():
    readme = Path(mahjong.__file__).with_name("README.md")
    result = doctest.testfile(str(readme), module_relative=False)
    assert result.attempted > 0 and result.failed == 0


def test_engine_imports_nothing_from_django():
    import subprocess
    import sys

    code = "import sys, mahjong; print(sorted(m for m in sys.modules if 'django' in m))"
    root = Path(__file__).resolve().parents[2]
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=root
    )
    assert out.stdout.strip() == "[]"
