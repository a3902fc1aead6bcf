"""Mutation testing with mutmut: how many deliberate bugs the tests catch, per target.

Run with ``make mutate`` (or ``python tools/mutate.py [engine game quiz accounts]
[--max-children N]``). Not part of CI: a whole run takes hours on two cores.

Each target mutates its own code and runs only the tests meant for it (the engine's
mutants against ``tests/engine``, the API's against ``tests/api`` and ``tests/ranking``…),
so a run finishes on a small machine; the solver's mutants meet only the solver's own
tests (``focus``), which decide small positions in seconds. Each target works in its own copy of the project,
``.mutmut/<target>/`` (mutmut reads its settings from ``pyproject.toml`` and writes
``mutants/`` next to it); results are kept there, and a later run re-tests only the
functions that changed.

Mutants run in processes forked from one that has imported the project and run the tests
once (fast). The engine computes some things once and keeps them (its layouts at import,
each layout's geometry, deals in a cache): a plugin loaded only in mutation runs
(``tools/mutation_plugin.py``) empties those caches when each mutant's tests start, so the
mutant's code computes them again. What runs only at import (building the layouts from
their designs) is mutated in a separate target whose every mutant imports the project
anew (``forkserver``, slower).

Budgets: at least 90 % of the engine's mutants killed, at least 80 % of the
rest's (all other targets together). A timeout counts as killed (the tests did not
pass); a mutant no test reaches counts as a survivor. Survivors judged equivalent to the
original (no test could tell them apart) are listed with their reasons in
``docs/mutation-survivors.md`` and left out of the score; the script prints how many.
They are named by what they change (``tools/mutant_changes.py``: the module, the function
and the mutated line before and after), not by mutmut's numbers, which a change to the
function shifts; each survivor is printed so, ready to be judged and listed.
"""

from __future__ import annotations

import argparse
import filecmp
import fnmatch
import json
import os
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.budget import Budgets  # noqa: E402
from tools import mutant_changes  # noqa: E402

WORK = ROOT / ".mutmut"
MUTMUT = Path(sys.executable).parent / "mutmut"
SURVIVORS_FILE = ROOT / "docs" / "mutation-survivors.md"
# Never copied into a target's working copy.
NOT_COPIED = (".git", ".venv", ".mutmut", "node_modules", "staticfiles", "artifacts", "mutants")
NOT_COPIED_PATTERNS = ("__pycache__", "*.sqlite3*", ".pytest_cache", ".hypothesis", ".ruff_cache")
# Third-party modules each fork server imports once; the project itself is imported anew
# by every mutant's process.
PRELOAD = ("django", "django.test", "pytest_django", "hypothesis", "hypothesis.strategies")
KILLED = {"killed", "timeout", "caught by type check", "segfault"}


@dataclass(frozen=True)
class Target:
    name: str
    sources: tuple[str, ...]
    tests: tuple[str, ...]
    not_mutated: tuple[str, ...] = ()
    fresh_imports: bool = False  # every mutant imports the project anew
    # Tests that every mutant of code run only at import meets (mutmut would credit such
    # code to whichever test happened to import it first, and run only that one).
    import_tests: tuple[str, ...] = ()
    budget: str = "rest"  # whose budget its mutants count towards
    # Modules whose mutants meet only those of their tests in some files: (glob of
    # mutant names, test file prefix). See _focus_tests.
    focus: tuple[tuple[str, str], ...] = ()
    # A mutant whose tests run this many times longer than they did on the original
    # code counts as a timeout (mutmut's default, 15, gives a mutant that loops for ever
    # two minutes of a worker when its tests take seven seconds).
    timeout_multiplier: float = 15.0


