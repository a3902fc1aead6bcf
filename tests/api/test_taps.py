"""Every tap rule, through the API; the engine decides, the API only reports."""

from itertools import combinations

import pytest

from mahjong import Board, matches

from .helpers import EXAMPLE, apply_move, create, tap

pytestmark = pytest.mark.django_db


@pytest.fixture
def board():
    return Board.from_code(EXAMPLE)


@pytest.fixture
def game(client):
    return create(client, code=EXAMPLE)


def non_matching_free_pair(board):
    pairs = combinations(board.free_tiles(), 2)
    return next((a, b) for a, b in pairs if not matches(board.faces[a], board.faces[b]))


def blocked_tile(board):
    """The first tile the engine says is blocked (it has a reason)."""
    return next(i for i in board.present_tiles() if board.blocking(i) is not None)


def test_new_game_shows_every_tile_and_35_free_on_the_example(game):
    assert game["code"] == EXAMPLE
    assert game["layout"]["id"] == "L00"
    assert len(game["tiles"]) == 144
    assert sum(t["free"] for t in game["tiles"]) == 35
    assert not any(t["removed"] for t in game["tiles"])
    assert game["state"] == "playing" and game["selected"] is None and game["hint"] is None
    assert game["elapsed_ms"] == 0 and game["can_undo"] is False
    assert set(game["tiles"][0]) == {
        "id",
        "x",
        "y",
        "z",
        "face",
        "family",
        "match",
        "free",
        "removed",
    }


def test_tap_on_free_tile_selects_it(client, game, board):
    tile = board.free_tiles()[0]
    state = tap(client, game["id"], tile).json()
    assert state["event"] == "selected"
    assert state["selected"] == tile


def test_tap_on_selected_tile_deselects_it(client, game, board):
    tile = board.free_tiles()[0]
    tap(client, game["id"], tile)
    state = tap(client, game["id"], tile).json()
    assert state["event"] == "deselected"
    assert state["selected"] is None


def test_tap_on_matching_free_tile_removes_both(client, game, board):
    a, b = board.hint()
    tap(client, game["id"], a)
    state = tap(client, game["id"], b).json()
    assert state["event"] == "removed"
    assert state["selected"] is None
    assert state["removed"] == sorted([a, b]) and state["restored"] == []
    assert state["tiles_left"] == 142
    assert state["can_undo"] is True


def test_tap_on_non_matching_free_tile_moves_the_selection(client, game, board):
    a, b = non_matching_free_pair(board)
    tap(client, game["id"], a)
    state = tap(client, game["id"], b).json()
    assert state["event"] == "selection_moved"
    assert state["selected"] == b
    assert state["tiles_left"] == 144


def test_tap_on_blocked_tile_clears_selection_and_removes_nothing(client, game, board):
    tap(client, game["id"], board.free_tiles()[0])
    blocked = blocked_tile(board)
    state = tap(client, game["id"], blocked).json()
    assert state["event"] == "blocked"
    assert state["selected"] is None
    assert state["tiles_left"] == 144


def test_flowers_match_each_other_but_not_seasons():
    assert matches("F1", "F3") and matches("S2", "S4")
    assert not matches("F1", "S1")


def test_removing_a_pair_frees_the_tiles_it_covered(client, game, board):
    a, b = board.hint()
    board.remove(a, b)
    expected_free = set(board.free_tiles())
    selected = apply_move(game, tap(client, game["id"], a).json())
    state = apply_move(selected, tap(client, game["id"], b).json())
    assert {t["id"] for t in state["tiles"] if t["free"]} == expected_free


def test_the_clock_starts_at_the_first_tap(client, game, board):
    from game.models import Game

    assert Game.objects.get(id=game["id"]).started_at is None
    state = tap(client, game["id"], blocked_tile(board)).json()
    assert state["clock_running"] is True
    assert Game.objects.get(id=game["id"]).started_at is not None
