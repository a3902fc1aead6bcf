"""A game belongs to its session (or user): anyone else gets 404, never 403."""

import pytest
from django.contrib.auth import get_user_model

from .helpers import EXAMPLE, action, create, tap

pytestmark = pytest.mark.django_db


def test_another_sessions_game_is_not_found(client, other_client):
    game = create(client, code=EXAMPLE)
    url = f"/api/games/{game['id']}"
    assert other_client.get(url).status_code == 404
    assert tap(other_client, game["id"], 0).status_code == 404
    for name in ("undo", "hint", "pause", "resume"):
        response = action(other_client, game["id"], name)
        assert response.status_code == 404
        assert response.json()["error"]["code"] == "not_found"
    # Untouched for its owner.
    assert client.get(url).json()["version"] == 0


def test_a_visitor_without_a_session_sees_no_game(client, other_client):
    game = create(client, code=EXAMPLE)
    assert other_client.get(f"/api/games/{game['id']}").status_code == 404


def test_a_signed_in_users_game_is_theirs_alone(client, other_client):
    user = get_user_model().objects.create_user("ada", password="pw-long-enough-1")
    client.force_login(user)
    game = create(client, code=EXAMPLE)
    from game.models import Game

    assert Game.objects.get(id=game["id"]).user == user
    assert client.get(f"/api/games/{game['id']}").status_code == 200
    assert other_client.get(f"/api/games/{game['id']}").status_code == 404
    client.logout()
    assert client.get(f"/api/games/{game['id']}").status_code == 404


def test_a_malformed_game_id_is_not_found(client):
    assert client.get("/api/games/123").status_code == 404
    assert tap(client, "../admin", 0).status_code == 404
