"""The board on a phone, held upright (360×740) and sideways (740×360).

The size of every free tile and the share of it a tap reaches, on every layout, are
tested in test_fit.py; here: the phone board is accessible, and the guided first game's
steps come into view on a phone.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.conf import settings
from django.utils import translation
from playwright.sync_api import Page, expect

from quiz.guide import guide_config
from tests.api.helpers import EXAMPLE
from tests.browser.accessibility import assert_no_axe_violations

SCREENSHOTS = Path(settings.BASE_DIR, "artifacts", "screenshots")

VIEWPORTS = {"portrait": (360, 740), "landscape": (740, 360)}

# The visible part of a tile's button: its box clipped by the board's frame and the
# viewport.
VISIBLE_BOX = """(button) => {
  button.scrollIntoView({block: 'nearest', inline: 'nearest'});
  const box = button.getBoundingClientRect();
  const frame = document.getElementById('board').getBoundingClientRect();
  const top = Math.max(box.top, frame.top, 0);
  const left = Math.max(box.left, frame.left, 0);
  const right = Math.min(box.right, frame.right, window.innerWidth);
  const bottom = Math.min(box.bottom, frame.bottom, window.innerHeight);
  return {width: box.width, height: box.height, top, left, right, bottom};
}"""

HIT = """([x, y]) => {
  const hit = document.elementFromPoint(x, y);
  const tile = hit && hit.closest('.tile');
  return tile ? Number(tile.dataset.id) : null;
}"""


def visible_box(page: Page, button) -> dict:
    """The button brought into view as a player would (by panning), and its visible box."""
    return button.evaluate(VISIBLE_BOX)


@pytest.mark.parametrize("orientation", list(VIEWPORTS))
def test_phone_board_is_accessible(live_server, phone, orientation):
    # The Bridge pans upright (a scrollable, zoomable board) and fits the screen sideways.
    page = phone(*VIEWPORTS[orientation], axe=True)
    page.goto(f"{live_server.url}/de/play/?layout=L02")
    expect(page.locator("#board")).to_have_attribute("aria-busy", "false")
    assert_no_axe_violations(page)


# Whether an element is on screen, whole.
IN_VIEW = """(selector) => {
  const box = document.querySelector(selector).getBoundingClientRect();
  return box.top >= -1 && box.bottom <= window.innerHeight + 1;
}"""


def tap_centre(page: Page, tile_id: int) -> None:
    box = visible_box(page, page.locator(f'#board-tiles .tile[data-id="{tile_id}"]'))
    x, y = (box["left"] + box["right"]) / 2, (box["top"] + box["bottom"]) / 2
    assert page.evaluate(HIT, [x, y]) == tile_id
    page.touchscreen.tap(x, y)


@pytest.mark.parametrize("orientation", list(VIEWPORTS))
def test_each_step_of_the_guide_comes_into_view_on_a_phone(
    live_server, site_content, phone, orientation
):
    """The guide's panel and the board share the screen: each step the player's tap brings
    on is in view, and so is the board."""
    page = phone(*VIEWPORTS[orientation], axe=True)  # for axe-core
    with translation.override("el"):  # the longest words of the four
        guide = guide_config()
    words, tiles = guide["words"], guide["tiles"]
    page.goto(f"{live_server.url}/el/play/?code={EXAMPLE}&guide=1")
    expect(page.locator("#board")).to_have_attribute("aria-busy", "false")
    text = page.locator("#guide-text")
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)

    expect(text).to_contain_text(words["free"][0])
    assert page.evaluate(IN_VIEW, "#guide-title")
    assert page.evaluate("document.documentElement.scrollWidth") <= VIEWPORTS[orientation][0]
    page.screenshot(path=SCREENSHOTS / f"guide-el-{orientation}-1.png")
    for step, tile_id in (("match", tiles["free"]), ("blocked", tiles["match"])):
        tap_centre(page, tile_id)
        expect(text).to_contain_text(words[step][0])
        assert page.evaluate(IN_VIEW, "#guide-title"), step
        page.screenshot(path=SCREENSHOTS / f"guide-el-{orientation}-{step}.png")

    # The last step is not scrolled to: the player sees what the blocked tap did.
    tap_centre(page, tiles["blocked"])
    expect(text).to_contain_text(words["done"][0])
    expect(page.locator("#board-tiles .tile.is-blocker").first).to_be_in_viewport()
    page.screenshot(path=SCREENSHOTS / f"guide-el-{orientation}-done.png")
    assert_no_axe_violations(page)  # the reason said, its blockers outlined, the last step


def test_the_settings_of_a_phones_bar_open_in_a_panel(live_server, phone):
    """Upright, the bar keeps the game's controls; the settings button opens the rest in
    a panel a keyboard uses as well as a finger. Esc closes it and gives the focus back
    to the button (and pauses nothing); with the panel closed, Esc pauses as before. A
    control of the panel that opens a dialog closes it; the focus then comes back."""
    page = phone(*VIEWPORTS["portrait"], axe=True)  # for axe-core
    page.goto(f"{live_server.url}/de/play/?code={EXAMPLE}")
    expect(page.locator("#board")).to_have_attribute("aria-busy", "false")
    button = page.get_by_role("button", name="Einstellungen")
    panel = page.locator("#board-settings")
    pause = page.locator("#pause-button")
    expect(button).to_have_attribute("aria-expanded", "false")
    expect(button).to_have_attribute("aria-controls", "board-settings")
    expect(panel).to_be_hidden()
    for control in ("Hinweis", "Rückgängig", "Pause", "Neues Spiel"):
        expect(page.get_by_role("button", name=control, exact=True)).to_be_in_viewport()

    # A tile tapped with the keyboard starts the clock (Pause can then be pressed).
    page.locator('#board-tiles .tile[tabindex="0"]').focus()
    page.keyboard.press("Enter")
    expect(pause).to_be_enabled()

    button.focus()
    page.keyboard.press("Enter")
    expect(button).to_have_attribute("aria-expanded", "true")
    expect(panel).to_be_visible()
    expect(page.get_by_label("Spielsteinsatz", exact=True)).to_be_focused()
    assert_no_axe_violations(page)
    # Every setting is reached with Tab, in the order it is shown, and works.
    page.keyboard.press("Tab")
    expect(page.get_by_label("Hintergrund", exact=True)).to_be_focused()
    for name in ("Dunkles Design", "Ton", "Tastenkürzel"):
        page.keyboard.press("Tab")
        expect(page.get_by_role("button", name=name)).to_be_focused()
    page.keyboard.press("Tab")
    expect(page.get_by_label("Freie Spielsteine zeigen")).to_be_focused()
    page.keyboard.press("Space")
    expect(page.locator("#board")).to_have_class(re.compile(r"\bshows-free\b"))

    page.keyboard.press("Escape")
    expect(panel).to_be_hidden()
    expect(button).to_have_attribute("aria-expanded", "false")
    expect(button).to_be_focused()
    expect(pause).to_have_attribute("aria-pressed", "false")
    page.keyboard.press("Escape")
    expect(pause).to_have_attribute("aria-pressed", "true")
    pause.click()
    expect(pause).to_have_attribute("aria-pressed", "false")

    # The help sheet from the panel: the panel closes under it, the focus comes back.
    button.click()
    page.get_by_role("button", name="Tastenkürzel").click()
    expect(page.locator("#help-sheet")).to_be_visible()
    expect(panel).to_be_hidden()
    page.keyboard.press("Escape")
    expect(page.locator("#help-sheet")).to_be_hidden()
    expect(button).to_be_focused()

    # A tap outside the panel closes it.
    button.click()
    expect(panel).to_be_visible()
    page.locator("#board-bar .board-bar__facts").click()
    expect(panel).to_be_hidden()

    # With the board never turned (the panel's last setting), the Turtle is too wide for
    # a finger's tiles upright: the zoom buttons float on the board's corner, named, next
    # after the board with Tab.
    button.click()
    page.get_by_label("Spielfeld im Hochformat drehen").select_option("never")
    page.keyboard.press("Escape")
    expect(panel).to_be_hidden()
    zoom_in = page.get_by_role("button", name="Vergrößern")
    expect(zoom_in).to_be_visible()
    page.locator('#board-tiles .tile[tabindex="0"]').focus()
    page.keyboard.press("Tab")
    expect(zoom_in).to_be_focused()
    expect(page.get_by_role("button", name="Verkleinern")).to_be_visible()
    felt = page.locator("#board-felt").bounding_box()
    box = zoom_in.bounding_box()
    assert felt["x"] <= box["x"] and box["x"] + box["width"] <= felt["x"] + felt["width"]
    assert felt["y"] <= box["y"] and box["y"] + box["height"] <= felt["y"] + felt["height"]
