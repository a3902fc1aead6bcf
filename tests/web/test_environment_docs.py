"""The deployment guide's table of environment variables is the one list, and it is true:
every variable the settings read is in it, and nothing else."""

import ast
import re
from pathlib import Path

from django.conf import settings

SETTINGS_DIR = Path(settings.BASE_DIR) / "mahjongsite" / "settings"
GUIDE = Path(settings.BASE_DIR) / "docs" / "deploy.md"
# The settings an operator runs: base.py with production.py (make serve) or single.py
# (make run); local.py and test.py only loosen what these read.
PRODUCTION_SETTINGS = ("base.py", "production.py", "single.py")
#: Where the limited actions' variables are listed (base.py reads each with env_rate).
RATE_TABLE = Path(settings.BASE_DIR) / "mahjongsite" / "rates.py"
READERS = {"env_str", "env_int", "env_bool", "env_list", "env_rate", "get", "getenv"}


def variables_read(source: str) -> set[str]:
    """The environment variables a settings module reads: the first argument of its
    ``env_*()`` helpers and of ``os.environ.get()``/``os.getenv()``, an
    ``os.environ[...]`` subscript, or the variable of each rate limit in
    ``RATE_LIMIT_DEFAULTS`` (read with ``env_rate`` by name)."""
    names = set()
    for node in ast.walk(ast.parse(source)):
        if (
            isinstance(node, ast.Assign)
            and [ast.unparse(target) for target in node.targets] == ["RATE_LIMIT_DEFAULTS"]
            and isinstance(node.value, ast.Dict)
        ):
            names |= {value.elts[0].value for value in node.value.values}
        if isinstance(node, ast.Call) and node.args:
            func = node.func
            name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
            if name == "get" and not (
                isinstance(func, ast.Attribute) and ast.unparse(func.value) == "os.environ"
            ):
                continue
            first = node.args[0]
            if name in READERS and isinstance(first, ast.Constant) and isinstance(first.value, str):
                names.add(first.value)
        if isinstance(node, ast.Subscript) and ast.unparse(node.value) == "os.environ":
            if isinstance(node.slice, ast.Constant):
                names.add(node.slice.value)
    return names


def guide_table() -> dict[str, str]:
    """Each variable of the guide's table with its default column ("required" or a
    default)."""
    section = GUIDE.read_text().split("## Environment variables", 1)[1].split("\n## ", 1)[0]
    rows = {}
    for line in section.splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if len(cells) >= 2 and cells[0].startswith("`"):
            for name in re.findall(r"`([A-Z][A-Z0-9_]+)`", cells[0]):
                rows[name] = cells[1]
    return rows


def test_the_reader_finds_every_way_of_reading_a_variable():
    source = (
        "import os\n"
        'A = env_str("ONE")\nB = env_int("TWO", 3)\nC = os.environ.get("THREE")\n'
        'D = os.environ["FOUR"]\nE = {}.get("NOT_A_VARIABLE")\nF = env_rate("FIVE", "1/m")\n'
        'RATE_LIMIT_DEFAULTS = {"signup": ("SIX", "10/h")}\n'
    )

    assert variables_read(source) == {"ONE", "TWO", "THREE", "FOUR", "FIVE", "SIX"}


def test_every_variable_production_reads_is_in_the_guide_and_no_other():
    read = set()
    for path in (*(SETTINGS_DIR / name for name in PRODUCTION_SETTINGS), RATE_TABLE):
        read |= variables_read(path.read_text())

    assert read, "the settings read no variable: the reader is broken"
    assert set(guide_table()) == read


def test_the_required_variables_are_those_production_names():
    docstring = ast.get_docstring(ast.parse((SETTINGS_DIR / "production.py").read_text()))
    named = re.search(r"Required: ([^.]+)\.", docstring).group(1)

    required = {name for name, default in guide_table().items() if default == "required"}
    assert {name.strip() for name in named.split(",")} == required
