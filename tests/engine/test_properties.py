"""Property-based tests: random deals of every layout, random legal play.

The free rule and the match rule are checked against ``oracle.py``, a naive reading of the
seed's rules from tile positions and faces that shares no code with the engine. Hypothesis
picks the seeds; CI runs it derandomized (``HYPOTHESIS_PROFILE=ci``, see
``tests/conftest.py``) so that a red run replays the same examples.
"""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mahjong import LAYOUTS, Board, GameCode, GameOver, parse_code
from mahjong.rules.codes import MAX_DEAL

from . import oracle

# Random play is driven by a seeded random.Random: hypothesis picks the seed.
seeds = st.integers(0, 2**32 - 1)
codes = st.builds(GameCode, st.sampled_from(list(LAYOUTS)), st.integers(0, MAX_DEAL[1]))


def _snapshot(board):
    return (
        board.present_tiles(),
        board.free_tiles(),
        list(board.history),
        board.selected,
        board.state,
    )


@settings(max_examples=40, deadline=None)
@given(codes, seeds)
def test_taps_follow_the_seeds_free_and_match_rules(code, seed):
    """Every tap does what the rules say, with "free" and "match" decided by the oracle
    from the positions and faces alone; the board's free set is the oracle's after every
    removal."""
    rnd = random.Random(seed)
    board = Board.from_code(code)
    positions, faces = board.deal.layout.positions, board.faces
    present = set(range(len(faces)))
    free = oracle.free_tiles(positions, present)
    assert board.free_tiles() == free
    while board.state == "playing":
        # Mostly free tiles, some blocked ones, and now and then a blocked tile that
        # matches the selection (the free rule must hold even then).
        selected = board.selected
        blocked_twins = [
            t
            for t in present
            if selected is not None
            and t not in free
            and t != selected
            and oracle.faces_match(faces[t], faces[selected])
        ]
        roll = rnd.random()
        if blocked_twins and roll < 0.15:
            tile = rnd.choice(blocked_twins)
        elif roll < 0.8:
            tile = rnd.choice(free)
        else:
            tile = rnd.choice(sorted(present))
        removed_before = len(board.history)
        board.tap(tile)
        if tile not in free:
            expected = "blocked: nothing removed, selection cleared"
            assert (len(board.history), board.selected) == (removed_before, None), expected
        elif selected is None:
            assert board.selected == tile
        elif selected == tile:
            assert board.selected is None
        elif oracle.faces_match(faces[selected], faces[tile]):
            assert board.history[-1] == (selected, tile) and board.selected is None
            present -= {selected, tile}
            free = oracle.free_tiles(positions, present)
            assert board.free_tiles() == free
            assert board.present_tiles() == sorted(present)
        else:
            assert (len(board.history), board.selected) == (removed_before, tile)
    assert board.free_tiles() == oracle.free_tiles(positions, present)


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
    from mahjong import TILE_SET

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
