"""The solver applied to games: verdicts, hints that re-plan, and the way back.

* :func:`decide` — winnable (with a plan), not winnable, or unknown, for a
  board's remaining tiles; verdicts are remembered in :data:`MEMORY`, per deal and set
  of remaining tiles (a winning plan also proves every position along it). A deal's
  solver is kept in :data:`SOLVERS`. Their sizes are the caller's to set (``resize``;
  the site reads them from its settings), :func:`forget` empties both, and
  :func:`use_solvers` installs another maker of solvers (a test's).
* :func:`hint` — the first pair of a winning plan; when the position is lost,
  no pair; when unknown, any playable pair, marked unsure.
* :func:`undo_to_winnable` — how many pairs to put back, from a lost
  position, to reach the last winnable one.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

from ..lru import Lru
from ..rules.deal import Deal, Pair
from .native import NativeSolver, solver_for
from .search import Solution, Solver, Verdict

#: Default time budget of one verdict, in seconds.
TIME_LIMIT = 0.5
#: Positions the compiled core may always search for a verdict before the clock may stop
#: it. A time limit alone made a hint "unsure" whenever the machine was busy; the hardest
#: of 23,000 off-plan positions on every layout took under 10,000 (docs/solver.md), about
#: 50 ms of CPU, and 60,000 stay under half a second. The search is deterministic, so
#: every position within them gets the same verdict, however loaded the machine.
SURE_NODES = 60_000


#: This process's verdicts by deal code and remaining tiles; the site sets its size from
#: MAHJONG_VERDICT_MEMORY.
MEMORY: Lru[tuple[str, int], Solution] = Lru(20_000)
#: This process's solvers by deal (one holds the deal's tables for the search); the site
#: sets its size from MAHJONG_SOLVER_MEMORY.
SOLVERS: Lru[Deal, Solver] = Lru(64)


def _default_solver(deal: Deal) -> Solver:
    # The compiled core when it is built (mahjong.solver.native), else the reference.
    return solver_for(deal.layout.geometry, deal.faces)


_make_solver: Callable[[Deal], Solver] = _default_solver


def use_solvers(make: Callable[[Deal], Solver] | None) -> Callable[[Deal], Solver]:
    """Install what makes a deal's solver (None: the engine's own) and forget the
    solvers made before; returns the maker installed before, so a test can put it back."""
    global _make_solver
    previous, _make_solver = _make_solver, make or _default_solver
    SOLVERS.clear()
    return previous


def forget() -> None:
    """Forget every remembered verdict and kept solver (tests and benchmarks start from
    nothing)."""
    MEMORY.clear()
    SOLVERS.clear()


def solver(deal: Deal) -> Solver:
    """The deal's solver, kept for its next position."""
    return SOLVERS.get_or_make(deal, lambda: _make_solver(deal))


def present_mask(deal: Deal, history) -> int:
    """The remaining tiles after ``history`` as a bit mask (bit i: tile i)."""
    mask = (1 << len(deal.faces)) - 1
    for a, b in history:
        mask &= ~(1 << a | 1 << b)
    return mask


def remembered(deal: Deal, present: int) -> Solution | None:
    return MEMORY.get((str(deal.code), present))


def _solve(solver: Solver, present: int, time_limit: float) -> Solution:
    """The compiled core first searches up to :data:`SURE_NODES` positions whatever the
    clock says, then, when that was not enough, goes on for what is left of
    ``time_limit``; the reference (twenty times slower) keeps to ``time_limit``."""
    if not isinstance(solver, NativeSolver):
        return solver.solve(present, time_limit=time_limit)
    began = time.perf_counter()
    solution = solver.solve(present, max_nodes=SURE_NODES)
    left = time_limit - (time.perf_counter() - began)
    if solution.verdict is Verdict.UNKNOWN and left > 0:
        solution = solver.solve(present, time_limit=left)
    return solution


def decide(deal: Deal, present: int, time_limit: float = TIME_LIMIT) -> Solution:
    """The verdict on the position of ``deal`` whose remaining tiles are ``present``."""
    known = remembered(deal, present)
    if known is not None:
        return known
    rest = deal.rest_of_plan(present)
    if rest is not None:
        solution = Solution(Verdict.WINNABLE, rest, 0)
    else:
        solution = _solve(solver(deal), present, time_limit)
    code = str(deal.code)
    if solution.verdict is Verdict.UNKNOWN:
        return solution  # not remembered: a later, longer look may decide it
    MEMORY.put((code, present), solution)
    if solution.plan:
        # Every position along a winning plan is winnable with the rest of it.
        mask = present
        for step, (a, b) in enumerate(solution.plan[:-1]):
            mask &= ~(1 << a | 1 << b)
            if (code, mask) not in MEMORY:
                along = Solution(Verdict.WINNABLE, solution.plan[step + 1 :], 0)
                MEMORY.put((code, mask), along)
    return solution


@dataclass(frozen=True)
class Hint:
    """A hint's pair (or ``None``) and what the solver knows of the position."""

    pair: Pair | None
    winnable: bool | None  # None: unknown, the pair is only a playable one


def hint(
    deal: Deal,
    present: int,
    playable: list[Pair],
    time_limit: float = TIME_LIMIT,
    decide: Callable[[Deal, int, float], Solution] = decide,
) -> Hint:
    """The first pair of a winning plan; nothing when lost; any playable pair when unsure.

    ``decide`` gives verdicts (by default :func:`decide`; the site passes one that also
    keeps them in its shared cache).
    """
    if present == 0:
        return Hint(None, True)
    solution = decide(deal, present, time_limit)
    if solution.verdict is Verdict.WINNABLE:
        return Hint(solution.plan[0], True)
    if solution.verdict is Verdict.NOT_WINNABLE:
        return Hint(None, False)
    return Hint(playable[0] if playable else None, None)


def undo_to_winnable(
    deal: Deal,
    history: list[Pair],
    time_limit: float = TIME_LIMIT,
    decide: Callable[[Deal, int, float], Solution] = decide,
) -> int:
    """How many pairs to undo from a lost position to reach a winnable one.

    Once a position is lost every later one is lost too, so the last winnable
    position is found by bisection over the history. A position the solver
    cannot decide in time counts as not known to be winnable: the answer then
    goes back further than needed, but always to a position proven winnable
    (the deal's start at worst, which its plan wins).
    """
    good, bad = 0, len(history)
    while bad - good > 1:
        mid = (good + bad) // 2
        if decide(deal, present_mask(deal, history[:mid]), time_limit).winnable:
            good = mid
        else:
            bad = mid
    return len(history) - good
