"""Mutants named by what they change, not by mutmut's numbers.

mutmut numbers the mutants of a function in order (``x_foo__mutmut_12``), so any change
to the function renumbers them and a list of judged mutants goes stale without a word.
Here a mutant is its :class:`Change`: the module, the function, and the mutated line as
it was and as the mutant has it. That stays true while the line does, wherever the
function moves within its module, and a mutant that no longer exists simply matches
nothing. Two mutants that make the same change to the same line text in one function
share a name (and are listed, and judged, together).

``docs/mutation-survivors.md`` lists the survivors judged equivalent one a line::

    - `mahjong.rules.board` `Board.can_pause`: `return len(self) > 0` → `return len(self) > 1`: why.
"""

from __future__ import annotations

import ast
import difflib
import re
from dataclasses import dataclass
from pathlib import Path

#: Between the lines of a change that spans several.
LINE_BREAK = " ⏎ "
#: A side of a change that has no line (a line the mutant removes or adds).
NOTHING = "nothing"
CLASS_SEPARATOR = "ǁ"


@dataclass(frozen=True)
class Change:
    module: str
    function: str  # ``Class.method`` or ``function``
    before: str
    after: str

    def __str__(self) -> str:
        return (
            f"{_span(self.module)} {_span(self.function)}: "
            f"{_side(self.before)} → {_side(self.after)}"
        )


def _span(text: str) -> str:
    """``text`` as a Markdown code span, fenced by more backticks than it holds."""
    longest = max((len(run) for run in re.findall(r"`+", text)), default=0)
    fence = "`" * (longest + 1)
    padded = f" {text} " if text.startswith("`") or text.endswith("`") else text
    return f"{fence}{padded}{fence}"


def _side(text: str) -> str:
    return _span(text) if text else NOTHING


def split_name(name: str) -> tuple[str, str, str]:
    """``mahjong.rules.board.xǁBoardǁcan_pause__mutmut_2`` → the module, the function
    (``Board.can_pause``) and the generated function's name (``xǁBoardǁcan_pause``)."""
    module, _, generated = name.rpartition(".")
    if not module:
        raise ValueError(f"not a mutant's full name: {name!r}")
    mangled = generated.partition("__mutmut_")[0]
    if mangled.startswith("x" + CLASS_SEPARATOR):
        _, cls, method = mangled.split(CLASS_SEPARATOR)
        function = f"{cls}.{method}"
    elif mangled.startswith("x_"):
        function = mangled[2:]
    else:
        raise ValueError(f"not a mutant's name: {name!r}")
    return module, function, mangled


def _normalise(line: str) -> str:
    return " ".join(line.split())


def describe(module: str, function: str, original: list[str], mutant: list[str]) -> Change:
    """The change between the original function's lines and the mutant's (their first
    lines, the ``def`` with the generated names, are left out)."""
    old = [_normalise(line) for line in original[1:]]
    new = [_normalise(line) for line in mutant[1:]]
    before: list[str] = []
    after: list[str] = []
    for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(a=old, b=new, autojunk=False).get_opcodes():
        if tag != "equal":
            before += old[i1:i2]
            after += new[j1:j2]
    return Change(module, function, LINE_BREAK.join(before), LINE_BREAK.join(after))


def _generated_functions(text: str) -> dict[str, list[str]]:
    """Each generated function of a mutated file (``…__mutmut_orig``, ``…__mutmut_N``),
    by name, as its lines (decorators aside)."""
    lines = text.splitlines()
    found: dict[str, list[str]] = {}
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and "__mutmut_" in node.name:
            found[node.name] = lines[node.lineno - 1 : node.end_lineno]
    return found


def changes_in(module: str, mutated_text: str) -> dict[str, Change]:
    """Every mutant of a mutated file (mutmut's ``mutants/<path>``), by its full name."""
    functions = _generated_functions(mutated_text)
    changes = {}
    for generated, lines in functions.items():
        if generated.endswith("__mutmut_orig"):
            continue
        name = f"{module}.{generated}"
        _, function, mangled = split_name(name)
        original = functions.get(f"{mangled}__mutmut_orig")
        if original is not None:
            changes[name] = describe(module, function, original, lines)
    return changes


def changes_under(mutants: Path) -> dict[str, Change]:
    """Every mutant under a ``mutants/`` folder, by its full name."""
    changes: dict[str, Change] = {}
    for path in sorted(mutants.rglob("*.py")):
        parts = path.relative_to(mutants).with_suffix("").parts
        module = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        text = path.read_text()
        if "__mutmut_" in text:
            changes.update(changes_in(module, text))
    return changes


_CODE = r"(?P<{0}>(?P<{0}_fence>`+)(?P<{0}_text>.+?)(?P={0}_fence)(?!`)|" + NOTHING + ")"
_LISTED = re.compile(
    r"^- "
    + _CODE.format("module")
    + " "
    + _CODE.format("function")
    + ": "
    + _CODE.format("before")
    + " → "
    + _CODE.format("after")
    + r"(?:[:.]\s*(?P<reason>.*))?$"
)


def _unspan(match: re.Match, group: str) -> str:
    text = match.group(f"{group}_text")
    if text is None:  # "nothing"
        return ""
    if len(text) > 1 and text.startswith(" ") and text.endswith(" "):
        text = text[1:-1]
    return text


def listed(markdown: str) -> dict[Change, str]:
    """The changes listed in Markdown as above, each with its reason."""
    found = {}
    for line in markdown.splitlines():
        match = _LISTED.match(line.strip())
        if match:
            change = Change(
                *(_unspan(match, part) for part in ("module", "function")),
                *(_normalise(_unspan(match, part)) for part in ("before", "after")),
            )
            found[change] = match.group("reason") or ""
    return found
