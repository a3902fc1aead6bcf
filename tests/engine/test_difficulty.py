"""The stored difficulty of each layout (mahjong/rules/difficulty.json, read through
mahjong.rules.difficulty): every layout surveyed, every figure a proportion with its n,
and the file as tools/store_difficulty.py writes it from saved survey runs."""

from __future__ import annotations

import json
import math
import subprocess
import sys
from pathlib import Path

import pytest

from mahjong import LAYOUTS
from mahjong.rules import difficulty as stored
from mahjong.rules.difficulty import Difficulty, difficulty, survey_data, wilson_interval
from mahjong.solver.survey import SurveyResult

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("layout_id", list(LAYOUTS))
def test_every_layout_has_a_surveyed_share_with_its_n(layout_id):
    found = difficulty(layout_id)

    assert found is not None, f"{layout_id} has no stored difficulty: survey it"
    assert found.layout == layout_id
    assert isinstance(found.deals, int) and found.deals >= 100
    assert 0 <= found.undecided <= found.deals
    assert 0 <= found.not_winnable <= found.decided == found.deals - found.undecided
    assert 0 <= found.low <= found.share <= found.high <= 1
    assert (found.low, found.high) == wilson_interval(found.not_winnable, found.decided)


def test_the_file_says_how_the_survey_was_run_and_holds_only_our_layouts():
    data = survey_data()

    assert set(data["layouts"]) == set(LAYOUTS)
    survey = data["survey"]
    assert isinstance(survey["seed"], int) and survey["first_deal"] == 0
    assert survey["time_limit_cpu_seconds"] > 0 and survey["solver"] in ("native", "python")
    assert len(survey["date"]) == 10  # YYYY-MM-DD


def test_ids_are_read_as_the_registry_reads_them_and_unknown_ones_have_none():
    assert difficulty(" l00 ") == difficulty("L00")
    assert difficulty("L99") is None


def test_a_share_is_the_lost_deals_among_the_decided_ones():
    found = Difficulty("L00", deals=1000, not_winnable=30, undecided=10)

    assert found.decided == 990 and found.share == pytest.approx(30 / 990)
    assert found.as_dict() == {
        "layout": "L00",
        "deals": 1000,
        "not_winnable": 30,
        "undecided": 10,
        "share": found.share,
        "low": found.low,
        "high": found.high,
    }
    assert math.isnan(Difficulty("L00", 3, 0, 3).share)
    assert Difficulty("L00", 3, 0, 3).interval == (0.0, 1.0)


def _run(layout: str, start: int, deals: int, lost: int, undecided: int = 0) -> dict:
    return SurveyResult(
        layout=layout,
        deals=deals,
        winnable=deals - lost - undecided,
        not_winnable=lost,
        undecided=undecided,
        times=(0.001,) * deals,
        cpu_times=(0.001,) * deals,
        start=start,
        seed=1,
        time_limit=10.0,
    ).to_json()


def test_the_tool_joins_each_layouts_stretches_and_keeps_the_others(tmp_path):
    data = tmp_path / "difficulty.json"
    data.write_text(
        json.dumps({"layouts": {"L01": {"deals": 9, "not_winnable": 1, "undecided": 0}}})
    )
    done = _store(
        tmp_path,
        data,
        {
            "a.json": _run("L00", 0, 300, 9),
            "b.json": _run("L00", 300, 200, 6, undecided=1),
            "c.json": _run("L02", 0, 100, 100),
        },
    )
    assert done.returncode == 0, done.stderr
    written = json.loads(data.read_text())
    assert written["layouts"] == {
        "L00": {"deals": 500, "not_winnable": 15, "undecided": 1},
        "L01": {"deals": 9, "not_winnable": 1, "undecided": 0},
        "L02": {"deals": 100, "not_winnable": 100, "undecided": 0},
    }
    assert written["survey"]["seed"] == 1 and written["survey"]["time_limit_cpu_seconds"] == 10
    assert "L00: 15 of 499 not winnable = 3.01 %" in done.stdout


def test_the_tool_refuses_stretches_that_leave_a_gap(tmp_path):
    data = tmp_path / "difficulty.json"
    done = _store(
        tmp_path, data, {"a.json": _run("L00", 0, 300, 9), "b.json": _run("L00", 400, 100, 3)}
    )

    assert done.returncode != 0 and "missing or counted twice" in done.stderr
    assert not data.exists()


def _store(tmp_path, data, runs: dict) -> subprocess.CompletedProcess:
    paths = []
    for name, run in runs.items():
        (tmp_path / name).write_text(json.dumps(run))
        paths.append(str(tmp_path / name))
    script = (
        "import sys, runpy; from pathlib import Path; from mahjong.rules import difficulty; "
        f"difficulty.DATA = Path({str(data)!r}); sys.argv = ['store'] + {paths!r}; "
        "runpy.run_path('tools/store_difficulty.py', run_name='__main__')"
    )
    return subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True)


def _stored_survey(seed=1, limit=10.0) -> dict:
    return {
        "survey": {"seed": seed, "time_limit_cpu_seconds": limit},
        "layouts": {"L00": {"deals": 300, "not_winnable": 9, "undecided": 1}},
    }


def test_runs_that_go_on_from_the_stored_figures_extend_them(tmp_path):
    data = tmp_path / "difficulty.json"
    data.write_text(json.dumps(_stored_survey()))

    done = _store(tmp_path, data, {"b.json": _run("L00", 300, 200, 6)})

    assert done.returncode == 0, done.stderr
    assert json.loads(data.read_text())["layouts"]["L00"] == {
        "deals": 500,
        "not_winnable": 15,
        "undecided": 1,
    }


@pytest.mark.parametrize(
    "stored_survey, start",
    [(_stored_survey(), 400), (_stored_survey(seed=2), 300), (_stored_survey(limit=5.0), 300)],
    ids=["gap", "other seed", "other time limit"],
)
def test_runs_that_do_not_go_on_from_the_same_stored_survey_are_refused(
    tmp_path, stored_survey, start
):
    data = tmp_path / "difficulty.json"
    data.write_text(json.dumps(stored_survey))

    done = _store(tmp_path, data, {"b.json": _run("L00", start, 200, 6)})

    assert done.returncode != 0 and "neither at 0 nor" in done.stderr
    assert json.loads(data.read_text()) == stored_survey


def test_the_stored_file_is_the_one_beside_the_module():
    assert stored.DATA == ROOT / "mahjong" / "rules" / "difficulty.json"


def test_the_registry_gives_each_layouts_difficulty_by_its_id():
    from mahjong import UnknownLayout
    from mahjong.rules.registry import layout_difficulty

    assert layout_difficulty("l03") == difficulty("L03")
    with pytest.raises(UnknownLayout):
        layout_difficulty("L99")
