"""Installed and offline in Chromium: the service worker installs under the page's own
Content-Security-Policy, keeps the language being read, and offline the rules and practice
pages still open in that language while the board's page says that play needs the
connection. The offline page is axe-clean and valid HTML in every language."""

import pytest
from django.conf import settings
from django.utils import translation
from playwright.sync_api import Page, expect

from tests.browser.accessibility import assert_no_axe_violations, assert_valid_html

LANGUAGES = [code for code, _name in settings.LANGUAGES]

# Waits (at most ten seconds) for the service worker to control the page and to keep a page.
KEPT = """async (url) => {
  await navigator.serviceWorker.ready;
  for (let i = 0; i < 100; i += 1) {
    if (navigator.serviceWorker.controller && (await caches.match(url))) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return false;
}"""


def _german(text: str) -> str:
    with translation.override("de"):
        return translation.gettext(text)


@pytest.fixture
def page(browser, browser_context_args):
    """A page whose context lets the service worker run (the other tests block it)."""
    context = browser.new_context(**{**browser_context_args, "service_workers": "allow"})
    yield context.new_page()
    context.close()


def test_the_service_worker_installs_and_the_language_last_read_opens_offline(
    live_server, site_content, page: Page
):
    offline_title = _german("You are offline")
    errors = []
    page.on("console", lambda message: message.type == "error" and errors.append(message.text))
    page.goto(f"{live_server.url}/de/rules/")
    assert page.evaluate(KEPT, "/de/practice/") is True
    offline_notice = page.locator("#offline-notice")
    expect(offline_notice).to_be_hidden()

    page.context.set_offline(True)
    try:
        page.goto(f"{live_server.url}/de/practice/")
        expect(page.locator("h1")).to_have_text(_german("Practice: test the rules"))
        expect(page.locator("html")).to_have_attribute("lang", "de")
        expect(offline_notice).to_be_visible()

        page.goto(f"{live_server.url}/de/rules/")
        expect(page.locator("h1")).to_contain_text(_german("Rules"))

        # The board's page needs the server: the offline page says so, in German.
        page.goto(f"{live_server.url}/de/play/")
        expect(page.locator("h1")).to_have_text(offline_title)
        expect(page.locator("main .lead")).to_have_text(
            _german(
                "This page needs a connection to the server. Playing, the daily deal, the "
                "statistics and the leaderboard come back with the connection."
            )
        )
        expect(
            page.get_by_role("main").get_by_role("link", name=_german("Rules"))
        ).to_have_attribute("href", "/de/rules/")

        # An address without a language: the language last read.
        page.goto(f"{live_server.url}/")
        expect(page.locator("h1")).to_have_text(offline_title)
    finally:
        page.context.set_offline(False)
    assert errors == [], errors  # nothing refused by the Content-Security-Policy


@pytest.mark.parametrize("language", LANGUAGES)
def test_offline_page_is_accessible_and_valid(live_server, axe_page: Page, language):
    response = axe_page.goto(f"{live_server.url}/{language}/offline/")

    assert response.status == 200
    assert_no_axe_violations(axe_page)
    assert_valid_html(response.text())
