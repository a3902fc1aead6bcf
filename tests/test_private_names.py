"""No module reaches into another's private names (``_name``): what two modules share is
public, named and documented where it is defined, so a module can change what it keeps
to itself without reading its neighbours. Read from the source of every Python file git
lists, tests included:

* ``from x import _y``, unless ``x`` is the importer's own package (the solver loads its
  compiled core, ``mahjong.solver._core``, so: a module that is there only once built);
* ``module._y``, where ``module`` is one of the project's modules, imported.
"""

from __future__ import annotations

import ast
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__")


def module_name(path: str) -> str:
    parts = list(Path(path).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def is_project_module(dotted: str, root: Path = ROOT) -> bool:
    """Whether ``dotted`` names a module or package of the project."""
    path = root.joinpath(*dotted.split("."))
    return path.with_suffix(".py").is_file() or (path / "__init__.py").is_file()


def reaches(path: str, source: str, root: Path = ROOT) -> list[str]:
    """The places where the file at ``path`` uses another module's private names."""
    module = module_name(path)
    package = module if path.endswith("__init__.py") else module.rpartition(".")[0]
    tree = ast.parse(source)
    found: list[str] = []
    modules: set[str] = set()  # local names bound to the project's modules
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base_parts = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join(base_parts + ([node.module] if node.module else []))
            else:
                base = node.module or ""
            for alias in node.names:
                full = f"{base}.{alias.name}"
                if is_project_module(full, root):
                    modules.add(alias.asname or alias.name)
                if _private(alias.name) and base != package:
                    found.append(f"{path}:{node.lineno} from {base} import {alias.name}")
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.asname and is_project_module(alias.name, root):
                    modules.add(alias.asname)
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Attribute)
            and isinstance(node.value, ast.Name)
            and node.value.id in modules
            and _private(node.attr)
        ):
            found.append(f"{path}:{node.lineno} {node.value.id}.{node.attr}")
    return found


def python_files() -> list[str]:
    listed = subprocess.run(
        ["git", "ls-files", "*.py"], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout.split()
    return [name for name in listed if (ROOT / name).is_file()]


def test_no_module_uses_another_modules_private_names():
    files = python_files()
    assert len(files) > 100, "git lists too few Python files: the check is broken"
    found = [place for name in files for place in reaches(name, (ROOT / name).read_text())]
    assert not found, "private names used from outside their module:\n" + "\n".join(found)


def test_the_check_finds_both_kinds_and_allows_a_private_submodule():
    source = (
        "from mahjong.solver import native\n"
        "from mahjong.solver.native import _bounded\n"
        "from . import _core\n"
        "native._bounded(1)\n"
        "native.core\n"
    )
    assert reaches("mahjong/solver/example.py", source) == [
        "mahjong/solver/example.py:2 from mahjong.solver.native import _bounded",
        "mahjong/solver/example.py:4 native._bounded",
    ]
