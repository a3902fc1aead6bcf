"""Deterministic guards of the two rules a tap must never bend, on a fixed deal.

Random play finds these cases only on some seeds; these tests build them on purpose.
"Free" and "match" are decided by ``oracle.py`` (the seed's rules read from positions and
faces), not by the engine under test.
"""

import pytest

from mahjong import Board

from . import oracle

EXAMPLE = "MJ1-L00-AAAAABL"


def _blocked_twin_of_a_free_tile(board):
    """A free tile and a blocked tile that matches it, at the start of the deal."""
    positions, present = board.deal.layout.positions, set(board.present_tiles())
    free = oracle.free_tiles(positions, present)
    for a in free:
        for b in sorted(present - set(free)):
            if oracle.faces_match(board.faces[a], board.faces[b]):
                return a, b
    raise AssertionError("the example deal has no blocked twin of a free tile")


def _free_flower_and_season(board):
    """Play the deal's plan until a flower and a season are both free."""
    positions = board.deal.layout.positions
    for pair in board.deal.plan:
        free = oracle.free_tiles(positions, set(board.present_tiles()))
        flowers = [t for t in free if board.faces[t] in oracle.FLOWERS]
        seasons = [t for t in free if board.faces[t] in oracle.SEASONS]
        if flowers and seasons:
            return flowers[0], seasons[0]
        board.remove(*pair)
    raise AssertionError("no flower and season are ever free together in the example deal")


def test_free_rule_a_blocked_tile_matching_the_selection_is_not_removed():
    board = Board.from_code(EXAMPLE)
    free, blocked = _blocked_twin_of_a_free_tile(board)
    board.tap(free)

    board.tap(blocked)

    assert board.is_present(free) and board.is_present(blocked)
    assert board.history == []
    assert board.selected is None  # a blocked tap clears the selection
    assert len(board) == 144


def test_free_rule_a_blocked_tile_cannot_be_removed_directly_either():
    board = Board.from_code(EXAMPLE)
    free, blocked = _blocked_twin_of_a_free_tile(board)
    with pytest.raises(ValueError):  # the engine's MoveError
        board.remove(free, blocked)
    assert board.is_present(blocked) and board.history == []


def test_match_rule_a_flower_and_a_season_tapped_on_the_board_are_not_removed():
    board = Board.from_code(EXAMPLE)
    flower, season = _free_flower_and_season(board)
    removed = len(board.history)
    board.tap(flower)

    board.tap(season)

    assert board.is_present(flower) and board.is_present(season)
    assert len(board.history) == removed
    assert board.selected == season  # a free tile that does not match takes the selection


def test_match_rule_two_different_flowers_tapped_on_the_board_are_removed():
    board = Board.from_code(EXAMPLE)
    positions = board.deal.layout.positions
    for pair in board.deal.plan:
        free = oracle.free_tiles(positions, set(board.present_tiles()))
        flowers = [t for t in free if board.faces[t] in oracle.FLOWERS]
        if len(flowers) >= 2:
            break
        board.remove(*pair)
    a, b = flowers[:2]
    assert board.faces[a] != board.faces[b]
    board.tap(a)

    board.tap(b)

    assert board.history[-1] == (a, b)
    assert not board.is_present(a) and not board.is_present(b)
