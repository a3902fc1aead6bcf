"""Finding 6: one unfinished game per player, even with many creates at once.

Runs on PostgreSQL (where 80 parallel creates used to leave two) when DATABASE_URL
points to it, and on SQLite.
"""

import threading

import pytest
from django.contrib.auth import get_user_model
from django.db import IntegrityError, connection, transaction
from django.test import Client

from game.models import Game
from tests.api.helpers import EXAMPLE, create

PARALLEL = 24


def _create(cookies, barrier, statuses, errors):
    try:
        client = Client()
        client.cookies = cookies
        barrier.wait(timeout=20)
        response = client.post(
            "/api/games", data='{"layout": "L00"}', content_type="application/json"
        )
        statuses.append(response.status_code)
    except Exception as error:  # noqa: BLE001 - reported by the test
        errors.append(error)
    finally:
        connection.close()


@pytest.mark.django_db(transaction=True)
def test_parallel_creates_leave_exactly_one_unfinished_game():
    user = get_user_model().objects.create_user("ada", password="tile-pair-72-free")
    owner = Client()
    owner.force_login(user, backend="django.contrib.auth.backends.ModelBackend")
    barrier = threading.Barrier(PARALLEL)
    statuses, errors = [], []
    threads = [
        threading.Thread(target=_create, args=(owner.cookies, barrier, statuses, errors))
        for _ in range(PARALLEL)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)

    assert errors == []
    assert statuses == [201] * PARALLEL
    games = Game.objects.filter(user=user)
    assert games.count() == PARALLEL
    assert games.filter(result=Game.UNFINISHED).count() == 1
    assert games.filter(result=Game.ABANDONED).count() == PARALLEL - 1


@pytest.mark.django_db
def test_the_database_refuses_a_second_unfinished_game():
    user = get_user_model().objects.create_user("ada")
    Game.objects.create(code=EXAMPLE, layout_id="L00", user=user)

    with pytest.raises(IntegrityError), transaction.atomic():
        Game.objects.create(code=EXAMPLE, layout_id="L00", user=user)
    # Finished games and visitors' games are not limited.
    Game.objects.create(code=EXAMPLE, layout_id="L00", user=user, result=Game.ABANDONED)
    Game.objects.create(code=EXAMPLE, layout_id="L00", session_key="a" * 32)
    Game.objects.create(code=EXAMPLE, layout_id="L00", session_key="a" * 32)


@pytest.mark.django_db
def test_signing_in_with_a_game_in_progress_replaces_the_players_unfinished_one():
    password = "tile-pair-72-free"
    user = get_user_model().objects.create_user("ada", password=password)
    earlier = Game.objects.create(code=EXAMPLE, layout_id="L00", user=user)
    visitor = Client()
    older = create(visitor, code=EXAMPLE)
    current = create(visitor, code=EXAMPLE)

    response = visitor.post("/sv/accounts/login/", {"username": "ada", "password": password})

    assert response.status_code == 302
    games = Game.objects.filter(user=user)
    assert games.count() == 3
    assert [str(game.id) for game in games.filter(result=Game.UNFINISHED)] == [current["id"]]
    assert Game.objects.get(id=earlier.id).result == Game.ABANDONED
    assert Game.objects.get(id=older["id"]).result == Game.ABANDONED
    assert visitor.get(f"/api/games/{current['id']}").status_code == 200
