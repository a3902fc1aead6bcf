"""The API's rate limit decorator (game.json_api.rate_limit): each group counts at its own
rate from the settings, only the requests of its method, and refuses the one over it."""

from __future__ import annotations

import pytest
from django.core.cache import cache
from django.http import HttpResponse
from django_ratelimit.exceptions import Ratelimited

from game import json_api as api


@pytest.fixture(autouse=True)
def fresh_counts():
    cache.clear()
    yield
    cache.clear()


def _answer(request):
    return HttpResponse("ok")


def test_a_post_limit_counts_posts_only_and_refuses_the_one_over_its_rate(settings, rf):
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "game_hint": "2/d"}
    view = api.rate_limit("game_hint")(_answer)

    for _ in range(4):  # reading the game is not what the limit is for
        assert view(rf.get("/api/games/x")).status_code == 200
    for _ in range(2):
        assert view(rf.post("/api/games/x/hint")).status_code == 200
    with pytest.raises(Ratelimited):
        view(rf.post("/api/games/x/hint"))


def test_each_group_keeps_its_own_count(settings, rf):
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "game_hint": "1/d", "game_check": "5/d"}
    hint = api.rate_limit("game_hint")(_answer)
    check = api.rate_limit("game_check", method="GET")(_answer)

    assert hint(rf.post("/api/games/x/hint")).status_code == 200
    for _ in range(5):
        assert check(rf.get("/api/games/x/winnable")).status_code == 200
    with pytest.raises(Ratelimited):
        check(rf.get("/api/games/x/winnable"))