# Run only at import: the layouts built from their designs.
IMPORT_TIME = ("mahjong/rules/layouts.py", "mahjong/rules/designs.py")
TARGETS = {
    "engine": Target(
        "engine",
        ("mahjong",),
        ("tests/engine", "tests/game", "tests/web/test_cache_keys.py"),
        not_mutated=IMPORT_TIME,
        budget="engine",
        # The solver is reached by many slow tests (hints through the API, the survey
        # command: half a minute together), and a mutant that loops for ever is given
        # thirty times its tests' time before it counts as a timeout: its mutants would
        # take most of a day. Its own tests decide small positions exhaustively in
        # seconds, and are the ones meant to catch its bugs.
        focus=tuple(
            (f"mahjong.solver.{module}.*", "tests/engine/test_solver")
            for module in ("search", "moves", "pairings", "probe", "classes", "shape")
        ),
        timeout_multiplier=5.0,
    ),
    "layouts": Target(
        "layouts",
        IMPORT_TIME,
        ("tests/engine",),
        fresh_imports=True,
        import_tests=(
            "tests/engine/test_layout_positions.py",
            "tests/engine/test_layouts.py",
            "tests/engine/test_designs_shape.py",
            "tests/engine/test_golden.py",
        ),
        budget="engine",
    ),
    "game": Target(
        "game",
        ("game/services.py", "game/selectors.py", "game/store.py", "game/api.py"),
        (
            "tests/api",
            "tests/game",
            "tests/ranking",
            "tests/daily",
            "tests/records",
            "tests/security",
        ),
    ),
    "quiz": Target(
        "quiz",
        ("quiz/services.py",),
        ("tests/web/test_practice.py", "tests/web/test_rules.py", "tests/web/test_cache_keys.py"),
    ),
    "accounts": Target(
        "accounts",
        ("accounts",),
        (
            "tests/accounts",
            "tests/security/test_passwords.py",
            "tests/security/test_login_lockout.py",
        ),
    ),
}
ENGINE_BUDGET = 90.0
REST_BUDGET = 80.0


def _also_copy(copy: Path, sources: tuple[str, ...]) -> list[str]:
    """Every top-level path of the copy but the mutated sources (mutmut copies those
    itself, mutated; copying the originals as well would overwrite them)."""
    keep: list[str] = []

    def walk(directory: Path) -> None:
        for path in sorted(directory.iterdir()):
            relative = path.relative_to(copy).as_posix()
            if relative in ("mutants", "pyproject.toml") or relative in sources:
                continue
            if path.is_dir() and any(s.startswith(relative + "/") for s in sources):
                walk(path)
            else:
                keep.append(relative)

    walk(copy)
    return keep


def _refresh(source: str, target: str) -> None:
    """Copy a file only when its content changed, and then as newer than any mutated copy
    of it: mutmut re-mutates (and re-tests) a source file newer than its mutants."""
    if Path(target).exists() and filecmp.cmp(source, target, shallow=False):
        return
    shutil.copyfile(source, target)
    os.utime(target)  # now


def _toml_list(items) -> str:
    return "[" + ", ".join(json.dumps(item) for item in items) + "]"


def prepare(target: Target) -> Path:
    """Refresh the target's copy of the project and write its mutmut settings."""
    copy = WORK / target.name
    copy.mkdir(parents=True, exist_ok=True)

    def ignore(directory, names):
        skipped = set(shutil.ignore_patterns(*NOT_COPIED_PATTERNS)(directory, names))
        return skipped | (set(NOT_COPIED) & set(names) if Path(directory) == ROOT else set())

    shutil.copytree(ROOT, copy, ignore=ignore, dirs_exist_ok=True, copy_function=_refresh)
    (copy / "preload.txt").write_text("\n".join(PRELOAD) + "\n")
    shutil.copy2(ROOT / "tools" / "mutation_plugin.py", copy / "mutation_plugin.py")
    isolation = (
        'process_isolation = "forkserver"\nforkserver_warmup = "import"\n'
        'preload_modules_file = "preload.txt"'
        if target.fresh_imports
        else 'process_isolation = "fork"'
    )
    settings = f"""
[tool.mutmut]
source_paths = {_toml_list(target.sources)}
do_not_mutate = {_toml_list(target.not_mutated)}
pytest_add_cli_args_test_selection = {_toml_list(target.tests)}
pytest_add_cli_args = ["-p", "no:cacheprovider", "-p", "mutation_plugin"]
also_copy = {_toml_list(_also_copy(copy, target.sources))}
timeout_multiplier = {target.timeout_multiplier}
{isolation}
"""
    pyproject = (ROOT / "pyproject.toml").read_text()
    (copy / "pyproject.toml").write_text(pyproject + settings)
    return copy


