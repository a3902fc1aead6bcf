"""The home page in real Chromium, in every language, on a phone and a desktop screen."""

from pathlib import Path

import pytest
from django.conf import settings
from playwright.sync_api import Page, expect

SCREENSHOTS = Path(settings.BASE_DIR, "artifacts", "screenshots")
HEADINGS = {
    "sv": "Välkommen till Mahjong Solitaire",
    "el": "Καλώς ήρθατε στο Mahjong Solitaire",
    "de": "Willkommen bei Mahjong Solitaire",
    "id": "Selamat datang di Mahjong Solitaire",
}
WIDTHS = [360, 1280]


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("lang", list(HEADINGS))
def test_home_page_shows_translated_heading(live_server, page: Page, lang, width):
    console_errors = []
    page.on("console", lambda m: console_errors.append(m.text) if m.type == "error" else None)
    page.set_viewport_size({"width": width, "height": 800})

    page.goto(f"{live_server.url}/{lang}/")

    expect(page.locator("html")).to_have_attribute("lang", lang)
    expect(page.get_by_role("heading", level=1)).to_have_text(HEADINGS[lang])
    expect(page.get_by_role("heading", level=1)).to_be_visible()
    # The home page's stylesheet loaded and applied (its first part laid out as a grid).
    assert page.locator(".home-hero").evaluate("el => getComputedStyle(el).display") == "grid"
    # Nothing overflows sideways on a narrow screen.
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    assert console_errors == []  # e.g. no Content-Security-Policy violation

    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=SCREENSHOTS / f"home-{lang}-{width}.png", full_page=True)


def test_language_switcher_keeps_the_visitor_on_the_same_page(live_server, page: Page):
    page.goto(f"{live_server.url}/sv/")

    page.get_by_role("navigation", name="Språk").get_by_role("link", name="Deutsch").click()

    expect(page).to_have_url(f"{live_server.url}/de/")
    expect(page.locator("html")).to_have_attribute("lang", "de")
