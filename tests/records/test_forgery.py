"""Forged requests change nothing: no time, state or result is taken from the browser,
another player's game is not found, a win is recorded once."""

from __future__ import annotations

import pytest
from django.test import Client

from game.models import Game
from records import stats
from tests.api.helpers import EXAMPLE, post, tap
from tests.players import plan, player, signed_in, win_through_api

pytestmark = pytest.mark.django_db

FORGED = {
    "elapsed_ms": 1,
    "state": "won",
    "result": "won",
    "hints_used": 0,
    "finished_at": "2020-01-01",
}


def test_made_up_time_and_result_in_a_new_game_are_ignored(client):
    ada = player()
    signed_in(client, ada)
    response = post(client, "/api/games", {"code": EXAMPLE, **FORGED})
    assert response.status_code == 201
    game = Game.objects.get(id=response.json()["id"])
    assert (game.state, game.result, game.elapsed_ms, game.finished_at) == ("playing", "", 0, None)


def test_made_up_time_and_result_in_taps_are_ignored(client):
    ada = player()
    signed_in(client, ada)
    game = post(client, "/api/games", {"code": EXAMPLE}).json()
    for tile in plan()[0]:
        response = post(client, f"/api/games/{game['id']}/tap", {"tile": tile, **FORGED})
        assert response.status_code == 200
    stored = Game.objects.get(id=game["id"])
    assert (stored.state, stored.result, stored.finished_at) == ("playing", "", None)
    assert len(stored.history) == 1
    assert stats.stats_for_user(user_id=ada.pk).overall.won == 0
    assert stats.leaderboard_for_layout(layout_id="L00") == []


def test_a_tap_on_another_players_game_is_not_found(client):
    ada, bo = player("ada"), player("bo")
    signed_in(client, ada)
    game = post(client, "/api/games", {"code": EXAMPLE}).json()
    other = signed_in(Client(), bo)
    a, _b = plan()[0]
    for who in (other, Client()):
        response = tap(who, game["id"], a)
        assert response.status_code == 404
        assert response.json()["error"]["code"] == "not_found"
    stored = Game.objects.get(id=game["id"])
    assert (stored.version, stored.selected, stored.user) == (0, None, ada)


def test_a_replayed_win_is_refused_and_recorded_once(client):
    ada = player()
    signed_in(client, ada)
    state = win_through_api(client)
    a, b = plan()[-1]
    for tile in (a, b, a):
        replay = post(client, f"/api/games/{state['id']}/tap", {"tile": tile, **FORGED})
        assert replay.status_code == 409
    assert Game.objects.filter(user=ada, result="won").count() == 1
    assert stats.stats_for_user(user_id=ada.pk).overall.won == 1
    assert Game.objects.get(id=state["id"]).elapsed_ms == state["elapsed_ms"]
