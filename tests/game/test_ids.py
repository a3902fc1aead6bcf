"""Game ids read from outside: parsed in one place, a bad one reads as "no such game"."""

import json
import uuid

import pytest

from game.api import CURRENT_GAME_KEY
from game.ids import parse_game_id

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


def _board_config(response) -> dict:
    text = response.content.decode()
    start = text.index('<script id="board-config" type="application/json">')
    start = text.index(">", start) + 1
    return json.loads(text[start : text.index("</script>", start)])


@pytest.mark.parametrize("stored", ["not-a-game", str(uuid.uuid4()), 7])
def test_play_page_with_a_bad_or_unknown_current_game_offers_a_new_one(client, db, stored):
    session = client.session
    session[CURRENT_GAME_KEY] = stored
    session.save()

    response = client.get("/sv/play/")

    assert response.status_code == 200
    assert _board_config(response)["game"] is None


def test_play_page_reloads_the_current_game(client, db):
    created = client.post("/api/games", data="{}", content_type="application/json")
    assert created.status_code == 201

    config = _board_config(client.get("/sv/play/"))

    assert config["game"]["id"] == created.json()["id"]
