"""The solver's compiled core against the pure-Python solver, its reference.

The core is the same search step for step, so on every position and every setting it
must give the very same answer: verdict, plan and number of positions searched (with no
time limit, the search does not depend on the machine's speed). Every plan it gives is
also replayed through :class:`~mahjong.Board` or the tests' own oracle. Its entry point
fed random and corrupt inputs: ``test_native_inputs.py`` (``make native-check`` runs both
files with the core built under AddressSanitizer and UndefinedBehaviorSanitizer).
"""

from __future__ import annotations

import os
import random
import subprocess
import sys
import threading
import time

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mahjong import LAYOUTS, Board, GameCode, deal_for
from mahjong.rules.geometry import Geometry
from mahjong.rules.layouts import TURTLE
from mahjong.rules.prng import SplitMix64
from mahjong.solver import advice, native
from mahjong.solver.advice import decide, present_mask
from mahjong.solver.native import NativeSolver, solver_for
from mahjong.solver.search import (
    PAIRING_AFTER,
    PAIRING_UNIT,
    PROBE_AFTER,
    RELAX_AFTER,
    Solver,
    Verdict,
)
from mahjong.solver.survey import uniform_faces

from .test_advice import EXAMPLE, forget, off_plan_history  # noqa: F401 (forget: autouse)
from .test_solver import exhaustive_winnable, replays_to_a_win, small_layouts
from .test_solver_native import both
from .test_solver_rules import columns, gadgets_and_a_deadlock

FULL = (1 << 144) - 1
PLAIN = {"relax_after": 10**9, "probe_after": 10**9, "restart_unit": 10**9}


def long_lost_search(classes: int):
    """``classes`` classes each laid as two free tiles and a stack of two, and two
    remnants lying each over the other's partner: lost, but a search without relaxed
    play or trying out only finds it after trying every pairing of every class (some
    2**classes positions)."""
    stacks = []
    for kind in [f"{value}{suit}" for suit in "BCD" for value in range(1, 10)][:classes]:
        stacks += [kind, kind, f"{kind} {kind}"]
    positions, faces = columns(*stacks, "R G", "G R")
    return NativeSolver(Geometry(positions), faces), (1 << len(faces)) - 1


def replays_on_board(deal, history, plan) -> bool:
    """Whether the plan, played on the board after ``history``, wins the game."""
    board = Board(deal, history)
    for a, b in plan:
        board.remove(a, b)  # raises unless the pair is free and matching
    return board.is_won()


# -- the same answers -------------------------------------------------------------------


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.large_base_example])
@given(
    small_layouts(),
    st.sampled_from([0, RELAX_AFTER]),
    st.sampled_from([0, PROBE_AFTER]),
    st.sampled_from([PAIRING_AFTER, 0]),
    st.sampled_from([PAIRING_UNIT, 1, 10**9]),
)
def test_small_layouts_get_the_references_answer_and_the_exhaustive_verdict(
    layout, relax_after, probe_after, pairing_after, pairing_unit
):
    geometry, faces = layout
    full = (1 << len(faces)) - 1
    budgets = {
        "relax_after": relax_after,
        "probe_after": probe_after,
        "pairing_after": pairing_after,
        "pairing_unit": pairing_unit,
    }
    reference, answer = both(geometry, faces, full, **budgets)
    assert answer == reference
    won = exhaustive_winnable(geometry, faces, frozenset(range(len(faces))))
    assert answer.verdict is (Verdict.WINNABLE if won else Verdict.NOT_WINNABLE)
    if won:
        assert replays_to_a_win(geometry, faces, full, answer.plan)


def test_300_uniform_turtle_deals_get_the_references_answers_and_plans_that_win():
    # A node budget, not a time limit: the same answers on any machine. Some deals need
    # more than it (the same ones, after the same positions, for both).
    rng = SplitMix64(25)
    verdicts = {verdict: 0 for verdict in Verdict}
    for _ in range(300):
        faces = uniform_faces(TURTLE, rng)
        reference, answer = both(TURTLE.geometry, faces, FULL, max_nodes=1000)
        assert answer == reference
        verdicts[answer.verdict] += 1
        if answer.winnable:
            assert replays_to_a_win(TURTLE.geometry, faces, FULL, answer.plan)
    assert verdicts[Verdict.WINNABLE] > 200 and verdicts[Verdict.NOT_WINNABLE] > 0


