"""How many uniformly random deals of a layout can be won, and how fast the solver says so.

A *uniform* deal places the 144 tiles on the layout's positions at random, every
arrangement equally likely (unlike the site's deals, which are generated with a
winning plan). Published figure to compare with: about 2.95 % of uniform Turtle
deals cannot be won (M. de Bondt).
"""

from __future__ import annotations

import contextlib
import math
import multiprocessing
import statistics
import time
from dataclasses import dataclass

from ..rules.difficulty import wilson_interval
from ..rules.layouts import Layout
from ..rules.prng import SplitMix64
from ..rules.tiles import TILE_SET
from .native import solver_for
from .search import Solution, Verdict


def uniform_faces(layout: Layout, rng: SplitMix64) -> list[str]:
    """Every tile of the set placed on the layout at random (Fisher–Yates)."""
    faces = list(TILE_SET[: len(layout.positions)])
    rng.shuffle(faces)
    return faces


def quantile(sorted_values: tuple[float, ...], q: float) -> float:
    """The q-quantile of sorted values (nearest rank)."""
    index = min(len(sorted_values) - 1, max(0, math.ceil(q * len(sorted_values)) - 1))
    return sorted_values[index]


@dataclass(frozen=True)
class SurveyResult:
    layout: str
    deals: int
    winnable: int
    not_winnable: int
    undecided: int
    times: tuple[float, ...]  # seconds per deal (wall clock), sorted
    cpu_times: tuple[float, ...] = ()  # seconds of this process's CPU per deal, sorted
    start: int = 0  # the number of the first deal in the seed's sequence
    seed: int | None = None
    time_limit: float | None = None

    def to_json(self) -> dict:
        return {
            "layout": self.layout,
            "seed": self.seed,
            "start": self.start,
            "deals": self.deals,
            "time_limit": self.time_limit,
            "winnable": self.winnable,
            "not_winnable": self.not_winnable,
            "undecided": self.undecided,
            "times": list(self.times),
            "cpu_times": list(self.cpu_times),
        }

    @classmethod
    def from_json(cls, data: dict) -> SurveyResult:
        return cls(
            layout=data["layout"],
            deals=data["deals"],
            winnable=data["winnable"],
            not_winnable=data["not_winnable"],
            undecided=data["undecided"],
            times=tuple(sorted(data["times"])),
            cpu_times=tuple(sorted(data["cpu_times"])),
            start=data["start"],
            seed=data["seed"],
            time_limit=data["time_limit"],
        )

    @classmethod
    def combine(cls, parts: list[SurveyResult]) -> SurveyResult:
        """One result from runs over consecutive stretches of the same seed's deals.

        Raises ``ValueError`` unless the parts are of one layout, seed and time limit
        and cover deals ``0 … N-1`` (or one stretch) without gap or overlap.
        """
        parts = sorted(parts, key=lambda part: part.start)
        first = parts[0]
        at = first.start
        for part in parts:
            if (part.layout, part.seed, part.time_limit) != (
                first.layout,
                first.seed,
                first.time_limit,
            ):
                raise ValueError("parts of different layouts, seeds or time limits")
            if part.start != at:
                raise ValueError(f"deals {at}… missing or counted twice")
            at += part.deals
        return cls(
            layout=first.layout,
            deals=sum(part.deals for part in parts),
            winnable=sum(part.winnable for part in parts),
            not_winnable=sum(part.not_winnable for part in parts),
            undecided=sum(part.undecided for part in parts),
            times=tuple(sorted(t for part in parts for t in part.times)),
            cpu_times=tuple(sorted(t for part in parts for t in part.cpu_times)),
            start=first.start,
            seed=first.seed,
            time_limit=first.time_limit,
        )

    @property
    def decided(self) -> int:
        return self.winnable + self.not_winnable

    @property
    def unwinnable_share(self) -> float:
        return self.not_winnable / self.decided if self.decided else math.nan

    @property
    def interval(self) -> tuple[float, float]:
        """95 % interval of the unwinnable share among decided deals."""
        return wilson_interval(self.not_winnable, self.decided)

    def percentile(self, q: float) -> float:
        return quantile(self.times, q)

    @property
    def median(self) -> float:
        return statistics.median(self.times)

    @property
    def mean(self) -> float:
        return statistics.fmean(self.times)

    def lines(self) -> list[str]:
        low, high = self.interval
        ms = 1000
        stretch = f" (numbers {self.start}–{self.start + self.deals - 1})" if self.start else ""
        return [
            f"layout {self.layout}: {self.deals} uniform deals{stretch}",
            f"unwinnable: {self.not_winnable} of {self.decided} decided = "
            f"{100 * self.unwinnable_share:.2f} % (95 % interval {100 * low:.2f}–{100 * high:.2f} %)",
            f"decided: {self.decided} ({self.winnable} winnable, {self.not_winnable} not); "
            f"undecided: {self.undecided}",
            f"time per deal: median {self.median * ms:.1f} ms, mean {self.mean * ms:.1f} ms, "
            f"p99 {self.percentile(0.99) * ms:.1f} ms, max {self.times[-1] * ms:.1f} ms",
            *(
                [
                    f"CPU per deal: median {statistics.median(self.cpu_times) * ms:.1f} ms, "
                    f"mean {statistics.fmean(self.cpu_times) * ms:.1f} ms, "
                    f"p99 {quantile(self.cpu_times, 0.99) * ms:.1f} ms (a busy machine slows "
                    "the wall clock, not this)"
                ]
                if self.cpu_times
                else []
            ),
        ]


