"""An earlier day's daily deal in Chromium: followed from the daily page, the play page
says which day's deal it is and that it is not ranked, axe-clean; winning it says why it
is not ranked; a new game takes the label away."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import translation
from playwright.sync_api import Page, expect

from daily import codes as daily
from mahjong import Board
from tests.browser.accessibility import assert_no_axe_violations, assert_valid_html
from tests.browser.test_board import SCREENSHOTS, tile
from wording import formatting

# A stored flow: CI runs it again on PostgreSQL (make test-database).
pytestmark = pytest.mark.stored_flow

# Start a deal afresh and remove these pairs from inside the page (as test_board's
# fast_forward does for the example deal).
PLAY_PAIRS = """async ([code, pairs]) => {
  const config = JSON.parse(document.getElementById('board-config').textContent);
  const headers = {'Content-Type': 'application/json', 'X-CSRFToken': config.csrfToken};
  const state = await (await fetch('/api/games', {method: 'POST', headers,
    body: JSON.stringify({code})})).json();
  for (const [a, b] of pairs) {
    for (const t of [a, b]) {
      const r = await fetch(`/api/games/${state.id}/tap`, {method: 'POST', headers,
        body: JSON.stringify({tile: t})});
      if (!r.ok) throw new Error(await r.text());
    }
  }
}"""


def test_an_earlier_days_deal_is_labelled_and_its_win_says_why_not_ranked(
    live_server, axe_page: Page
):
    page = axe_page
    yesterday = daily.utc_day() - timedelta(days=1)
    code = str(daily.daily_code(yesterday, "L01"))
    page.goto(f"{live_server.url}/de/daily/?day={yesterday.isoformat()}&layout=L01")
    page.get_by_role("link", name="Diamant spielen (ohne Wertung)").click()
    expect(page.locator("#board")).to_have_attribute("aria-busy", "false")
    label = page.locator("#past-day")
    with translation.override("de"):
        day = formatting.long_day(yesterday)
    expect(label).to_be_visible()
    expect(label.locator("strong")).to_have_text(
        f"Das ist das Tagesspiel vom {day}. Tagesspiele früherer Tage werden nicht gewertet."
    )
    expect(label.get_by_role("link", name="Tagesbestenliste")).to_have_attribute(
        "href", f"/de/daily/?day={yesterday.isoformat()}&layout=L01#day-board"
    )
    assert_no_axe_violations(page)
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.set_viewport_size({"width": 360, "height": 740})
    page.screenshot(path=SCREENSHOTS / "past-day-de-360.png")
    page.set_viewport_size({"width": 1280, "height": 800})
    page.screenshot(path=SCREENSHOTS / "past-day-de-1280.png")

    # Won: the win screen says why it is not ranked, in the daily's own words.
    plan = Board.from_code(code).deal.plan
    page.evaluate(PLAY_PAIRS, [code, [list(p) for p in plan[:71]]])
    page.reload()
    expect(page.locator("#board")).to_have_attribute("aria-busy", "false")
    expect(label).to_be_visible()
    a, b = plan[71]
    tile(page, a).click()
    tile(page, b).click()
    won = page.locator("#won-dialog")
    expect(won).to_be_visible()
    expect(won.locator("#won-facts")).to_contain_text(
        "Dieser Sieg wird nicht gewertet. Sie haben das Tagesspiel eines früheren Tages "
        "gespielt, und solche Partien werden nie gewertet."
    )
    assert_no_axe_violations(page)

    # A new game is not that day's deal: the label goes.
    won.get_by_role("button", name="Neues Spiel").click()
    expect(page.locator("#tiles-left")).to_have_text("144")
    expect(label).to_be_hidden()
    # The page as the server sends it, label and gallery included, is valid HTML.
    response = page.goto(f"{live_server.url}/de/play/?code={code}&day={yesterday.isoformat()}")
    assert_valid_html(response.text())
    expect(label).to_be_visible()


def test_an_earlier_days_code_typed_in_the_panel_is_labelled_at_once(live_server, page: Page):
    """No reload: the game started from the panel's code field says which day's deal it is
    and links to that day's board; a fresh deal then takes the label away again."""
    yesterday = daily.utc_day() - timedelta(days=1)
    code = str(daily.daily_code(yesterday, "L02"))
    page.goto(f"{live_server.url}/sv/play/?layout=L00")
    expect(page.locator("#board")).to_have_attribute("aria-busy", "false")
    label = page.locator("#past-day")
    expect(label).to_be_hidden()
    page.evaluate("() => { window.notReloaded = true; }")

    page.locator("#new-game-button").click()
    page.get_by_label("Spelkod").fill(code)
    page.get_by_role("button", name="Spela med koden").click()
    with translation.override("sv"):
        day = formatting.long_day(yesterday)
    expect(label.locator("strong")).to_have_text(
        f"Det här är given från den {day}. Givar från tidigare dagar räknas inte på topplistan."
    )
    expect(label).to_be_visible()
    expect(label.get_by_role("link", name="Topplistan för den dagen")).to_have_attribute(
        "href", f"/sv/daily/?day={yesterday.isoformat()}&layout=L02#day-board"
    )
    assert page.evaluate("() => document.getElementById('board').controller.game.code") == code
    assert page.evaluate("() => window.notReloaded === true")  # the same page, not reloaded

    # A fresh deal from the panel's list: not that day's deal, so the label goes.
    page.locator("#new-game-button").click()
    page.locator("#new-game-form").get_by_role("button", name="Spela", exact=True).click()
    expect(label).to_be_hidden()
    assert page.evaluate("() => window.notReloaded === true")
