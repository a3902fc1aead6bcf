"""Delete my account (after the password; games and times go with it, nothing of the
user is left), download my data (JSON), and the privacy page in four languages, linked
from every page's footer with the numbers the settings give."""

from __future__ import annotations

import json
import re
from datetime import timedelta

import pytest
from axes.models import AccessAttempt, AccessLog
from django.contrib.auth import get_user_model
from django.contrib.sessions.models import Session
from django.core.cache import cache
from django.db import connection
from django.test import Client
from django.utils import timezone, translation

from game.models import BestTime, Game, TrustedPlayer
from tests.players import PASSWORD, player, signed_in, win_with_services
from wording import formatting

pytestmark = pytest.mark.django_db
LANGUAGES = ["sv", "el", "de", "id"]


@pytest.fixture(autouse=True)
def _fresh_counters():
    cache.clear()  # the throttles' counters, keyed by user ids that tests reuse
    yield
    cache.clear()


def _token(page: str) -> str:
    return re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page).group(1)


def _signed_in(username="ada") -> Client:
    client = Client(enforce_csrf_checks=True)
    page = client.get("/sv/accounts/login/").content.decode()
    answer = client.post(
        "/sv/accounts/login/",
        {"username": username, "password": PASSWORD, "csrfmiddlewaretoken": _token(page)},
    )
    assert answer.status_code == 302
    return client


def _rows_naming(user_id: int, username: str) -> list[str]:
    """Every table and column with a row that points at the user or holds the username."""
    found = []
    with connection.cursor() as cursor:
        for table in connection.introspection.table_names():
            description = connection.introspection.get_table_description(cursor, table)
            for column in (c.name for c in description):
                if column == "user_id" or (table == "auth_user" and column == "id"):
                    value = user_id
                elif column == "username":
                    value = username
                else:
                    continue
                cursor.execute(f'SELECT COUNT(*) FROM "{table}" WHERE "{column}" = %s', [value])
                if cursor.fetchone()[0]:
                    found.append(f"{table}.{column}")
    return found


def test_deleting_the_account_leaves_nothing_of_the_user():
    ada = player("ada")
    win_with_services(user=ada, daily="L02", seconds=300)
    win_with_services(user=ada, code=None, seconds=200)
    bo = player("bo")
    win_with_services(user=bo, code=None, seconds=250)
    # Trusted for the boards by another player (an operator): the trust goes with her.
    TrustedPlayer.objects.create(user=ada, trusted_by=bo)
    client = _signed_in("ada")
    AccessAttempt.objects.create(
        username="ada",
        ip_address="127.0.0.1",
        failures_since_start=1,
        user_agent="x",
        get_data="",
        post_data="",
        http_accept="",
        path_info="/",
    )
    page = client.get("/de/accounts/delete/").content.decode()
    assert 'id="delete-what"' in page and "Bestenlisten" in page
    refused = client.post(
        "/de/accounts/delete/", {"password": "wrong", "csrfmiddlewaretoken": _token(page)}
    )
    assert refused.status_code == 200 and "Das Passwort ist falsch." in refused.content.decode()
    assert get_user_model().objects.filter(username="ada").exists()
    # Without the CSRF token, nothing happens.
    assert client.post("/de/accounts/delete/", {"password": PASSWORD}).status_code == 403
    done = client.post(
        "/de/accounts/delete/", {"password": PASSWORD, "csrfmiddlewaretoken": _token(page)}
    )
    assert done.status_code == 200 and "Konto gelöscht" in done.content.decode()
    assert not get_user_model().objects.filter(username="ada").exists()
    assert _rows_naming(ada.pk, "ada") == []
    assert not AccessLog.objects.exists()  # successful sign-ins are not logged
    assert Game.objects.filter(user=bo).count() == 1 and BestTime.objects.filter(user=bo).exists()
    for session in Session.objects.all():
        assert str(ada.pk) not in json.dumps(session.get_decoded())
    assert client.get("/de/accounts/data/").status_code == 302  # signed out


