"""What the security probe (tools/probe) found a client could turn into a server error,
each kept as the request that did it: the answer is now the site's own 4xx."""

from __future__ import annotations

import pytest
from axes.models import AccessAttempt
from django.test import Client
from django.utils import translation
from django.utils.translation import gettext

pytestmark = pytest.mark.django_db

LANGUAGES = ["sv", "el", "de", "id"]


@pytest.fixture
def client():
    return Client(raise_request_exception=False)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_first_day_a_date_can_be_has_no_daily_page(client, lang):
    # The page links to the day before, which no date can hold: a 404, not a 500.
    page = client.get(f"/{lang}/daily/?day=0001-01-01&layout=L00")
    assert page.status_code == 404
    assert f'<html lang="{lang}"' in page.content.decode()
    # The day after it still has one, and the API refuses the first day as the page does.
    assert client.get(f"/{lang}/daily/?day=0001-01-02").status_code == 200
    api = client.get(f"/api/daily?day=0001-01-01&lang={lang}")
    assert api.status_code == 400
    assert api.json()["error"]["code"] == "invalid_field"


#: Longer than any username (150) and than django-axes' column for it (255).
LONG_NAME = "x" * 300


@pytest.mark.parametrize("path", ["/de/accounts/login/", "/admin/login/"])
def test_a_username_longer_than_any_is_a_wrong_sign_in_not_a_500(client, path):
    # The sign-in forms capped the name's length in the browser only; django-axes then
    # recorded the failure with the whole name, which PostgreSQL refuses (a 500 there).
    answer = client.post(path, {"username": LONG_NAME, "password": "wrong-guess-123"})
    assert answer.status_code == 200
    column = AccessAttempt._meta.get_field("username").max_length
    assert all(
        len(name) <= column for name in AccessAttempt.objects.values_list("username", flat=True)
    )
    if path.startswith("/de/"):
        with translation.override("de"):
            wrong = gettext("Wrong username or password. Mind upper and lower case.")
        assert wrong in answer.content.decode()
    # A name of the longest length is still checked, and its failure counted.
    client.post(path, {"username": "y" * 150, "password": "wrong-guess-123"})
    assert AccessAttempt.objects.filter(username="y" * 150).exists()
