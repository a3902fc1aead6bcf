"""The admin's sign-in is counted with the site's (accounts/admin_sign_in.py): per client
address across usernames, and per username by django-axes; a right password of an
account that may not use the admin is a failure. And the count is one step with the
check (accounts/throttle.py): thirty tries at once get no more answers than the limit."""

from __future__ import annotations

import threading

import pytest
from axes.models import AccessAttempt
from django.contrib.auth import get_user_model
from django.db import connection
from django.test import Client, override_settings

PASSWORD = "tile-pair-72-free"
#: No slowing down: the limit alone refuses.
LIMIT = dict(
    LOGIN_ADDRESS_SLOWDOWN_AFTER=3,
    LOGIN_ADDRESS_DELAY_SECONDS=0,
    LOGIN_ADDRESS_FAILURE_LIMIT=3,
    LOGIN_ADDRESS_WINDOW_MINUTES=15,
)


def _admin(client: Client, username: str, password: str = "wrong-guess-123"):
    return client.post("/admin/login/", {"username": username, "password": password})


@pytest.mark.django_db
@override_settings(**LIMIT)
def test_the_admin_is_refused_after_the_address_limit_across_usernames():
    users = get_user_model().objects
    users.create_superuser("op", "op@example.org", PASSWORD)
    sprayer = Client(REMOTE_ADDR="198.51.100.7")

    answers = [_admin(sprayer, name).status_code for name in ("ada", "bo", "cy")]

    assert answers == [200, 200, 200]
    refused = _admin(sprayer, "op", PASSWORD)  # even the right password
    assert refused.status_code == 429 and int(refused["Retry-After"]) > 0
    # The site's own form shares the count; another address does not.
    site = sprayer.post("/sv/accounts/login/", {"username": "op", "password": PASSWORD})
    assert site.status_code == 429
    assert _admin(Client(REMOTE_ADDR="203.0.113.9"), "op", PASSWORD).status_code == 302


@pytest.mark.django_db
@override_settings(**LIMIT)
def test_a_right_password_of_a_player_is_a_failure_at_the_admin():
    get_user_model().objects.create_user("ada", password=PASSWORD)
    guesser = Client(REMOTE_ADDR="198.51.100.7")

    first = _admin(guesser, "ada", PASSWORD)

    assert first.status_code == 200 and "_auth_user_id" not in guesser.session
    attempt = AccessAttempt.objects.get(username="ada")
    assert attempt.failures_since_start == 1
    assert [_admin(guesser, "ada", PASSWORD).status_code for _ in range(3)] == [200, 200, 429]
    # The same password on the site's form is a player's right one: it still works
    # from another address.
    other = Client(REMOTE_ADDR="203.0.113.9")
    assert (
        other.post("/sv/accounts/login/", {"username": "ada", "password": PASSWORD}).status_code
        == 302
    )


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("path", ["/sv/accounts/login/", "/admin/login/"])
def test_thirty_tries_at_once_get_no_more_answers_than_the_limit(settings, path):
    settings.LOGIN_ADDRESS_SLOWDOWN_AFTER = 5
    settings.LOGIN_ADDRESS_DELAY_SECONDS = 0
    settings.LOGIN_ADDRESS_FAILURE_LIMIT = 5
    barrier = threading.Barrier(30)
    statuses, errors = [], []

    def guess(n: int) -> None:
        try:
            client = Client(REMOTE_ADDR="198.51.100.7", raise_request_exception=False)
            barrier.wait(timeout=10)
            answer = client.post(path, {"username": f"name{n}", "password": "wrong-guess-123"})
            statuses.append(answer.status_code)
        except Exception as error:  # noqa: BLE001 - reported by the test
            errors.append(error)
        finally:
            connection.close()

    threads = [threading.Thread(target=guess, args=(n,)) for n in range(30)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)

    assert errors == []
    assert sorted(statuses) == [200] * 5 + [429] * 25
