"""Finding 3: per-client limits on game creation, hints and sign-up (django-ratelimit on
the shared cache), answered with 429 in the visitor's language."""

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.test import Client, override_settings
from django.utils import translation
from django.utils.translation import gettext

from tests.api.helpers import EXAMPLE, action, create, post

pytestmark = pytest.mark.django_db

PASSWORD = "tile-pair-72-free"


def _limits(**rates):
    # Per day, so that a test never straddles the end of a counting window.
    return override_settings(RATE_LIMITS={**settings.RATE_LIMITS, **rates})


def _client(address: str) -> Client:
    return Client(REMOTE_ADDR=address)


@pytest.mark.parametrize("lang", ["sv", "el", "de", "id"])
def test_game_creation_is_limited_per_client_address(lang):
    first, second = _client("198.51.100.7"), _client("203.0.113.66")
    with _limits(game_create="3/d"):
        for _ in range(3):
            create(first, code=EXAMPLE)
        refused = post(first, f"/api/games?lang={lang}", {"code": EXAMPLE})
        other = post(second, "/api/games", {"code": EXAMPLE})

    assert refused.status_code == 429
    error = refused.json()["error"]
    assert error["code"] == "rate_limited"
    with translation.override(lang):
        assert error["message"] == gettext("Too many requests. Wait a moment and try again.")
    assert other.status_code == 201


def test_hints_are_limited_and_a_refused_hint_changes_nothing():
    client = _client("198.51.100.7")
    with _limits(game_hint="2/d"):
        game = create(client, code=EXAMPLE)
        for _ in range(2):
            assert action(client, game["id"], "hint").status_code == 200
        refused = action(client, game["id"], "hint")
        after = client.get(f"/api/games/{game['id']}").json()

    assert refused.status_code == 429 and refused.json()["error"]["code"] == "rate_limited"
    assert after["hints_used"] == 2


def test_taps_are_not_limited_by_the_hint_budget():
    client = _client("198.51.100.7")
    with _limits(game_hint="1/d", game_create="1/d"):
        game = create(client, code=EXAMPLE)
        responses = [post(client, f"/api/games/{game['id']}/tap", {"tile": 0}) for _ in range(10)]
    assert {response.status_code for response in responses} == {200}


def _sign_up(client, username: str, lang: str = "sv"):
    return client.post(
        f"/{lang}/accounts/signup/",
        {"username": username, "password1": PASSWORD, "password2": PASSWORD},
    )


@pytest.mark.parametrize("lang", ["sv", "el", "de", "id"])
def test_sign_up_is_limited_per_client_address_with_a_translated_page(lang):
    first, second = _client("198.51.100.7"), _client("203.0.113.66")
    with _limits(signup="2/d"):
        assert _sign_up(first, "ada").status_code == 302
        first.post(f"/{lang}/accounts/logout/")
        assert _sign_up(first, "bea").status_code == 302
        first.post(f"/{lang}/accounts/logout/")
        refused = _sign_up(first, "cid", lang)
        other = _sign_up(second, "dan", lang)

    assert refused.status_code == 429
    with translation.override(lang):
        expected = gettext("Too many sign-up attempts came from your address. Try again later.")
    assert expected in refused.content.decode()
    assert not get_user_model().objects.filter(username="cid").exists()
    assert other.status_code == 302


def test_limits_come_from_the_environment(monkeypatch):
    import importlib

    from mahjongsite.settings import base

    monkeypatch.setenv("DJANGO_RATE_LIMIT_HINT", "7/m")
    try:
        assert importlib.reload(base).RATE_LIMITS["game_hint"] == "7/m"
    finally:
        monkeypatch.undo()
        importlib.reload(base)


@pytest.mark.parametrize("action_name", ["tap", "undo", "pause", "resume"])
def test_moves_are_limited_per_client_address_with_retry_after(action_name):
    client, other = _client("198.51.100.7"), _client("203.0.113.66")
    game = create(client, code=EXAMPLE)
    mine = create(other, code=EXAMPLE)
    with _limits(game_move="3/d"):
        for _ in range(3):
            assert (
                post(client, f"/api/games/{game['id']}/{action_name}", {"tile": 0}).status_code
                < 500
            )
        refused = post(client, f"/api/games/{game['id']}/{action_name}?lang=de", {"tile": 0})
        elsewhere = post(other, f"/api/games/{mine['id']}/tap", {"tile": 0})

    assert refused.status_code == 429
    assert refused.json()["error"]["code"] == "rate_limited"
    assert refused["Retry-After"] == str(24 * 3600)
    assert elsewhere.status_code == 200


@pytest.mark.parametrize(("rate", "seconds"), [("2/d", 86400), ("2/2d", 172800)])
def test_every_429_of_the_api_says_retry_after_the_window(rate, seconds):
    client = _client("198.51.100.7")
    with _limits(game_create=rate, game_hint=rate):
        game = create(client, code=EXAMPLE)
        responses = [post(client, "/api/games", {"code": EXAMPLE}) for _ in range(2)]
        hints = [action(client, game["id"], "hint") for _ in range(3)]

    for refused in (responses[-1], hints[-1]):
        assert refused.status_code == 429
        assert refused["Retry-After"] == str(seconds)


@pytest.mark.parametrize(
    ("rate", "seconds"), [("3/s", 1), ("30/m", 60), ("5/10s", 10), ("1/h", 3600)]
)
def test_retry_after_is_the_length_of_the_rates_window(rate, seconds):
    from mahjongsite.rates import retry_after_seconds

    assert retry_after_seconds(rate) == seconds


def test_the_sign_up_429_says_retry_after():
    client = _client("198.51.100.7")
    with _limits(signup="1/h"):
        client.post("/sv/accounts/signup/", {"username": "a"})
        refused = client.post("/sv/accounts/signup/", {"username": "b"})

    assert refused.status_code == 429
    assert refused["Retry-After"] == "3600"
