"""The solver's pairing search (mahjong.solver.pairings) on the seeded small positions: its
conflicts are real ones and as small as its way of finding them makes them.

Its verdicts and plans are checked with the solver's other settings in
test_solver_rules.py and test_solver.py ("the pairing search alone")."""

from __future__ import annotations

from mahjong.rules.prng import SplitMix64
from mahjong.solver.pairings import PairingSearch

from .test_solver_rules import prepared_solvers, replays_to_a_win


def searches(budget: int = 10**6):
    """A pairing search on each seeded position that has classes to settle, allowed
    ``budget`` relaxed plays when its steps are called directly."""
    for solver, mask, free, (seed, positions, faces, present, _won) in prepared_solvers():
        search = PairingSearch(solver, mask, free, SplitMix64(seed))
        search.budget = budget
        if search.order:
            yield solver, search, mask, free, (positions, faces, present, seed)


def again(solver, seed: int, mask: int, free: int) -> PairingSearch:
    """The same search anew (same seed, so the same order and preferences), every class
    loose again."""
    for g, allowed in enumerate(solver.full_allowed):
        solver._allow(g, allowed)
    search = PairingSearch(solver, mask, free, SplitMix64(seed))
    search.budget = 10**6
    return search


def finish(steps):
    """What one of the search's steps answers, run to its end within the budget."""
    try:
        while True:
            next(steps)
    except StopIteration as done:
        return done.value


def test_a_conflict_fails_on_its_own_and_needs_each_of_its_pairings():
    conflicts = 0
    for solver, search, mask, free, _case in searches():
        failed = finish(search._dive(0))
        if failed < 0 or failed == len(search.order):
            continue
        classes = sorted(search.order)
        needed = finish(search._conflict(0, failed))
        assert sorted(search.order) == classes  # put in another order, none lost
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
    for solver, search, mask, free, (positions, faces, present, _seed) in searches():
        if finish(search._dive(0)) != len(search.order):
            continue
        dives += 1
        assert all(search.value[g] >= 0 for g in search.order)
        assert replays_to_a_win(positions, faces, present, solver._play_out(mask, free))
    assert dives >= 20


def test_its_choices_are_the_classes_of_four_with_more_than_one_pairing_allowed():
    for solver, search, _mask, _free, _case in searches():
        choices = {
            g
            for g, allowed in enumerate(solver.full_allowed)
            if len(solver.group_tiles[g]) == 4 and allowed & (allowed - 1)
        }
        assert sorted(search.order) == sorted(choices)


def test_a_turn_stops_after_its_budget_of_relaxed_plays():
    # A budget of exactly the relaxed plays the search needs gives its answer; one fewer
    # gives none.
    for solver, search, mask, free, (*_, seed) in searches():
        before = solver.nodes  # the solver counts each relaxed play of the search too
        answer = search.run(10**6)
        needed = solver.nodes - before
        assert answer is not None and needed >= 1
        assert again(solver, seed, mask, free).run(needed) is answer
        assert again(solver, seed, mask, free).run(needed - 1) is None


def test_a_search_not_yet_run_waits_before_its_first_relaxed_play():
    # Until run() gives it a budget, a step that would play relaxed waits instead.
    for solver, mask, free, (seed, *_) in prepared_solvers():
        search = PairingSearch(solver, mask, free, SplitMix64(seed))
        before = solver.nodes
        steps = search._clears()
        assert next(steps) is None
        assert search.plays == 0 and solver.nodes == before


def test_a_search_in_turns_goes_on_where_it_stopped():
    # Turns of a few relaxed plays, with the solver's classes all held to other pairings
    # between them (as the move search leaves them), end as one uninterrupted run does,
    # after the same relaxed plays in all.
    resumed = 0
    for solver, search, mask, free, (*_, seed) in searches():
        answer = search.run(10**6)
        plays = search.plays
        search = again(solver, seed, mask, free)
        turns = 0
        while (step := search.run(3)) is None:
            turns += 1
            for g, allowed in enumerate(solver.full_allowed):
                solver._allow(g, allowed & -allowed)
        assert step is answer and search.plays == plays
        resumed += turns > 1
    assert resumed >= 10


def test_a_search_that_finds_no_way_leaves_every_class_loose():
    lost = 0
    for solver, search, mask, free, _case in searches():
        if search.run(10**6) is False:
            lost += 1
            assert all(search.value[g] == -1 for g in search.order)
            assert solver.allowed == solver.full_allowed
    assert lost >= 5


def test_a_dive_keeps_the_pairings_settled_before_its_start():
    kept = 0
    for solver, search, mask, free, (*_, seed) in searches():
        first = search.order[0]
        for k in search.preferred[first][1:]:
            search = again(solver, seed, mask, free)
            search._set(first, k)
            preference = list(search.preferred[first])
            finish(search._dive(1))
            assert search.value[first] == k
            assert search.preferred[first] == preference
            kept += 1
    assert kept >= 20


def test_a_dive_leaves_each_class_it_settled_preferring_its_pairing():
    # The branches try a class's other pairings as those after the first in its
    # preference: the first must be the one it holds.
    for _solver, search, _mask, _free, _case in searches():
        finish(search._dive(0))
        for g in search.order:
            if search.value[g] >= 0:
                assert search.preferred[g][0] == search.value[g]


def test_a_pairing_the_last_relaxed_play_agrees_with_clears_when_held():
    agreeing = 0
    for solver, search, mask, free, _case in searches():
        seen = [0] * solver.n
        if not finish(search._clears(seen)):
            continue  # lost to relaxed play at once
        for g in search.order:
            for k in search.preferred[g]:
                if search._agrees(seen, g, k):
                    agreeing += 1
                    search._set(g, k)
                    assert solver._relaxed_clears(mask, free)
                    search._set(g, -1)
    assert agreeing >= 20


class Recording(PairingSearch):
    """A pairing search that notes, for each relaxed play, whether it kept the partners
    each tile went with (the hint for the classes settled next)."""

    def _clears(self, seen=None):
        self.kept = [*getattr(self, "kept", []), seen is not None]
        return (yield from super()._clears(seen))


def test_each_relaxed_play_of_a_dive_hints_the_classes_after_it():
    for solver, _search, mask, free, (*_, seed) in searches():
        for g, allowed in enumerate(solver.full_allowed):
            solver._allow(g, allowed)
        search = Recording(solver, mask, free, SplitMix64(seed))
        search.budget = 10**6
        finish(search._dive(0))
        assert search.kept and all(search.kept)


def test_a_dive_plays_relaxed_only_where_the_last_play_does_not_agree():
    # Each class settled the way the last relaxed play has it needs no play of its own:
    # fewer plays than one at the start of each dive and one for each class settled.
    plays = settled = dives = 0
    for _solver, search, _mask, _free, _case in searches():
        finish(search._dive(0))
        dives += 1
        plays += search.plays
        settled += sum(search.value[g] >= 0 for g in search.order)
    assert plays < 0.8 * (dives + settled)
