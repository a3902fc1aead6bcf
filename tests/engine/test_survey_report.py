"""The survey's figures (game/engine/survey.py), computed from hand-made results: the
share of unwinnable deals with its 95 % Wilson interval, the time quantiles, and the
report's lines as the survey command prints them."""

from __future__ import annotations

import math
import statistics
from collections import Counter

import pytest

from game.engine.layouts import TURTLE
from game.engine.prng import SplitMix64
from game.engine.survey import SurveyResult, uniform_faces, wilson_interval
from game.engine.tiles import TILE_SET

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
