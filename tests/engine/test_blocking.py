"""Why a tile is blocked: the engine's answer against an oracle written from the positions.

The oracle never looks at the engine's neighbour lists: it compares the half-tile cells
each tile covers (a tile at ``(x, y)`` covers the cells ``x..x+1`` by ``y..y+1``).
"""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine import LAYOUTS, Blocking, BlockKind, Board, GameCode, TileRemoved, UnknownTile
from game.engine.codes import MAX_DEAL

EXAMPLE = "MJ1-L00-AAAAABL"


def _cells(x, y):
    return {(x + dx, y + dy) for dx in (0, 1) for dy in (0, 1)}


def oracle(board: Board, tile: int) -> Blocking | None:
    """SPEC §6.2 read literally, over every present tile."""
    positions = board.deal.layout.positions
    x, y, z = positions[tile]
    footprint = _cells(x, y)
    just_left = {(x - 1, y), (x - 1, y + 1)}
    just_right = {(x + 2, y), (x + 2, y + 1)}
    covering, left, right = [], [], []
    full = False
    for other in board.present_tiles():
        ox, oy, oz = positions[other]
        theirs = _cells(ox, oy)
        if oz == z + 1 and theirs & footprint:
            covering.append(other)
            full = full or theirs == footprint
        elif oz == z and other != tile:
            if theirs & just_left:
                left.append(other)
            if theirs & just_right:
                right.append(other)
    if not covering and not (left and right):
        return None
    kind = BlockKind.COVERED if full else BlockKind.HALF_COVERED if covering else BlockKind.SIDES
    return Blocking(kind, tuple(sorted(covering)), tuple(sorted(left)), tuple(sorted(right)))


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
        expected = oracle(board, tile)
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


codes = st.builds(GameCode, st.sampled_from(list(LAYOUTS)), st.integers(0, MAX_DEAL))


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
