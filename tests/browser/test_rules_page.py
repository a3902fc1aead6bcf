"""The rules page in real Chromium: every language, a phone's and a desktop's width."""

from pathlib import Path

import pytest
from django.conf import settings
from django.core.cache import cache
from playwright.sync_api import Page, expect

from quiz.services import rules_sections_load

SCREENSHOTS = Path(settings.BASE_DIR, "artifacts", "screenshots")
HEADINGS = {
    "sv": "Reglerna i Mahjong Solitaire",
    "el": "Οι κανόνες του Mahjong Solitaire",
    "de": "Die Regeln von Mahjong Solitaire",
    "id": "Aturan Mahjong Solitaire",
}
WIDTHS = [360, 1280]


@pytest.fixture
def site_content(transactional_db):
    rules_sections_load()
    cache.clear()
    yield
    cache.clear()


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("lang", list(HEADINGS))
def test_rules_page_shows_its_sections_and_diagrams(
    live_server, site_content, page: Page, lang, width
):
    console_errors = []
    page.on("console", lambda m: console_errors.append(m.text) if m.type == "error" else None)
    page.set_viewport_size({"width": width, "height": 900})

    page.goto(f"{live_server.url}/{lang}/rules/")

    expect(page.locator("html")).to_have_attribute("lang", lang)
    expect(page.get_by_role("heading", level=1)).to_have_text(HEADINGS[lang])
    expect(page.get_by_role("img")).to_have_count(7)
    expect(page.locator('[aria-current="page"]')).to_have_attribute("href", f"/{lang}/rules/")
    # The stylesheet styles the diagrams: blocked faces are darker than free ones.
    free = page.locator("#diagram-example-title ~ g.tile:not(.tile--blocked) .tile__face").first
    blocked = page.locator("#diagram-example-title ~ g.tile--blocked .tile__face").first
    assert free.evaluate("e => getComputedStyle(e).fill") != blocked.evaluate(
        "e => getComputedStyle(e).fill"
    )
    # Nothing overflows sideways, and every diagram fits the screen.
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    for box in page.locator("svg.diagram").evaluate_all(
        "els => els.map(e => e.getBoundingClientRect().right)"
    ):
        assert box <= width
    assert console_errors == []  # e.g. no Content-Security-Policy violation

    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=SCREENSHOTS / f"rules-{lang}-{width}.png", full_page=True)


def test_language_switcher_on_the_rules_page_keeps_the_rules_page(
    live_server, site_content, page: Page
):
    page.goto(f"{live_server.url}/sv/rules/#free-tile")

    page.get_by_role("navigation", name="Språk").get_by_role("link", name="Ελληνικά").click()

    expect(page).to_have_url(f"{live_server.url}/el/rules/")
    expect(page.locator("html")).to_have_attribute("lang", "el")


def test_section_anchor_links_to_its_heading(live_server, site_content, page: Page):
    page.goto(f"{live_server.url}/de/rules/")

    page.get_by_role("link", name="Link zum Abschnitt „Der freie Spielstein“").click()

    expect(page).to_have_url(f"{live_server.url}/de/rules/#free-tile")
    expect(page.locator("#free-tile")).to_be_in_viewport()


def test_rules_page_sets_no_cookie_in_the_browser(live_server, site_content, page: Page):
    page.goto(f"{live_server.url}/id/rules/")

    assert page.context.cookies() == []
