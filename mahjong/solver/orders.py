"""Winning orders that are not a deal's own plan.

A win in the order the deal was built in is held for review (a script reads it from the
game code), so a test or a bench that plays like a person needs another order of the same
pairs that still clears the board.
"""

from __future__ import annotations

from ..rules.board import Board


def latest_free_order(board: Board, order) -> list[tuple[int, int]]:
    """The pairs of the winning ``order`` rearranged: at each step, of the pairs left, the
    one latest in ``order`` whose tiles are free now. The first pair left is always free
    (fewer tiles block less), so the new order clears the board too. ``board`` is played
    to its end."""
    left, rearranged = [tuple(pair) for pair in order], []
    while left:
        free = {frozenset(pair) for pair in board.playable_pairs()}
        pair = next(p for p in reversed(left) if frozenset(p) in free)
        board.remove(*pair)
        left.remove(pair)
        rearranged.append(pair)
    return rearranged
