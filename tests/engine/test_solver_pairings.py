"""The solver's pairing search (mahjong.solver.pairings) on the seeded small positions,
judged by what it answers and learns: the conflicts it learns are real ones and each of
their pairings is needed, its turns go on where they stopped, and a win plays out.

Its verdicts and plans are checked with the solver's other settings in
test_solver_rules.py and test_solver.py ("the pairing search alone")."""

from __future__ import annotations

from mahjong.rules.prng import SplitMix64
from mahjong.solver.classes import Budget, agrees
from mahjong.solver.pairings import PairingSearch

from .test_solver_rules import prepared_states, replays_to_a_win


def searches():
    """A fresh pairing search on each seeded position that has classes to settle, with
    the classes it started from."""
    for state, mask, free, (seed, positions, faces, present, _won) in prepared_states():
        search = PairingSearch(state, Budget(), mask, free, SplitMix64(seed))
        if search.order:
            yield state, search, mask, free, (positions, faces, present, seed)


def again(state, seed: int, mask: int, free: int, budget: Budget | None = None):
    """The same search anew (same seed, so the same order and preferences)."""
    return PairingSearch(state, budget or Budget(), mask, free, SplitMix64(seed))


def test_each_conflict_fails_and_needs_each_of_its_pairings():
    conflicts = 0
    for state, search, mask, free, _case in searches():
        search.run(10**6)
        start = state.snapshot()
        for held, needed in search.conflicts:
            conflicts += 1
            assert needed
            for g, k in held + needed:
                state.allow(g, 1 << k)
            assert not state.relaxed_clears(mask, free)
            for g, _k in needed:
                state.allow(g, start.allowed[g])
                assert state.relaxed_clears(mask, free)
                state.allow(g, 1 << _k)
            state.restore(start)
    assert conflicts >= 10


def test_a_search_that_wins_leaves_a_board_that_plays_out():
    wins = 0
    for _state, search, mask, free, (positions, faces, present, _seed) in searches():
        if search.run(10**6):
            wins += 1
            assert all(search.value[g] >= 0 for g in search.order)
            plan = search.state.play_out(mask, free)
            assert replays_to_a_win(positions, faces, present, plan)
    assert wins >= 20


def test_its_choices_are_the_classes_of_four_with_more_than_one_pairing_allowed():
    for state, search, _mask, _free, _case in searches():
        choices = {
            g
            for g, allowed in enumerate(state.allowed)
            if len(state.group_tiles[g]) == 4 and allowed & (allowed - 1)
        }
        assert sorted(search.order) == sorted(choices)


def test_a_turn_stops_after_its_budget_of_relaxed_plays():
    # A budget of exactly the relaxed plays the search needs gives its answer; one fewer
    # gives none. Each relaxed play is a node of the solve's budget.
    for state, _search, mask, free, (*_, seed) in searches():
        budget = Budget()
        search = again(state, seed, mask, free, budget)
        answer = search.run(10**6)
        needed = budget.nodes
        assert answer is not None and needed >= 1 and search.plays == needed
        assert again(state, seed, mask, free).run(needed) is answer
        assert again(state, seed, mask, free).run(needed - 1) is None


def test_a_search_spends_nothing_before_its_first_turn():
    for state, mask, free, (seed, *_) in prepared_states():
        budget = Budget()
        search = again(state, seed, mask, free, budget)
        assert search.run(0) is None
        assert search.plays == 0 and budget.nodes == 0


def test_a_search_in_turns_goes_on_where_it_stopped():
    # Turns of a few relaxed plays, with the classes it started from held to other
    # pairings between them (as the move search leaves them), end as one uninterrupted
    # run does, after the same relaxed plays in all: the search keeps classes of its own.
    resumed = 0
    for state, search, mask, free, (*_, seed) in searches():
        answer = search.run(10**6)
        plays = search.plays
        start = state.snapshot()
        search = again(state, seed, mask, free)
        turns = 0
        while (step := search.run(3)) is None:
            turns += 1
            for g, allowed in enumerate(start.allowed):
                state.allow(g, allowed & -allowed)
        state.restore(start)
        assert step is answer and search.plays == plays
        resumed += turns > 1
    assert resumed >= 10


def test_a_search_that_finds_no_way_leaves_every_class_loose():
    lost = 0
    for state, search, _mask, _free, _case in searches():
        if search.run(10**6) is False:
            lost += 1
            assert all(search.value[g] == -1 for g in search.order)
            assert search.state.allowed == state.allowed
    assert lost >= 5


def test_a_pairing_a_relaxed_play_that_cleared_agrees_with_clears_when_held():
    agreeing = 0
    for state, search, mask, free, _case in searches():
        seen = [0] * state.n
        if not state.relaxed_clears(mask, free, seen):
            continue  # lost to relaxed play at once
        start = state.snapshot()
        for g in search.order:
            for k, pairing in enumerate(state.domains[g]):
                if start.allowed[g] >> k & 1 and agrees(seen, pairing):
                    agreeing += 1
                    state.allow(g, 1 << k)
                    assert state.relaxed_clears(mask, free)
                    state.restore(start)
    assert agreeing >= 20


def test_a_first_dive_that_wins_plays_relaxed_less_than_once_a_class():
    # Each class settled the way the last relaxed play has it needs no play of its own:
    # a search won by its first dive (no conflict) plays relaxed fewer times than once at
    # the start and once for each class it settled.
    plays = settled = dives = 0
    for _state, search, _mask, _free, _case in searches():
        if search.run(10**6) and not search.conflicts:
            dives += 1
            plays += search.plays
            settled += len(search.order)
    assert dives >= 10
    assert plays < 0.8 * (dives + settled)
