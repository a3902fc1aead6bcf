"""What the board answers, as the web layer passes it on: each tap's answer names its
tile (and, when blocked, why), a move's change of the tiles, the end of the game, and the
board's own hint off the deal's plan."""

from __future__ import annotations

import random

import pytest

from mahjong import Board, Outcome, matches
from mahjong.solver.advice import present_mask
from mahjong.solver.search import Solver, Verdict

EXAMPLE = "MJ1-L00-AAAAABL"


def _verdict(board: Board) -> Verdict:
    solver = Solver(board.deal.layout.geometry, board.deal.faces)
    return solver.solve(present_mask(board.deal, board.history), time_limit=30).verdict


def test_every_tap_answer_names_the_tapped_tile():
    board = Board.from_code(EXAMPLE)
    a, b = board.deal.plan[0]
    free = board.free_tiles()
    other = next(t for t in free if not matches(board.faces[t], board.faces[a]))
    blocked = next(t for t in board.present_tiles() if not board.is_free(t))

    answers = [
        (board.tap(a), Outcome.SELECTED, a),
        (board.tap(a), Outcome.DESELECTED, a),
        (board.tap(other), Outcome.SELECTED, other),
        (board.tap(a), Outcome.SELECTION_MOVED, a),
        (board.tap(b), Outcome.REMOVED, b),
        (board.tap(blocked), Outcome.BLOCKED, blocked),
    ]
    for answer, outcome, tile in answers:
        assert (answer.outcome, answer.tile) == (outcome, tile)


def test_a_blocked_tap_says_what_blocks_the_tile():
    board = Board.from_code(EXAMPLE)
    blocked = next(t for t in board.present_tiles() if not board.is_free(t))

    answer = board.tap(blocked)

    assert answer.blocking is not None and answer.blocking == board.blocking(blocked)
    assert answer.blocking.covering or (answer.blocking.left and answer.blocking.right)


def test_a_won_board_is_not_stuck_and_the_last_pair_can_still_be_paused():
    board = Board.from_code(EXAMPLE)
    for pair in board.deal.plan[:-1]:
        board.remove(*pair)
    assert len(board) == 2 and board.can_pause() and not board.is_stuck()

    board.remove(*board.deal.plan[-1])

    assert not board.can_pause() and not board.is_stuck() and board.is_won()


def _free_set(board: Board) -> set[int]:
    return set(board.free_tiles())


def test_a_removal_reports_the_pair_and_the_tiles_it_freed():
    board = Board.from_code(EXAMPLE)
    for pair in board.deal.plan[:3]:
        before, free_before = board.snapshot(), _free_set(board)
        board.remove(*pair)
        change = board.change_since(before)

        assert change.removed == tuple(sorted(pair)) and change.restored == ()
        assert change.freed == tuple(sorted(_free_set(board) - free_before))
        assert change.unfreed == ()


def test_an_undo_reports_the_pair_put_back_and_the_tiles_it_blocks_again():
    board = Board.from_code(EXAMPLE)
    for pair in board.deal.plan[:4]:
        board.remove(*pair)
    freed_by_last = _free_set(board) - set(
        Board.from_code(EXAMPLE, board.history[:-1]).free_tiles()
    )
    assert freed_by_last  # the example's fourth plan pair frees something
    last = board.history[-1]
    before, free_before = board.snapshot(), _free_set(board)

    board.undo()
    change = board.change_since(before)

    assert change.restored == tuple(sorted(last)) and change.removed == ()
    assert change.freed == tuple(sorted(_free_set(board) - free_before))
    assert set(last) <= set(change.freed)  # a tile put back is free again
    assert change.unfreed == tuple(sorted(freed_by_last))


def test_changes_over_several_moves_count_only_the_net_result():
    """Remove two pairs, undo one: the second pair is neither removed nor restored, and a
    tile that was free and is now removed is reported removed, not unfreed."""
    board = Board.from_code(EXAMPLE)
    first, second = board.deal.plan[:2]
    before, free_before = board.snapshot(), _free_set(board)

    board.remove(*first)
    board.remove(*second)
    board.undo()
    change = board.change_since(before)

    assert change.removed == tuple(sorted(first)) and change.restored == ()
    assert set(first) <= free_before and not set(first) & set(change.unfreed)
    assert change.freed == tuple(sorted(_free_set(board) - free_before))


