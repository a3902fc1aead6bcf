"""Helpers for the statistics tests: players, won games through the API or the services."""

from __future__ import annotations

from datetime import datetime, timedelta

from django.contrib.auth import get_user_model
from django.utils import timezone

from game import services
from game.engine import Board
from game.models import Game
from game.selectors import Owner
from tests.api.helpers import EXAMPLE, action, create, tap

BACKEND = "django.contrib.auth.backends.ModelBackend"
PASSWORD = "tile-pair-72-free"


def player(username: str = "ada"):
    return get_user_model().objects.create_user(username, password=PASSWORD)


def signed_in(client, user):
    client.force_login(user, backend=BACKEND)
    return client


def plan(code: str = EXAMPLE) -> list[tuple[int, int]]:
    """The deal's winning plan: 72 pairs in an order that clears the board."""
    return list(Board.from_code(code).deal.plan)


def win_through_api(client, code: str = EXAMPLE, *, hints: int = 0) -> dict:
    """Start ``code`` and win it with real taps; the first ``hints`` pairs as hinted."""
    game = create(client, code=code)
    state = game
    for index, pair in enumerate(plan(code)):
        if index < hints:
            hinted = action(client, game["id"], "hint").json()["hint"]
            assert sorted(hinted) == sorted(pair)
        for tile in pair:
            response = tap(client, game["id"], tile)
            assert response.status_code == 200, response.content
            state = response.json()
    assert state["state"] == "won"
    return state


def win_with_services(
    *, user, code: str = EXAMPLE, seconds: float, hints: int = 0, start: datetime | None = None
) -> Game:
    """Win ``code`` through the services with the server's clock set to take ``seconds``."""
    owner = Owner(user_id=user.pk)
    game_id = services.game_create(owner=owner, code=code).game.id
    start = start or timezone.now()
    for _ in range(hints):
        services.game_hint(game_id=game_id, owner=owner)
    pairs = plan(code)
    for index, (a, b) in enumerate(pairs):
        services.game_tap(game_id=game_id, owner=owner, tile=a, now=start)
        end = start + timedelta(seconds=seconds) if index == len(pairs) - 1 else start
        services.game_tap(game_id=game_id, owner=owner, tile=b, now=end)
    game = Game.objects.get(id=game_id)
    assert game.result == Game.WON
    return game


def recorded_win(*, user, layout_id: str = "L00", seconds: float, hints: int = 0, when=None):
    """An unsaved Game row as a recorded win leaves it, for bulk_create."""
    when = when or timezone.now()
    return Game(
        code=f"MJ1-{layout_id}-AAAAABL",
        layout_id=layout_id,
        history=[],
        state=Game.WON,
        result=Game.WON,
        user=user,
        started_at=when - timedelta(seconds=seconds),
        finished_at=when,
        elapsed_ms=int(seconds * 1000),
        hints_used=hints,
    )
