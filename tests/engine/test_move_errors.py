"""What each refused move says. The API answers by the error's ``reason`` word; the CLI
(``manage.py mahjong deal CODE --history``) and logs print the message, which names the
tiles involved."""

import pytest

from mahjong import (
    Board,
    GameOver,
    IllegalMove,
    NothingToUndo,
    TileRemoved,
    UnknownTile,
    matches,
)

EXAMPLE = "MJ1-L00-AAAAABL"


def _board():
    return Board.from_code(EXAMPLE)


def _first_pair(board):
    return board.deal.plan[0]


def _blocked(board):
    return next(t for t in board.present_tiles() if not board.is_free(t))


def _free_non_matching(board):
    free = board.free_tiles()
    return next(
        (a, b) for a in free for b in free if a < b and not matches(board.faces[a], board.faces[b])
    )


def _removed_board():
    board = _board()
    board.remove(*_first_pair(board))
    return board


def _won_board():
    board = _board()
    for pair in board.deal.plan:
        board.remove(*pair)
    return board


CASES = {
    "tap a removed tile": (
        _removed_board,
        lambda b: b.tap(_first_pair(b)[0]),
        TileRemoved,
        lambda b: f"tile {_first_pair(b)[0]} has been removed",
    ),
    "blocking of a removed tile": (
        _removed_board,
        lambda b: b.blocking(_first_pair(b)[1]),
        TileRemoved,
        lambda b: f"tile {_first_pair(b)[1]} has been removed",
    ),
    "remove a removed tile": (
        _removed_board,
        lambda b: b.remove(*_first_pair(b)),
        TileRemoved,
        lambda b: f"tile {_first_pair(b)[0]} has been removed",
    ),
    "a tile with itself": (
        _board,
        lambda b: b.remove(_first_pair(b)[0], _first_pair(b)[0]),
        IllegalMove,
        lambda b: "a tile cannot pair with itself",
    ),
    "a blocked tile": (
        _board,
        lambda b: b.remove(b.free_tiles()[0], _blocked(b)),
        IllegalMove,
        lambda b: f"tiles {b.free_tiles()[0]} and {_blocked(b)} are not both free",
    ),
    "tiles that do not match": (
        _board,
        lambda b: b.remove(*_free_non_matching(b)),
        IllegalMove,
        lambda b: "{} does not match {}".format(*(b.faces[t] for t in _free_non_matching(b))),
    ),
    "undo on a new board": (
        _board,
        lambda b: b.undo(),
        NothingToUndo,
        lambda b: "no pair has been removed",
    ),
    "an unknown tile": (
        _board,
        lambda b: b.tap(144),
        UnknownTile,
        lambda b: "no tile 144 in this layout",
    ),
    "a tap on a won board": (_won_board, lambda b: b.tap(0), GameOver, lambda b: "the game is won"),
}


@pytest.mark.parametrize("case", CASES)
def test_a_refused_move_says_what_is_wrong_and_changes_nothing(case):
    make, move, error, message = CASES[case]
    board = make()
    before = (board.present_tiles(), list(board.history), board.selected)

    with pytest.raises(error) as raised:
        move(board)

    assert str(raised.value) == message(board)
    assert (board.present_tiles(), list(board.history), board.selected) == before


def test_a_selection_given_to_the_board_must_be_present_and_free():
    removed = _removed_board()
    a = _first_pair(removed)[0]
    with pytest.raises(TileRemoved, match=f"^tile {a} has been removed$"):
        Board(removed.deal, removed.history, selected=a)
    board = _board()
    blocked = _blocked(board)
    with pytest.raises(IllegalMove, match=f"^tile {blocked} is not free and cannot be selected$"):
        Board(board.deal, selected=blocked)
