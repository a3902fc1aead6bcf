"""The reference solver and the compiled core, step for step, on the solver's seeded
positions under every setting: the same verdict, the same plan, the same number of
positions searched. The quick part of the differential tests (the rest, longer, in
``test_native.py``), kept beside the solver's own tests: the solver's mutation run
meets only those (``tools/mutate.py``), and a change to the reference's order of trying
pairs or settling classes is a change of behaviour, found here (the core no longer
agrees), though no verdict changes with it."""

from __future__ import annotations

import pytest

from mahjong.rules.geometry import Geometry
from mahjong.solver.native import NativeSolver
from mahjong.solver.search import Solution, Solver, Verdict

from .test_solver_rules import (
    SETTINGS,
    bits,
    replays_to_a_win,
    seeded_lost_position,
    seeded_positions,
)


def both(geometry: Geometry, faces, present: int, **budgets) -> tuple[Solution, Solution]:
    """The reference's answer and the core's, on the same position and budgets (the
    reference's plan as a tuple: where the pairing search wins, it gives a list)."""
    reference = Solver(geometry, faces).solve(present, **budgets)
    if reference.plan is not None:
        reference = Solution(reference.verdict, tuple(reference.plan), reference.nodes)
    return reference, NativeSolver(geometry, faces).solve(present, **budgets)


@pytest.mark.parametrize("budgets", SETTINGS.values(), ids=SETTINGS.keys())
def test_seeded_positions_get_the_references_answer_under_every_setting(budgets):
    lost = 0
    for _seed, positions, faces, present, won in seeded_positions():
        reference, answer = both(Geometry(positions), faces, bits(present), **budgets)
        assert answer == reference
        assert answer.winnable is won
        if won:
            assert replays_to_a_win(positions, faces, present, answer.plan)
        lost += not won
    assert lost > 10  # the seeded positions do include lost ones


@pytest.mark.parametrize("seed", [36, 698, 1585, 2083, 2679, 3115])
def test_seeded_lost_positions_are_lost_the_same_way(seed):
    positions, faces, present = seeded_lost_position(seed)
    for budgets in ({}, {"probe_after": 0}, {"relax_after": 0}, {"pairing_after": 0}):
        reference, answer = both(Geometry(positions), faces, bits(present), **budgets)
        assert answer == reference
        assert answer.verdict is Verdict.NOT_WINNABLE
