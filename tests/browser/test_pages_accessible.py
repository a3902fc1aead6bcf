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
