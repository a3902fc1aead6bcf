"""The exact solver on small hand-made and seeded positions, fast and deterministic.

Every verdict is checked against a plain exhaustive search written here from the tile
positions (through ``oracle``, which shares no code with the engine), every plan is
replayed under the same rules, and the solver's settings (relaxed play from the start,
pairings tried out from the start, restarts after every position, node and time
budgets) each get positions on which they decide something. The solver may change how it
searches; what these tests hold it to is what it answers.
"""

from __future__ import annotations

import random
from functools import cache, lru_cache

import pytest

from mahjong.rules.geometry import Geometry
from mahjong.solver.classes import ClassState
from mahjong.solver.search import Solution, Solver, Verdict, luby

from . import oracle

NEVER = 10**9  # a setting's threshold that a small position never reaches

# -- the reference: every pair in every order --------------------------------------------


def playable_pairs(positions, faces, present) -> list[tuple[int, int]]:
    free = oracle.free_tiles(positions, present)
    return [
        (a, b)
        for i, a in enumerate(free)
        for b in free[i + 1 :]
        if oracle.faces_match(faces[a], faces[b])
    ]


def winnable(positions, faces, present) -> bool:
    @lru_cache(maxsize=None)
    def wins(left: frozenset[int]) -> bool:
        return not left or any(
            wins(left - {a, b}) for a, b in playable_pairs(positions, faces, left)
        )

    return wins(frozenset(present))


def replays_to_a_win(positions, faces, present, plan) -> bool:
    left = set(present)
    for a, b in plan:
        if a == b or a not in left or b not in left:
            return False
        if not oracle.faces_match(faces[a], faces[b]):
            return False
        if not (oracle.is_free(positions, left, a) and oracle.is_free(positions, left, b)):
            return False
        left -= {a, b}
    return not left


def bits(tiles) -> int:
    return sum(1 << t for t in tiles)


def solve(positions, faces, present=None, **settings) -> Solution:
    tiles = range(len(faces)) if present is None else present
    return Solver(Geometry(positions), faces).solve(bits(tiles), **settings)


# -- small layouts ----------------------------------------------------------------------

KINDS = ("1B", "2B", "3B", "4B", "5B", "6B", "7B", "8B", "9B", "N", "R", "Wh")


