"""The answers send no face a player cannot see (game/face_visibility.py): a wholly covered tile
arrives with ``"face": null``, its face comes in the move that uncovers it, and a server
deal's code (which gives every face) is sent only once the game has ended."""

from __future__ import annotations

import json
import re

import pytest
from django.utils import translation

from game.face_visibility import hidden_tiles, revealed_tiles
from game.models import Game
from mahjong import Board, family, match_class

from .helpers import EXAMPLE, action, create, tap
from .test_moves import fetch

pytestmark = pytest.mark.django_db


def _wholly_covered(board: Board) -> set[int]:
    """From the engine's geometry alone: the present tiles whose four quarters lie under
    present tiles of the layer above."""
    positions = board.deal.layout.geometry.positions
    found = set()
    for i in board.present_tiles():
        x, y, z = positions[i]
        quarters = set()
        for j in board.present_tiles():
            xj, yj, zj = positions[j]
            if zj == z + 1:
                for qx in (0, 1):
                    for qy in (0, 1):
                        # quarter (qx, qy) of tile i spans [x+qx, x+qx+1) x [y+qy, y+qy+1)
                        if xj <= x + qx < xj + 2 and yj <= y + qy < yj + 2:
                            quarters.add((qx, qy))
        if len(quarters) == 4:
            found.add(i)
    return found


def test_the_hidden_tiles_are_the_wholly_covered_ones():
    for code in (EXAMPLE, "MJ1-L02-AAAAABL", "MJ1-L03-AAAAABL"):
        board = Board.from_code(code)
        assert hidden_tiles(board) == _wholly_covered(board)
        assert hidden_tiles(board)  # each of these layouts hides some at the start
        for a, b in board.deal.plan[:20]:
            board.remove(a, b)
            assert hidden_tiles(board) == _wholly_covered(board)


def test_a_new_game_sends_no_hidden_face_and_no_code(client):
    game = create(client, code=EXAMPLE)
    board = Board.from_code(EXAMPLE)
    hidden = hidden_tiles(board)
    for tile in game["tiles"]:
        if tile["id"] in hidden:
            assert (tile["face"], tile["family"], tile["match"]) == (None, None, None)
        else:
            assert tile["face"] == board.faces[tile["id"]]
            assert tile["match"] == match_class(tile["face"])
    served = create(client, layout="L00")
    assert served["code"] is None and served["origin"] == "new"
    stored = Board.from_code(Game.objects.get(id=served["id"]).code)
    shown = [t["id"] for t in served["tiles"] if t["face"] is not None]
    assert sorted(shown) == sorted(set(range(144)) - hidden_tiles(stored))
    # The play page's own copy of the game hides the same faces.
    page = client.get("/de/play/").content.decode()
    config = json.loads(re.search(r'id="board-config"[^>]*>(.*?)</script>', page, re.S).group(1))
    assert config["game"]["code"] is None
    assert [t["face"] for t in config["game"]["tiles"]] == [t["face"] for t in served["tiles"]]


def test_faces_arrive_in_the_move_that_uncovers_them_and_a_get_agrees(client):
    game = create(client, code=EXAMPLE)
    board = Board.from_code(EXAMPLE)
    known = {t["id"]: t["face"] for t in game["tiles"]}
    revealed_any = False
    for a, b in board.deal.plan:
        tap(client, game["id"], a)
        answer = tap(client, game["id"], b).json()
        board.remove(a, b)
        for tile in answer["revealed"]:
            assert known[tile["id"]] is None  # only faces not sent before
            assert tile["face"] == board.faces[tile["id"]]
            assert tile["family"] == family(tile["face"])
            assert tile["match"] == match_class(tile["face"])
            known[tile["id"]] = tile["face"]
            revealed_any = True
        # Every tile that is free now shows its face to the client.
        for i in board.free_tiles():
            assert known[i] == board.faces[i]
        whole = fetch(client, game["id"])
        for tile in whole["tiles"]:
            if tile["face"] is not None:
                assert known[tile["id"]] == tile["face"]
        if answer["state"] == "won":
            break
    assert revealed_any and answer["state"] == "won"


def test_an_undo_covers_faces_again(client):
    game = create(client, code=EXAMPLE)
    board = Board.from_code(EXAMPLE)
    first = next(pair for pair in board.deal.plan if revealed_tiles(_removed(board, pair), pair))
    for a, b in board.deal.plan:
        tap(client, game["id"], a)
        answer = tap(client, game["id"], b).json()
        if (a, b) == first:
            break
    uncovered = [t["id"] for t in answer["revealed"]]
    assert uncovered
    undone = action(client, game["id"], "undo").json()
    assert set(uncovered) <= set(undone["covered"])
    whole = fetch(client, game["id"])
    assert all(whole["tiles"][i]["face"] is None for i in uncovered)


def _removed(board: Board, pair) -> Board:
    copy = board.copy()
    for a, b in board.deal.plan:
        copy.remove(a, b)
        if (a, b) == pair:
            return copy
    raise AssertionError(pair)


def test_a_server_deals_code_shows_when_the_game_ends(client):
    served = create(client, layout="L02")
    code = Game.objects.get(id=served["id"]).code
    for a, b in Board.from_code(code).deal.plan:
        assert tap(client, served["id"], a).json()["code"] is None
        answer = tap(client, served["id"], b).json()
    assert (answer["state"], answer["code"]) == ("won", code)
    assert answer["share"]["path"].endswith(code)
    # A typed code is the player's own: it is sent as it is.
    assert create(client, code=EXAMPLE)["code"] == EXAMPLE


@pytest.mark.parametrize("lang", ["sv", "el", "de", "id"])
def test_a_blocked_tap_names_no_hidden_tile(client, lang):
    game = create(client, code=EXAMPLE)
    board = Board.from_code(EXAMPLE)
    hidden = hidden_tiles(board)
    with translation.override(lang):
        from wording.names import AS_SUBJECT, IN_SENTENCE, tile_name

        names = {
            i: {tile_name(board.faces[i], IN_SENTENCE), tile_name(board.faces[i], AS_SUBJECT)}
            for i in range(144)
        }
    tried = 0
    blocked_tiles = [t for t in board.present_tiles() if board.blocking(t) is not None]
    shown = [t for t in blocked_tiles if t not in hidden]
    for tile in sorted(hidden)[:6] + shown[:30]:
        answer = tap(client, game["id"], tile, HTTP_ACCEPT_LANGUAGE=lang).json()
        if answer["event"] != "blocked":
            continue
        blocked = answer["blocked"]
        message = blocked["message"]
        assert "%(" not in message and message
        named = {tile, *blocked["covering"], *blocked["left"], *blocked["right"]}
        visible_names = set().union(*(names[i] for i in named - hidden))
        for i in named & hidden:
            for name in names[i] - visible_names:
                assert name not in message, (lang, tile, message)
        tried += 1
    assert tried >= 6


def test_a_paused_games_answer_holds_no_face_until_it_is_resumed(client):
    game = create(client, layout="L00")  # a deal of the server: may be ranked
    assert any(tile["face"] for tile in game["tiles"]) and game["faces_withheld"] is False
    paused = action(client, game["id"], "pause").json()
    assert not paused["revealed"]
    whole = client.get(f"/api/games/{game['id']}").json()
    assert whole["paused"] is True and whole["faces_withheld"] is True
    assert all(tile["face"] is None and tile["family"] is None for tile in whole["tiles"])
    action(client, game["id"], "resume")
    again = client.get(f"/api/games/{game['id']}").json()
    assert again["faces_withheld"] is False
    assert [t["face"] for t in again["tiles"]] == [t["face"] for t in game["tiles"]]
