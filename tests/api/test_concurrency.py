"""Two tabs tapping one game at once: taps are serialized, nothing is lost or doubled.

Runs on PostgreSQL (row lock with SELECT … FOR UPDATE) when DATABASE_URL points to it,
and on SQLite (IMMEDIATE transactions: the second writer waits for the first).
"""

import threading

import pytest
from django.db import connection
from django.test import Client

from game.models import Game
from mahjong import Board

from .helpers import EXAMPLE, create, tap


def _tab(client: Client, game_id: str, tiles, barrier, results, errors):
    try:
        barrier.wait(timeout=10)
        for tile in tiles:
            response = tap(client, game_id, tile)
            results.append((tile, response.status_code, response.json().get("event")))
    except Exception as error:  # noqa: BLE001 - reported by the test
        errors.append(error)
    finally:
        connection.close()


@pytest.mark.django_db(transaction=True)
def test_two_tabs_tapping_at_once_end_in_a_consistent_state(client):
    game = create(client, code=EXAMPLE)
    plan = Board.from_code(EXAMPLE).deal.plan
    # Both tabs play the same first pairs of the plan, each tap by tap.
    taps = [tile for pair in plan[:6] for tile in pair]
    barrier = threading.Barrier(2)
    results, errors = [], []
    tabs = []
    for _ in range(2):
        tab = Client()
        tab.cookies = client.cookies  # the same session, as two tabs of one browser
        tabs.append(
            threading.Thread(target=_tab, args=(tab, game["id"], taps, barrier, results, errors))
        )
    for thread in tabs:
        thread.start()
    for thread in tabs:
        thread.join(timeout=60)

    assert errors == []
    statuses = [status for _tile, status, _event in results]
    assert len(results) == 2 * len(taps)
    assert set(statuses) <= {200, 409}  # a tile removed by the other tab is refused
    assert 500 not in statuses

    stored = Game.objects.get(id=game["id"])
    history = [tuple(pair) for pair in stored.history]
    removed = [tile for pair in history for tile in pair]
    assert len(removed) == len(set(removed)), "a tile was removed twice"
    # The stored history is legal play that the engine can rebuild.
    board = Board.from_code(EXAMPLE, history)
    assert len(board) == 144 - 2 * len(history)
    # Every accepted tap was counted once: no update was lost.
    assert stored.version == statuses.count(200)
    assert sum(1 for _t, _s, event in results if event == "removed") == len(history)