def _import_time_tests(copy: Path, target: Target) -> None:
    """Give every function of an import-time target the target's ``import_tests`` in
    mutmut's record of which tests meet which function."""
    stats = copy / "mutants" / "mutmut-stats.json"
    data = json.loads(stats.read_text())
    chosen = sorted(
        test for test in data["duration_by_test"] if test.split("::")[0] in target.import_tests
    )
    for name, tests in data["tests_by_mangled_function_name"].items():
        data["tests_by_mangled_function_name"][name] = sorted(set(tests) | set(chosen))
    stats.write_text(json.dumps(data))


def _focus_tests(copy: Path, target: Target) -> None:
    """Give the functions of each module in the target's ``focus`` every test of the
    given files, and only those. Every one, not only those mutmut saw reaching the
    function: after a change to a module mutmut records which tests reach its new
    functions from the new tests alone."""
    stats = copy / "mutants" / "mutmut-stats.json"
    data = json.loads(stats.read_text())
    for pattern, prefix in target.focus:
        chosen = sorted(test for test in data["duration_by_test"] if test.startswith(prefix))
        for name in data["tests_by_mangled_function_name"]:
            if fnmatch.fnmatch(name, pattern):
                data["tests_by_mangled_function_name"][name] = chosen
    stats.write_text(json.dumps(data))


def run(
    target: Target, max_children: int, *, survivors_only: bool = False, only: list[str] = ()
) -> None:
    copy = prepare(target)
    env = {**os.environ, "HYPOTHESIS_PROFILE": "ci", "PYTHONDONTWRITEBYTECODE": "1"}
    env.pop("DATABASE_URL", None)  # SQLite: one throwaway file per test process
    print(f"== mutmut on {', '.join(target.sources)} with {' '.join(target.tests)}", flush=True)

    def mutmut_run(*names: str, stderr=None) -> None:
        subprocess.run(
            [str(MUTMUT), "run", "--max-children", str(max_children), *names],
            cwd=copy,
            env=env,
            stdout=subprocess.DEVNULL,  # a progress spinner; the summary is printed below
            stderr=stderr,
            check=False,
        )

    if survivors_only or only or target.import_tests or target.focus:
        # Mutates what changed and brings the record of tests up to date, then stops (no
        # mutant has this name): the statuses read below are those of the code as it is.
        mutmut_run("no.mutant.matches.this", stderr=subprocess.DEVNULL)
    if target.import_tests:
        _import_time_tests(copy, target)
    if target.focus:
        _focus_tests(copy, target)
    names = []
    if survivors_only:  # after new tests: test again only what survived last time
        names = [n for n, status in statuses(target).items() if status in ("survived", "no tests")]
    elif only:  # the mutants of some functions or modules that were not tested yet
        names = [
            n
            for n, status in statuses(target).items()
            if status == "not checked" and any(fnmatch.fnmatch(n, pattern) for pattern in only)
        ]
    if (survivors_only or only) and not names:
        return
    mutmut_run(*names)


def statuses(target: Target) -> dict[str, str]:
    """Each mutant's status from mutmut's result files (``mutants/**/*.meta``)."""
    from mutmut.stats import status_by_exit_code

    found: dict[str, str] = {}
    for meta in sorted((WORK / target.name / "mutants").rglob("*.py.meta")):
        data = json.loads(meta.read_text())
        for name, code in data.get("exit_code_by_key", {}).items():
            found[name] = status_by_exit_code[code]
    return found


def listed_equivalent() -> dict[mutant_changes.Change, str]:
    """The changes listed as equivalent in docs/mutation-survivors.md, with reasons."""
    if not SURVIVORS_FILE.exists():
        return {}
    return mutant_changes.listed(SURVIVORS_FILE.read_text())


