"""Every cache failure is harmless: with the production cache settings pointing at a
Redis that does not answer, pages, games, sign-in and sessions keep working (slower),
and sessions are durable (they are in the database: losing the cache signs nobody out).
"""

import socket

import pytest
from django.contrib.auth import get_user_model
from django.core.cache import caches
from django.test import Client, override_settings

from tests.api.helpers import EXAMPLE, create, tap

pytestmark = pytest.mark.django_db

PASSWORD = "tile-pair-72-free"


def _closed_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]  # nobody listens once the socket is closed


def _dead_redis():
    from mahjongsite.settings import production_cache

    return override_settings(CACHES=production_cache(f"redis://127.0.0.1:{_closed_port()}/0"))


def test_pages_games_and_sign_in_work_with_the_cache_down():
    get_user_model().objects.create_user("ada", password=PASSWORD)
    client = Client(raise_request_exception=False)
    with _dead_redis():
        assert caches["default"].get("anything") is None  # a miss, not an exception
        for path in ("/sv/", "/de/rules/", "/el/practice/", "/id/play/"):
            assert client.get(path).status_code == 200, path
        game = create(client, code=EXAMPLE)
        assert tap(client, game["id"], 0).status_code == 200
        signed_in = client.post("/sv/accounts/login/", {"username": "ada", "password": PASSWORD})
        assert signed_in.status_code == 302
        assert client.get("/sv/stats/").status_code == 200


def test_a_lost_cache_signs_nobody_out_and_loses_no_game():
    get_user_model().objects.create_user("ada", password=PASSWORD)
    player, visitor = Client(), Client()
    player.post("/sv/accounts/login/", {"username": "ada", "password": PASSWORD})
    game = create(visitor, code=EXAMPLE)

    caches["default"].clear()  # Redis restarted or flushed
    with _dead_redis():  # or gone
        assert player.get("/sv/stats/").status_code == 200
        assert visitor.get(f"/api/games/{game['id']}").status_code == 200
        assert game["id"] in visitor.get("/sv/play/").content.decode()
