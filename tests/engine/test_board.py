"""The tap state machine, removal, undo, end of game and hints."""

import pytest

from mahjong import (
    STUCK,
    WON,
    Board,
    GameCode,
    GameOver,
    IllegalMove,
    NothingToUndo,
    Outcome,
    TileRemoved,
    UnknownTile,
    matches,
)

EXAMPLE = "MJ1-L00-AAAAABL"


@pytest.fixture
def board():
    return Board.from_code(EXAMPLE)


def _free_non_matching(board):
    free = board.free_tiles()
    for a in free:
        for b in free:
            if a != b and not matches(board.faces[a], board.faces[b]):
                return a, b
    raise AssertionError("no free non-matching tiles")


def _blocked(board):
    return next(i for i in board.present_tiles() if not board.is_free(i))


def test_tap_on_free_tile_selects_it(board):
    tile = board.free_tiles()[0]
    result = board.tap(tile)
    assert result.outcome is Outcome.SELECTED
    assert board.selected == tile


def test_tap_on_selected_tile_deselects_it(board):
    tile = board.free_tiles()[0]
    board.tap(tile)
    assert board.tap(tile).outcome is Outcome.DESELECTED
    assert board.selected is None
    assert len(board) == 144


def test_tap_on_second_matching_free_tile_removes_both(board):
    a, b = board.playable_pairs()[0]
    board.tap(a)
    result = board.tap(b)
    assert result.outcome is Outcome.REMOVED and result.removed == (a, b)
    assert not board.is_present(a) and not board.is_present(b)
    assert board.selected is None
    assert board.history == [(a, b)]


def test_tap_on_second_non_matching_free_tile_moves_the_selection(board):
    a, b = _free_non_matching(board)
    board.tap(a)
    result = board.tap(b)
    assert result.outcome is Outcome.SELECTION_MOVED
    assert board.selected == b
    assert len(board) == 144


def test_tap_on_blocked_tile_clears_selection_and_removes_nothing(board):
    free = board.free_tiles()[0]
    board.tap(free)
    blocked = _blocked(board)
    result = board.tap(blocked)
    assert result.outcome is Outcome.BLOCKED
    assert board.selected is None
    assert len(board) == 144


def test_tap_on_blocked_tile_with_nothing_selected_selects_nothing(board):
    assert board.tap(_blocked(board)).outcome is Outcome.BLOCKED
    assert board.selected is None


def test_tap_on_removed_tile_raises_and_changes_nothing(board):
    a, b = board.playable_pairs()[0]
    board.remove(a, b)
    other = board.free_tiles()[0]
    board.tap(other)
    with pytest.raises(TileRemoved):
        board.tap(a)
    assert board.selected == other and board.history == [(a, b)]


@pytest.mark.parametrize("tile", [-1, 144, 10**9, "3", 1.0, True, None])
def test_tap_on_unknown_tile_raises(board, tile):
    with pytest.raises(UnknownTile):
        board.tap(tile)


def test_removing_a_blocked_or_non_matching_pair_is_illegal_and_changes_nothing(board):
    a, b = _free_non_matching(board)
    with pytest.raises(IllegalMove):
        board.remove(a, b)
    blocked = _blocked(board)
    partner = next(
        i
        for i in board.present_tiles()
        if i != blocked and matches(board.faces[i], board.faces[blocked])
    )
    with pytest.raises(IllegalMove):
        board.remove(blocked, partner)
    with pytest.raises(IllegalMove):
        board.remove(a, a)
    assert board.history == [] and len(board.free_tiles()) == 35


def test_following_the_plan_wins_and_further_taps_are_refused(board):
    for a, b in board.deal.plan:
        board.tap(a)
        assert board.tap(b).outcome is Outcome.REMOVED
    assert board.state == WON and board.is_won() and len(board) == 0
    with pytest.raises(GameOver):
        board.tap(0)


def test_undo_of_all_71_pairs_before_the_win_restores_the_start(board):
    for pair in board.deal.plan[:71]:
        board.remove(*pair)
    for pair in reversed(board.deal.plan[:71]):
        assert board.undo() == pair
    assert len(board) == 144 and board.history == []
    assert len(board.free_tiles()) == 35
    with pytest.raises(NothingToUndo):
        board.undo()


def test_undo_clears_the_selection(board):
    board.remove(*board.playable_pairs()[0])
    board.tap(board.free_tiles()[0])
    board.undo()
    assert board.selected is None


def _drive_into_stuck(board):
    """Play pairs that break the plan until no pair is left (search a few deals)."""
    while board.state == "playing":
        board.remove(*board.playable_pairs()[-1])
    return board.state


def test_stuck_when_tiles_remain_and_no_free_tiles_match_and_undo_brings_it_back():
    for number in range(200):
        board = Board.from_code(GameCode("L00", number))
        if _drive_into_stuck(board) == STUCK:
            break
    else:
        pytest.fail("no stuck game found")
    assert len(board) > 0 and board.playable_pairs() == [] and board.hint() is None
    board.undo()
    assert board.playable_pairs() != [] and board.state == "playing"


def test_hint_offers_the_next_pair_of_the_plan(board):
    assert board.hint() == board.deal.plan[0]
    board.remove(*board.deal.plan[0])
    assert board.hint() == board.deal.plan[1]


def test_hint_still_offers_plan_pairs_after_playing_later_plan_pairs_first(board):
    plan = board.deal.plan
    later = next(p for p in plan[1:] if board.is_free(p[0]) and board.is_free(p[1]))
    board.remove(*later)
    assert board.hint() == plan[0]


def test_hint_after_leaving_the_plan_is_a_playable_pair(board):
    plan_pairs = {frozenset(p) for p in board.deal.plan}
    off_plan = next(p for p in board.playable_pairs() if frozenset(p) not in plan_pairs)
    board.remove(*off_plan)
    hint = board.hint()
    assert hint in board.playable_pairs() or tuple(reversed(hint)) in board.playable_pairs()


def test_history_rebuilds_the_same_position(board):
    for pair in board.deal.plan[:20]:
        board.remove(*pair)
    rebuilt = Board.from_code(EXAMPLE, board.history)
    assert rebuilt.free_tiles() == board.free_tiles()
    assert rebuilt.present_tiles() == board.present_tiles()


def test_illegal_history_is_refused():
    with pytest.raises(IllegalMove):
        Board.from_code(EXAMPLE, [(0, 1)])
