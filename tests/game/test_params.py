"""Game ids read from outside: parsed in one place, a bad one reads as "no such game"."""

import uuid

import pytest

from game.params import parse_game_id

GAME_ID = uuid.UUID("0b7e6f1c-3a52-4f7e-9d1a-2c4b5e6f7a8b")


@pytest.mark.parametrize(
    "raw",
    [
        GAME_ID,
        str(GAME_ID),
        str(GAME_ID).upper(),
        GAME_ID.hex,
        "{" + str(GAME_ID) + "}",
    ],
)
def test_a_game_id_in_any_standard_spelling_is_read(raw):
    assert parse_game_id(raw) == GAME_ID


@pytest.mark.parametrize(
    "raw",
    [None, "", "not-a-game", str(GAME_ID)[:-1], str(GAME_ID) + "0", 42, b"\x00" * 16, ["x"]],
)
def test_anything_else_is_no_game_id(raw):
    assert parse_game_id(raw) is None
