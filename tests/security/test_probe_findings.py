"""What the security probe (tools/probe) found a client could turn into a server error,
each kept as the request that did it: the answer is now the site's own 4xx."""

from __future__ import annotations

import pytest
from django.test import Client

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
