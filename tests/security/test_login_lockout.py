"""Finding 1: sign-in lockout counts failures per username AND client address, where the
client address is what the trusted proxies say, not what the client writes."""

import pytest
from django.contrib.auth import get_user_model
from django.test import Client, override_settings

PASSWORD = "tile-pair-72-free"
LOGIN = "/sv/accounts/login/"

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("victim")]


@pytest.fixture
def victim():
    return get_user_model().objects.create_user("victim", password=PASSWORD)


def _sign_in(forwarded_for: str, password: str):
    client = Client()
    response = client.post(
        LOGIN,
        {"username": "victim", "password": password},
        HTTP_X_FORWARDED_FOR=forwarded_for,
        REMOTE_ADDR="127.0.0.1",  # the load balancer
    )
    return client, response


def _signed_in(client) -> bool:
    return client.get("/sv/").wsgi_request.user.username == "victim"


def _fail(forwarded_for: str, times: int = 5):
    for _ in range(times):
        _client, response = _sign_in(forwarded_for, "wrong-password-1")
        assert response.status_code in (200, 429)


@override_settings(TRUSTED_PROXIES=1)
def test_an_attacker_cannot_lock_the_victim_out_from_elsewhere():
    _fail("203.0.113.66")

    client, response = _sign_in("198.51.100.7", PASSWORD)

    assert response.status_code == 302
    assert _signed_in(client)


@override_settings(TRUSTED_PROXIES=1)
def test_two_addresses_are_throttled_separately():
    _fail("203.0.113.66")
    _fail("198.51.100.7", times=4)

    _locked_client, locked = _sign_in("203.0.113.66", PASSWORD)
    client, allowed = _sign_in("198.51.100.7", PASSWORD)

    assert locked.status_code == 429
    assert allowed.status_code == 302 and _signed_in(client)


@override_settings(TRUSTED_PROXIES=1)
def test_a_forged_left_most_forwarded_entry_does_not_escape_the_limit():
    # The attacker writes a new address of their own each time; the load balancer
    # appends the real one, 203.0.113.66, on the right.
    for n in range(5):
        _client, response = _sign_in(f"192.0.2.{n}, 203.0.113.66", "wrong-password-1")
        assert response.status_code in (200, 429)  # the fifth failure locks at once

    _client, locked = _sign_in("192.0.2.200, 203.0.113.66", PASSWORD)

    assert locked.status_code == 429


@override_settings(TRUSTED_PROXIES=2)
def test_with_two_proxies_the_second_entry_from_the_right_is_the_client():
    _fail("192.0.2.1, 203.0.113.66, 10.0.0.5")  # client's forgery, client, TLS proxy

    _client, locked = _sign_in("192.0.2.2, 203.0.113.66, 10.0.0.5", PASSWORD)
    client, allowed = _sign_in("198.51.100.7, 10.0.0.5", PASSWORD)

    assert locked.status_code == 429
    assert allowed.status_code == 302


@override_settings(TRUSTED_PROXIES=0)
def test_without_a_trusted_proxy_the_header_is_ignored():
    _fail("203.0.113.66")

    # Same REMOTE_ADDR: same client, whatever the header says.
    _client, locked = _sign_in("198.51.100.7", PASSWORD)

    assert locked.status_code == 429


@override_settings(TRUSTED_PROXIES=1)
def test_tries_during_a_lockout_do_not_extend_it():
    from axes.models import AccessAttempt

    _fail("203.0.113.66")
    locked_at = AccessAttempt.objects.get(username="victim").attempt_time

    for _ in range(3):
        _client, response = _sign_in("203.0.113.66", "wrong-password-1")
        assert response.status_code == 429

    attempt = AccessAttempt.objects.get(username="victim")
    assert attempt.attempt_time == locked_at
    assert attempt.failures_since_start == 5
