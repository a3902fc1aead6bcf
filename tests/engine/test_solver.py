"""The exact solver: its verdicts against a plain exhaustive search, its plans replayed."""

from __future__ import annotations

from functools import lru_cache

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mahjong import Board, deal_for
from mahjong.rules.geometry import Geometry
from mahjong.rules.layouts import TURTLE
from mahjong.rules.prng import SplitMix64
from mahjong.rules.tiles import QUADRUPLE_KINDS, match_class
from mahjong.solver.advice import present_mask
from mahjong.solver.search import (
    PAIRING_AFTER,
    PAIRING_UNIT,
    PROBE_AFTER,
    RELAX_AFTER,
    Solver,
    Verdict,
)
from mahjong.solver.survey import uniform_faces, wilson_interval

# -- a reference: every order of every pair, no cleverness ---------------------------


def exhaustive_winnable(geometry: Geometry, faces: list[str], present: frozenset[int]) -> bool:
    classes = [match_class(f) for f in faces]

    @lru_cache(maxsize=None)
    def wins(left: frozenset[int]) -> bool:
        if not left:
            return True
        flags = [i in left for i in range(len(faces))]
        free = [i for i in left if geometry.is_free(i, flags)]
        return any(
            wins(left - {a, b})
            for x, a in enumerate(free)
            for b in free[x + 1 :]
            if classes[a] == classes[b]
        )

    return wins(present)


def replays_to_a_win(geometry: Geometry, faces: list[str], present: int, plan) -> bool:
    flags = [bool(present >> i & 1) for i in range(len(faces))]
    for a, b in plan:
        if not (flags[a] and flags[b] and a != b):
            return False
        if not (geometry.is_free(a, flags) and geometry.is_free(b, flags)):
            return False
        if match_class(faces[a]) != match_class(faces[b]):
            return False
        flags[a] = flags[b] = False
    return not any(flags)


# -- small layouts drawn by hypothesis -----------------------------------------------


