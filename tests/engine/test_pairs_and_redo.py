"""The pairs count and the matches of a tile against the oracle along whole games, and
redo and restart: what they give back, and what clears them."""

import random

import pytest

from mahjong import (
    LAYOUTS,
    WON,
    Board,
    GameCode,
    GameOver,
    MoveError,
    NothingToRedo,
    NothingToUndo,
    Outcome,
)

from . import oracle

EXAMPLE = "MJ1-L00-AAAAABL"


def _present(board):
    return set(board.present_tiles())


def _check_against_oracle(board):
    """The pairs count and each free tile's free matches against the oracle's, from
    scratch."""
    positions = board.deal.layout.positions
    pairs = oracle.free_matching_pairs(positions, board.faces, _present(board))
    assert board.playable_pair_count() == len(pairs)
    free = oracle.free_tiles(positions, _present(board))
    for tile in free:
        expected = [
            o for o in free if o != tile and oracle.faces_match(board.faces[o], board.faces[tile])
        ]
        assert board.free_matches(tile) == expected


def _random_game(code, seed):
    """A whole game of random pairs, with an undo and a redo now and then, checked
    against the oracle at every position; its last board (won or stuck)."""
    rng = random.Random(seed)
    board = Board.from_code(code)
    _check_against_oracle(board)
    while board.playable_pair_count():
        board.remove(*rng.choice(board.playable_pairs()))
        _check_against_oracle(board)
        if rng.random() < 0.2 and board.can_undo():
            board.undo()
            _check_against_oracle(board)
            if rng.random() < 0.5:
                board.redo()
                _check_against_oracle(board)
    return board


#: Every fifth layout (the oracle scans every tile against every tile at each position).
SAMPLED_LAYOUTS = list(LAYOUTS)[::5]


@pytest.mark.parametrize(("seed", "layout_id"), list(enumerate(SAMPLED_LAYOUTS)))
def test_the_pairs_count_is_the_oracles_along_whole_random_games(layout_id, seed):
    board = _random_game(GameCode(layout_id, seed), seed)
    assert board.state is WON or board.playable_pair_count() == 0


def test_the_pairs_count_is_the_oracles_along_a_won_game():
    board = Board.from_code(EXAMPLE)
    for a, b in board.deal.plan:
        assert board.playable_pair_count() >= 1
        board.remove(a, b)
        _check_against_oracle(board)
    assert board.state is WON and board.playable_pair_count() == 0


def test_the_pairs_count_counts_every_two_of_four_free_tiles_of_a_kind():
    board = Board.from_code(EXAMPLE)
    by_class = {}
    for tile in board.free_tiles():
        by_class.setdefault(board.deal.match_classes[tile], []).append(tile)
    expected = sum(len(t) * (len(t) - 1) // 2 for t in by_class.values())
    assert max(len(t) for t in by_class.values()) >= 3  # this deal has a kind free 3+ times
    assert board.playable_pair_count() == expected == len(board.playable_pairs())


def test_a_blocked_tile_has_no_free_matches():
    board = Board.from_code(EXAMPLE)
    blocked = next(i for i in board.present_tiles() if not board.is_free(i))
    assert board.free_matches(blocked) == []


def _played(moves=6):
    board = Board.from_code(EXAMPLE)
    for a, b in board.deal.plan[:moves]:
        board.remove(a, b)
    return board


def _position(board):
    return (list(board.history), board.free_tiles(), board.present_tiles(), board.state)


def test_redo_after_undo_gives_the_same_position_and_history():
    board = _played()
    before = _position(board)
    board.undo()
    board.undo()
    assert board.can_redo()
    board.redo()
    board.redo()
    assert _position(board) == before
    assert not board.can_redo()
    with pytest.raises(NothingToRedo):
        board.redo()


def test_redo_takes_back_the_pair_undone_last_first():
    board = _played()
    last, before_last = board.history[-1], board.history[-2]
    board.undo()
    board.undo()
    assert board.redo() == before_last
    assert board.redo() == last


def test_a_new_removal_clears_redo():
    board = _played()
    board.undo()
    assert board.can_redo()
    board.remove(*board.playable_pairs()[0])
    assert not board.can_redo() and board.undone == []


def test_a_tap_that_removes_clears_redo_and_a_selection_does_not():
    board = _played()
    undone = board.undo()
    a, b = board.playable_pairs()[0]
    assert board.tap(a).outcome is Outcome.SELECTED
    assert board.can_redo()
    assert board.tap(b).outcome is Outcome.REMOVED
    assert not board.can_redo()
    assert undone  # the pair undone is simply no longer offered


def test_redo_clears_the_selection():
    board = _played()
    board.undo()
    board.tap(board.free_tiles()[0])
    board.redo()
    assert board.selected is None


def test_nothing_to_redo_on_a_fresh_board():
    board = Board.from_code(EXAMPLE)
    assert not board.can_redo()
    with pytest.raises(NothingToRedo):
        board.redo()


def test_a_board_rebuilt_with_its_undone_pairs_redoes_the_same():
    board = _played()
    board.undo()
    board.undo()
    rebuilt = Board.from_code(EXAMPLE, board.history, None, board.undone)
    board.redo()
    rebuilt.redo()
    assert _position(rebuilt) == _position(board)
    assert rebuilt.undone == board.undone


def test_undone_pairs_that_cannot_be_taken_off_in_turn_are_refused():
    board = _played()
    board.undo()
    # Not a pair of the position: both tiles already on the board's history.
    with pytest.raises(MoveError):
        Board.from_code(EXAMPLE, board.history, None, [board.history[0]])


def test_restart_gives_the_deals_first_position():
    board = _played()
    board.tap(board.free_tiles()[0])
    first = Board.from_code(EXAMPLE)
    put_back = board.restart()
    assert len(put_back) == 6
    assert _position(board) == _position(first)
    assert board.selected is None
    assert not board.can_redo() and not board.can_undo() and not board.can_restart()
    assert board.playable_pair_count() == first.playable_pair_count()


def test_restart_is_refused_at_the_first_position_and_after_a_win():
    board = Board.from_code(EXAMPLE)
    assert not board.can_restart()
    with pytest.raises(NothingToUndo):
        board.restart()
    for a, b in board.deal.plan:
        board.remove(a, b)
    assert not board.can_restart()
    with pytest.raises(GameOver):
        board.restart()
