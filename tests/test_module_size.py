"""No Python file of the project over 400 lines without a stated reason: a long module is
usually several purposes in one, and a newcomer reads a file whole. A file that grows
past the limit is split by purpose, or listed here with the reason it stays whole."""

from __future__ import annotations

import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LIMIT = 400
#: The files allowed over the limit, each with its reason.
LONG = {
    "mahjong/rules/shapes.py": "the layouts' pictures, one per layout: data, never redrawn",
    "mahjong/rules/board.py": "one class, the board of a game in progress, and its answers",
    "game/services.py": "the writes on games, one function per move on one shared flow",
    "bench/solver.py": "one benchmark script: the survey, the check and the hint, timed",
    "tools/tiles/build_sprite.py": "a build script drawing each tile kind of the sprite",
    "tests/engine/test_solver_rules.py": "the solver's rules, each against an exhaustive search",
    "tests/browser/test_board.py": "the board in the browser, one page session per test group",
    "tests/web/test_practice.py": "the practice page and its quiz in four languages",
    "tests/daily/test_daily.py": "the daily deal's page, API and codes",
}


def python_files() -> dict[str, int]:
    listed = subprocess.run(
        ["git", "ls-files", "*.py"], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout.split()
    return {
        name: len((ROOT / name).read_text().splitlines())
        for name in listed
        if (ROOT / name).is_file()
    }


def test_no_file_over_the_limit_without_a_reason():
    sizes = python_files()
    assert sizes, "git lists no Python file: the check is broken"
    over = {name: lines for name, lines in sizes.items() if lines > LIMIT and name not in LONG}
    assert not over, f"over {LIMIT} lines, split by purpose or give a reason: {over}"


def test_every_listed_file_is_still_long():
    # A file that shrank below the limit, or is gone, is taken off the list.
    sizes = python_files()
    short = {name: sizes.get(name) for name in LONG if sizes.get(name, 0) <= LIMIT}
    assert not short, short