def test_too_many_wrong_passwords_on_the_delete_form_are_refused(settings):
    settings.PASSWORD_CHANGE_FAILURE_LIMIT = 2
    player("ada")
    client = _signed_in()
    page = client.get("/sv/accounts/delete/").content.decode()
    for _ in range(2):
        client.post(
            "/sv/accounts/delete/", {"password": "wrong", "csrfmiddlewaretoken": _token(page)}
        )
    refused = client.post(
        "/sv/accounts/delete/", {"password": PASSWORD, "csrfmiddlewaretoken": _token(page)}
    )
    assert refused.status_code == 429 and "Retry-After" in refused
    assert get_user_model().objects.filter(username="ada").exists()


def test_download_my_data_gives_every_game_and_time():
    ada = player("ada")
    ada.email = "ada@example.org"
    ada.save()
    won = win_with_services(user=ada, code=None, seconds=200)
    player("bo")
    win_with_services(user=get_user_model().objects.get(username="bo"), code=None, seconds=250)
    client = _signed_in()
    answer = client.get("/sv/accounts/data/")
    assert answer.status_code == 200 and answer["Content-Type"] == "application/json"
    assert (
        "attachment" in answer["Content-Disposition"]
        and "mahjong-ada.json" in answer["Content-Disposition"]
    )
    data = json.loads(answer.content)
    assert data["account"]["username"] == "ada" and data["account"]["email"] == "ada@example.org"
    assert [g["id"] for g in data["games"]] == [str(won.id)]  # only hers
    game = data["games"][0]
    assert game["code"] == won.code and game["elapsed_ms"] == 200_000 and len(game["tap_ms"]) == 144
    assert len(game["pairs_removed"]) == 72 and game["ranked"] is True
    assert game["device_hash"] is None and game["address_hash"] is None  # not a daily game

    assert data["best_times"] == [
        {
            "layout": "L00",
            "elapsed_ms": 200_000,
            "game": str(won.id),
            "achieved_at": game["finished_at"],
        }
    ]
    assert data["statistics"] == {
        "games": 1,
        "won": 1,
        "ranked_wins": 1,
        "wins_waiting_for_a_check": 0,
    }
    assert game["standing"] == "ranked" and game["standing_text"] is None
    assert data["account"]["trusted_for_boards"] is None
    trust = TrustedPlayer.objects.create(user=ada)
    data = json.loads(client.get("/sv/accounts/data/").content)
    assert data["account"]["trusted_for_boards"] == {"since": trust.trusted_at.isoformat()}


def test_download_my_data_gives_a_daily_games_hashes_of_where_it_was_played_from():
    ada = player("ada")
    client = signed_in(Client(), ada)
    created = client.post(
        "/api/games", {"daily": "L00"}, content_type="application/json", REMOTE_ADDR="81.2.69.160"
    )
    assert created.status_code == 201
    stored = Game.objects.get(user=ada)
    game = json.loads(client.get("/sv/accounts/data/").content)["games"][0]
    assert (game["device_hash"], game["address_hash"]) == (stored.device, stored.address)
    assert len(stored.device) == len(stored.address) == 32


def test_download_my_data_holds_back_the_code_of_a_game_in_play():
    """A script must not read the deal of a ranked game in play from its own data: the
    code comes once the game ends, as in the game's answers."""
    from game import services
    from game.store import Owner

    ada = player("ada")
    game = services.game_create(owner=Owner(user_id=ada.pk), layout_id="L01").game
    client = _signed_in()
    answer = client.get("/sv/accounts/data/")
    [row] = json.loads(answer.content)["games"]
    assert row["id"] == str(game.id) and row["code"] is None
    assert game.code not in answer.content.decode()
    # Replaced by a new game, it has ended: its code is given.
    services.game_create(owner=Owner(user_id=ada.pk), layout_id="L00")
    rows = json.loads(client.get("/sv/accounts/data/").content)["games"]
    assert rows[0]["code"] == game.code and rows[1]["code"] is None


