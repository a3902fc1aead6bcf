"""How make mutate names a mutant (tools/mutant_changes.py): by its module, function and
the mutated line before and after, read from the files mutmut writes, so that the list of
survivors judged equivalent (docs/mutation-survivors.md) does not go stale when mutmut
numbers a function's mutants anew."""

from __future__ import annotations

from pathlib import Path

import pytest
from mutmut import configuration
from mutmut.mutation.file_mutation import mutate_file_contents

from tools.mutant_changes import NOTHING, Change, changes_in, changes_under, listed

ROOT = Path(__file__).resolve().parent.parent

SOURCE = """
def double(n):
    total = n * 2
    return total


class Counter:
    def step(self, n):
        if n > 0:
            return n + 1
        return 0
"""
#: The same, with a line more at the top of ``double``: mutmut numbers its mutants anew.
SOURCE_LATER = SOURCE.replace("def double(n):\n", "def double(n):\n    n = abs(n)\n")


@pytest.fixture
def mutmut_here(tmp_path, monkeypatch):
    """mutmut reads its settings from the working folder's pyproject.toml."""
    (tmp_path / "pyproject.toml").write_text('[tool.mutmut]\nsource_paths = ["pkg"]\n')
    (tmp_path / "pkg").mkdir()
    monkeypatch.chdir(tmp_path)
    configuration.reset_config()
    yield tmp_path
    configuration.reset_config()


def mutated(source: str) -> str:
    return mutate_file_contents("pkg/tiny.py", source).code


def test_each_mutant_is_named_by_its_module_function_and_line(mutmut_here):
    changes = changes_in("pkg.tiny", mutated(SOURCE))

    assert Change("pkg.tiny", "double", "total = n * 2", "total = n / 2") in changes.values()
    assert Change("pkg.tiny", "Counter.step", "if n > 0:", "if n >= 0:") in changes.values()
    assert Change("pkg.tiny", "Counter.step", "return n + 1", "return n - 1") in changes.values()
    for name, change in changes.items():
        prefix = "x_double" if change.function == "double" else "xǁCounterǁstep"
        assert name.startswith(f"pkg.tiny.{prefix}__mutmut_")
        assert change.before and change.before != change.after


def test_a_mutant_keeps_its_name_when_mutmut_numbers_it_anew(mutmut_here):
    wanted = Change("pkg.tiny", "double", "total = n * 2", "total = n / 2")
    before = {c: name for name, c in changes_in("pkg.tiny", mutated(SOURCE)).items()}
    after = {c: name for name, c in changes_in("pkg.tiny", mutated(SOURCE_LATER)).items()}

    assert before[wanted] != after[wanted]  # mutmut's numbers moved
    # Every mutant of the unchanged lines is named as before.
    assert set(before) <= set(after)
    assert len(after) > len(before)  # and the new line's mutants are new names


def test_mutants_are_read_from_mutmuts_folder_by_module(mutmut_here):
    folder = mutmut_here / "mutants" / "pkg"
    folder.mkdir(parents=True)
    (folder / "tiny.py").write_text(mutated(SOURCE))
    (folder / "__init__.py").write_text("")

    changes = changes_under(mutmut_here / "mutants")

    assert changes == changes_in("pkg.tiny", mutated(SOURCE))


@pytest.mark.parametrize(
    "change",
    [
        Change("pkg.tiny", "Counter.step", "if n > 0:", "if n >= 0:"),
        Change("pkg.mod", "f", 'text.strip("`")', 'text.strip("XX`XX")'),  # a backtick
        Change("pkg.mod", "f", "call(a, ⏎ b)", "call(a, ⏎ )"),  # over two lines
        Change("pkg.mod", "f", "x = 1,", ""),  # a line the mutant has not
    ],
)
def test_a_listed_change_is_read_back_as_written(change):
    markdown = f"Some prose.\n\n- {change}: why it cannot be told apart.\n- not a listed change\n"

    assert listed(markdown) == {change: "why it cannot be told apart."}
    if not change.after:
        assert f"→ {NOTHING}" in str(change)


def test_a_listed_line_is_matched_whatever_its_spacing():
    markdown = "- `pkg.tiny` `double`: `total  =  n * 2` → `total = n / 2`: why."

    assert Change("pkg.tiny", "double", "total = n * 2", "total = n / 2") in listed(markdown)


def test_the_survivors_list_names_every_mutant_by_its_change():
    text = (ROOT / "docs" / "mutation-survivors.md").read_text()
    entries = [line for line in text.splitlines() if line.startswith("- `")]

    assert "__mutmut_" not in text
    assert entries and len(listed(text)) == len(entries)  # each read, none twice


def test_the_score_leaves_out_the_survivors_listed_by_their_change(mutmut_here, monkeypatch):
    import json

    from tools import mutate

    folder = mutmut_here / "work" / "quiz" / "mutants" / "pkg"
    folder.mkdir(parents=True)
    code = mutated(SOURCE)
    (folder / "tiny.py").write_text(code)
    changes = changes_in("pkg.tiny", code)
    judged = next(
        name
        for name, change in changes.items()
        if change == Change("pkg.tiny", "double", "total = n * 2", "total = n / 2")
    )
    other = next(name for name in sorted(changes) if name != judged)
    survived, killed = 0, 1  # mutmut's exit codes
    exit_codes = {name: survived if name in (judged, other) else killed for name in changes}
    (folder / "tiny.py.meta").write_text(json.dumps({"exit_code_by_key": exit_codes}))
    monkeypatch.setattr(mutate, "WORK", mutmut_here / "work")

    seen: set[Change] = set()
    result, survivors = mutate.score(mutate.TARGETS["quiz"], {changes[judged]: "why"}, seen)

    assert (result.killed, result.survived, result.equivalent) == (len(changes) - 2, 1, 1)
    assert survivors == [f"{changes[other]} (survived; mutmut show {other})"]
    assert seen == set(changes.values())