class _Decide:
    """Decides one deal from the full board: the answer, its wall and CPU seconds."""

    def __init__(self, layout: Layout, time_limit: float, solver: str | None):
        self.layout, self.time_limit, self.solver = layout, time_limit, solver
        self.full = (1 << len(layout.positions)) - 1

    def __call__(self, faces: list[str]) -> tuple[Solution, float, float]:
        began, cpu_began = time.perf_counter(), time.process_time()
        solution = solver_for(self.layout.geometry, faces, self.solver).solve(
            self.full, time_limit=self.time_limit, clock=time.process_time
        )
        return solution, time.perf_counter() - began, time.process_time() - cpu_began


_worker: _Decide | None = None  # in each process of a survey's pool


def _start_worker(decide: _Decide) -> None:
    global _worker
    _worker = decide


def _decide_in_worker(faces: list[str]) -> tuple[Solution, float, float]:
    return _worker(faces)


def survey(
    layout: Layout,
    deals: int,
    seed: int,
    time_limit: float = 10.0,
    progress=None,
    start: int = 0,
    solver: str | None = None,
    jobs: int = 1,
) -> SurveyResult:
    """Shuffle ``deals`` uniform deals from ``seed`` and decide each within ``time_limit``
    seconds of CPU (not of the wall clock, which other work on the machine stretches).

    ``start`` skips that many deals of the seed's sequence first, so that a long survey
    can be run in stretches and the parts put together (:meth:`SurveyResult.combine`).
    ``solver`` names the solver ("native" or "python", see :func:`.native.solver_for`);
    ``jobs`` processes decide the deals side by side (the deals and the figures are the
    same as with one).
    """
    rng = SplitMix64(seed)
    for _ in range(start):
        uniform_faces(layout, rng)
    shuffles = (uniform_faces(layout, rng) for _ in range(deals))
    decide = _Decide(layout, time_limit, solver)
    counts = {verdict: 0 for verdict in Verdict}
    times, cpu_times = [], []
    with contextlib.ExitStack() as stack:
        if jobs > 1:
            # Forked, so each process starts with the layout and the solver loaded; the
            # answers come back in the deals' order.
            context = multiprocessing.get_context("fork")
            pool = stack.enter_context(context.Pool(jobs, _start_worker, (decide,)))
            answers = pool.imap(_decide_in_worker, shuffles, chunksize=4)
        else:
            answers = map(decide, shuffles)
        for number, (solution, wall, cpu) in enumerate(answers):
            times.append(wall)
            cpu_times.append(cpu)
            counts[solution.verdict] += 1
            if progress is not None:
                progress(number + 1, solution)
    times.sort()
    cpu_times.sort()
    return SurveyResult(
        layout=layout.id,
        deals=deals,
        winnable=counts[Verdict.WINNABLE],
        not_winnable=counts[Verdict.NOT_WINNABLE],
        undecided=counts[Verdict.UNKNOWN],
        times=tuple(times),
        cpu_times=tuple(cpu_times),
        start=start,
        seed=seed,
        time_limit=time_limit,
    )