@dataclass
class Score:
    killed: int = 0
    survived: int = 0
    equivalent: int = 0
    unchecked: int = 0

    @property
    def percent(self) -> float | None:
        total = self.killed + self.survived
        return 100 * self.killed / total if total else None

    def add(self, other: Score) -> None:
        self.killed += other.killed
        self.survived += other.survived
        self.equivalent += other.equivalent
        self.unchecked += other.unchecked


def score(
    target: Target, equivalent: dict[mutant_changes.Change, str], seen: set
) -> tuple[Score, list[str]]:
    """The target's score and survivors; adds every change its mutants make to ``seen``."""
    changes = mutant_changes.changes_under(WORK / target.name / "mutants")
    seen.update(changes.values())
    result, survivors = Score(), []
    for name, status in statuses(target).items():
        change = changes.get(name)
        if status in KILLED:
            result.killed += 1
        elif status in ("not checked", "skipped", "check was interrupted by user"):
            result.unchecked += 1
        elif change in equivalent:
            result.equivalent += 1
        else:
            result.survived += 1
            survivors.append(f"{change or name} ({status}; mutmut show {name})")
    return result, survivors


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    # Checked by hand: argparse checks an empty or default list of nargs="*" against
    # the choices as one value and refuses it (plain `make mutate` failed so).
    parser.add_argument("targets", nargs="*", help=f"any of {', '.join(TARGETS)}; all when none")
    parser.add_argument("--max-children", type=int, default=2, help="mutants tested at once")
    parser.add_argument("--report-only", action="store_true", help="score the last run")
    parser.add_argument(
        "--survivors", action="store_true", help="test again only the last run's survivors"
    )
    parser.add_argument(
        "--only",
        action="append",
        default=[],
        metavar="GLOB",
        help="test only the untested mutants whose names match, e.g. 'mahjong.rules.board.*'",
    )
    args = parser.parse_args()
    unknown = [name for name in args.targets if name not in TARGETS]
    if unknown:
        parser.error(f"unknown target {', '.join(unknown)} (choose from {', '.join(TARGETS)})")
    targets = [TARGETS[name] for name in args.targets or TARGETS]
    if not args.report_only:
        for target in targets:
            run(target, args.max_children, survivors_only=args.survivors, only=args.only)

    equivalent = listed_equivalent()
    budgets = Budgets()
    totals = {"engine": Score(), "rest": Score()}
    seen: set[mutant_changes.Change] = set()
    for target in targets:
        result, survivors = score(target, equivalent, seen)
        print(f"== {target.name}: {result.killed} killed, {result.survived} survived", end="")
        print(
            f", {result.equivalent} listed as equivalent: {result.percent or 0:.1f} % killed",
            end="",
        )
        print(f" ({result.unchecked} not tested yet)" if result.unchecked else "")
        for survivor in survivors:
            print(f"   survived: - {survivor}")
        totals[target.budget].add(result)
    for group, label, budget in (
        ("engine", "engine mutants killed", ENGINE_BUDGET),
        ("rest", "mutants killed in the rest", REST_BUDGET),
    ):
        if any(target.budget == group for target in targets):
            # A score with mutants not tested yet is not a score: a run cut short (the
            # slowest mutants come last) would otherwise pass on the quick ones.
            total = totals[group]
            if total.unchecked:
                print(f"   ({total.unchecked} {group} mutants not tested yet: no score)")
            budgets.at_least(label, None if total.unchecked else total.percent, budget, "%")
    if len(targets) == len(TARGETS) and seen:
        for change in equivalent.keys() - seen:  # its line changed: judge its mutants anew
            print(f"   listed, but no mutant makes this change any more: - {change}")
    print("(a target's mutants, one by one: cd .mutmut/TARGET && mutmut results; mutmut show NAME)")
    return budgets.exit_code()


if __name__ == "__main__":
    sys.exit(main())
