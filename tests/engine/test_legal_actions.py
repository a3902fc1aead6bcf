"""What may happen now: the state, the legal actions and the selection, all from the engine."""

import pytest

from mahjong import (
    Board,
    GameCode,
    GameOver,
    IllegalMove,
    NothingToUndo,
    State,
    TileRemoved,
)

EXAMPLE = "MJ1-L00-AAAAABL"


def _playing():
    board = Board.from_code(EXAMPLE)
    board.remove(*board.deal.plan[0])
    return board


def _stuck():
    for number in range(200):
        board = Board.from_code(GameCode("L00", number))
        while board.state is State.PLAYING:
            board.remove(*board.playable_pairs()[-1])
        if board.state is State.STUCK:
            return board
    pytest.fail("no stuck game found")


def _won():
    board = Board.from_code(EXAMPLE)
    for pair in board.deal.plan:
        board.remove(*pair)
    return board


def test_state_is_an_enum_equal_to_its_word():
    board = Board.from_code(EXAMPLE)
    assert board.state is State.PLAYING and board.state == "playing"
    assert [state.value for state in State] == ["playing", "won", "stuck"]


@pytest.mark.parametrize(
    ("make", "state", "undo", "hint", "pause"),
    [
        (lambda: Board.from_code(EXAMPLE), State.PLAYING, False, True, True),
        (_playing, State.PLAYING, True, True, True),
        (_stuck, State.STUCK, True, False, True),
        (_won, State.WON, False, False, False),
    ],
    ids=["fresh", "playing", "stuck", "won"],
)
def test_legal_actions_match_the_state(make, state, undo, hint, pause):
    board = make()
    assert board.state is state
    assert (board.can_undo(), board.can_hint(), board.can_pause()) == (undo, hint, pause)
    # Each answer is what the action then does.
    if hint:
        a, b = board.hint()
        assert tuple(sorted((a, b))) in board.playable_pairs()
    elif state is State.STUCK:
        assert board.hint() is None
    if undo:
        removed = len(board.history)
        board.undo()
        assert len(board.history) == removed - 1 and board.state is State.PLAYING


def test_undo_on_a_new_board_has_nothing_to_undo():
    with pytest.raises(NothingToUndo):
        Board.from_code(EXAMPLE).undo()


def test_undo_hint_and_tap_on_a_won_board_raise_game_over_and_change_nothing():
    board = _won()
    for action in (board.undo, board.hint, lambda: board.tap(0)):
        with pytest.raises(GameOver):
            action()
    assert board.state is State.WON and len(board.history) == 72


def test_selection_goes_in_through_the_constructor_and_is_checked():
    board = Board.from_code(EXAMPLE)
    free = board.free_tiles()[0]
    blocked = next(i for i in board.present_tiles() if not board.is_free(i))
    assert Board.from_code(EXAMPLE, selected=free).selected == free
    with pytest.raises(IllegalMove):
        Board.from_code(EXAMPLE, selected=blocked)
    a, b = board.deal.plan[0]
    with pytest.raises(TileRemoved):
        Board.from_code(EXAMPLE, [(a, b)], selected=a)


def test_selection_cannot_be_assigned_from_outside():
    board = Board.from_code(EXAMPLE)
    with pytest.raises(AttributeError):
        board.selected = board.free_tiles()[0]


def test_a_copy_keeps_the_selection():
    board = Board.from_code(EXAMPLE)
    board.tap(board.free_tiles()[3])
    copy = board.copy()
    assert copy.selected == board.selected and copy.history == board.history
