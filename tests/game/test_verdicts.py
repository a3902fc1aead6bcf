"""Hints that re-plan and the "can it still be won" check, as the site asks for them."""

from __future__ import annotations

import random

import pytest

from game import verdicts
from mahjong import Board
from mahjong.solver import advice as engine_advice
from mahjong.solver.advice import present_mask
from mahjong.solver.search import Solver, Verdict

CODE = "MJ1-L00-AAAAABL"


def _forget() -> None:
    """Empty every memory of verdicts (this process's and the shared cache)."""
    from django.core.cache import cache

    verdicts.forget()
    cache.clear()


@pytest.fixture(autouse=True)
def fresh_memory():
    _forget()
    yield
    _forget()


def _exact(board: Board, history) -> Verdict:
    deal = board.deal
    solver = Solver(deal.layout.geometry, deal.faces)
    return solver.solve(present_mask(deal, history), time_limit=20).verdict


def lost_by_random_play(seed: int) -> list[tuple[int, int]]:
    """Random play from the example deal until the position is proven lost."""
    rnd = random.Random(seed)
    board = Board.from_code(CODE)
    while True:
        board.remove(*rnd.choice(board.playable_pairs()))
        if _exact(board, board.history) is Verdict.NOT_WINNABLE:
            return list(board.history)


@pytest.mark.parametrize("seed", [2, 7])
def test_a_lost_game_is_told_and_the_undo_count_leads_to_the_last_winnable_position(seed, settings):
    # A budget no busy machine runs out of: every position on the way back is decided.
    settings.MAHJONG_CHECK_SOLVE_MS = 80_000
    history = lost_by_random_play(seed)
    result = verdicts.check(CODE, history)
    assert result.winnable is False
    back = result.undo_to_winnable
    assert 1 <= back <= len(history)
    board = Board.from_code(CODE)
    kept = history[: len(history) - back]
    assert _exact(board, kept) is Verdict.WINNABLE
    # The last winnable one: one pair more and it is lost.
    assert _exact(board, history[: len(kept) + 1]) is Verdict.NOT_WINNABLE


def test_a_game_on_its_plan_is_winnable_with_nothing_to_undo():
    board = Board.from_code(CODE)
    history = list(board.deal.plan[:10])
    assert verdicts.check(CODE, history) == verdicts.Check(True, None)


def test_following_hints_after_leaving_the_plan_wins(settings):
    settings.MAHJONG_HINT_SOLVE_MS = 20_000
    board = Board.from_code(CODE)
    rnd = random.Random(4)
    # Leave the plan, staying winnable (checked exactly).
    for _ in range(5):
        choices = [
            p
            for p in board.playable_pairs()
            if _exact(board, [*board.history, p]) is Verdict.WINNABLE
        ]
        board.remove(*rnd.choice(choices))
    assert board.deal.rest_of_plan(present_mask(board.deal, board.history)) is None
    while len(board):
        hint = verdicts.hint_for(board)
        assert hint.winnable is True and hint.pair in board.playable_pairs()
        board.remove(*hint.pair)
    assert board.is_won()


def test_the_hint_on_a_lost_position_claims_no_plan():
    history = lost_by_random_play(2)
    board = Board.from_code(CODE, history)
    hint = verdicts.hint_for(board)
    assert hint.winnable in (False, None)
    if hint.winnable is False:
        assert hint.pair is None
    else:  # undecided within the hint's budget: any playable pair, unsure
        assert hint.pair in board.playable_pairs()


def test_verdicts_are_shared_through_the_cache(monkeypatch):
    history = lost_by_random_play(2)
    first = verdicts.check(CODE, history)
    verdicts.forget()

    def no_solving(*args, **kwargs):
        raise AssertionError("solved again instead of reading the cache")

    monkeypatch.setattr(Solver, "solve", no_solving)
    assert verdicts.check(CODE, history) == first
    board = Board.from_code(CODE, history)
    deal = board.deal
    assert verdicts.decide(deal, present_mask(deal, history), 0.01).verdict is (
        Verdict.NOT_WINNABLE
    )


def test_a_recorded_verdict_holds_for_its_version_only():
    from types import SimpleNamespace

    game = SimpleNamespace(version=7, verdict_version=7, verdict_winnable=False, verdict_undo=3)
    assert verdicts.recorded(game) == {"winnable": False, "undo_to_winnable": 3}
    game.version = 8  # a move since: the position the verdict was about is gone
    assert verdicts.recorded(game) == {"winnable": None, "undo_to_winnable": None}


def test_the_engine_memories_are_sized_from_the_settings(settings):
    from game import engine_memory
    from mahjong.rules import registry

    memories = {
        "MAHJONG_VERDICT_MEMORY": engine_advice.MEMORY,
        "MAHJONG_SOLVER_MEMORY": engine_advice.SOLVERS,
        "MAHJONG_DEAL_MEMORY": registry.DEALS,
        "MAHJONG_CUSTOM_LAYOUT_MEMORY": registry.CUSTOM_LAYOUTS,
    }
    before = {name: memory.size for name, memory in memories.items()}
    wanted = {name: size for size, name in enumerate(memories, start=3)}  # each its own
    try:
        for name, size in wanted.items():
            setattr(settings, name, size)
        engine_memory.configure()
        assert {name: memory.size for name, memory in memories.items()} == wanted
    finally:
        for name, memory in memories.items():
            memory.resize(before[name])


def test_each_process_keeps_as_many_checks_as_the_setting_says(settings, monkeypatch):
    from django.core.cache import cache

    settings.MAHJONG_CHECK_MEMORY = 1
    plan = list(Board.from_code(CODE).deal.plan)
    older, newer = verdicts.check(CODE, plan[:1]), verdicts.check(CODE, plan[:2])
    cache.clear()
    engine_advice.forget()  # only the checks' own memory is left

    def no_board(*args, **kwargs):
        raise AssertionError("worked out again")

    monkeypatch.setattr(Board, "from_code", no_board)
    assert verdicts.check(CODE, plan[:2]) == newer  # the one kept
    with pytest.raises(AssertionError, match="worked out again"):
        verdicts.check(CODE, plan[:1])
    assert older.winnable is True


def test_checks_stay_in_the_shared_cache_as_long_as_the_setting_says(settings, monkeypatch):
    from django.core.cache import cache

    settings.MAHJONG_VERDICT_CACHE_SECONDS = 1234
    timeouts = []
    keep = cache.set

    def set_and_note(key, value, timeout, **kwargs):
        timeouts.append(timeout)
        keep(key, value, timeout, **kwargs)

    monkeypatch.setattr(cache, "set", set_and_note)
    verdicts.check(CODE, list(Board.from_code(CODE).deal.plan[:1]))

    assert timeouts and set(timeouts) == {1234}  # the verdict and the check
