"""The API layer's rate limit (mahjongsite.json_api: ``view(rate=…)``): each group counts
at its own rate from the settings, every method the view takes, and the request over it
is answered 429 with ``Retry-After``, the length of the rate's window."""

from __future__ import annotations

import json

import pytest
from django.core.cache import cache
from django.http import HttpResponse

from game.json_api import api_view


@pytest.fixture(autouse=True)
def fresh_counts():
    cache.clear()
    yield
    cache.clear()


def _answer(request):
    return HttpResponse("ok")


def _post(rf, path):
    request = rf.post(path, data="", content_type="application/json")
    request._dont_enforce_csrf_checks = True  # as Django's test client sends it
    return request


def test_a_group_refuses_the_request_over_its_rate_with_retry_after(settings, rf):
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "game_check": "3/h"}
    view = api_view(GET=(), POST=(), rate="game_check")(_answer)

    assert view(rf.get("/api/games/x/winnable")).status_code == 200
    for _ in range(2):  # a GET and a POST count alike
        assert view(_post(rf, "/api/games/x/winnable")).status_code == 200
    refused = view(rf.get("/api/games/x/winnable"))
    assert refused.status_code == 429
    assert refused["Retry-After"] == "3600"
    assert json.loads(refused.content)["error"]["code"] == "rate_limited"


def test_each_group_keeps_its_own_count(settings, rf):
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "game_hint": "1/d", "game_check": "5/d"}
    hint = api_view(POST=(), rate="game_hint")(_answer)
    check = api_view(GET=(), rate="game_check")(_answer)

    assert hint(_post(rf, "/api/games/x/hint")).status_code == 200
    for _ in range(5):
        assert check(rf.get("/api/games/x/winnable")).status_code == 200
    assert check(rf.get("/api/games/x/winnable")).status_code == 429
    assert hint(_post(rf, "/api/games/x/hint"))["Retry-After"] == "86400"
