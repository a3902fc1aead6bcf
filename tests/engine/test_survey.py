"""The survey in stretches: parts over consecutive deals put together, by the command too."""

from __future__ import annotations

import json
from io import StringIO

import pytest
from django.core.management import CommandError, call_command

from mahjong.rules.layouts import TURTLE
from mahjong.solver.survey import SurveyResult, survey


def _run(*args: str) -> str:
    out = StringIO()
    call_command("mahjong", *args, stdout=out)
    return out.getvalue()


def test_stretches_decide_the_same_deals_as_one_run():
    whole = survey(TURTLE, 4, seed=9, time_limit=5)
    parts = [survey(TURTLE, 1, seed=9, time_limit=5), survey(TURTLE, 3, 9, 5, start=1)]
    combined = SurveyResult.combine(list(reversed(parts)))
    assert (combined.deals, combined.start, combined.seed) == (4, 0, 9)
    assert (combined.winnable, combined.not_winnable, combined.undecided) == (
        whole.winnable,
        whole.not_winnable,
        whole.undecided,
    )
    assert len(combined.times) == len(combined.cpu_times) == 4
    assert list(combined.times) == sorted(combined.times)


def test_a_gap_an_overlap_or_another_seed_is_refused():
    first = survey(TURTLE, 1, seed=9, time_limit=5)
    with pytest.raises(ValueError, match="missing or counted twice"):
        SurveyResult.combine([first, survey(TURTLE, 1, 9, 5, start=2)])
    with pytest.raises(ValueError, match="missing or counted twice"):
        SurveyResult.combine([first, first])
    with pytest.raises(ValueError, match="seeds"):
        SurveyResult.combine([first, survey(TURTLE, 1, 8, 5, start=1)])


def test_a_result_survives_its_json():
    result = survey(TURTLE, 2, seed=3, time_limit=5, start=5)
    again = SurveyResult.from_json(json.loads(json.dumps(result.to_json())))
    assert again == result
    assert again.lines()[0] == "layout L00: 2 uniform deals (numbers 5–6)"


def test_the_command_saves_stretches_and_combines_them(tmp_path):
    a, b = tmp_path / "a.json", tmp_path / "b.json"
    common = ("survey", "--layout", "L00", "--seed", "4", "--time-limit", "5")
    _run(*common, "--deals", "2", "--save", str(a))
    _run(*common, "--deals", "1", "--start", "2", "--save", str(b))
    lines = _run("survey", "--combine", str(a), str(b)).splitlines()
    assert lines[0] == "layout L00: 3 uniform deals"
    assert lines[2].startswith("decided: ")
    with pytest.raises(CommandError, match="cannot combine"):
        _run("survey", "--combine", str(b), str(b))
    with pytest.raises(CommandError, match="--start"):
        _run(*common, "--deals", "1", "--start", "-1")
