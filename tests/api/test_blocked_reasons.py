"""A blocked tap's answer says why, for each kind of blocking, exactly as the engine does:
the kind (covered, half covered, both sides), the ids of the tiles that block, and the
sentence the practice drill says, in the request's language."""

import pytest
from django.utils import translation

from game.face_visibility import blocked_sentence_hiding, hidden_tiles
from mahjong import Board
from mahjong.rules.board import BlockKind
from wording.teaching import blocked_sentence

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
        "message": answer["blocked"]["message"],
    }
    named = {tile, *blocking.covering, *blocking.left, *blocking.right}
    with translation.override("sv"):  # the site's default language
        if named & hidden_tiles(board):  # no hidden face is named (game/face_visibility.py)
            expected = blocked_sentence_hiding(board, tile, hidden_tiles(board))
        else:
            expected = blocked_sentence(board, tile)
        assert answer["blocked"]["message"] == expected
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


def covered_quarters_by_cells(board: Board, tile: int) -> int:
    """The covered share of a tile counted cell by cell: each tile is 2 x 2 half-tile
    cells; the cells of present tiles one layer up that fall on it."""
    positions = board.deal.layout.positions
    x, y, z = positions[tile]
    own = {(x + dx, y + dy) for dx in (0, 1) for dy in (0, 1)}
    above = set()
    for other in board.present_tiles():
        ox, oy, oz = positions[other]
        if oz == z + 1:
            above |= {(ox + dx, oy + dy) for dx in (0, 1) for dy in (0, 1)}
    return len(own & above)


@pytest.mark.parametrize("code", ["MJ1-L02-AAAAABL", "MJ1-L04-AAAAABL"])
def test_the_engine_counts_how_much_of_a_tile_is_covered(code):
    board = Board.from_code(code)
    seen = set()
    for tile in board.present_tiles():
        quarters = board.covered_quarters(tile)
        assert quarters == covered_quarters_by_cells(board, tile), tile
        blocking = board.blocking(tile)
        if blocking is not None and blocking.kind is BlockKind.HALF_COVERED:
            seen.add((len(blocking.covering) > 1, quarters == 4))
    # Layouts where two tiles wholly cover one, and where they cover only part of it.
    assert {(True, True), (True, False), (False, False)} <= seen


@pytest.mark.parametrize(
    ("lang", "wholly", "partly"),
    [
        ("sv", "är blockerad: täckt av", "är blockerad: delvis täckt av"),
        ("el", "μπλοκαρισμένο: καλύπτεται από", "μπλοκαρισμένο: καλύπτεται εν μέρει από"),
        ("de", "ist blockiert: bedeckt vo", "ist blockiert: teilweise bedeckt vo"),
        ("id", "terhalang: tertutup oleh", "terhalang: tertutup sebagian oleh"),
    ],
)
def test_the_answer_says_wholly_or_partly_covered_from_the_engines_count(
    client, lang, wholly, partly
):
    code = "MJ1-L02-AAAAABL"  # Bridge: tiles under two others, wholly and partly
    board = Board.from_code(code)
    game = create(client, code=code)
    kinds = {}
    for tile in board.present_tiles():
        blocking = board.blocking(tile)
        if blocking is not None and blocking.kind is BlockKind.HALF_COVERED:
            kinds.setdefault(board.covered_quarters(tile) == 4, tile)
    for whole, tile in kinds.items():
        message = tap(client, game["id"], tile, HTTP_ACCEPT_LANGUAGE=lang).json()["blocked"]
        with translation.override(lang):
            hiding = blocked_sentence_hiding(board, tile, hidden_tiles(board))
        if whole:  # a wholly covered tile's face is hidden: the answer names no tile
            assert message["message"] == hiding and wholly not in message["message"]
        else:
            assert partly in message["message"] or message["message"] == hiding, message
    assert set(kinds) == {True, False}
