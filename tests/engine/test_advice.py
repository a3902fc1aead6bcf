"""The solver applied to games (mahjong/solver/advice.py): verdicts remembered per position,
the deal's own plan trusted without a search, the hint for each verdict, and the way back
from a lost position found by bisection."""

from __future__ import annotations

import pytest

from mahjong import Board
from mahjong.solver import advice
from mahjong.solver.advice import Hint, decide, present_mask, remembered, undo_to_winnable
from mahjong.solver.search import Solution, Verdict

EXAMPLE = "MJ1-L00-AAAAABL"


@pytest.fixture(autouse=True)
def forget():
    advice.forget()
    yield
    advice.use_solvers(None)
    advice.forget()


@pytest.fixture
def deal():
    return Board.from_code(EXAMPLE).deal


def off_plan_history(deal) -> list[tuple[int, int]]:
    """One removal that breaks the deal's pairing: a playable pair not in its plan."""
    plan = {frozenset(pair) for pair in deal.plan}
    board = Board.from_code(EXAMPLE)
    return [next(p for p in board.playable_pairs() if frozenset(p) not in plan)]


class _CountingSolver:
    def __init__(self, solution: Solution):
        self.solution, self.calls = solution, []

    def solve(self, present, time_limit):
        self.calls.append((present, time_limit))
        return self.solution


@pytest.mark.parametrize("done", [0, 1, 5, 71])
def test_on_the_deals_plan_the_rest_of_the_plan_is_the_verdict_without_a_search(deal, done):
    def no_search(_deal):
        raise AssertionError("a position on the deal's plan was searched")

    advice.use_solvers(no_search)
    solution = decide(deal, present_mask(deal, deal.plan[:done]))

    assert solution.verdict is Verdict.WINNABLE
    assert solution.plan == deal.plan[done:] and solution.nodes == 0


def test_off_the_plan_the_solver_decides_once_and_the_verdict_is_remembered(deal):
    present = present_mask(deal, off_plan_history(deal))
    solver = _CountingSolver(Solution(Verdict.NOT_WINNABLE, None, 9))
    advice.use_solvers(lambda _deal: solver)

    first = decide(deal, present, 2.5)
    again = decide(deal, present, 2.5)

    assert first is again and first.verdict is Verdict.NOT_WINNABLE
    assert solver.calls == [(present, 2.5)]
    assert remembered(deal, present) is first
    assert remembered(deal, present & ~1) is None  # another position: not known


def test_an_undecided_position_is_not_remembered(deal):
    present = present_mask(deal, off_plan_history(deal))
    solver = _CountingSolver(Solution(Verdict.UNKNOWN, None, 9))
    advice.use_solvers(lambda _deal: solver)

    decide(deal, present)
    decide(deal, present)

    assert len(solver.calls) == 2 and remembered(deal, present) is None


def test_a_deals_solver_is_made_once_and_kept(deal):
    made = []

    def make(made_for):
        made.append(made_for)
        return _CountingSolver(Solution(Verdict.NOT_WINNABLE, None, 1))

    advice.use_solvers(make)
    first, again = advice.solver(deal), advice.solver(deal)
    assert first is again and made == [deal]
    advice.forget()
    assert advice.solver(deal) is not first and made == [deal, deal]


def test_installing_a_maker_of_solvers_forgets_the_solvers_made_before(deal):
    before = advice.solver(deal)
    replaced = _CountingSolver(Solution(Verdict.NOT_WINNABLE, None, 1))
    advice.use_solvers(lambda _deal: replaced)
    assert advice.solver(deal) is replaced
    advice.use_solvers(None)
    assert type(advice.solver(deal)) is type(before) and advice.solver(deal) is not replaced


def test_forget_empties_the_memory(deal):
    advice.MEMORY.put((str(deal.code), 5), Solution(Verdict.NOT_WINNABLE, None, 1))
    advice.solver(deal)

    advice.forget()

    assert len(advice.MEMORY) == 0 and remembered(deal, 5) is None
    assert len(advice.SOLVERS) == 0


def _fixed(solution: Solution, seen: list):
    def decide(deal, present, time_limit):
        seen.append(time_limit)
        return solution

    return decide


def test_the_hint_for_each_verdict(deal):
    present, playable = present_mask(deal, []), [(1, 2), (3, 4)]
    seen: list = []

    plan = Solution(Verdict.WINNABLE, ((5, 6), (7, 8)), 3)
    assert advice.hint(deal, present, playable, 1.5, _fixed(plan, seen)) == Hint((5, 6), True)
    lost = Solution(Verdict.NOT_WINNABLE, None, 3)
    assert advice.hint(deal, present, playable, 1.5, _fixed(lost, seen)) == Hint(None, False)
    unknown = Solution(Verdict.UNKNOWN, None, 3)
    assert advice.hint(deal, present, playable, 1.5, _fixed(unknown, seen)) == Hint((1, 2), None)
    assert advice.hint(deal, present, [], 1.5, _fixed(unknown, seen)) == Hint(None, None)
    assert seen == [1.5] * 4  # the hint's time budget reaches the solver


def test_a_cleared_board_has_no_hint_and_counts_as_won(deal):
    assert advice.hint(deal, 0, []) == Hint(None, True)


@pytest.mark.parametrize(("winnable_up_to", "played"), [(0, 9), (3, 9), (8, 9), (4, 5)])
def test_the_way_back_is_to_the_last_winnable_position(deal, winnable_up_to, played):
    """Positions after up to ``winnable_up_to`` pairs are winnable, later ones are lost;
    the undo goes back exactly to the last winnable one."""
    history = list(deal.plan[:played])
    masks = {present_mask(deal, history[:n]): n for n in range(played + 1)}
    budgets = []

    def decide(deal, present, time_limit):
        budgets.append(time_limit)
        won = masks[present] <= winnable_up_to
        return Solution(Verdict.WINNABLE if won else Verdict.NOT_WINNABLE, None, 1)

    assert undo_to_winnable(deal, history, 0.7, decide) == played - winnable_up_to
    assert budgets and set(budgets) == {0.7}


def test_a_winning_plan_proves_every_position_along_it(deal):
    """Once a position is found winnable with a plan, each position the plan passes
    through is known winnable with the rest of the plan (no search), and a verdict already
    known for one of them is kept."""
    present = present_mask(deal, off_plan_history(deal))
    plan = ((10, 11), (12, 13), (14, 15), (16, 17))
    solver = _CountingSolver(Solution(Verdict.WINNABLE, plan, 40))
    advice.use_solvers(lambda _deal: solver)
    after = [present]
    for a, b in plan:
        after.append(after[-1] & ~(1 << a | 1 << b))
    earlier = Solution(Verdict.WINNABLE, ((14, 15), (17, 16)), 7)
    advice.MEMORY.put((str(deal.code), after[2]), earlier)

    assert decide(deal, present) == Solution(Verdict.WINNABLE, plan, 40)

    assert remembered(deal, after[1]) == Solution(Verdict.WINNABLE, plan[1:], 0)
    assert remembered(deal, after[2]) is earlier
    assert remembered(deal, after[3]) == Solution(Verdict.WINNABLE, plan[3:], 0)
    assert remembered(deal, after[4]) is None  # the plan's end, a cleared board: not stored
    assert len(advice.MEMORY) == 4
