"""A blocked tap's answer says why, for each kind of blocking, exactly as the engine does:
the kind (covered, half covered, both sides) and the ids of the tiles that block."""

import pytest

from mahjong import Board
from mahjong.rules.board import BlockKind

from .helpers import EXAMPLE, create, remove_pair, tap

pytestmark = pytest.mark.django_db


def tile_of_kind(board: Board, kind: BlockKind) -> int:
    return next(
        tile
        for tile in board.present_tiles()
        if (blocking := board.blocking(tile)) is not None and blocking.kind is kind
    )


@pytest.mark.parametrize("kind", list(BlockKind))
def test_blocked_answer_names_the_engines_reason(client, kind):
    game = create(client, code=EXAMPLE)
    board = Board.from_code(EXAMPLE)
    tile = tile_of_kind(board, kind)
    blocking = board.blocking(tile)

    response = tap(client, game["id"], tile)

    assert response.status_code == 200, response.content
    answer = response.json()
    assert answer["event"] == "blocked"
    assert answer["blocked"] == {
        "tile": tile,
        "kind": kind.value,
        "covering": list(blocking.covering),
        "left": list(blocking.left),
        "right": list(blocking.right),
    }
    if kind is BlockKind.SIDES:
        assert answer["blocked"]["left"] and answer["blocked"]["right"]
        assert answer["blocked"]["covering"] == []
    else:
        assert answer["blocked"]["covering"]


def test_blocked_answer_follows_the_position(client):
    """After a pair is removed, the reason is the new position's, not the deal's start."""
    game = create(client, code=EXAMPLE)
    board = Board.from_code(EXAMPLE)
    for pair in board.deal.plan[:6]:
        remove_pair(client, game["id"], pair)
        board.remove(*pair)
    for kind in (BlockKind.COVERED, BlockKind.SIDES):
        tile = tile_of_kind(board, kind)
        answer = tap(client, game["id"], tile).json()
        blocking = board.blocking(tile)
        assert answer["blocked"]["kind"] == blocking.kind.value
        assert answer["blocked"]["covering"] == list(blocking.covering)
        assert answer["blocked"]["left"] == list(blocking.left)
        assert answer["blocked"]["right"] == list(blocking.right)


def test_free_taps_carry_no_blocked_reason(client):
    game = create(client, code=EXAMPLE)
    board = Board.from_code(EXAMPLE)
    answer = tap(client, game["id"], board.free_tiles()[0]).json()
    assert answer["event"] == "selected"
    assert "blocked" not in answer
