"""Taps without the row lock: one plain read, one version-checked UPDATE (game/store.py).

Transactional tests (as in production, no transaction around the request), on SQLite and
on PostgreSQL: the fast path is taken for every tap but the winning one, a lost race is
tried again from a fresh read (nothing lost, nothing applied twice), a game that changed
owner meanwhile is not written, and a tap that keeps losing races takes the lock.
"""

import pytest
from django.contrib.auth import get_user_model
from django.db import connection
from django.db.models import F

from game import services, store
from game.models import Game
from mahjong import Board

from .helpers import EXAMPLE, create, tap

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def locked_moves(monkeypatch):
    """Counts the moves that took the row lock."""
    calls = []
    original = store.read

    def counting(**kwargs):
        if kwargs["lock"]:
            calls.append(kwargs["game_id"])
        return original(**kwargs)

    monkeypatch.setattr(store, "read", counting)
    return calls


def _race(monkeypatch, times: int, change):
    """Make another request change the game between the read and the write, ``times``."""
    original = store.read
    raced = []

    def read(**kwargs):
        game = original(**kwargs)
        if not kwargs["lock"] and len(raced) < times:
            raced.append(game.version)
            change(game)
        return game

    monkeypatch.setattr(store, "read", read)
    return raced


def _other_tab_changes(game):
    Game.objects.filter(pk=game.pk).update(version=F("version") + 1, hints_used=F("hints_used") + 1)


def test_a_whole_game_takes_the_lock_only_for_the_winning_tap(client, locked_moves):
    game = create(client, code=EXAMPLE)
    taps = [tile for pair in Board.from_code(EXAMPLE).deal.plan for tile in pair]

    for tile in taps:
        answer = tap(client, game["id"], tile)
        assert answer.status_code == 200

    assert answer.json()["state"] == "won"
    assert locked_moves == [game["id"]]
    stored = Game.objects.get(id=game["id"])
    assert stored.result == Game.WON and stored.version == len(taps)
    assert len(stored.history) == 72


def test_a_lost_race_is_tried_again_on_a_fresh_read(client, monkeypatch, locked_moves):
    game = create(client, code=EXAMPLE)
    first, second = Board.from_code(EXAMPLE).deal.plan[0]
    assert tap(client, game["id"], first).status_code == 200
    raced = _race(monkeypatch, 1, _other_tab_changes)

    answer = tap(client, game["id"], second)

    assert answer.status_code == 200 and raced == [1]
    stored = Game.objects.get(id=game["id"])
    # The other request's change is kept, and the tap applied once on top of it.
    assert stored.hints_used == 1
    assert [tuple(pair) for pair in stored.history] == [(first, second)]
    assert stored.version == 3 and answer.json()["version"] == 3
    assert locked_moves == []


def test_a_tap_that_keeps_losing_races_takes_the_lock(client, monkeypatch, locked_moves):
    game = create(client, code=EXAMPLE)
    raced = _race(monkeypatch, services.TAP_ATTEMPTS, _other_tab_changes)

    answer = tap(client, game["id"], Board.from_code(EXAMPLE).deal.plan[0][0])

    assert answer.status_code == 200
    assert len(raced) == services.TAP_ATTEMPTS and locked_moves == [game["id"]]
    stored = Game.objects.get(id=game["id"])
    assert stored.version == services.TAP_ATTEMPTS + 1 and stored.selected is not None


def test_a_game_that_changed_owner_meanwhile_is_not_written(client, monkeypatch):
    game = create(client, code=EXAMPLE)
    user = get_user_model().objects.create_user("ada")

    def claimed(game):
        Game.objects.filter(pk=game.pk).update(user=user, session_key="")

    _race(monkeypatch, 1, claimed)
    answer = tap(client, game["id"], Board.from_code(EXAMPLE).deal.plan[0][0])

    assert answer.status_code == 404
    stored = Game.objects.get(id=game["id"])
    assert stored.version == 0 and stored.selected is None


@pytest.mark.parametrize("durable", [False, True])
def test_taps_skip_the_disk_wait_only_when_the_operator_allows_it(
    client, monkeypatch, settings, durable
):
    """MAHJONG_DURABLE_TAPS on: no tap commits with synchronous_commit off. Off (the
    default): on PostgreSQL a tap that does not win does, in its one round trip."""
    import psycopg

    settings.MAHJONG_DURABLE_TAPS = durable
    sent = []
    original = psycopg.Cursor.execute

    def execute(self, query, *args, **kwargs):
        sent.append(str(query))
        return original(self, query, *args, **kwargs)

    monkeypatch.setattr(psycopg.Cursor, "execute", execute)
    game = create(client, code=EXAMPLE)
    a, b = Board.from_code(EXAMPLE).deal.plan[0]
    tap(client, game["id"], a)
    tap(client, game["id"], b)

    assert len(Game.objects.get(pk=game["id"]).history) == 1
    skipped_disk_wait = any("synchronous_commit" in query for query in sent)
    assert skipped_disk_wait == (connection.vendor == "postgresql" and not durable)
