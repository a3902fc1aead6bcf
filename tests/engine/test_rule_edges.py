"""Edges of the engine's rules that whole games pass through only once."""

import pytest

from game.engine import Board, family

EXAMPLE = "MJ1-L00-AAAAABL"


def test_the_last_pair_on_the_board_can_still_be_paused_and_the_won_board_cannot():
    board = Board.from_code(EXAMPLE)
    *most, last = board.deal.plan
    for pair in most:
        board.remove(*pair)
    assert len(board) == 2
    assert board.can_pause()

    board.remove(*last)

    assert not board.can_pause()


@pytest.mark.parametrize("kind", ["XY", "0B", "1X", "10B", "B1", "", "F5", "S5"])
def test_family_of_a_kind_that_is_not_in_the_set_is_an_error(kind):
    with pytest.raises(ValueError, match="unknown tile kind"):
        family(kind)
