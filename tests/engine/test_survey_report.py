"""The survey's figures (mahjong/solver/survey.py), computed from hand-made results: the
share of unwinnable deals with its 95 % Wilson interval, the time quantiles, and the
report's lines as the survey command prints them."""

from __future__ import annotations

import math
import statistics
import time
from collections import Counter

import pytest

from mahjong.rules.layouts import TURTLE
from mahjong.rules.prng import SplitMix64
from mahjong.rules.tiles import TILE_SET
from mahjong.solver.search import Solution, Verdict
from mahjong.solver.survey import SurveyResult, survey, uniform_faces, wilson_interval

TIMES = tuple(i / 1000 for i in range(1, 101))  # 1 ms … 100 ms
CPU = tuple(i / 2000 for i in range(1, 101))  # 0.5 ms … 50 ms


def _result(**changes) -> SurveyResult:
    values = dict(
        layout="L00",
        deals=100,
        winnable=96,
        not_winnable=3,
        undecided=1,
        times=TIMES,
        cpu_times=CPU,
        seed=7,
        time_limit=10.0,
    )
    return SurveyResult(**{**values, **changes})


def _wilson(hits: int, n: int) -> tuple[float, float]:
    """The Wilson score interval straight from its textbook formula."""
    z = 1.96
    p = hits / n
    denominator = 1 + z**2 / n
    centre = p + z**2 / (2 * n)
    spread = z * math.sqrt(p * (1 - p) / n + z**2 / (4 * n**2))
    return ((centre - spread) / denominator, (centre + spread) / denominator)


@pytest.mark.parametrize(("hits", "n"), [(3, 99), (1, 2), (40, 1000)])
def test_the_interval_is_wilsons(hits, n):
    assert wilson_interval(hits, n) == pytest.approx(_wilson(hits, n), abs=1e-12)


def test_the_interval_stays_within_zero_and_one():
    assert wilson_interval(0, 0) == (0.0, 1.0)
    low, high = wilson_interval(0, 5)
    assert low == 0.0 and 0 < high < 1
    low, high = wilson_interval(5, 5)
    assert 0 < low < 1 and high == 1.0


def test_the_share_counts_decided_deals_only():
    result = _result()
    assert result.decided == 99
    assert result.unwinnable_share == pytest.approx(3 / 99)
    assert result.interval == pytest.approx(_wilson(3, 99))
    assert math.isnan(_result(winnable=0, not_winnable=0, undecided=100).unwinnable_share)


def test_time_quantiles_take_the_nearest_rank():
    result = _result()
    assert result.percentile(0.99) == TIMES[98]
    assert result.percentile(0.5) == TIMES[49]
    assert result.percentile(0.0) == TIMES[0]
    assert result.percentile(1.0) == TIMES[-1]
    assert result.median == pytest.approx(statistics.median(TIMES))
    assert result.mean == pytest.approx(sum(TIMES) / len(TIMES))


def test_the_report_lines():
    low, high = _wilson(3, 99)
    assert _result().lines() == [
        "layout L00: 100 uniform deals",
        f"unwinnable: 3 of 99 decided = 3.03 % (95 % interval {100 * low:.2f}–{100 * high:.2f} %)",
        "decided: 99 (96 winnable, 3 not); undecided: 1",
        "time per deal: median 50.5 ms, mean 50.5 ms, p99 99.0 ms, max 100.0 ms",
        "CPU per deal: median 25.2 ms, mean 25.2 ms, p99 49.5 ms "
        "(a busy machine slows the wall clock, not this)",
    ]


def test_a_stretch_is_named_by_its_deal_numbers_and_no_cpu_line_without_cpu_times():
    lines = _result(start=200, cpu_times=()).lines()
    assert lines[0] == "layout L00: 100 uniform deals (numbers 200–299)"
    assert len(lines) == 4 and not any(line.startswith("CPU") for line in lines)


def test_a_uniform_deal_places_the_whole_tile_set_in_a_seeded_order():
    faces = uniform_faces(TURTLE, SplitMix64(5))
    assert Counter(faces) == Counter(TILE_SET[: len(TURTLE.positions)])
    assert faces == uniform_faces(TURTLE, SplitMix64(5))
    assert faces != uniform_faces(TURTLE, SplitMix64(6))
    assert faces != list(TILE_SET[: len(TURTLE.positions)])


class _ScriptedSolver:
    """Stands in for the solver: answers verdicts in a fixed order and records how it
    was asked."""

    verdicts: list = []
    asked: list = []

    def __init__(self, geometry, faces):
        self.faces = faces

    def solve(self, present, *, time_limit, clock):
        _ScriptedSolver.asked.append((present, time_limit, clock))
        return Solution(_ScriptedSolver.verdicts.pop(0), None, 1)


@pytest.fixture
def scripted(monkeypatch):
    from mahjong.solver import survey as survey_module

    monkeypatch.setattr(
        survey_module,
        "solver_for",
        lambda geometry, faces, name=None: _ScriptedSolver(geometry, faces),
    )
    _ScriptedSolver.asked = []
    return _ScriptedSolver


def test_each_deal_is_counted_once_under_its_verdict_with_its_own_time(scripted):
    W, N, U = Verdict.WINNABLE, Verdict.NOT_WINNABLE, Verdict.UNKNOWN
    scripted.verdicts = [W, N, U, W, W]
    progress = []
    began = time.perf_counter()

    result = survey(TURTLE, 5, seed=3, time_limit=2.5, progress=lambda *a: progress.append(a))

    took = time.perf_counter() - began
    assert (result.winnable, result.not_winnable, result.undecided) == (3, 1, 1)
    assert [number for number, _solution in progress] == [1, 2, 3, 4, 5]
    assert [solution.verdict for _number, solution in progress] == [W, N, U, W, W]
    assert len(result.times) == len(result.cpu_times) == 5
    assert all(0 <= t <= took for t in result.times)
    assert all(0 <= t <= took for t in result.cpu_times)
    full = (1 << len(TURTLE.positions)) - 1
    assert scripted.asked == [(full, 2.5, time.process_time)] * 5  # the CPU clock
    assert (result.time_limit, result.seed, result.deals) == (2.5, 3, 5)


def test_without_a_limit_each_deal_gets_ten_seconds_of_cpu(scripted):
    scripted.verdicts = [Verdict.WINNABLE]
    assert survey(TURTLE, 1, seed=3).time_limit == 10.0
    assert scripted.asked[0][1] == 10.0


def test_stretches_of_any_sizes_combine_and_keep_their_start_and_limit():
    def part(start, deals):
        return _result(start=start, deals=deals, winnable=deals, not_winnable=0, undecided=0)

    combined = SurveyResult.combine([part(9, 1), part(5, 1), part(6, 3)])
    assert (combined.start, combined.deals, combined.winnable) == (5, 5, 5)
    assert (combined.seed, combined.time_limit, combined.layout) == (7, 10.0, "L00")
    with pytest.raises(ValueError, match="^parts of different layouts, seeds or time limits$"):
        SurveyResult.combine([part(0, 1), _result(start=1, deals=1, time_limit=5.0)])
