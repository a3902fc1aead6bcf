"""Whose name a player's own layout goes by: several players may save the same tiles,
each under a name of their own. A player sees their own name for their own layout, on
the board, the home page and their statistics; nobody who saved the same shape sees
another's; a player who only has the code sees the first saver's."""

from __future__ import annotations

import pytest
from django.test import Client
from django.utils import timezone

from game.models import Game
from mahjong import custom_layout_id
from tests.api.helpers import create
from tests.editor.test_layouts_api import TURTLE, player, save

pytestmark = pytest.mark.django_db

CODE = f"MJ1-{custom_layout_id([tuple(p) for p in TURTLE])}-AAAAABL"


def _name_on_the_board(client: Client) -> str:
    return create(client, code=CODE)["layout"]["name"]


def test_each_saver_sees_their_own_name_and_others_the_first_savers():
    alice, bob, cy = player("alice"), player("bob"), player("cy")
    assert save(alice, name="Alice's secret plan").status_code == 201
    assert save(bob, name="Castle").status_code == 201
    assert _name_on_the_board(bob) == "Castle"
    assert _name_on_the_board(alice) == "Alice's secret plan"
    # Only the code: the name of whoever made it known.
    assert _name_on_the_board(cy) == "Alice's secret plan"
    assert _name_on_the_board(Client()) == "Alice's secret plan"


def test_the_home_page_and_the_statistics_give_the_players_own_name():
    alice, bob = player("alice"), player("bob")
    save(alice, name="Alice's secret plan")
    save(bob, name="Castle")
    game = Game.objects.get(id=create(bob, code=CODE)["id"])
    Game.objects.filter(pk=game.pk).update(history=[[0, 1]])  # a pair gone: in progress
    home = bob.get("/sv/").content.decode()
    assert "Castle" in home and "Alice" not in home
    Game.objects.filter(pk=game.pk).update(
        state=Game.WON,
        result=Game.WON,
        elapsed_ms=200_000,
        started_at=timezone.now(),
        finished_at=timezone.now(),
    )
    stats = bob.get("/sv/stats/").content.decode()
    assert "Castle" in stats and "Alice" not in stats
