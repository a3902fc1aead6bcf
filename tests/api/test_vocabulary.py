"""One family vocabulary: the engine names it, the API sends it, the board's CSS uses it."""

import re
from pathlib import Path

import pytest
from django.conf import settings

from game.face_visibility import hidden_tiles
from mahjong import FAMILIES, Board, family

from .helpers import EXAMPLE, create

pytestmark = pytest.mark.django_db


def test_every_tile_carries_the_engines_family_of_its_face(client):
    game = create(client, code=EXAMPLE)
    board = Board.from_code(EXAMPLE)
    hidden = hidden_tiles(board)
    assert [tile["family"] for tile in game["tiles"]] == [
        None if i in hidden else family(face) for i, face in enumerate(board.faces)
    ]
    assert {tile["family"] for tile in game["tiles"]} == set(FAMILIES) | {None}


def test_the_board_stylesheet_colours_exactly_the_engines_families():
    css = Path(settings.BASE_DIR, "static", "css", "board.css").read_text()
    styled = set(re.findall(r"\.tile--([a-z_-]+)", css))
    assert styled == set(FAMILIES)