def test_download_my_data_holds_back_todays_daily_code_until_the_day_is_over():
    """Ended or not, a game of today's daily deal gives no code in the file until the
    day is over (00:00 UTC): another account could rank on the deal with it."""
    from datetime import UTC, datetime, timedelta
    from unittest import mock

    from game import services
    from game.store import Owner

    ada = player("ada")
    evening = datetime(2026, 12, 10, 22, 0, tzinfo=UTC)
    # Apart in time, so that the file lists them in this order on every database.
    with mock.patch.object(timezone, "now", return_value=evening):
        daily_game = win_with_services(user=ada, daily="L02", seconds=300, start=evening)
    with mock.patch.object(timezone, "now", return_value=evening + timedelta(minutes=10)):
        # Replaced by a new game, a daily game in play has ended too.
        services.game_create(owner=Owner(user_id=ada.pk), daily="L04")
    with mock.patch.object(timezone, "now", return_value=evening + timedelta(minutes=11)):
        services.game_create(owner=Owner(user_id=ada.pk), layout_id="L00")
        client = _signed_in()
        answer = client.get("/sv/accounts/data/")
        codes = [row["code"] for row in json.loads(answer.content)["games"]]
        assert codes == [None, None, None] and daily_game.code not in answer.content.decode()
    midnight = datetime(2026, 12, 11, 0, 0, tzinfo=UTC)
    with mock.patch.object(timezone, "now", return_value=midnight):
        rows = json.loads(client.get("/sv/accounts/data/").content)["games"]
    assert [row["code"] is not None for row in rows] == [True, True, False]
    assert rows[0]["code"] == daily_game.code


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_privacy_page_says_what_is_kept_and_for_how_long(client, lang, settings):
    settings.LOGIN_ADDRESS_WINDOW_MINUTES = 17
    settings.PASSWORD_RESET_TIMEOUT = 90 * 60
    home = client.get(f"/{lang}/").content.decode()
    assert f'href="/{lang}/privacy/"' in re.search(r"<footer.*?</footer>", home, re.S).group(0)
    page = client.get(f"/{lang}/privacy/")
    assert page.status_code == 200
    html = page.content.decode()
    with translation.override(lang):
        reset = formatting.duration(90 * 60 * 1000)  # "1 timme 30 minuter"
    assert f'lang="{lang}"' in html and "17" in html and "14" in html and reset in html
    for english in ("Your games", "The session cookie", "throttling", "Successful sign-ins"):
        assert english not in html


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_privacy_page_names_the_device_mark_and_the_daily_traces(client, lang, settings):
    """The cookie's and the traces' lifetimes are the settings'; the address is named only
    while it is kept (ranking/second_accounts.py)."""
    settings.MAHJONG_DEVICE_COOKIE_DAYS, settings.MAHJONG_DAILY_TRACE_DAYS = 123, 45
    with_address = client.get(f"/{lang}/privacy/").content.decode()
    assert "123" in with_address and "45" in with_address
    settings.MAHJONG_HOLD_SHARED_ADDRESS = False
    without = client.get(f"/{lang}/privacy/").content.decode()
    assert "45" in without
    assert len(without) < len(with_address)  # the address's half-sentence is gone
    assert "random number" not in with_address and "held for a moderator" not in without


def test_an_addresss_failure_record_goes_at_the_next_sign_in_after_the_lockout(settings):
    """What the privacy page says of the address kept with a username's failures."""
    player("ada")
    old = AccessAttempt.objects.create(
        username="bo",
        ip_address="192.0.2.7",
        failures_since_start=3,
        user_agent="x",
        get_data="",
        post_data="",
        http_accept="",
        path_info="/",
    )
    AccessAttempt.objects.filter(pk=old.pk).update(
        attempt_time=timezone.now() - settings.AXES_COOLOFF_TIME - timedelta(seconds=1)
    )
    recent = AccessAttempt.objects.create(
        username="cy",
        ip_address="192.0.2.8",
        failures_since_start=1,
        user_agent="x",
        get_data="",
        post_data="",
        http_accept="",
        path_info="/",
    )
    client = Client()
    page = client.get("/sv/accounts/login/").content.decode()
    client.post(
        "/sv/accounts/login/",
        {"username": "ada", "password": "wrong", "csrfmiddlewaretoken": _token(page)},
    )
    assert not AccessAttempt.objects.filter(pk=old.pk).exists()
    assert AccessAttempt.objects.filter(pk=recent.pk).exists()