def off_plan_positions(count: int, seed: int):
    """Positions of the site's own deals reached by random play that left the plan."""
    rnd = random.Random(seed)
    layouts = list(LAYOUTS)
    found = []
    while len(found) < count:
        deal = deal_for(GameCode(rnd.choice(layouts), rnd.randrange(2**35)))
        board = Board(deal)
        for _ in range(rnd.randint(1, 60)):
            pairs = board.playable_pairs()
            if not pairs:
                break
            board.remove(*rnd.choice(pairs))
        present = advice.present_mask(deal, board.history)
        if board.playable_pairs() and deal.rest_of_plan(present) is None:
            found.append((deal, list(board.history), present))
    return found


def test_off_plan_positions_get_the_references_answers_and_plans_win_on_the_board():
    verdicts = {verdict: 0 for verdict in Verdict}
    for deal, history, present in off_plan_positions(120, seed=7):
        reference, answer = both(deal.layout.geometry, deal.faces, present, max_nodes=3000)
        assert answer == reference
        verdicts[answer.verdict] += 1
        if answer.winnable:
            assert replays_on_board(deal, history, answer.plan)
    assert verdicts[Verdict.WINNABLE] > 20 and verdicts[Verdict.NOT_WINNABLE] > 20


def test_the_sites_deals_are_won_by_a_plan_that_wins_on_the_board():
    for number in range(20):
        deal = deal_for(GameCode("L00", number * 7919))
        answer = NativeSolver(deal.layout.geometry, deal.faces).solve(FULL, max_nodes=20000)
        assert answer.verdict is Verdict.WINNABLE
        assert replays_on_board(deal, [], answer.plan)


# -- budgets --------------------------------------------------------------------------------


@pytest.mark.parametrize("deadlock", [True, False], ids=["lost", "winnable"])
def test_max_nodes_cuts_the_search_after_as_many_positions_as_the_reference(deadlock):
    positions, faces = gadgets_and_a_deadlock(8, deadlock)
    geometry, full = Geometry(positions), (1 << len(faces)) - 1
    for max_nodes in (0, 1, 5, 50, 500):
        reference, answer = both(geometry, faces, full, max_nodes=max_nodes, **PLAIN)
        assert answer == reference
        assert answer.nodes <= max_nodes + 1


def test_a_time_limit_gives_unknown_on_the_wall_clock_and_on_the_cpu_clock():
    solver, full = long_lost_search(12)
    for clock in (time.perf_counter, time.process_time):
        answer = solver.solve(full, time_limit=0.0, clock=clock, **PLAIN)
        assert answer.verdict is Verdict.UNKNOWN and answer.nodes == 16  # the first look
    # Unlimited, the same search proves it lost.
    assert solver.solve(full, **PLAIN).verdict is Verdict.NOT_WINNABLE


def test_a_clock_of_its_own_runs_the_reference():
    positions, faces = columns("2B 1B 1B", "1B 2B 2B", "1B", "2B")
    readings = iter([0.0] + [5.0] * 1000)
    settings = {"relax_after": 10**9, "restart_unit": 1, "probe_after": 3}
    solver = NativeSolver(Geometry(positions), faces)
    full = (1 << len(faces)) - 1
    timed = solver.solve(full, **settings, time_limit=1.0, clock=lambda: next(readings))
    assert timed.verdict is Verdict.UNKNOWN and timed.nodes >= 3


def test_unknown_settings_are_refused_as_by_the_reference():
    positions, faces = columns("1B", "1B")
    with pytest.raises(TypeError, match="relax_later"):
        NativeSolver(Geometry(positions), faces).solve(3, relax_later=1)


def test_the_search_lets_other_threads_run():
    # With the interpreter's switch interval long, a thread waiting for the lock only
    # runs when the solving thread lets go of it: so it sees `solving` set only if the
    # core released the lock while it searched.
    rng = SplitMix64(1)
    for _ in range(446):
        uniform_faces(TURTLE, rng)
    # A lost deal whose search, without relaxed play and trying out, takes millions of
    # positions: the time limit ends it.
    solver, full = NativeSolver(TURTLE.geometry, uniform_faces(TURTLE, rng)), FULL
    state = {"solving": False}
    go, seen = threading.Event(), []

    def other():
        go.wait()
        seen.append(state["solving"])

    interval = sys.getswitchinterval()
    sys.setswitchinterval(100)
    try:
        thread = threading.Thread(target=other)
        thread.start()
        state["solving"] = True
        go.set()
        answer = solver.solve(full, time_limit=0.2, **PLAIN)
        state["solving"] = False
        thread.join()
    finally:
        sys.setswitchinterval(interval)
    assert answer.verdict is Verdict.UNKNOWN
    assert seen == [True]


