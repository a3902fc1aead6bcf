"""Helpers for the statistics tests: players, won games through the API or the services."""

from __future__ import annotations

import random
import re
from datetime import datetime, timedelta

from django.contrib.auth import get_user_model
from django.utils import timezone

from game import services
from game.models import Game
from game.store import Owner
from mahjong import Board
from mahjong.solver.orders import latest_free_order
from ranking import rules
from tests.api.helpers import EXAMPLE, action, create, tap

BACKEND = "django.contrib.auth.backends.ModelBackend"
PASSWORD = "tile-pair-72-free"


def player(username: str = "ada"):
    return get_user_model().objects.create_user(username, password=PASSWORD)


def signed_in(client, user):
    client.force_login(user, backend=BACKEND)
    return client


def form_post(client, url: str, data: dict):
    """Post a page's form as a browser does: with the CSRF token the page gave."""
    page = client.get(url).content.decode()
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page).group(1)
    return client.post(url, {**data, "csrfmiddlewaretoken": token})


def signs_in(client, username: str, lang: str = "sv") -> bool:
    """Whether the player signs in through the real sign-in form (which claims the
    session's games)."""
    answer = form_post(
        client, f"/{lang}/accounts/login/", {"username": username, "password": PASSWORD}
    )
    return answer.status_code == 302


def plan(code: str = EXAMPLE) -> list[tuple[int, int]]:
    """A winning order of the deal's 72 pairs as a person might find it, not the deal's
    own plan (a win in that order is held for review: ranking/plan_order.py): at each step
    the plan's free pair latest in the plan. The plan's first remaining pair is always
    free (fewer tiles block less), so the order always clears the board."""
    board = Board.from_code(code)
    return latest_free_order(board, board.deal.plan)


def win_through_api(
    client,
    code: str = EXAMPLE,
    *,
    hints: int = 0,
    daily: str | None = None,
    game: dict | None = None,
) -> dict:
    """Start ``code`` (today's daily deal of the layout ``daily`` when given: ``code`` is
    then that deal's, which the answers hold back), or go on with ``game`` already
    started on it, and win it with real taps; the first ``hints`` pairs as hinted."""
    if game is None:
        game = create(client, daily=daily) if daily else create(client, code=code)
    state = game
    # With hints, the deal's own plan, whose pairs the hints give (unranked anyway).
    order = list(Board.from_code(code).deal.plan) if hints else plan(code)
    for index, pair in enumerate(order):
        if index < hints:
            hinted = action(client, game["id"], "hint").json()["hint"]
            assert sorted(hinted) == sorted(pair)
        for tile in pair:
            response = tap(client, game["id"], tile)
            assert response.status_code == 200, response.content
            state = response.json()
    assert state["state"] == "won"
    return state


def human_pace(taps: int, seconds: float, *, seed: int = 7) -> list[timedelta]:
    """When each of ``taps`` taps falls, from 0 to exactly ``seconds``: a search before
    the first tap of each pair, a shorter aim before the second, both varying as a
    person's do (log-normal), so the win passes the rhythm check (ranking/rhythm.py)."""
    rnd = random.Random(seed)
    gaps = [rnd.lognormvariate(0.9 if i % 2 else -0.5, 0.6) for i in range(taps - 1)]
    scale = seconds / sum(gaps)
    times, at = [timedelta(0)], 0.0
    for gap in gaps[:-1]:
        at += gap * scale
        times.append(timedelta(seconds=at))
    times.append(timedelta(seconds=seconds))
    return times


def win_with_services(
    *,
    user=None,
    owner: Owner | None = None,
    code: str | None = EXAMPLE,
    layout_id: str = "L00",
    seconds: float,
    hints: int = 0,
    start: datetime | None = None,
    daily: str | None = None,
) -> Game:
    """Win ``code`` (a fresh deal of ``layout_id`` when ``None``; today's daily deal of
    the layout ``daily`` when that is given) through the services, with the server's
    clock set to take ``seconds``; the user's, else ``owner``'s."""
    owner = owner or Owner(user_id=user.pk)
    code = None if daily else code
    game = services.game_create(owner=owner, code=code, daily=daily, layout_id=layout_id).game
    # A server deal is timed from its first view, its creation: the taps count from there.
    start = start or game.running_since or timezone.now()
    for _ in range(hints):
        services.game_hint(game_id=game.id, owner=owner)
    pairs = plan(game.code)
    times = human_pace(2 * len(pairs), seconds)
    for index, (a, b) in enumerate(pairs):
        services.game_tap(game_id=game.id, owner=owner, tile=a, now=start + times[2 * index])
        services.game_tap(game_id=game.id, owner=owner, tile=b, now=start + times[2 * index + 1])
    game = Game.objects.get(id=game.id)
    assert game.result == Game.WON
    return game


def recorded_win(
    *,
    user,
    layout_id: str = "L00",
    seconds: float,
    hints: int = 0,
    when=None,
    ranked: bool | None = None,
):
    """An unsaved Game row as a recorded win of a new deal leaves it, for bulk_create
    (then :func:`save_recorded`); ranked unless hinted, unless ``ranked`` says."""
    when = when or timezone.now()
    return Game(
        origin=Game.NEW,
        ranked=hints == 0 if ranked is None else ranked,
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


def recorded_loss(*, user, layout_id: str = "L00", seconds: float, result: str = Game.STUCK):
    """An unsaved Game row as a game that ended without a win leaves it (``stuck``, or
    ``abandoned`` for a board left for a new game), after ``seconds`` of play."""
    started = timezone.now() - timedelta(seconds=seconds)
    return Game(
        origin=Game.NEW,
        code=f"MJ1-{layout_id}-AAAAABL",
        layout_id=layout_id,
        history=[],
        state=Game.STUCK if result == Game.STUCK else Game.PLAYING,
        result=result,
        user=user,
        started_at=started,
        elapsed_ms=int(seconds * 1000),
    )


def save_recorded(games) -> list[Game]:
    """Bulk-create recorded games, then the best-time table the wins would have kept."""
    saved = Game.objects.bulk_create(list(games), batch_size=500)
    rules.rebuild_best_times()
    return saved