@st.composite
def small_layouts(draw):
    """Up to 24 tiles (whole classes of four) on a small table: stacks up to 4 high on
    a 6 x 3 grid, and bridges lying half-offset across two stacks, so that covering,
    half covering and both side rules all occur."""
    classes = draw(st.integers(2, 6))
    count = 4 * classes
    moves = draw(
        st.lists(
            st.tuples(st.integers(0, 5), st.integers(0, 2), st.booleans()),
            min_size=count,
            max_size=count,
        )
    )
    height: dict[tuple[int, int], int] = {}
    bridges: set[tuple[int, int]] = set()
    positions: list[tuple[int, int, int]] = []
    for col, row, bridge in moves:
        spot, right = (col, row), (col + 1, row)
        if bridge and col < 5 and right not in bridges and (col - 1, row) not in bridges:
            z = min(height.get(spot, 0), height.get(right, 0))
            if z >= 1 and height.get(spot) == height.get(right):
                bridges.add(spot)
                positions.append((4 * col + 2, 2 * row, z))
                height[spot] = height[right] = z + 1
                continue
        if height.get(spot, 0) < 4 and spot not in bridges and (col - 1, row) not in bridges:
            positions.append((4 * col, 2 * row, height.get(spot, 0)))
            height[spot] = height.get(spot, 0) + 1
    # Fill up to whole classes on the table's free spots.
    spots = [(c, r) for r in range(3) for c in range(6)]
    while len(positions) % 4 or len(positions) < 8:
        c, r = spots.pop()
        positions.append((4 * c + 24, 2 * r, 0))
    count = len(positions)
    kinds = QUADRUPLE_KINDS[: count // 4]
    faces = draw(st.permutations([k for k in kinds for _ in range(4)]))
    return Geometry(positions), list(faces)


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.large_base_example])
@given(
    small_layouts(),
    st.sampled_from([0, RELAX_AFTER]),
    st.sampled_from([0, PROBE_AFTER]),
    st.sampled_from([PAIRING_AFTER, 0]),
)
def test_every_verdict_agrees_with_exhaustive_search_and_plans_replay(
    layout, relax_after, probe_after, pairing_after
):
    # relax_after=0: relaxed play prunes from the first position on; probe_after=0: the
    # start's pairings are tried out before any search; pairing_after=0: the pairing
    # search alone decides (its first turn has no end).
    geometry, faces = layout
    full = (1 << len(faces)) - 1
    solution = Solver(geometry, faces).solve(
        full,
        relax_after=relax_after,
        probe_after=probe_after,
        pairing_after=pairing_after,
        pairing_unit=10**9 if pairing_after == 0 else PAIRING_UNIT,
    )
    expected = exhaustive_winnable(geometry, faces, frozenset(range(len(faces))))
    assert solution.verdict is (Verdict.WINNABLE if expected else Verdict.NOT_WINNABLE)
    if expected:
        assert replays_to_a_win(geometry, faces, full, solution.plan)
    else:
        assert solution.plan is None


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.large_base_example])
@given(
    small_layouts(),
    st.randoms(use_true_random=False),
    st.sampled_from([0, RELAX_AFTER]),
    st.sampled_from([0, PROBE_AFTER]),
)
def test_verdicts_agree_from_positions_reached_by_random_play(
    layout, rnd, relax_after, probe_after
):
    geometry, faces = layout
    present = set(range(len(faces)))
    for _ in range(rnd.randint(0, len(faces) // 2)):
        flags = [i in present for i in range(len(faces))]
        free = [i for i in present if geometry.is_free(i, flags)]
        pairs = [
            (a, b)
            for x, a in enumerate(free)
            for b in free[x + 1 :]
            if match_class(faces[a]) == match_class(faces[b])
        ]
        if not pairs:
            break
        present -= set(rnd.choice(pairs))
    mask = sum(1 << i for i in present)
    solution = Solver(geometry, faces).solve(mask, relax_after=relax_after, probe_after=probe_after)
    expected = exhaustive_winnable(geometry, faces, frozenset(present))
    assert solution.winnable is expected
    if expected:
        assert replays_to_a_win(geometry, faces, mask, solution.plan)


# -- hand-made lost positions --------------------------------------------------------


def _column_layout(stacks: list[list[str]]) -> tuple[Geometry, list[str]]:
    """Stacks of tiles side by side with a gap between (no side blocking), bottom first."""
    positions, faces = [], []
    for column, stack in enumerate(stacks):
        for z, face in enumerate(stack):
            positions.append((4 * column, 0, z))
            faces.append(face)
    return Geometry(positions), faces


def _verdict(geometry, faces, present=None):
    mask = (1 << len(faces)) - 1 if present is None else present
    return Solver(geometry, faces).solve(mask).verdict


def test_a_pair_lying_on_its_partner_is_lost():
    # The other two 1B are gone: the last two lie on each other.
    geometry, faces = _column_layout([["1B", "1B"], ["2B", "2B"], ["2B", "2B"]])
    assert _verdict(geometry, faces) is Verdict.NOT_WINNABLE


def test_three_of_a_class_in_one_stack_is_lost_at_once():
    geometry, faces = _column_layout([["1B", "1B", "1B"], ["1B"]])
    solver = Solver(geometry, faces)
    solution = solver.solve((1 << 4) - 1)
    assert solution.verdict is Verdict.NOT_WINNABLE and solution.nodes == 0


def test_two_pairs_each_under_the_other_are_lost():
    # 1B on 2B in one stack, 2B on 1B in the other: each pair waits for the other.
    geometry, faces = _column_layout([["2B", "1B"], ["1B", "2B"]])
    assert _verdict(geometry, faces) is Verdict.NOT_WINNABLE


def test_a_pair_shut_in_by_its_own_row_is_lost():
    # A row 1B 2B 1B with 2B on top of the middle: the middle 2B is covered and both 1B
    # are shut in by it... and its partner lies on top of it.
    geometry = Geometry([(0, 0, 0), (2, 0, 0), (4, 0, 0), (2, 0, 1)])
    assert _verdict(geometry, ["1B", "2B", "1B", "2B"]) is Verdict.NOT_WINNABLE


def test_the_same_tiles_arranged_otherwise_win():
    geometry, faces = _column_layout([["1B", "2B"], ["1B", "2B"]])
    solution = Solver(geometry, faces).solve(15)
    assert solution.verdict is Verdict.WINNABLE
    assert replays_to_a_win(geometry, faces, 15, solution.plan)


def test_a_lost_turtle_position():
    # Two tiles of a class stacked on each other on the Turtle, the other two gone.
    faces = uniform_faces(TURTLE, SplitMix64(3))
    solver = Solver(TURTLE.geometry, faces)
    by_class: dict[str, list[int]] = {}
    for t, face in enumerate(faces):
        by_class.setdefault(match_class(face), []).append(t)
    a, b, tiles = next(
        (a, b, tiles)
        for tiles in by_class.values()
        for a in tiles
        for b in tiles
        if solver.above[b] >> a & 1
    )
    present = (1 << 144) - 1
    for t in tiles:
        if t not in (a, b):
            present &= ~(1 << t)
    assert solver.solve(present).verdict is Verdict.NOT_WINNABLE


# -- real deals ------------------------------------------------------------------------


def test_site_deals_are_winnable_and_the_plan_replays_on_a_board():
    for number in ("AAAAABL", "AAAAAAB", "ZZZZZZZ"):
        deal = deal_for(f"MJ1-L00-{number}")
        solution = Solver(deal.layout.geometry, deal.faces).solve((1 << 144) - 1, time_limit=30)
        assert solution.verdict is Verdict.WINNABLE
        board = Board(deal)
        for a, b in solution.plan:
            board.remove(a, b)
        assert board.state == "won"


def test_a_position_off_the_plan_gets_a_fresh_plan_that_wins():
    deal = deal_for("MJ1-L00-AAAAABL")
    board = Board(deal)
    # Leave the deal's plan: remove the last playable pair in id order, a few times.
    for _ in range(6):
        board.remove(*board.playable_pairs()[-1])
    present = present_mask(deal, board.history)
    solution = Solver(deal.layout.geometry, deal.faces).solve(present, time_limit=30)
    if solution.verdict is Verdict.WINNABLE:
        for a, b in solution.plan:
            board.remove(a, b)
        assert board.state == "won"
    else:
        assert solution.verdict is Verdict.NOT_WINNABLE


def test_a_tiny_budget_answers_unknown_never_a_wrong_verdict():
    rng = SplitMix64(7)
    faces = uniform_faces(TURTLE, rng)
    solution = Solver(TURTLE.geometry, faces).solve((1 << 144) - 1, max_nodes=1)
    assert solution.verdict in (Verdict.UNKNOWN, Verdict.WINNABLE)
    if solution.verdict is Verdict.UNKNOWN:
        assert solution.plan is None and solution.winnable is None


# -- the survey's pieces ---------------------------------------------------------------


def test_uniform_faces_are_the_whole_tile_set_shuffled():
    rng = SplitMix64(1)
    first, second = uniform_faces(TURTLE, rng), uniform_faces(TURTLE, rng)
    assert sorted(first) == sorted(second) and first != second
    assert len(first) == 144 and first.count("5B") == 4 and first.count("F1") == 1


def test_wilson_interval_matches_known_values():
    low, high = wilson_interval(0, 10)
    assert low == 0 and round(high, 4) == 0.2775
    low, high = wilson_interval(295, 10_000)
    assert round(low, 4) == 0.0264 and round(high, 4) == 0.033


# -- the engine's own hint ------------------------------------------------------------


def test_the_boards_hint_off_the_plan_follows_a_winning_plan_to_the_end():
    board = Board(deal_for("MJ1-L00-AAAAABL"))
    plan_pairs = {frozenset(p) for p in board.deal.plan}
    # Leave the plan with pairs that keep the position winnable.
    left = 0
    while left < 3:
        pair = next(p for p in board.playable_pairs() if frozenset(p) not in plan_pairs)
        trial = Board(board.deal, [*board.history, pair])
        present = present_mask(trial.deal, trial.history)
        verdict = Solver(trial.deal.layout.geometry, trial.deal.faces).solve(present, time_limit=30)
        if verdict.verdict is not Verdict.WINNABLE:
            break
        board.remove(*pair)
        left += 1
    assert left > 0
    while board.state == "playing":
        board.remove(*board.hint(time_limit=30))
    assert board.state == "won"


def test_trying_out_pairings_keeps_to_the_time_limit():
    faces = uniform_faces(TURTLE, SplitMix64(11))
    solver = Solver(TURTLE.geometry, faces)
    solution = solver.solve((1 << 144) - 1, probe_after=0, time_limit=1e-9)
    assert solution.verdict is Verdict.UNKNOWN and solution.plan is None
