"""The board on a phone, held upright (360×740) and sideways (740×360), on every layout.

For a fresh deal of each layout: the page never scrolls sideways, every free tile's button
is at least 24×24 CSS px (WCAG 2.2 2.5.8; at least 40 px sideways where the layout's width
allows it), and a real tap on the visible centre of each free tile selects exactly that
tile. A board wider than the screen pans inside its frame, so each tile is first brought
into view the way a player would: by scrolling.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.conf import settings
from django.utils import translation
from playwright.sync_api import Browser, Page, expect

from mahjong import LAYOUTS, Board
from quiz.guide import guide_config
from tests.api.helpers import EXAMPLE
from tests.browser.accessibility import assert_no_axe_violations

SCREENSHOTS = Path(settings.BASE_DIR, "artifacts", "screenshots")

VIEWPORTS = {"portrait": (360, 740), "landscape": (740, 360)}

# Sideways, the tiles take the screen's width: 40 px tiles need 20 CSS px per half-tile
# column (plus the layers' depth), which the Bridge's 36 columns do not get in 740 px:
# (740 - 2 × 5.6 px of padding) / (36 + 3 × 0.28 + 0.4) = 19.57 px, tiles of 39.1 px.
LANDSCAPE_MIN = {layout_id: 40 for layout_id in LAYOUTS}
LANDSCAPE_MIN["L02"] = 39

# The visible part of a tile's button: its box clipped by the board's frame and the
# viewport, between the bar and the status line that stay in view when the phone is
# sideways.
VISIBLE_BOX = """(button) => {
  button.scrollIntoView({block: 'nearest', inline: 'nearest'});
  const box = button.getBoundingClientRect();
  const frame = document.getElementById('board').getBoundingClientRect();
  const sticky = (selector) => {
    const element = document.querySelector(selector);
    return getComputedStyle(element).position === 'sticky' ? element.getBoundingClientRect() : null;
  };
  const bar = sticky('.board-bar');
  const status = sticky('.board-status');
  const top = Math.max(box.top, frame.top, 0, bar ? bar.bottom : 0);
  const left = Math.max(box.left, frame.left, 0);
  const right = Math.min(box.right, frame.right, window.innerWidth);
  const bottom = Math.min(box.bottom, frame.bottom, window.innerHeight, status ? status.top : Infinity);
  return {width: box.width, height: box.height, top, left, right, bottom};
}"""

HIT = """([x, y]) => {
  const hit = document.elementFromPoint(x, y);
  const tile = hit && hit.closest('.tile');
  return tile ? Number(tile.dataset.id) : null;
}"""


def visible_box(page: Page, button) -> dict:
    """The button brought into view as a player would (by scrolling), and its visible box."""
    button.evaluate("b => b.scrollIntoView({block: 'nearest', inline: 'nearest'})")
    # Some of the board in view: the status line is kept in view (sideways) below it.
    expect(page.locator("#board-status")).to_have_class(re.compile(r"\bis-kept-in-view\b"))
    return button.evaluate(VISIBLE_BOX)


@pytest.fixture
def phone(browser: Browser, request):
    def open_context(orientation: str, *, bypass_csp: bool = False):
        width, height = VIEWPORTS[orientation]
        context = browser.new_context(
            viewport={"width": width, "height": height},
            is_mobile=True,
            has_touch=True,
            device_scale_factor=2,
            bypass_csp=bypass_csp,
        )
        request.addfinalizer(context.close)
        return context.new_page()

    return open_context


@pytest.mark.parametrize("orientation", list(VIEWPORTS))
@pytest.mark.parametrize("layout_id", list(LAYOUTS))
def test_every_free_tile_is_big_enough_and_a_tap_on_its_centre_selects_it(
    live_server, phone, layout_id, orientation
):
    page = phone(orientation)
    width, _height = VIEWPORTS[orientation]
    minimum = 24 if orientation == "portrait" else LANDSCAPE_MIN[layout_id]
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{live_server.url}/sv/play/?layout={layout_id}")
    expect(page.locator("#board")).to_have_attribute("aria-busy", "false")
    code = page.locator("#code-input").input_value()
    assert code.startswith(f"MJ1-{layout_id}-")
    board = Board.from_code(code)
    free = board.free_tiles()
    expect(page.locator("#board-tiles .tile.is-free")).to_have_count(len(free))

    assert page.evaluate("document.documentElement.scrollWidth") <= width
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=SCREENSHOTS / f"phone-{layout_id}-{orientation}.png", full_page=True)

    classes = board.deal.match_classes
    selected = None
    for tile_id in free:
        if selected is not None and classes[selected] == classes[tile_id]:
            # A matching second tap would remove the pair: deselect first.
            page.locator(f'#board-tiles .tile[data-id="{selected}"]').click()
            expect(page.locator('#board-tiles .tile[aria-pressed="true"]')).to_have_count(0)
        button = page.locator(f'#board-tiles .tile[data-id="{tile_id}"]')
        box = visible_box(page, button)
        assert box["width"] >= minimum and box["height"] >= minimum, (tile_id, box)
        x = (box["left"] + box["right"]) / 2
        y = (box["top"] + box["bottom"]) / 2
        assert page.evaluate(HIT, [x, y]) == tile_id, f"the centre of tile {tile_id} is hidden"
        page.touchscreen.tap(x, y)
        expect(button).to_have_attribute("aria-pressed", "true")
        expect(page.locator('#board-tiles .tile[aria-pressed="true"]')).to_have_count(1)
        selected = tile_id

    assert page.evaluate("document.documentElement.scrollWidth") <= width
    # Scrolled down through the board, the buttons kept in view are above the tiles.
    for button in ("#hint-button", "#pause-button"):
        box = page.locator(button).bounding_box()
        centre = [box["x"] + box["width"] / 2, box["y"] + box["height"] / 2]
        assert (
            page.evaluate(
                "([x, y]) => document.elementFromPoint(x, y)?.closest('button')?.id", centre
            )
            == button[1:]
        )
    assert errors == []


@pytest.mark.parametrize("orientation", list(VIEWPORTS))
def test_phone_board_is_accessible(live_server, phone, orientation):
    # The Bridge pans upright (a scrollable board) and stays put under a sticky bar sideways.
    page = phone(orientation, bypass_csp=True)
    page.goto(f"{live_server.url}/de/play/?layout=L02")
    expect(page.locator("#board")).to_have_attribute("aria-busy", "false")
    assert_no_axe_violations(page)


# Where an element is, against the part of the screen the player sees: below the bar and
# above the status line when they stay in view (a phone held sideways).
IN_VIEW = """(selector) => {
  const box = document.querySelector(selector).getBoundingClientRect();
  const sticky = (selector) => {
    const element = document.querySelector(selector);
    return getComputedStyle(element).position === 'sticky' ? element.getBoundingClientRect() : null;
  };
  const bar = sticky('.board-bar');
  const status = sticky('.board-status');
  const top = bar ? bar.bottom : 0;
  const bottom = status ? status.top : window.innerHeight;
  return box.top >= top - 1 && box.bottom <= bottom + 1;
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
    """The panel and the board do not fit on one phone screen: each step the player's
    tap brings on is scrolled into view, its heading not under the bar kept in view."""
    page = phone(orientation, bypass_csp=True)  # for axe-core
    with translation.override("el"):  # the longest words of the four
        guide = guide_config()
    words, tiles = guide["words"], guide["tiles"]
    page.goto(f"{live_server.url}/el/play/?code={EXAMPLE}&guide=1")
    expect(page.locator("#board")).to_have_attribute("aria-busy", "false")
    text = page.locator("#guide-text")
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)

    expect(text).to_contain_text(words["free"][0])
    assert page.evaluate(IN_VIEW, "#guide-title")
    if orientation == "landscape":  # the bar kept in view takes one line, even in Greek
        assert page.locator(".board-bar").bounding_box()["height"] <= 50
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
