"""Finding 2: every malformed or oversized body gets the API's JSON error, never a 500."""

import pytest
from django.test import Client, override_settings
from django.utils import translation
from django.utils.translation import gettext

from game.models import Game
from tests.api.helpers import EXAMPLE, create, post

pytestmark = pytest.mark.django_db

DEEP_LIST = "[" * 2000 + "]" * 2000
DEEP_TILE = '{"tile": ' + "[" * 2000 + "]" * 2000 + "}"


@pytest.fixture
def client():
    # An unexpected exception must come back as the 500 a visitor would get.
    return Client(raise_request_exception=False)


def _error(response, status: int, code: str) -> dict:
    assert response.status_code == status, response.content[:200]
    assert response["Content-Type"] == "application/json"
    error = response.json()["error"]
    assert error["code"] == code
    return error


def test_deeply_nested_body_on_create_is_invalid_json(client):
    _error(post(client, "/api/games", DEEP_LIST), 400, "invalid_json")
    assert not Game.objects.exists()


def test_deeply_nested_tile_on_tap_is_invalid_json(client):
    game = create(client, code=EXAMPLE)

    _error(post(client, f"/api/games/{game['id']}/tap", DEEP_TILE), 400, "invalid_json")

    assert Game.objects.get(id=game["id"]).version == game["version"]


@pytest.mark.parametrize("lang", ["sv", "el", "de", "id"])
def test_a_ten_megabyte_body_is_refused_with_413_in_the_request_language(client, lang):
    body = '{"layout": "L00", "pad": "' + "x" * (10 * 1024 * 1024) + '"}'

    error = _error(post(client, f"/api/games?lang={lang}", body), 413, "body_too_large")

    with translation.override(lang):
        assert error["message"] == gettext("The request body is too large.")
    with translation.override("en"):
        assert error["message"] != gettext("The request body is too large.")
    assert not Game.objects.exists()


@override_settings(API_MAX_BODY_BYTES=100)
def test_the_cap_is_the_setting_and_applies_to_every_post(client):
    game = create(client, code=EXAMPLE)
    just_under = '{"tile": 0, "pad": "' + "x" * 70 + '"}'
    over = '{"tile": 0, "pad": "' + "x" * 90 + '"}'

    assert post(client, f"/api/games/{game['id']}/tap", just_under).status_code == 200
    _error(post(client, f"/api/games/{game['id']}/tap", over), 413, "body_too_large")
    _error(post(client, f"/api/games/{game['id']}/undo", over), 413, "body_too_large")


@pytest.mark.parametrize(
    "body",
    [
        b"\xff\xfe{",
        b'{"tile": 1e999}',
        b'{"tile": NaN}',
        b'{"tile": -1}',
        b'{"tile": 99999999999999999999999}',
        b'{"tile": "3"}',
        b'{"tile": {"a": [1, 2]}}',
        b"[]",
        b'"tile"',
        b"{" * 50,
    ],
)
def test_malformed_taps_get_a_4xx_json_error(client, body):
    game = create(client, code=EXAMPLE)

    response = post(client, f"/api/games/{game['id']}/tap", body)

    assert 400 <= response.status_code < 500, (body, response.status_code)
    assert "code" in response.json()["error"]
    assert Game.objects.get(id=game["id"]).version == game["version"]
