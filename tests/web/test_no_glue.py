"""No sentence is glued from translated parts: each is one catalogue template, so that a
language can order, inflect and join its words by its own rules.

A translated string joined to another piece ("gettext(a) + name", an f-string around a
gettext call, "' '.join([gettext(a), ...])") fixes the English order and the English
joints for every language: "links A und B und rechts C" in German, a Swedish name
capitalised mid-sentence. The site's Python source is read for these shapes; the board's
JavaScript fills its catalogue templates with ``fill`` and never adds a string to one.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

from django.conf import settings

ROOT = Path(settings.BASE_DIR)
# The site's own source only.
NOT_SOURCE = {".git", ".venv", "node_modules", "tests", "bench", "docs", "artifacts", "tools"}
NOT_SOURCE |= {"locale", "staticfiles", "mutants"}
TRANSLATING = {
    "gettext",
    "_",
    "pgettext",
    "ngettext",
    "npgettext",
    "gettext_lazy",
    "pgettext_lazy",
    "ngettext_lazy",
}


def _is_translated(node: ast.AST) -> bool:
    """A gettext call, or a gettext call filled with ``%``."""
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mod):
        return _is_translated(node.left)
    if isinstance(node, ast.Call):
        function = node.func
        name = getattr(function, "id", None) or getattr(function, "attr", None)
        return name in TRANSLATING
    return False


def glued(source: str) -> list[str]:
    """The expressions of ``source`` that glue a translated string to something else."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
            if _is_translated(node.left) or _is_translated(node.right):
                found.append(ast.unparse(node))
        elif isinstance(node, ast.JoinedStr):
            if any(
                isinstance(part, ast.FormattedValue) and _is_translated(part.value)
                for part in node.values
            ):
                found.append(ast.unparse(node))
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr == "join"
            and isinstance(node.func.value, ast.Constant)
            and node.args
            and isinstance(node.args[0], ast.List | ast.Tuple)
            and any(_is_translated(item) for item in node.args[0].elts)
        ):
            found.append(ast.unparse(node))
    return found


def _source_files(suffix: str) -> list[Path]:
    return [
        path
        for path in ROOT.rglob(f"*{suffix}")
        if not set(path.relative_to(ROOT).parts) & NOT_SOURCE
    ]


def test_no_python_source_glues_a_translated_string():
    offenders = {
        str(path.relative_to(ROOT)): found
        for path in _source_files(".py")
        if (found := glued(path.read_text(encoding="utf-8")))
    }
    assert offenders == {}


def test_the_glue_check_finds_each_shape():
    source = (
        'a = _("Hint:") + " " + name\n'
        "b = f\"{gettext('Left')} {name}\"\n"
        'c = ", ".join([gettext("left"), name])\n'
        'd = ngettext("%(n)s tile", "%(n)s tiles", n) % {"n": n} + "."\n'
        'ok = gettext("%(name)s is free.") % {"name": name}\n'
    )
    assert len(glued(source)) == 4


# ``t.word + …`` or ``… + t.word`` on the board's catalogue object, or a template literal
# around one.
JS_GLUE = re.compile(r"\bt\.\w+\s*\+|\+\s*t\.\w+\b|\$\{\s*t\.\w+\s*\}")


def test_no_board_script_glues_a_catalogue_string():
    offenders = [
        f"{path.relative_to(ROOT)}:{number}: {line.strip()}"
        for path in _source_files(".js")
        if "static" in path.parts
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if JS_GLUE.search(line)
    ]
    assert offenders == []
