"""The play page in both themes, with every tile set and every table, in every language:
axe-core finds no WCAG 2 A/AA violation (contrast included) in any of them. One page
load per language: the theme, the set and the table are switched with the board's own
controls, as a player does, and axe runs after each switch. The page's text is drawn in
the site's own font: its Latin file and its Greek one (the header's language menu names
Greek in Greek)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.api.helpers import EXAMPLE
from tests.browser.accessibility import assert_no_axe_violations

LANGUAGES = ["sv", "el", "de", "id"]

# Every set in both themes, and every table in both themes, each step one or two
# switches from the one before.
STEPS = [
    ("light", "classic", "felt"),
    ("light", "digits", "slate"),
    ("light", "large", "stone"),
    ("light", "ivory", "felt"),
    ("dark", "ivory", "stone"),
    ("dark", "large", "slate"),
    ("dark", "digits", "felt"),
    ("dark", "classic", "stone"),
]

# Which of the tiles' sheets each set draws from (digits draws none).
SHEET = {"classic": "classic.svg", "digits": None, "large": "large.svg", "ivory": "ivory.svg"}


def shown(page: Page) -> list:
    """The theme, set and table the page shows (the system's light theme has no
    attribute), and the sheet the tiles draw their pictures from, if any."""
    return page.evaluate(
        """() => {
          const data = document.documentElement.dataset;
          const art = getComputedStyle(document.querySelector('#board-tiles .tile .tile__art'));
          const sheet = art.display === 'none' ? null
            : art.backgroundImage.match(/tiles\\/(\\w+\\.svg)/)[1];
          return [data.theme || 'light', data.tileSet, data.table, sheet];
        }"""
    )


@pytest.mark.parametrize("lang", LANGUAGES)
def test_both_themes_every_tile_set_and_table_are_axe_clean(live_server, axe_page: Page, lang):
    page = axe_page
    page.emulate_media(color_scheme="light")
    page.goto(f"{live_server.url}/{lang}/play/?code={EXAMPLE}")
    expect(page.locator("#board")).to_have_attribute("aria-busy", "false")

    # The site's font, both its files loaded.
    fonts = page.evaluate(
        """async () => {
          await document.fonts.ready;
          return [...document.fonts].filter((face) => face.family.includes('Source Sans 3'))
            .map((face) => face.status);
        }"""
    )
    assert fonts == ["loaded", "loaded"]
    family = page.evaluate("getComputedStyle(document.body).fontFamily")
    assert family.startswith('"Source Sans 3"')

    # A selected tile too: its colours are part of the board a player reads.
    page.locator("#board-tiles .tile.is-free").first.click()
    expect(page.locator("#board-tiles .tile.is-selected")).to_have_count(1)
    toggle = page.locator("#theme-toggle")
    for theme, chosen_set, table in STEPS:
        if shown(page)[0] != theme:
            toggle.click()
        page.locator("#tile-set-select").select_option(chosen_set)
        page.locator("#table-select").select_option(table)
        expect(toggle).to_have_attribute("aria-pressed", "true" if theme == "dark" else "false")
        assert shown(page) == [theme, chosen_set, table, SHEET[chosen_set]]
        assert_no_axe_violations(page)