def small_layout(rng: random.Random, classes: int):
    """``4 * classes`` tiles on a 5 x 3 table: stacks up to four high in rows whose tiles
    touch side to side, tiles lying across two stacks (half over each), and at each end
    a tile half a row off, between the first two rows (a side neighbour of both). Now and
    then a class of flowers and one of seasons (different faces that match)."""
    height: dict[tuple[int, int], int] = {}
    positions: list[tuple[int, int, int]] = []
    ends = [(-2, 1, 0), (10, 1, 0)]
    while len(positions) < 4 * classes:
        if ends and rng.random() < 0.05:
            positions.append(ends.pop(rng.randrange(len(ends))))
            continue
        col, row = rng.randrange(5), rng.randrange(3)
        x, y, z = 2 * col, 2 * row, height.get((col, row), 0)
        if z >= 4:
            continue
        if rng.random() < 0.25 and col < 4 and z >= 1 and height.get((col + 1, row), 0) == z:
            positions.append((x + 1, y, z))
            height[(col, row)] = height[(col + 1, row)] = z + 1
            continue
        positions.append((x, y, z))
        height[(col, row)] = z + 1
    faces = [KINDS[i // 4] for i in range(len(positions))]
    if classes >= 3 and rng.random() < 0.5:
        faces[:8] = ["F1", "F2", "F3", "F4", "S1", "S2", "S3", "S4"]
    rng.shuffle(faces)
    return positions, faces


@cache
def seeded_positions(count: int = 160):
    """Seeded small layouts, each at its start or after a few random removals, with the
    reference's verdict: about one in six is lost."""
    cases = []
    for seed in range(count):
        positions, faces, present = seeded_position(seed, stacks=(2, 5), removals=3)
        cases.append((seed, positions, faces, frozenset(present)))
    return [(*case, winnable(case[1], case[2], case[3])) for case in cases]


def seeded_position(seed: int, *, stacks: tuple[int, int], removals: int):
    """A seeded small layout after up to ``removals`` random playable pairs."""
    rng = random.Random(seed)
    positions, faces = small_layout(rng, rng.randint(*stacks))
    present = set(range(len(faces)))
    for _ in range(rng.randint(0, removals)):
        options = playable_pairs(positions, faces, present)
        if not options:
            break
        present -= set(rng.choice(options))
    return positions, faces, present


SETTINGS = {
    "default": {},
    "relaxed play from the start": {"relax_after": 0},
    "pairings tried out from the start": {"probe_after": 0},
    "both from the start": {"relax_after": 0, "probe_after": 0},
    "a restart after every position": {"restart_unit": 1, "relax_after": NEVER},
    "restarts, relaxed play and trying out": {
        "restart_unit": 1,
        "relax_after": 2,
        "probe_after": 3,
    },
    "the pairing search alone": {"pairing_after": 0, "pairing_unit": NEVER},
    "both searches taking turns": {"pairing_after": 0, "pairing_unit": 1, "restart_unit": 1},
    "trying out, then the pairing search alone": {
        "probe_after": 0,
        "pairing_after": 0,
        "pairing_unit": NEVER,
    },
}


@pytest.mark.parametrize("settings", SETTINGS.values(), ids=SETTINGS.keys())
def test_every_verdict_is_the_exhaustive_searchs_and_every_plan_wins(settings):
    # The solver never answers wrong (its module's promise), whatever its settings.
    cases = seeded_positions()
    assert 15 < sum(not expected for *_, expected in cases) < 60  # both verdicts occur
    for seed, positions, faces, present, expected in cases:
        solution = solve(positions, faces, present, **settings)
        assert solution.winnable is expected, seed
        if expected:
            assert replays_to_a_win(positions, faces, present, solution.plan), seed
        else:
            assert solution.plan is None, seed


def test_the_verdict_does_not_depend_on_the_solvers_earlier_positions():
    # One solver per deal answers for many positions (the site's hints): nothing one
    # answer leaves behind may change the next.
    for seed, positions, faces, present, expected in seeded_positions()[:60]:
        solver = Solver(Geometry(positions), faces)
        solver.solve(bits(range(len(faces))), probe_after=0)
        solution = solver.solve(bits(present))
        assert solution.winnable is expected, seed


# -- hand-made positions ----------------------------------------------------------------


def columns(*stacks: str):
    """Stacks side by side with a gap between (no side blocking), each given bottom
    first as faces separated by spaces."""
    positions, faces = [], []
    for column, stack in enumerate(stacks):
        for z, face in enumerate(stack.split()):
            positions.append((4 * column, 0, z))
            faces.append(face)
    return positions, faces


def test_an_empty_board_is_won_with_an_empty_plan():
    positions, faces = columns("1B 1B")
    assert solve(positions, faces, ()) == Solution(Verdict.WINNABLE, (), 0)


def test_a_pair_lying_on_its_partner_is_lost_before_any_search():
    # The other two of the class are gone: the last two lie one on the other.
    positions, faces = columns("1B 1B", "2B", "2B")
    assert solve(positions, faces, max_nodes=0).verdict is Verdict.NOT_WINNABLE


def test_a_class_with_every_pairing_impossible_is_lost_before_any_search():
    # Two tiles over the other two in one stack, with the flower tiles matching
    # each other though their faces differ: every pairing puts one tile over its partner.
    positions, faces = columns("F1 F2 F3 F4", "1B", "1B")
    assert solve(positions, faces, max_nodes=0).verdict is Verdict.NOT_WINNABLE
    assert not winnable(positions, faces, range(6))


def test_a_pair_lying_on_its_partner_is_lost_whichever_is_listed_first():
    # Tile 1 (1B) lies on tile 2 (1B): the top tile has the smaller id this time.
    positions = [(8, 0, 0), (0, 0, 1), (0, 0, 0), (12, 0, 0)]
    faces = ["2B", "1B", "1B", "2B"]
    assert not winnable(positions, faces, range(4))
    assert solve(positions, faces, max_nodes=0).verdict is Verdict.NOT_WINNABLE


def test_a_tile_over_its_partner_through_a_stack_is_lost_before_any_search():
    # 1B on 2B on 1B (the other two 1B gone): the top 1B lies over its partner through
    # the 2B between them.
    positions, faces = columns("1B 2B 1B", "2B")
    assert not winnable(positions, faces, range(4))
    assert solve(positions, faces, max_nodes=0).verdict is Verdict.NOT_WINNABLE


def test_a_tile_over_its_partner_through_either_of_two_tiles_under_it_is_lost():
    # 1B (tile 0) lies under two tiles side by side, 2B and 3B, each half over it; the
    # other 1B lies on the 2B. The 3B goes with its partner; nothing else can.
    positions = [(0, 0, 0), (-1, 0, 1), (1, 0, 1), (-1, 0, 2), (10, 0, 0), (14, 0, 0)]
    faces = ["1B", "2B", "3B", "1B", "2B", "3B"]
    assert not winnable(positions, faces, range(6))
    assert solve(positions, faces, max_nodes=0).verdict is Verdict.NOT_WINNABLE


def test_each_pair_over_the_other_rules_a_pairing_out():
    # Class 1B: a (bottom, left) under c, d (bottom, right) under b. Pairing a-b with c-d
    # has each pair over the other; a-c and b-d have a tile over its partner; only a-d
    # with b-c is left, so the class's pairing is settled and b-c, both free, go at once,
    # then a-d: no search at all.
    positions, faces = columns("1B 1B", "1B 1B")
    solution = solve(positions, faces, max_nodes=0)
    assert solution.verdict is Verdict.WINNABLE
    assert replays_to_a_win(positions, faces, range(4), solution.plan)


def test_two_remnants_each_waiting_for_the_other_are_lost():
    # 1B over 2B in one stack, 2B over 1B in the other: each pair waits for the other.
    positions, faces = columns("2B 1B", "1B 2B")
    for settings in SETTINGS.values():
        assert solve(positions, faces, **settings).verdict is Verdict.NOT_WINNABLE


def test_a_pair_shut_in_by_its_own_row_is_lost():
    # A row 1B 2B 1B with the other 2B on the middle one: both 1B are shut in by the
    # middle 2B, whose partner lies on it.
    positions, faces = [(0, 0, 0), (2, 0, 0), (4, 0, 0), (2, 0, 1)], ["1B", "2B", "1B", "2B"]
    assert not winnable(positions, faces, range(4))
    for settings in SETTINGS.values():
        assert solve(positions, faces, **settings).verdict is Verdict.NOT_WINNABLE


def test_a_half_offset_neighbour_shuts_a_side():
    # 1B (tile 0) has 3B on its right and, half a row lower, 2B on its left: shut in.
    # Its partner lies across the stacks of the other 2B and 3B: nothing can go. Were the
    # offset tile no neighbour, 1B would go with its partner and the rest after.
    positions = [(2, 0, 0), (0, 1, 0), (4, 0, 0), (21, 0, 1), (20, 0, 0), (22, 0, 0)]
    faces = ["1B", "2B", "3B", "1B", "2B", "3B"]
    assert not winnable(positions, faces, range(6))
    for settings in SETTINGS.values():
        assert solve(positions, faces, **settings).verdict is Verdict.NOT_WINNABLE
    # Without the offset tile's partner and itself, it wins.
    solution = solve(positions, faces, [0, 2, 3, 5])
    assert solution.verdict is Verdict.WINNABLE
    assert replays_to_a_win(positions, faces, [0, 2, 3, 5], solution.plan)


def test_forced_moves_need_no_search():
    # A class whose remaining tiles are all free goes at once, and so do two partners
    # both free: this board clears without searching a single position.
    positions, faces = columns("1B 2B", "1B 2B", "1B 2B 3B", "1B 2B 3B", "4B", "4B")
    solution = solve(positions, faces, max_nodes=0)
    assert solution.verdict is Verdict.WINNABLE
    assert replays_to_a_win(positions, faces, range(len(faces)), solution.plan)


def test_a_flower_and_a_season_never_pair():
    # Two flowers and two seasons all free: only flower with flower and season with
    # season clear the board, whatever the faces' order.
    positions, faces = columns("F1", "S1", "S4", "F3")
    solution = solve(positions, faces)
    assert solution.verdict is Verdict.WINNABLE
    assert {frozenset(faces[t] for t in pair) for pair in solution.plan} == {
        frozenset({"F1", "F3"}),
        frozenset({"S1", "S4"}),
    }
    # A flower on the other flower is lost, though each could go with a free season.
    positions, faces = columns("F1 F2", "S1", "S2")
    assert not winnable(positions, faces, range(4))
    assert solve(positions, faces).verdict is Verdict.NOT_WINNABLE


# -- a position whose search is long without the solver's proofs ------------------------


def gadgets_and_a_deadlock(count: int, deadlock: bool = True):
    """``count`` classes laid as two free tiles and a stack of two (the search picks one
    of two pairings for each), and two remnants each lying over the other's partner
    (lost, but only found once everything else is gone)."""
    stacks = []
    for kind in KINDS[:count]:
        stacks += [kind, kind, f"{kind} {kind}"]
    if deadlock:
        stacks += ["R G", "G R"]
    return columns(*stacks)


PLAIN = {"relax_after": NEVER, "probe_after": NEVER, "restart_unit": NEVER}


def test_a_position_proven_lost_is_remembered():
    # Both ways of clearing a gadget lead to the same position, which is lost: each
    # such position is searched once, not once per way of reaching it (2**10 times).
    positions, faces = gadgets_and_a_deadlock(10)
    solution = solve(positions, faces, **PLAIN)
    assert solution.verdict is Verdict.NOT_WINNABLE
    assert solution.nodes <= 100


def test_what_one_attempt_proved_lost_stays_proven_for_the_next():
    # With a restart after every position, each attempt starts over; the positions the
    # earlier attempts proved lost are not searched again (else tens of thousands).
    positions, faces = gadgets_and_a_deadlock(10)
    solution = solve(positions, faces, **{**PLAIN, "restart_unit": 1})
    assert solution.verdict is Verdict.NOT_WINNABLE
    assert solution.nodes <= 1000


def test_relaxed_play_proves_a_position_lost_at_once():
    positions, faces = gadgets_and_a_deadlock(6)
    relaxed = solve(positions, faces, **{**PLAIN, "relax_after": 0}, max_nodes=1)
    assert relaxed.verdict is Verdict.NOT_WINNABLE
    # Without it one position is not enough.
    assert solve(positions, faces, **PLAIN, max_nodes=1).verdict is Verdict.UNKNOWN


def test_relax_after_counts_the_attempts_that_skip_relaxed_play():
    # relax_after=1: the first attempt searches without relaxed play, so a budget of
    # one position (the first attempt's) cannot prove the position lost.
    positions, faces = gadgets_and_a_deadlock(6)
    settings = {**PLAIN, "relax_after": 1, "max_nodes": 1}
    assert solve(positions, faces, **settings).verdict is Verdict.UNKNOWN
    # With a restart after every position the second attempt uses it, within a few
    # positions; without it, these few are not enough.
    settings = {**settings, "restart_unit": 1, "max_nodes": 6}
    assert solve(positions, faces, **settings).verdict is Verdict.NOT_WINNABLE
    settings["relax_after"] = NEVER
    assert solve(positions, faces, **settings).verdict is Verdict.UNKNOWN


def test_a_winnable_position_is_won_under_every_setting():
    positions, faces = gadgets_and_a_deadlock(6, deadlock=False)
    for settings in SETTINGS.values():
        solution = solve(positions, faces, **settings)
        assert solution.verdict is Verdict.WINNABLE
        assert replays_to_a_win(positions, faces, range(len(faces)), solution.plan)


# A lost position that relaxed play alone does not prove: class 2B (tiles 3, 7, 8, 10)
# can pair 7 with 10 (10 lies under 3B 11, whose partner 4 lies under 7: a cycle), or 7
# with 8 or 3 (7 is shut in between 11 and 8, and whichever goes with it first needs 7
# free already, or 10, which waits for 7). Relaxed play, free to pick a partner for each
# tile as it goes, clears it; tried with each pairing of 2B in turn, it fails.
TRIED = (
    [(6, 2, 0), (0, 4, 0), (8, 4, 0), (4, 2, 0), (4, 2, 1), (6, 2, 1), (2, 2, 0), (2, 2, 1)],
    ["1B", "1B", "2B", "3B", "2B", "2B", "2B", "3B"],
)


def test_trying_pairings_out_proves_a_position_lost_that_relaxed_play_cannot():
    positions, faces = TRIED
    assert not winnable(positions, faces, range(8))
    relaxed = solve(positions, faces, relax_after=0, probe_after=NEVER, max_nodes=1)
    assert relaxed.verdict is Verdict.UNKNOWN
    tried = solve(positions, faces, probe_after=0, max_nodes=0)
    assert tried.verdict is Verdict.NOT_WINNABLE
    # Tried out only once the search has taken long (here: never), the search decides.
    assert solve(positions, faces, probe_after=NEVER).verdict is Verdict.NOT_WINNABLE


# -- the relaxed play's hint -------------------------------------------------------------


def test_a_position_reached_along_the_hint_is_not_played_relaxed_again(monkeypatch):
    # With relaxed play from the first position on, a position searched plays it once,
    # unless it was reached by settling a class as the parent's relaxed play had it: that
    # play still clears it.
    played = 0
    relaxed_clears = ClassState.relaxed_clears

    def counting(self, present, free, seen=None):
        nonlocal played
        played += 1
        return relaxed_clears(self, present, free, seen)

    monkeypatch.setattr(ClassState, "relaxed_clears", counting)
    searched = 0
    for _seed, positions, faces, present, _won in seeded_positions():
        solver = Solver(Geometry(positions), faces)
        searched += solver.solve(
            bits(present), relax_after=0, probe_after=NEVER, pairing_after=NEVER
        ).nodes
    assert played < 0.8 * searched


def prepared_states():
    """For each seeded position the solver's classes of it (every possible pairing
    allowed), the position's mask and free tiles; the seed's case last. Not the positions
    lost before any search (a class with no pairing left)."""
    for case in seeded_positions():
        _seed, positions, faces, present, _won = case
        solver = Solver(Geometry(positions), faces)
        mask = bits(present)
        state = solver.class_state(mask)
        if state.alive:
            yield state, mask, solver.free_mask(mask), case


def test_the_hint_is_carried_over_only_while_it_still_clears():
    # Each class of four held to each of its pairings in turn: when the start's relaxed
    # play agrees with it, relaxed play with the class so held must clear too.
    agreeing = disagreeing = 0
    for state, mask, free, (_seed, _positions, faces, _present, _won) in prepared_states():
        start = state.snapshot()
        for g, tiles in enumerate(state.group_tiles):
            for k in range(len(state.domains[g]) if len(tiles) == 4 else 0):
                state.restore(start)
                hint = [0] * len(faces)
                if not state.relaxed_clears(mask, free, hint):
                    break
                state.allow(g, 1 << k)
                if state.still_clears(hint, g, mask):
                    agreeing += 1
                    assert state.relaxed_clears(mask, free)
                else:
                    disagreeing += 1
    assert agreeing > 20 and disagreeing > 20


# -- budgets ----------------------------------------------------------------------------


@pytest.mark.parametrize("deadlock", [True, False], ids=["lost", "winnable"])
def test_max_nodes_is_the_number_of_positions_searched(deadlock):
    # A budget of exactly the positions the search needs gives the same answer; one
    # fewer gives unknown, never a verdict.
    positions, faces = gadgets_and_a_deadlock(10, deadlock)
    full = solve(positions, faces, **PLAIN)
    assert full.nodes > 5
    assert solve(positions, faces, **PLAIN, max_nodes=full.nodes) == full
    short = solve(positions, faces, **PLAIN, max_nodes=full.nodes - 1)
    assert short == Solution(Verdict.UNKNOWN, None, full.nodes)


def test_a_search_stops_at_the_time_limit_and_answers_unknown():
    positions, faces = gadgets_and_a_deadlock(10)
    readings = iter([0.0] + [5.0] * 1000)  # the start, then always past the limit
    solution = solve(positions, faces, **PLAIN, time_limit=1.0, clock=lambda: next(readings))
    assert solution.verdict is Verdict.UNKNOWN and solution.plan is None


def test_a_clock_that_stays_within_the_limit_never_cuts_the_search_short():
    positions, faces = gadgets_and_a_deadlock(10)
    full = solve(positions, faces, **PLAIN)
    assert full.nodes > 16
    readings = iter(range(100_000))
    ticking = solve(positions, faces, **PLAIN, time_limit=10**6, clock=lambda: next(readings))
    assert ticking == full


def test_trying_out_pairings_stops_at_the_time_limit():
    positions, faces = TRIED
    readings = iter([0.0] + [5.0] * 1000)
    solution = solve(positions, faces, probe_after=0, time_limit=1.0, clock=lambda: next(readings))
    assert solution.verdict is Verdict.UNKNOWN


# -- the answer's pieces ----------------------------------------------------------------


def test_solution_winnable_is_true_false_or_none_when_unknown():
    assert Solution(Verdict.WINNABLE, ()).winnable is True
    assert Solution(Verdict.NOT_WINNABLE).winnable is False
    assert Solution(Verdict.UNKNOWN).winnable is None


def test_a_verdict_reads_as_its_value():
    # The value is what the API and the cache store.
    assert [str(v) for v in Verdict] == ["winnable", "not_winnable", "unknown"]


def test_restart_budgets_follow_lubys_sequence():
    assert [luby(i) for i in range(1, 16)] == [1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8]


def test_classes_lists_each_remaining_class_with_its_possible_pairings():
    # 1B: tile 1 lies on tile 0, tiles 2 and 3 free beside: 0 with 1 is impossible, so
    # only the two pairings that keep them apart are listed; 2B, a remnant, has its pair.
    positions, faces = columns("1B 1B", "1B", "1B", "2B", "2B")
    solver = Solver(Geometry(positions), faces)
    listed = solver.classes(bits(range(6)))
    assert sorted(map(sorted, listed)) == [[((0, 2), (1, 3)), ((0, 3), (1, 2))], [((4, 5),)]]
    assert solver.classes(bits([4, 5])) == [[((4, 5),)]]


@pytest.mark.parametrize("rows", [(0, 0, 0, 0), (0, 10, 20, 30)], ids=["one row", "rows apart"])
def test_trying_pairings_against_a_nearby_class_proves_a_position_lost(rows):
    # 1B: two lie on a 2B, one under two 2B, one alone; 2B the mirror image. Each
    # class's pairing alone leaves relaxed play a way to clear (the other class's
    # partners picked loosely); held together with each pairing of the other class in
    # turn, every one fails: lost, proven before any search. With the stacks in rows
    # apart, the other class is nearby only through the stacks (over or under).
    positions, faces = columns("2B 1B 1B", "1B 2B 2B", "1B", "2B")
    positions = [(x, rows[x // 4], z) for x, _, z in positions]
    assert not winnable(positions, faces, range(8))
    relaxed = solve(positions, faces, relax_after=0, probe_after=NEVER, max_nodes=1)
    assert relaxed.verdict is Verdict.UNKNOWN
    assert solve(positions, faces, probe_after=0, max_nodes=0).verdict is Verdict.NOT_WINNABLE


def seeded_lost_position(seed: int):
    return seeded_position(seed, stacks=(3, 6), removals=2)


@pytest.mark.parametrize("seed", [36, 698, 1585, 2083, 2679, 3115])
def test_trying_pairings_out_proves_harder_lost_positions_before_any_search(seed):
    # Seeded positions of 12 to 24 tiles that relaxed play alone does not prove lost,
    # and trying out does (several nearby classes held at once, a pairing ruled out only
    # once another was, several pairings of one class ruled out...).
    positions, faces, present = seeded_lost_position(seed)
    assert not winnable(positions, faces, present)
    relaxed = solve(positions, faces, present, relax_after=0, probe_after=NEVER, max_nodes=1)
    assert relaxed.verdict is Verdict.UNKNOWN
    tried = solve(positions, faces, present, probe_after=0, max_nodes=0)
    assert tried.verdict is Verdict.NOT_WINNABLE


def test_nodes_count_the_positions_searched_before_pairings_were_tried_out():
    # Tried out after three positions (at the next restart): the answer still counts
    # the positions the search took, whatever decided it.
    positions, faces = columns("2B 1B 1B", "1B 2B 2B", "1B", "2B")
    settings = {"relax_after": NEVER, "restart_unit": 1, "probe_after": 3}
    solution = solve(positions, faces, **settings)
    assert solution.verdict is Verdict.NOT_WINNABLE and solution.nodes >= 3
    # The same with the time up by then: unknown, after as many positions.
    readings = iter([0.0] + [5.0] * 1000)
    timed = solve(positions, faces, **settings, time_limit=1.0, clock=lambda: next(readings))
    assert timed.verdict is Verdict.UNKNOWN and timed.nodes >= 3
