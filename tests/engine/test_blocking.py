"""Why a tile is blocked: the engine's answer against the oracle of ``oracle.py``, which
reads the free rule from the tile positions alone (no Geometry, no neighbour lists)."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mahjong import LAYOUTS, Blocking, BlockKind, Board, GameCode, TileRemoved, UnknownTile
from mahjong.rules.codes import MAX_DEAL

from . import oracle

EXAMPLE = "MJ1-L00-AAAAABL"


def expected_blocking(board: Board, tile: int) -> Blocking | None:
    """The oracle's covering and side tiles, and the kind the interface defines: covered
    when a tile above lies exactly on it, half covered when only partly, else sides."""
    positions = board.deal.layout.positions
    present = set(board.present_tiles())
    if oracle.is_free(positions, present, tile):
        return None
    above = oracle.covering(positions, present, tile)
    left = oracle.beside(positions, present, tile, -1)
    right = oracle.beside(positions, present, tile, +1)
    if any(positions[other][:2] == positions[tile][:2] for other in above):
        kind = BlockKind.COVERED
    else:
        kind = BlockKind.HALF_COVERED if above else BlockKind.SIDES
    return Blocking(kind, tuple(above), tuple(left), tuple(right))


def _sorted(blocking: Blocking | None) -> Blocking | None:
    if blocking is None:
        return None
    return Blocking(
        blocking.kind,
        tuple(sorted(blocking.covering)),
        tuple(sorted(blocking.left)),
        tuple(sorted(blocking.right)),
    )


def _agree(board: Board) -> set[BlockKind]:
    kinds = set()
    for tile in board.present_tiles():
        expected = expected_blocking(board, tile)
        assert _sorted(board.blocking(tile)) == expected, tile
        assert board.is_free(tile) is (expected is None)
        if expected is not None:
            kinds.add(expected.kind)
    return kinds


def test_every_kind_of_blocking_occurs_on_the_turtle_and_agrees_with_the_oracle():
    # Layer 1 lies exactly on layer 0, the top tile lies half over four tiles, and the
    # middle of each row has both sides taken: all three kinds are really checked.
    assert _agree(Board.from_code(EXAMPLE)) == set(BlockKind)


def test_the_turtle_top_tile_half_covers_the_four_below_it():
    board = Board.from_code(EXAMPLE)
    positions = board.deal.layout.positions
    top = positions.index((13, 7, 4))
    below = [i for i, (x, y, z) in enumerate(positions) if z == 3]
    for tile in below:
        blocking = board.blocking(tile)
        assert blocking.kind is BlockKind.HALF_COVERED and blocking.covering == (top,)


codes = st.builds(GameCode, st.sampled_from(list(LAYOUTS)), st.integers(0, MAX_DEAL[1]))


@settings(max_examples=25, deadline=None)
@given(codes, st.integers(0, 2**32 - 1))
def test_blockers_agree_with_the_oracle_during_random_play(code, seed):
    rnd = random.Random(seed)
    board = Board.from_code(code)
    while board.state == "playing":
        if rnd.random() < 0.25:
            _agree(board)
        board.remove(*rnd.choice(board.playable_pairs()))
        if rnd.random() < 0.2 and board.can_undo():
            board.undo()
    _agree(board)


def test_blocking_of_a_removed_or_unknown_tile_raises():
    board = Board.from_code(EXAMPLE)
    a, b = board.deal.plan[0]
    board.remove(a, b)
    with pytest.raises(TileRemoved):
        board.blocking(a)
    with pytest.raises(UnknownTile):
        board.blocking(144)
