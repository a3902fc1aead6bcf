"""Finding 7: a forged session cookie (NUL byte, odd characters) is no session, not a 500."""

import pytest
from django.test import Client

from mahjongsite.sessions import SessionStore

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("key", ["abcdefgh\x00", "abcdefgh\x00" * 3, "ABCDEFGH'; --", "a" * 41])
def test_keys_django_never_makes_are_refused_before_any_query(key):
    assert SessionStore(key).session_key is None


def test_a_key_django_makes_is_kept():
    store = SessionStore()
    store["x"] = 1
    store.save()
    assert SessionStore(store.session_key).session_key == store.session_key
    assert SessionStore(store.session_key)["x"] == 1


@pytest.mark.parametrize("path", ["/sv/", "/sv/play/", "/de/leaderboard/", "/api/health"])
def test_a_nul_byte_in_the_session_cookie_is_never_a_500(path):
    client = Client(raise_request_exception=False)
    response = client.get(path, HTTP_COOKIE='sessionid="abcdefgh\\000"')
    assert response.status_code == 200


def test_a_nul_byte_in_the_session_cookie_on_the_api_starts_a_fresh_session():
    client = Client(raise_request_exception=False)
    response = client.post(
        "/api/games",
        data='{"layout": "L00"}',
        content_type="application/json",
        HTTP_COOKIE='sessionid="abcdefgh\\000"',
    )
    assert response.status_code == 201
    assert response.cookies["sessionid"].value.isalnum()


def test_an_unreachable_database_while_saving_a_session_is_not_a_deleted_session(monkeypatch):
    """Django's db backend turns any database error of a session update into UpdateError,
    which SessionMiddleware answers with a 400 page; a connection failure must reach the
    503 handler instead (tests/security/test_database_outage.py)."""
    from django.contrib.sessions.backends.base import UpdateError
    from django.db import OperationalError

    store = SessionStore()
    store["x"] = 1
    store.save()
    store["x"] = 2

    def unreachable(self, *args, **kwargs):
        raise OperationalError("connection refused")

    monkeypatch.setattr("django.db.models.Model.save", unreachable)
    with pytest.raises(OperationalError):
        store.save()

    def gone(self, *args, **kwargs):
        from django.db import DatabaseError

        raise DatabaseError("Forced update did not affect any rows.")

    monkeypatch.setattr("django.db.models.Model.save", gone)
    with pytest.raises(UpdateError):
        store.save()
