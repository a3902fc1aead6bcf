"""Property-based tests: random deals of every layout, random legal play."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine import LAYOUTS, Board, GameCode, GameOver, matches, parse_code
from game.engine.codes import MAX_DEAL

# Random play is driven by a seeded random.Random: hypothesis picks the seed.
seeds = st.integers(0, 2**32 - 1)
codes = st.builds(GameCode, st.sampled_from(list(LAYOUTS)), st.integers(0, MAX_DEAL))


def _reference_free(board):
    """The free rule computed from scratch, independent of the board's counters."""
    geometry = board.deal.layout.geometry
    present = [board.is_present(i) for i in range(144)]
    return [i for i in range(144) if present[i] and geometry.is_free(i, present)]


def _snapshot(board):
    return (
        board.present_tiles(),
        board.free_tiles(),
        list(board.history),
        board.selected,
        board.state,
    )


@settings(max_examples=60, deadline=None)
@given(codes, seeds)
def test_random_play_only_ever_removes_two_free_matching_tiles(code, seed):
    rnd = random.Random(seed)
    board = Board.from_code(code)
    while board.state == "playing":
        assert board.free_tiles() == _reference_free(board)
        free = board.free_tiles()
        tile = rnd.choice(free) if rnd.random() < 0.8 else rnd.choice(board.present_tiles())
        was_free = board.is_free(tile)
        selected = board.selected
        result = board.tap(tile)
        if result.removed:
            a, b = result.removed
            assert was_free and selected == a and b == tile
            assert matches(board.faces[a], board.faces[b])
            assert not board.is_present(a) and not board.is_present(b)
    assert board.free_tiles() == _reference_free(board)


@settings(max_examples=40, deadline=None)
@given(codes, seeds)
def test_undo_restores_the_exact_previous_state(code, seed):
    rnd = random.Random(seed)
    board = Board.from_code(code)
    while board.state == "playing":
        before = _snapshot(board)
        board.remove(*rnd.choice(board.playable_pairs()))
        if rnd.random() < 0.3 and board.can_undo():
            board.undo()
            assert _snapshot(board) == before
            board.remove(*rnd.choice(board.playable_pairs()))
    if board.state == "won":
        # A win is final: the board is rebuilt one pair short to undo the rest.
        with pytest.raises(GameOver):
            board.undo()
        board = Board(board.deal, board.history[:-1])
    while board.history:
        board.undo()
    assert len(board) == 144
    assert board.free_tiles() == board.deal.layout.geometry.initial_free()


@settings(max_examples=100, deadline=None)
@given(codes)
def test_following_the_plan_always_wins(code):
    board = Board.from_code(code)
    assert len(board.deal.plan) == 72
    assert sorted(t for pair in board.deal.plan for t in pair) == list(range(144))
    for a, b in board.deal.plan:
        assert board.is_free(a) and board.is_free(b)
        board.remove(a, b)
    assert board.state == "won"


@settings(max_examples=60, deadline=None)
@given(codes)
def test_every_deal_uses_the_whole_tile_set(code):
    from game.engine import TILE_SET

    assert sorted(Board.from_code(code).faces) == sorted(TILE_SET)


@settings(max_examples=60, deadline=None)
@given(codes)
def test_following_hints_wins_from_the_start(code):
    board = Board.from_code(code)
    while board.state == "playing":
        board.remove(*board.hint())
    assert board.state == "won"


@given(codes)
def test_parse_of_format_round_trips(code):
    text = str(code)
    assert parse_code(text) == code
    assert parse_code(text.lower()) == code
    assert parse_code(" ".join(text.split("-"))) == code
