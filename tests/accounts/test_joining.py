"""Signing up or in is all or nothing: the account, the sign-in and the visitor's games
move in one transaction (accounts/views.py, game/services.games_claim_for_user). The
visitor's newest unfinished game goes on in the account, the older ones are recorded
as replaced, and one name in any case makes one account, however many ask at once."""

from __future__ import annotations

import threading

import pytest
from django.contrib.auth import get_user_model
from django.db import DatabaseError, connection
from django.db.models import QuerySet
from django.test import Client

from game.models import Game
from mahjong import Board
from tests.api.helpers import EXAMPLE, create, tap

PASSWORD = "tile-pair-72-free"

pytestmark = pytest.mark.django_db


def _three_games(client: Client) -> list[dict]:
    """Three games of a visitor, each begun with a tap (the newest last)."""
    games = []
    first_pair = Board.from_code(EXAMPLE).deal.plan[0]
    for _ in range(3):
        game = create(client, code=EXAMPLE)
        assert tap(client, game["id"], first_pair[0]).status_code == 200
        games.append(game)
    return games


def _sign_up(client: Client, name: str = "ada"):
    return client.post(
        "/sv/accounts/signup/",
        {"username": name, "email": "", "password1": PASSWORD, "password2": PASSWORD},
    )


def _sign_in(client: Client, name: str = "ada"):
    return client.post("/sv/accounts/login/", {"username": name, "password": PASSWORD})


def _assert_claimed(client: Client, games: list[dict], name: str) -> None:
    user = get_user_model().objects.get(username=name)
    *older, newest = (Game.objects.get(id=game["id"]) for game in games)
    assert (newest.user_id, newest.result, newest.session_key) == (user.pk, "", "")
    assert client.get(f"/api/games/{newest.id}").status_code == 200
    assert [(game.user_id, game.result) for game in older] == [(user.pk, Game.ABANDONED)] * 2


def test_a_visitor_with_three_games_signs_up_and_the_newest_goes_on():
    client = Client()
    games = _three_games(client)

    response = _sign_up(client)

    assert response.status_code == 302
    _assert_claimed(client, games, "ada")


def test_a_visitor_with_three_games_signs_in_and_replaces_the_accounts_game():
    ada = get_user_model().objects.create_user("ada", password=PASSWORD)
    own = Game.objects.create(code=EXAMPLE, layout_id="L00", user=ada)
    client = Client()
    games = _three_games(client)

    response = _sign_in(client)

    assert response.status_code == 302
    _assert_claimed(client, games, "ada")
    own.refresh_from_db()
    assert own.result == Game.ABANDONED


@pytest.mark.parametrize("way", ["sign-up", "sign-in"])
def test_a_claim_failing_at_its_last_statement_leaves_the_visitor_as_before(monkeypatch, way):
    if way == "sign-in":
        get_user_model().objects.create_user("bo", password=PASSWORD)
    client = Client(raise_request_exception=False)
    games = _three_games(client)
    update = QuerySet.update

    def failing_update(self, **kwargs):
        # The claim's last statement: the visitor's newest game given to the account.
        if self.model is Game and set(kwargs) == {"user_id", "session_key"}:
            raise DatabaseError("the claim's last statement failed")
        return update(self, **kwargs)

    monkeypatch.setattr(QuerySet, "update", failing_update)

    response = _sign_up(client, "ada") if way == "sign-up" else _sign_in(client, "bo")

    assert response.status_code == 500
    assert not get_user_model().objects.filter(username="ada").exists()
    stored = Game.objects.filter(id__in=[game["id"] for game in games])
    assert [(game.user_id, game.result) for game in stored] == [(None, "")] * 3
    monkeypatch.undo()
    # Still the visitor, with their games: nothing half-happened.
    assert "_auth_user_id" not in client.session
    assert client.get(f"/api/games/{games[-1]['id']}").status_code == 200


@pytest.mark.django_db(transaction=True)
def test_ten_sign_ups_of_one_name_in_three_cases_make_one_account():
    names = ["racer_x", "RACER_X", "Racer_x"] * 4
    barrier = threading.Barrier(10)
    statuses, errors = [], []

    def sign_up(name: str) -> None:
        try:
            client = Client(raise_request_exception=False)
            barrier.wait(timeout=10)
            statuses.append(_sign_up(client, name).status_code)
        except Exception as error:  # noqa: BLE001 - reported by the test
            errors.append(error)
        finally:
            connection.close()

    threads = [threading.Thread(target=sign_up, args=(name,)) for name in names[:10]]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)

    assert errors == []
    assert sorted(statuses) == [200] * 9 + [302]
    assert get_user_model().objects.filter(username__iexact="racer_x").count() == 1


def test_a_name_taken_in_another_case_is_refused_in_the_visitors_language():
    get_user_model().objects.create_user("Νίκος", password=PASSWORD)
    response = _sign_up(Client(), "ΝΊΚΟΣ")
    assert response.status_code == 200
    assert "Användarnamnet är redan upptaget." in response.content.decode()
    assert get_user_model().objects.count() == 1
