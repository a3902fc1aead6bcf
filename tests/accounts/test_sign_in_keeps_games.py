"""Signing in hands the visitor's signed-out games to the account (accounts/views.py):
Django gives the session a new key at sign-in, so the old key must be read first."""

import re

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from game.models import Game
from tests.api.helpers import EXAMPLE, create

PASSWORD = "tile-pair-72-free"

pytestmark = pytest.mark.django_db


def test_signing_in_gives_the_account_the_game_played_while_signed_out():
    get_user_model().objects.create_user("ada", password=PASSWORD)
    client = Client()
    game = create(client, code=EXAMPLE)
    page = client.get("/sv/accounts/login/").content.decode()
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page).group(1)

    signed = client.post(
        "/sv/accounts/login/",
        {"username": "ada", "password": PASSWORD, "csrfmiddlewaretoken": token},
    )

    assert signed.status_code == 302
    stored = Game.objects.get(id=game["id"])
    assert stored.user is not None and stored.user.username == "ada"
    assert client.get(f"/api/games/{game['id']}").status_code == 200
