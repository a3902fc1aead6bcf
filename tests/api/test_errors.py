"""Bad input gets a 4xx with a translated {"error": {"code", "message"}}; never a 500,
and the game is unchanged afterwards."""

import pytest
from django.test import Client

from mahjong import Board

from .helpers import EXAMPLE, action, create, post, remove_pair, tap, unchanged_fields

pytestmark = pytest.mark.django_db


@pytest.fixture
def game(client):
    """A game with one pair removed and a tile selected."""
    state = create(client, code=EXAMPLE)
    board = Board.from_code(EXAMPLE)
    pair = board.hint()
    remove_pair(client, state["id"], pair)
    board.remove(*pair)
    selected = board.hint()[0]
    tap(client, state["id"], selected)
    state = client.get(f"/api/games/{state['id']}").json()
    state["removed_pair"] = pair
    return state


def assert_refused(response, status, code):
    assert response.status_code == status, response.content
    assert response["Content-Type"] == "application/json"
    error = response.json()["error"]
    assert error["code"] == code
    assert isinstance(error["message"], str) and error["message"]
    return error["message"]


def assert_unchanged(client, game):
    now = client.get(f"/api/games/{game['id']}").json()
    before = {k: v for k, v in game.items() if k != "removed_pair"}
    assert unchanged_fields(now) == unchanged_fields(before)


@pytest.mark.parametrize(
    "body, status, code",
    [
        ({"tile": 144}, 400, "unknown_tile"),
        ({"tile": -1}, 400, "unknown_tile"),
        ({"tile": 10**20}, 400, "unknown_tile"),
        ({"tile": "5"}, 400, "invalid_field"),
        ({"tile": 5.0}, 400, "invalid_field"),
        ({"tile": True}, 400, "invalid_field"),
        ({"tile": None}, 400, "invalid_field"),
        ({"tile": [1]}, 400, "invalid_field"),
        ({}, 400, "missing_field"),
        ({"tiles": 3}, 400, "missing_field"),
        ("{not json", 400, "invalid_json"),
        ("[1, 2]", 400, "invalid_json"),
        ('"tile"', 400, "invalid_json"),
        (b"\xff\xfe", 400, "invalid_json"),
    ],
)
def test_bad_tap_is_refused_and_changes_nothing(client, game, body, status, code):
    response = post(client, f"/api/games/{game['id']}/tap", body)
    assert_refused(response, status, code)
    assert_unchanged(client, game)


def test_tap_on_a_removed_tile_is_refused(client, game):
    response = tap(client, game["id"], game["removed_pair"][0])
    assert_refused(response, 409, "tile_removed")
    assert_unchanged(client, game)


def test_tap_on_a_paused_game_is_refused(client, game):
    action(client, game["id"], "pause")
    paused = client.get(f"/api/games/{game['id']}").json()
    response = tap(client, game["id"], game["selected"])
    assert_refused(response, 409, "paused")
    paused["removed_pair"] = game["removed_pair"]
    assert_unchanged(client, paused)


@pytest.mark.parametrize(
    "body, code",
    [
        ({"code": "MJ1-L00-AAAAAB"}, "wrong_length"),
        ({"code": "MJ3-L00-AAAAABL"}, "wrong_version"),
        ({"code": "MJ1-L99-AAAAABL"}, "unknown_layout"),
        ({"code": "MJ1-L00-AAAAAB1"}, "bad_characters"),
        ({"code": "hello"}, "malformed"),
        ({"code": ""}, "empty"),
        ({"code": 42}, "invalid_field"),
        ({"layout": "L99"}, "no_such_layout"),
        ({"layout": ["L00"]}, "invalid_field"),
        ("nonsense", "invalid_json"),
    ],
)
def test_bad_new_game_is_refused_and_creates_nothing(client, body, code):
    from game.models import Game

    response = post(client, "/api/games", body)
    assert_refused(response, 400, code)
    assert Game.objects.count() == 0


MESSAGES = {
    "sv": "Det finns inget sådant spel.",
    "el": "Δεν υπάρχει τέτοιο παιχνίδι.",
    "de": "Dieses Spiel gibt es nicht.",
    "id": "Permainan itu tidak ada.",
}


@pytest.mark.parametrize("lang", list(MESSAGES))
def test_error_message_in_the_language_of_accept_language(client, lang):
    response = client.get(
        "/api/games/00000000-0000-4000-8000-000000000000", HTTP_ACCEPT_LANGUAGE=lang
    )
    assert assert_refused(response, 404, "not_found") == MESSAGES[lang]


@pytest.mark.parametrize("lang", list(MESSAGES))
def test_lang_parameter_wins_over_accept_language(client, lang):
    response = client.get(f"/api/games/not-a-uuid?lang={lang}", HTTP_ACCEPT_LANGUAGE="de")
    assert assert_refused(response, 404, "not_found") == MESSAGES[lang]


def test_default_language_is_swedish(client):
    response = client.get("/api/games/nope", HTTP_ACCEPT_LANGUAGE="fr")
    assert assert_refused(response, 404, "not_found") == MESSAGES["sv"]


def test_code_error_messages_are_translated(client):
    response = post(client, "/api/games?lang=de", {"code": "MJ1-L00-AAAAAB"})
    message = assert_refused(response, 400, "wrong_length")
    # German writes the counts in words in a sentence ("genau zwölf Zeichen").
    assert "zwölf" in message and "sieben" in message and "characters" not in message


def test_wrong_method_is_405_in_json(client, game):
    assert_refused(client.get(f"/api/games/{game['id']}/tap"), 405, "method_not_allowed")
    assert_refused(client.delete(f"/api/games/{game['id']}"), 405, "method_not_allowed")


def test_csrf_protection_stays_on(game):
    strict = Client(enforce_csrf_checks=True)
    response = post(strict, "/api/games", {"code": EXAMPLE})
    assert_refused(response, 403, "csrf_failed")


def test_csrf_token_in_the_header_is_accepted(client):
    strict = Client(enforce_csrf_checks=True)
    page = strict.get("/sv/play/")
    token = page.cookies["csrftoken"].value
    response = post(strict, "/api/games", {"code": EXAMPLE}, HTTP_X_CSRFTOKEN=token)
    assert response.status_code == 201
