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
from mahjong.rules.prng import SplitMix64
from mahjong.solver.native import NativeSolver
from mahjong.solver.search import Solution, Solver, Verdict

from .test_solver_rules import (
    SETTINGS,
    bits,
    columns,
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


@pytest.mark.parametrize(
    "kept",
    [(3, 4, 5, 8), (4, 5, 6, 8, 10, 11, 15, 17)],
    ids=["draws a last bit apart", "draws alike"],
)
def test_classes_are_settled_in_the_cores_order_on_near_ties(kept):
    # Each attempt draws a number per tile and settles first the class whose first
    # tile drew least (the first met on a tie), keeping each draw's top 16 bits as the
    # core does. Two classes ready to settle (three free tiles of four, two pairings
    # left), among pairs that go at once; of those pairs, the ones kept in the position
    # (found by trying them in turn) make the two classes' draws differ in the last of
    # the 16 bits only, or not at all: keeping a bit less, or breaking a tie the other
    # way, would settle the other class first.
    positions, faces = columns(
        "1B", "1B", "1B 1B", "2B", "2B", "2B 2B", *(f for f in FILLERS for _ in range(2))
    )
    present = 0xFF | sum(3 << 8 + 2 * i for i in kept)
    rng = SplitMix64(present)
    draws = [rng.next64() >> 48 for _ in range(5)]
    first_of_1b, first_of_2b = draws[0], draws[4]
    assert first_of_1b >> 1 == first_of_2b >> 1

    reference, answer = both(Geometry(positions), faces, present)

    assert answer == reference and answer.verdict is Verdict.WINNABLE
    # After the pairs that go at once, the class whose tile drew less.
    settled_first = "2B" if first_of_2b < first_of_1b else "1B"
    assert faces[answer.plan[len(kept)][0]] == settled_first


#: Faces of classes of two, each laid as two free tiles side by side.
FILLERS = ("3B", "4B", "5B", "6B", "7B", "8B", "9B", *(f"{n}C" for n in range(1, 10)), "1D", "2D")
