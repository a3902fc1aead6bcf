"""The play page in both themes and both tile sets, in every language: axe-core finds no
WCAG 2 A/AA violation (contrast included) in any of the four. One page load per language:
the theme and the set are switched with the board's own controls, as a player does, and
axe runs after each switch."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.api.helpers import EXAMPLE
from tests.browser.accessibility import assert_no_axe_violations

LANGUAGES = ["sv", "el", "de", "id"]

# Every pair of theme and set, each reached from the one before by one switch.
STEPS = [("light", "classic"), ("light", "digits"), ("dark", "digits"), ("dark", "classic")]


def shown(page: Page) -> list[str]:
    """The theme and set the page shows (the system's light theme has no attribute), and
    whether the tiles draw their pictures."""
    return page.evaluate(
        """() => [
          document.documentElement.dataset.theme || 'light',
          document.documentElement.dataset.tileSet,
          getComputedStyle(document.querySelector('#board-tiles .tile .tile__art')).display,
        ]"""
    )


@pytest.mark.parametrize("lang", LANGUAGES)
def test_both_themes_and_both_tile_sets_are_axe_clean(live_server, axe_page: Page, lang):
    page = axe_page
    page.emulate_media(color_scheme="light")
    page.goto(f"{live_server.url}/{lang}/play/?code={EXAMPLE}")
    expect(page.locator("#board")).to_have_attribute("aria-busy", "false")
    # A selected tile too: its colours are part of the board a player reads.
    page.locator("#board-tiles .tile.is-free").first.click()
    expect(page.locator("#board-tiles .tile.is-selected")).to_have_count(1)
    toggle = page.locator("#theme-toggle")
    tile_set = page.locator("#tile-set-select")
    for theme, chosen_set in STEPS:
        if shown(page)[0] != theme:
            toggle.click()
        if shown(page)[1] != chosen_set:
            tile_set.select_option(chosen_set)
        expect(toggle).to_have_attribute("aria-pressed", "true" if theme == "dark" else "false")
        art = "block" if chosen_set == "classic" else "none"
        assert shown(page) == [theme, chosen_set, art]
        assert_no_axe_violations(page)
