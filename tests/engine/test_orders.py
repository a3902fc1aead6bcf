"""A winning order other than the deal's own plan (mahjong/solver/orders.py)."""

from mahjong import Board
from mahjong.solver.orders import latest_free_order

CODES = ["MJ1-L00-AAAAABL", "MJ1-L02-AAAAAAC", "MJ1-L07-AAAAAAF"]


def test_the_rearranged_plan_clears_the_board_in_another_order():
    for code in CODES:
        plan = list(Board.from_code(code).deal.plan)
        order = latest_free_order(Board.from_code(code), plan)
        assert set(map(frozenset, order)) == set(map(frozenset, plan)) and len(order) == 72
        assert order != [tuple(pair) for pair in plan]
        board = Board.from_code(code)
        for pair in order:
            board.remove(*pair)  # raises on a pair that is not free
        assert board.is_won(), code
