"""The privacy page (four languages) and the account pages a player owns (the reset
form, the sign-up form with its e-mail field, the account page, the delete form): axe-clean and valid HTML, one load each."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.core.cache import cache
from playwright.sync_api import Page

from tests.browser.accessibility import assert_no_axe_violations, html_errors
from tests.players import PASSWORD

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def _fresh_counters():
    cache.clear()
    yield
    cache.clear()


def _check(page: Page, url: str) -> None:
    response = page.goto(url)
    assert response.status == 200, url
    assert_no_axe_violations(page)
    assert html_errors(response.text()) == [], url


def test_privacy_and_account_pages_are_accessible(live_server, axe_page: Page):
    for lang in ("sv", "el", "de", "id"):
        _check(axe_page, f"{live_server.url}/{lang}/privacy/")
    _check(axe_page, f"{live_server.url}/de/accounts/password/reset/")
    _check(axe_page, f"{live_server.url}/el/accounts/signup/")
    get_user_model().objects.create_user("ada", "ada@example.org", PASSWORD)
    axe_page.goto(f"{live_server.url}/sv/accounts/login/")
    axe_page.fill("#id_username", "ada")
    axe_page.fill("#id_password", PASSWORD)
    axe_page.locator("form.account-form button[type=submit]").click()
    axe_page.wait_for_url(f"{live_server.url}/sv/**")
    _check(axe_page, f"{live_server.url}/sv/accounts/")
    _check(axe_page, f"{live_server.url}/el/accounts/delete/")
