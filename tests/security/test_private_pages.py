"""Finding 4: pages made for one visitor are never kept by a shared or browser cache."""

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from tests.api.helpers import EXAMPLE, create

pytestmark = pytest.mark.django_db


def _private(response) -> bool:
    directives = {part.strip() for part in response.get("Cache-Control", "").split(",")}
    return {"private", "no-store"} <= directives


@pytest.fixture
def signed_in():
    client = Client()
    user = get_user_model().objects.create_user("ada", password="tile-pair-72-free")
    client.force_login(user, backend="django.contrib.auth.backends.ModelBackend")
    return client


@pytest.mark.parametrize(
    "path",
    ["/sv/stats/", "/sv/leaderboard/", "/de/play/", "/el/accounts/password/", "/id/", "/sv/rules/"],
)
def test_every_page_of_a_signed_in_player_is_private(signed_in, path):
    response = signed_in.get(path)
    assert response.status_code == 200
    assert _private(response), response.get("Cache-Control")


@pytest.mark.parametrize("path", ["/sv/play/", "/de/accounts/login/", "/el/accounts/signup/"])
def test_pages_with_a_csrf_token_are_private_for_visitors_too(path):
    response = Client().get(path)
    assert response.status_code == 200
    assert _private(response), response.get("Cache-Control")


def test_the_play_page_embedding_a_visitors_game_is_private():
    client = Client()
    game = create(client, code=EXAMPLE)
    response = client.get("/sv/play/")
    assert game["id"] in response.content.decode()
    assert _private(response)


def test_public_pages_for_visitors_stay_cacheable():
    response = Client().get("/sv/rules/")
    assert response.status_code == 200
    assert "no-store" not in response.get("Cache-Control", "")
