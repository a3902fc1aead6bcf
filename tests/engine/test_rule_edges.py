"""Edges of the engine's rules that whole games pass through only once."""

import pytest

from mahjong import Board, family

EXAMPLE = "MJ1-L00-AAAAABL"


def test_with_the_last_pair_on_the_board_pause_and_undo_are_allowed_and_once_won_not():
    board = Board.from_code(EXAMPLE)
    *most, last = board.deal.plan
    for pair in most:
        board.remove(*pair)
    assert len(board) == 2
    assert board.can_pause() and board.can_undo()

    board.remove(*last)

    assert not board.can_pause() and not board.can_undo()


@pytest.mark.parametrize("kind", ["XY", "XB", "0B", "1X", "10B", "B1", "", "F5", "S5"])
def test_family_of_a_kind_that_is_not_in_the_set_is_an_error(kind):
    with pytest.raises(ValueError, match="unknown tile kind"):
        family(kind)
