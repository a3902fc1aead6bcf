"""The server alone keeps the clock and the counters: a body that claims a time, a hint
count or a result changes nothing stored, on every endpoint.

The server's clock is frozen and moved by the tests (``django.utils.timezone.now``), so
every stored time is known to the millisecond and a forged one cannot hide in the noise.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from django.utils import timezone

from game.models import Game
from mahjong import Board

from .helpers import EXAMPLE, post

pytestmark = pytest.mark.django_db

BACKEND = "django.contrib.auth.backends.ModelBackend"
PLAN = list(Board.from_code(EXAMPLE).deal.plan)
FORGED = {
    "elapsed_ms": 1,
    "hints_used": 0,
    "undos_used": 0,
    "result": "won",
    "state": "won",
    "finished_at": "2020-01-01T00:00:00Z",
    "started_at": "2020-01-01T00:00:00Z",
}
MINUTE = timedelta(minutes=1)


class Clock:
    def __init__(self):
        self.now = datetime(2026, 6, 1, 12, 0, tzinfo=UTC)

    def advance(self, delta: timedelta) -> None:
        self.now += delta


@pytest.fixture
def clock(monkeypatch) -> Clock:
    clock = Clock()
    monkeypatch.setattr(timezone, "now", lambda: clock.now)
    return clock


@pytest.fixture
def player(client, django_user_model):
    user = django_user_model.objects.create_user("ada", password="tile-pair-72-free")
    client.force_login(user, backend=BACKEND)
    return user


def forged(client, game_id: str, name: str, **body):
    response = post(client, f"/api/games/{game_id}/{name}", {**FORGED, **body})
    assert response.status_code == 200, response.content
    return Game.objects.get(id=game_id)


def started(client, clock) -> Game:
    """A game whose clock started with a tap one second after it was created."""
    response = post(client, "/api/games", {"code": EXAMPLE, **FORGED})
    assert response.status_code == 201
    clock.advance(timedelta(seconds=1))
    return forged(client, response.json()["id"], "tap", tile=PLAN[0][0])


def test_forged_fields_on_create_are_not_stored(client, clock, player):
    response = post(client, "/api/games", {"code": EXAMPLE, **FORGED})

    assert response.status_code == 201
    game = Game.objects.get(id=response.json()["id"])
    assert (game.elapsed_ms, game.hints_used, game.undos_used) == (0, 0, 0)
    assert (game.state, game.result, game.started_at, game.finished_at) == (
        "playing",
        "",
        None,
        None,
    )


def test_forged_fields_on_a_tap_are_not_stored(client, clock, player):
    game = started(client, clock)
    assert game.started_at == clock.now
    clock.advance(10 * MINUTE)

    game = forged(client, game.id, "tap", tile=PLAN[0][1])

    assert game.history == [list(PLAN[0])]
    assert game.elapsed_ms_at(clock.now) == 10 * 60_000
    assert (game.hints_used, game.undos_used, game.state, game.result) == (0, 0, "playing", "")
    assert game.finished_at is None


def test_forged_fields_on_a_hint_are_not_stored(client, clock, player):
    game = started(client, clock)
    clock.advance(10 * MINUTE)

    forged(client, game.id, "hint")
    game = forged(client, game.id, "hint")

    assert game.hints_used == 2
    assert game.elapsed_ms_at(clock.now) == 10 * 60_000
    assert (game.state, game.result, game.finished_at) == ("playing", "", None)


def test_forged_fields_on_an_undo_are_not_stored(client, clock, player):
    game = started(client, clock)
    forged(client, game.id, "tap", tile=PLAN[0][1])
    clock.advance(10 * MINUTE)

    game = forged(client, game.id, "undo")

    assert (game.history, game.undos_used, game.hints_used) == ([], 1, 0)
    assert game.elapsed_ms_at(clock.now) == 10 * 60_000
    assert (game.state, game.result, game.finished_at) == ("playing", "", None)


def test_forged_fields_on_pause_and_resume_are_not_stored(client, clock, player):
    game = started(client, clock)
    clock.advance(10 * MINUTE)

    game = forged(client, game.id, "pause")

    assert (game.paused, game.elapsed_ms, game.running_since) == (True, 10 * 60_000, None)
    clock.advance(60 * MINUTE)  # paused time is not play time
    game = forged(client, game.id, "resume")
    assert (game.paused, game.elapsed_ms) == (False, 10 * 60_000)
    clock.advance(MINUTE)
    assert game.elapsed_ms_at(clock.now) == 11 * 60_000
    assert (game.hints_used, game.state, game.result, game.finished_at) == (0, "playing", "", None)


def test_forged_fields_on_the_winning_tap_are_not_stored(client, clock, player):
    game = started(client, clock)
    for index, (a, b) in enumerate(PLAN):
        clock.advance(timedelta(seconds=1))
        if index:
            forged(client, game.id, "tap", tile=a, result="abandoned", elapsed_ms=1)
        clock.advance(timedelta(seconds=1))
        game = forged(client, game.id, "tap", tile=b, result="abandoned", elapsed_ms=1)

    # The clock starts at the first tap, then runs two seconds per pair.
    assert (game.state, game.result) == ("won", "won")
    assert game.elapsed_ms == 144_000
    assert game.finished_at == clock.now
    assert (game.hints_used, game.undos_used) == (0, 0)