# -- which solver runs ---------------------------------------------------------------------


def test_the_solver_is_chosen_by_name():
    deal = deal_for("MJ1-L00-AAAAABL")
    geometry, faces = deal.layout.geometry, deal.faces
    assert type(solver_for(geometry, faces, "native")) is NativeSolver
    assert type(solver_for(geometry, faces, "python")) is Solver
    with pytest.raises(ValueError, match="no solver 'java'"):
        solver_for(geometry, faces, "java")


def test_the_environment_can_ask_for_the_pure_python_solver():
    script = "from mahjong.solver import native, advice; print(native.NAME, native.AVAILABLE)"
    for value, expected in (("python", "python False"), ("", "native True")):
        env = {**os.environ, "MAHJONG_SOLVER": value}
        env.pop("MAHJONG_SOLVER_CORE", None)
        out = subprocess.run(
            [sys.executable, "-c", script], env=env, capture_output=True, text=True, check=True
        )
        assert out.stdout.split("\n")[0] == expected


def test_the_core_is_built_here():
    # make setup builds it wherever a C compiler is; this machine has one.
    assert native.AVAILABLE and native.NAME in ("native", "python")


# -- the command and the survey -----------------------------------------------------------


def _command(*args: str) -> str:
    from io import StringIO

    from django.core.management import call_command

    out = StringIO()
    call_command("mahjong", *args, stdout=out)
    return out.getvalue()


def test_the_command_solves_with_either_solver_and_the_same_answer():
    history = "--history=" + " ".join(f"{a}-{b}" for a, b in deal_for("MJ1-L00-AAAAABL").plan[:5])
    args = ("solve", "MJ1-L00-AAAAABL", history, "--time-limit", "5")
    python = _command(*args, "--solver", "python")
    assert _command(*args, "--solver", "native") == python
    assert python.startswith("MJ1-L00-AAAAABL after 5 pairs: winnable")


def test_a_survey_on_two_processes_decides_the_same_deals():
    from mahjong.solver.survey import survey

    one = survey(TURTLE, 12, seed=2, time_limit=5, start=3)
    two = survey(TURTLE, 12, seed=2, time_limit=5, start=3, jobs=2)
    assert (two.winnable, two.not_winnable, two.undecided) == (
        one.winnable,
        one.not_winnable,
        one.undecided,
    )
    assert len(two.cpu_times) == 12
    lines = _command("survey", "--deals", "4", "--jobs", "2", "--solver", "native")
    assert lines.splitlines()[-1] == "solver: native, 2 process(es)"


# The core behind hints and verdicts (mahjong.solver.advice).


@pytest.fixture
def example_deal():
    return deal_for(EXAMPLE)


def _searched_position(deal):
    """An off-plan position of the example deal the solver must search to decide."""
    present = present_mask(deal, off_plan_history(deal))
    solution = native.solver_for(deal.layout.geometry, deal.faces).solve(present)
    assert solution.verdict is not Verdict.UNKNOWN and solution.nodes > 1
    return present, solution


def test_a_busy_machine_does_not_make_the_compiled_cores_verdict_unsure(example_deal):
    deal = example_deal
    """The core searches up to SURE_NODES positions whatever the clock says: a time
    budget already spent (a machine so busy the request waited it out) still gets the
    verdict, the same as with no limit at all."""
    present, solution = _searched_position(deal)
    assert solution.nodes <= advice.SURE_NODES

    assert decide(deal, present, time_limit=0.0) == solution


def test_beyond_sure_nodes_the_time_limit_decides(example_deal, monkeypatch):
    deal = example_deal
    present, solution = _searched_position(deal)
    monkeypatch.setattr(advice, "SURE_NODES", 1)

    assert decide(deal, present, time_limit=0.0).verdict is Verdict.UNKNOWN
    assert decide(deal, present, time_limit=60.0) == solution
