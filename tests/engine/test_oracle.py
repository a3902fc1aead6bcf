"""The oracle itself, on the seed's pictures, and the engine against it on
every layout's full board."""

import pytest

from mahjong import LAYOUTS, Board, GameCode

from . import oracle


def _free(positions):
    return oracle.free_tiles(positions, set(range(len(positions))))


def test_four_in_a_row_with_one_on_top_of_the_middle_two():
    # The rules page's picture: the outer two free, the middle two blocked, the top free.
    row = [(0, 0, 0), (2, 0, 0), (4, 0, 0), (6, 0, 0)]
    top = [(3, 0, 1)]  # across the middle two, half on each
    assert _free(row + top) == [0, 3, 4]


def test_a_tile_covered_by_a_quarter_of_a_tile_above_is_blocked():
    assert _free([(0, 0, 0), (1, 1, 1)]) == [1]


def test_a_side_neighbour_half_a_row_off_still_blocks_that_side():
    # The middle tile: a neighbour straight on its left, one half a row lower on its right.
    assert _free([(0, 0, 0), (2, 0, 0), (4, 1, 0)]) == [0, 2]


def test_a_neighbour_a_whole_row_off_or_above_and_below_does_not_block():
    # Touching corners only, then tiles stacked above and below in the same layer
    # (top and bottom sides do not count).
    assert _free([(0, 0, 0), (2, 0, 0), (4, 2, 0)]) == [0, 1, 2]
    assert _free([(0, 0, 0), (0, 2, 0), (0, 4, 0)]) == [0, 1, 2]


def test_a_removed_tile_blocks_nothing():
    positions = [(0, 0, 0), (2, 0, 0), (4, 0, 0), (1, 0, 1)]
    assert oracle.free_tiles(positions, {0, 1, 2}) == [0, 2]
    assert oracle.free_tiles(positions, {1, 2}) == [1, 2]
    assert not oracle.is_free(positions, {1, 2}, 0)


def test_the_turtle_has_35_free_tiles_at_the_start():
    assert len(_free(LAYOUTS["L00"].positions)) == 35


@pytest.mark.parametrize("layout_id", list(LAYOUTS))
def test_the_engines_free_set_of_a_full_board_is_the_oracles(layout_id):
    board = Board.from_code(GameCode(layout_id, 1))
    assert board.free_tiles() == _free(LAYOUTS[layout_id].positions)


def test_match_rule_from_the_seed():
    assert oracle.faces_match("5B", "5B") and not oracle.faces_match("5B", "5C")
    assert oracle.faces_match("F1", "F4") and oracle.faces_match("S2", "S3")
    assert not oracle.faces_match("F1", "S1")
    assert not oracle.faces_match("S", "S1")  # the south wind is not a season
    assert not oracle.faces_match("R", "G")
