"""The play page's choices: which game it shows or asks the board to create."""

import json

import pytest

from game.current import CURRENT_GAME_KEY


def _board_config(response) -> dict:
    text = response.content.decode()
    start = text.index('<script id="board-config" type="application/json">')
    start = text.index(">", start) + 1
    return json.loads(text[start : text.index("</script>", start)])


# An id of no game (fixed, so that every test process collects the same tests).
@pytest.mark.parametrize("stored", ["not-a-game", "139eaccb-410c-4d2e-8f6f-6ae5024b3b42", 7])
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


@pytest.mark.parametrize(("asked", "layout_id"), [("L02", "L02"), (" l03 ", "L03")])
def test_a_layout_in_the_address_starts_a_game_on_it(client, db, asked, layout_id):
    response = client.get("/sv/play/", {"layout": asked})

    assert _board_config(response)["create"] == {"layout": layout_id}
    assert f'<option value="{layout_id}" selected>' in response.content.decode()


@pytest.mark.parametrize("asked", ["L99", "", "Turtle"])
def test_an_unknown_layout_in_the_address_offers_the_default_game(client, db, asked):
    response = client.get("/sv/play/", {"layout": asked})

    assert response.status_code == 200
    assert _board_config(response)["create"] == {}
    assert '<option value="L00" selected>' in response.content.decode()


def test_a_layout_in_the_address_replaces_the_game_in_progress(client, db):
    client.post("/api/games", data="{}", content_type="application/json")

    config = _board_config(client.get("/sv/play/", {"layout": "L01"}))

    assert config["game"] is None
    assert config["create"] == {"layout": "L01"}
