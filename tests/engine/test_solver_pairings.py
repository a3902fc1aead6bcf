"""The solver's pairing search (game.engine.pairings) on the seeded small positions: its
conflicts are real ones and as small as its way of finding them makes them.

Its verdicts and plans are checked with the solver's other settings in
test_solver_rules.py and test_solver.py ("the pairing search alone")."""

from __future__ import annotations

from game.engine.pairings import PairingSearch
from game.engine.prng import SplitMix64

from .test_solver_rules import prepared_solvers, replays_to_a_win


def searches():
    """A pairing search on each seeded position that has classes to settle."""
    for solver, mask, free, (seed, positions, faces, present, _won) in prepared_solvers():
        search = PairingSearch(solver, mask, free, SplitMix64(seed), budget=10**6)
        if search.order:
            yield solver, search, mask, free, (positions, faces, present)


def test_a_conflict_fails_on_its_own_and_needs_each_of_its_pairings():
    conflicts = 0
    for solver, search, mask, free, _case in searches():
        failed = search._dive(0)
        if failed < 0 or failed == len(search.order):
            continue
        needed = search._conflict(0, failed)
        conflicts += 1
        assert search.order[0] == needed[0]  # the class that failed leads
        assert search.order[: len(needed)] == needed
        settled = {g for g in search.order if search.value[g] >= 0}
        assert settled == set(needed)
        assert not solver._relaxed_clears(mask, free)
        for g in needed:
            k = search.value[g]
            search._set(g, -1)
            assert solver._relaxed_clears(mask, free)
            search._set(g, k)
    assert conflicts >= 10


def test_a_dive_that_settles_every_class_leaves_a_board_that_plays_out():
    dives = 0
    for solver, search, mask, free, (positions, faces, present) in searches():
        if search._dive(0) != len(search.order):
            continue
        dives += 1
        assert all(search.value[g] >= 0 for g in search.order)
        assert replays_to_a_win(positions, faces, present, solver._play_out(mask, free))
    assert dives >= 20