def _off_plan_winnable() -> Board:
    """The example after one removal that breaks the deal's pairing, still winnable."""
    board = Board.from_code(EXAMPLE)
    plan = {frozenset(pair) for pair in board.deal.plan}
    for pair in board.playable_pairs():
        if frozenset(pair) in plan:
            continue
        candidate = Board.from_code(EXAMPLE, [pair])
        if _verdict(candidate) is Verdict.WINNABLE:
            return candidate
    raise AssertionError("no winnable position off the example's plan")


def test_off_the_deals_plan_the_hint_keeps_a_winnable_game_winnable():
    board = _off_plan_winnable()

    for _ in range(3):
        pair = board.hint()
        assert pair in board.playable_pairs() or pair[::-1] in board.playable_pairs()
        board.remove(*pair)
        assert _verdict(board) is Verdict.WINNABLE


def _lost_with_one_pair() -> Board:
    """A position that can no longer be won, with exactly one playable pair left."""
    for seed in range(200):
        rng = random.Random(seed)
        board = Board.from_code(EXAMPLE)
        while len(board.playable_pairs()) > 1:
            board.remove(*rng.choice(board.playable_pairs()))
        if len(board.playable_pairs()) == 1 and _verdict(board) is Verdict.NOT_WINNABLE:
            return board
    raise AssertionError("no lost position with one playable pair found")


def test_in_a_lost_game_the_hint_still_shows_the_pair_that_can_be_played():
    board = _lost_with_one_pair()

    assert board.hint() == board.playable_pairs()[0]


@pytest.mark.parametrize("history_length", [0, 5])
def test_on_the_deals_plan_the_hint_is_the_plans_next_pair(history_length):
    board = Board.from_code(EXAMPLE, Board.from_code(EXAMPLE).deal.plan[:history_length])
    assert board.hint() == board.deal.plan[history_length]


def test_presence_is_answered_true_or_false():
    board = Board.from_code(EXAMPLE)
    a, b = board.deal.plan[0]
    board.remove(a, b)

    assert board.is_present(a) is False and board.is_present(b) is False
    assert all(board.is_present(t) is True for t in board.present_tiles())


# Winnable play off the example's plan, to a position where the first playable pair in id
# order loses the game: a hint must not simply take any pair.
TRAP = [
    (72, 84), (110, 138), (20, 92), (19, 122), (83, 99), (54, 71), (0, 143), (29, 142),
    (104, 140), (126, 130), (86, 93), (21, 73), (134, 137), (55, 91), (85, 117), (87, 98),
    (64, 111), (53, 97), (28, 30), (52, 82), (51, 125), (124, 141), (12, 88), (1, 136),
]  # fmt: skip


def test_off_the_plan_the_hint_avoids_a_pair_that_loses_the_game():
    board = Board.from_code(EXAMPLE, TRAP)
    assert _verdict(board) is Verdict.WINNABLE
    losing = board.playable_pairs()[0]
    assert _verdict(Board.from_code(EXAMPLE, [*TRAP, losing])) is Verdict.NOT_WINNABLE

    pair = board.hint()

    board.remove(*pair)
    assert _verdict(board) is Verdict.WINNABLE


def test_the_boards_hint_gives_the_solver_the_time_it_was_given(monkeypatch):
    from mahjong.solver import advice

    board = Board.from_code(EXAMPLE, TRAP)
    budgets = []
    real = advice.decide

    def decide(deal, present, time_limit):
        budgets.append(time_limit)
        return real(deal, present, time_limit)

    monkeypatch.setattr(advice, "decide", decide)
    board.hint(time_limit=4.0)
    board.hint()

    assert budgets == [4.0, advice.TIME_LIMIT]
