"""Every page of the site, in every language: axe-core finds no WCAG 2 A/AA violation and
the Nu HTML Checker finds no error in the HTML the server sent."""

import pytest
from django.conf import settings
from django.core.cache import cache
from playwright.sync_api import Page

from quiz.services import rules_sections_load
from tests.browser.accessibility import assert_no_axe_violations, assert_valid_html

LANGUAGES = [code for code, _name in settings.LANGUAGES]
PAGES = {"home": "", "rules": "rules/"}


@pytest.fixture
def site_content(transactional_db):
    """The content that make setup loads, in the live server's database."""
    rules_sections_load()
    cache.clear()
    yield
    cache.clear()


@pytest.mark.parametrize("name", list(PAGES))
@pytest.mark.parametrize("lang", LANGUAGES)
def test_page_has_no_axe_violation_and_valid_html(
    live_server, site_content, axe_page: Page, lang, name
):
    response = axe_page.goto(f"{live_server.url}/{lang}/{PAGES[name]}")

    assert response.status == 200
    assert_no_axe_violations(axe_page)
    assert_valid_html(response.text())


@pytest.mark.parametrize("lang", LANGUAGES)
def test_not_found_page_has_no_axe_violation_and_valid_html(live_server, axe_page: Page, lang):
    response = axe_page.goto(f"{live_server.url}/{lang}/no-such-page/")

    assert response.status == 404
    assert_no_axe_violations(axe_page)
    assert_valid_html(response.text())


def _error_html(kind: str, lang: str) -> tuple[int, str]:
    """The page the server answers for a bad Host (400), a form without its CSRF token
    (403) and a server error (500), with DEBUG off as in production."""
    from unittest import mock

    from django.test import Client
    from django.urls import reverse
    from django.utils import translation

    with translation.override(lang):
        rules, login = reverse("rules"), reverse("accounts:login")
    if kind == "400":
        response = Client(raise_request_exception=False).get(rules, HTTP_HOST="evil.example")
    elif kind == "403":
        strict = Client(enforce_csrf_checks=True, raise_request_exception=False)
        response = strict.post(login, {"username": "a", "password": "b"})
    else:
        with mock.patch("quiz.views.render", side_effect=RuntimeError("a bug")):
            response = Client(raise_request_exception=False).get(rules)
    assert response.status_code == int(kind)
    return response.status_code, response.content.decode()


@pytest.mark.parametrize("kind", ["400", "403", "500"])
@pytest.mark.parametrize("lang", LANGUAGES)
def test_error_pages_have_no_axe_violation_and_valid_html(live_server, axe_page: Page, lang, kind):
    status, html = _error_html(kind, lang)
    url = f"{live_server.url}/{lang}/an-error-page/"
    # The page is the server's own answer, served at an address of the live server so
    # that its style sheet loads as it would.
    axe_page.route(
        url,
        lambda route: route.fulfill(
            status=status, body=html, content_type="text/html; charset=utf-8"
        ),
    )

    response = axe_page.goto(url)

    assert response.status == status
    assert f'<html lang="{lang}">' in html
    assert_no_axe_violations(axe_page)
    assert_valid_html(html)
