"""The board fits the screen, on every layout, at every size a player brings.

Pages of a desktop's, a tablet's and a phone's sizes. Each layout is dealt from inside
the page (the page's own controller, as the "New game" panel does), then measured at each
of that kind's sizes in turn, the page resized between them as a window dragged or a
device turned is: the board re-fits and loses nothing. On a phone held upright every
layout is dealt anew, as a new game opens there, and then measured:
- desktops, tablets (upright too) and phones held sideways: the bar and the whole board
  are on screen at once, with no scrolling; tablets on the layouts that need the most
  room (see ``extremes``);
- phones held upright: the bar and the board's frame are on screen without scrolling the
  page, nothing scrolls sideways, and the felt hugs the board (a wide layout turned: the
  size of its tiles there is tested in test_upright_phone.py). A new game shows the whole
  board at a glance; where its tiles are under 24 px there (the overview,
  static/js/fit.js), a tap or + zooms in to the playing size, where the board pans inside
  its frame (and − goes back); a signed-in player's head is as slim as a visitor's;
- everywhere, when playing: every free tile is at least 24 × 24 CSS px, and at least 60 %
  of each free tile's face is its own (hit-testing a grid of points over its box finds
  that tile). Only the overview has smaller tiles, and only a phone held upright has one.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from playwright.sync_api import Browser, expect

from mahjong import LAYOUTS
from tests.browser.test_editor import sign_in

SCREENSHOTS = Path(settings.BASE_DIR, "artifacts", "screenshots")

DESKTOPS = [(1280, 800), (1366, 768), (1920, 1080), (2560, 1440)]
SIDEWAYS = [(740, 360), (844, 390)]
UPRIGHT = [(360, 740), (390, 844)]
# Tablets, upright and sideways: between a phone's layout (up to 34rem wide upright) and a
# desktop's; they get a desktop's (the whole board, no overview).
TABLETS = [(768, 1024), (1024, 768), (820, 1180), (1180, 820), (1024, 1366)]
PHONE_UPRIGHT_MAX_WIDTH = 544  # 34rem: board.css's upright phone


def extremes() -> list[str]:
    """The layouts that need the most room in some direction: the widest, the tallest, the
    one with the most layers (each layer shifts the tiles up and to the side) and the one
    with the largest area. A screen that fits these four fits every other layout with
    tiles at least as large, so the tablets' sizes are measured on them alone (every
    layout at five more sizes would cost CI a minute)."""
    sizes = {}
    for layout_id, layout in LAYOUTS.items():
        xs, ys, zs = zip(*((x, y, z) for x, y, z in layout.positions), strict=True)
        sizes[layout_id] = (max(xs) - min(xs) + 2, max(ys) - min(ys) + 2, max(zs) + 1)
    pick = [
        max(sizes, key=lambda key: sizes[key][0]),
        max(sizes, key=lambda key: sizes[key][1]),
        max(sizes, key=lambda key: sizes[key][2]),
        max(sizes, key=lambda key: sizes[key][0] * sizes[key][1]),
    ]
    return sorted(set(pick))


# In the page: deal the layout (or measure the one shown, after a resize), and give back
# what broke (an empty list when all is well) and the smallest free tile, the smallest
# share of a free tile's face found to be its own (a passing tile's is counted up to the
# 60 % it needs: 0.61 reads "at least that"), and whether it opened on the overview.
MEASURE = """async ({layout, deal, whole, upright}) => {
  const board = document.getElementById('board');
  const controller = board.controller;
  // The rendering update after a change has run, with its ResizeObserver callbacks (where
  // the board re-fits), once a task queued from that update's animation frame runs: half
  // the wait of a second animation frame, paid some 300 times per page.
  const frame = () => new Promise((done) => requestAnimationFrame(() => setTimeout(done, 0)));
  const problems = [];
  const inView = (box) => box.top >= -0.5 && box.left >= -0.5
    && box.bottom <= innerHeight + 0.5 && box.right <= innerWidth + 0.5;
  const inside = (box, outer) => box.top >= outer.top - 0.5 && box.left >= outer.left - 0.5
    && box.bottom <= outer.bottom + 0.5 && box.right <= outer.right + 0.5;
  const game = deal ? await controller.newGame({layout}, {confirmed: true}) : controller.game;
  if (!game || game.layout.id !== layout) return {problems: [`${layout}: not dealt`], figure: null};
  await frame();
  const say = (text) => problems.push(`${layout}: ${text}`);
  if (scrollX !== 0 || scrollY !== 0) say(`the page scrolled to ${scrollX}, ${scrollY}`);
  if (document.documentElement.scrollWidth > innerWidth) say('the page scrolls sideways');
  const bar = document.getElementById('board-bar').getBoundingClientRect();
  const frameBox = document.getElementById('board-frame').getBoundingClientRect();
  if (!inView(bar)) say('the bar is not on screen');
  if (!inView(frameBox)) say('the board is not on screen');
  const overview = board.classList.contains('is-overview');
  const pans = () => board.scrollWidth > board.clientWidth + 1
    || board.scrollHeight > board.clientHeight + 1;
  if (upright) {
    // At first the whole board, in the overview exactly where its tiles are too small
    // for a finger; + then zooms in to the playing size.
    const tiles = document.getElementById('board-tiles').getBoundingClientRect();
    if (!inside(tiles, frameBox) || !inView(tiles)) say('the whole board is not shown at first');
    if (pans()) say('the board pans at first');
    // The felt hugs the board: no band of empty felt above or below the tiles (the
    // room around it is the page's), and the board's tools right below them.
    const felt = document.getElementById('board-felt').getBoundingClientRect();
    const tools = document.getElementById('board-tools');
    const below = tools.hidden ? 0 : tools.getBoundingClientRect().height;
    if (felt.height > tiles.height + below + 1) {
      say(`the felt is ${felt.height} px high for ${tiles.height} px of board and ${below} px of tools`);
    }
    // A tile's shorter side (a turned board's tiles lie on their side).
    const narrowest = Math.min(...[...board.querySelectorAll('.tile.is-free')]
      .map((button) => button.getBoundingClientRect())
      .map((box) => Math.min(box.width, box.height)));
    if (overview !== narrowest < 24) say(`overview ${overview} with free tiles ${narrowest} px wide`);
    if (overview) {
      document.getElementById('zoom-in').click();
      await frame();
      if (board.classList.contains('is-overview')) say('+ did not leave the overview');
    }
  } else if (overview) {
    say('an overview where the whole board fits');
  }
  if (whole) {
    const tiles = document.getElementById('board-tiles').getBoundingClientRect();
    if (!inside(tiles, frameBox) || !inView(tiles)) say('part of the board is off screen');
    if (board.scrollWidth > board.clientWidth + 1 || board.scrollHeight > board.clientHeight + 1) {
      say('the board pans');
    }
  }
  const visible = board.getBoundingClientRect();
  // Hit-testing is slow: a tile's whole grid of points is tested where some tile drawn
  // above it (its face, or its side down and to the right) reaches into its box, and
  // its centre alone elsewhere.
  const sizes = document.getElementById('board-tiles').style;
  const side = parseFloat(sizes.getPropertyValue('--u')) * parseFloat(sizes.getPropertyValue('--depth'));
  const shown = [...board.querySelectorAll('.tile:not([hidden])')].map((button) => (
    {button, box: button.getBoundingClientRect(), order: Number(getComputedStyle(button).zIndex)}));
  const overlaps = (a, b) => a.left < b.right - 0.5 && b.left < a.right - 0.5
    && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;
  let smallest = Infinity;
  let least = 1;
  for (const tile of shown) {
    const button = tile.button;
    if (!button.classList.contains('is-free')) continue;
    let box = button.getBoundingClientRect();
    smallest = Math.min(smallest, box.width, box.height);
    if (box.width < 24 || box.height < 24) say(`tile ${button.dataset.id} is ${box.width} × ${box.height}`);
    const covered = shown.some((other) => other !== tile && other.order >= tile.order
      && overlaps(tile.box, {left: other.box.left, top: other.box.top,
        right: other.box.right + side + 1, bottom: other.box.bottom + side + 1}));
    if (!inside(box, visible)) {
      button.scrollIntoView({block: 'nearest', inline: 'nearest'});
      box = button.getBoundingClientRect();
    }
    // Each hit-test costs about a millisecond on a board of 144 tiles: the points are
    // tested until 60 % of them are the tile's own (then it passes, whatever the rest
    // would say), and all of them where it fails (the message counts them).
    let own = 0;
    const n = covered ? 6 : 1;
    const enough = Math.ceil(0.6 * n * n);
    for (let k = 0; k < n * n && own < enough; k++) {
      const x = box.left + (Math.floor(k / n) + 0.5) * box.width / n;
      const y = box.top + (k % n + 0.5) * box.height / n;
      const hit = document.elementFromPoint(x, y);
      if (hit && hit.closest('.tile') === button) own++;
    }
    least = Math.min(least, own / (n * n));
    if (own / (n * n) < 0.6) say(`tile ${button.dataset.id}: only ${own} of ${n * n} points are its own`);
  }
  board.scrollLeft = (board.scrollWidth - board.clientWidth) / 2;
  board.scrollTop = (board.scrollHeight - board.clientHeight) / 2;
  // Upright, back to the whole board with −, as a player does before turning the
  // phone (a zoomed-in board stays zoomed in over a turn).
  const out = document.getElementById('zoom-out');
  for (let i = 0; upright && i < 8 && out.offsetParent && !out.disabled; i++) {
    out.click();
    await frame();
  }
  const figure = [Math.round(smallest * 10) / 10, Math.round(least * 100) / 100, overview];
  return {problems, figure};
}"""


@pytest.fixture
def open_at(browser: Browser, request):
    def open_page(width: int, height: int, *, phone: bool):
        context = browser.new_context(
            viewport={"width": width, "height": height},
            is_mobile=phone,
            has_touch=phone,
            device_scale_factor=2 if phone else 1,
        )
        request.addfinalizer(context.close)
        return context.new_page()

    return open_page


def measure_every_layout(page, plans, layouts=tuple(LAYOUTS)) -> None:
    """plans(i): the sizes to measure layout i (of ``layouts``) at, in order, each with
    whether the layout is dealt there; the first size of each plan is the one the page
    is at."""
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    problems: list[str] = []
    figures: dict[tuple[int, int], dict] = {}
    for i, layout in enumerate(layouts):
        for (width, height), deal in plans(i):
            if page.viewport_size != {"width": width, "height": height}:
                page.set_viewport_size({"width": width, "height": height})
            upright = height > width and width <= PHONE_UPRIGHT_MAX_WIDTH
            result = page.evaluate(
                MEASURE, {"layout": layout, "deal": deal, "whole": not upright, "upright": upright}
            )
            problems += [f"{width}×{height}: {problem}" for problem in result["problems"]]
            figures.setdefault((width, height), {})[layout] = result["figure"]
            if i == len(layouts) - 1:
                SCREENSHOTS.mkdir(parents=True, exist_ok=True)
                page.screenshot(path=SCREENSHOTS / f"fit-{width}x{height}.png")
    for (width, height), found in figures.items():
        Path(SCREENSHOTS, f"fit-{width}x{height}.json").write_text(json.dumps(found))
    assert problems == []
    assert {size: sorted(found) for size, found in figures.items()} == {
        size: sorted(layouts) for size in figures
    }
    assert errors == []


# Two pages of desktops (two tests that a parallel run can share out).
@pytest.mark.parametrize("sizes", [DESKTOPS[:2], DESKTOPS[2:]], ids=["smaller", "larger"])
def test_every_layout_fits_a_desktops_screen(live_server, open_at, sizes):
    page = open_at(*sizes[0], phone=False)
    page.goto(f"{live_server.url}/de/play/?layout=L00")
    expect(page.locator("#board")).to_have_attribute("aria-busy", "false")
    # Dealt at one size, then resized to the other (back and forth: no extra resize).
    measure_every_layout(
        page,
        lambda i: [(size, j == 0) for j, size in enumerate(sizes[:: 1 if i % 2 == 0 else -1])],
    )


def test_the_largest_layouts_fit_a_tablets_screen_upright_and_sideways(live_server, open_at):
    """A tablet, turned from one size to the next: the whole board and the bar on screen
    with no scrolling, no overview, every free tile at least 24 px."""
    layouts = extremes()
    page = open_at(*TABLETS[0], phone=True)
    page.goto(f"{live_server.url}/de/play/?layout={layouts[0]}")
    expect(page.locator("#board")).to_have_attribute("aria-busy", "false")
    measure_every_layout(
        page,
        lambda i: [(size, j == 0) for j, size in enumerate(TABLETS[:: 1 if i % 2 == 0 else -1])],
        layouts,
    )


def test_every_layout_fits_a_phones_screen_upright_and_sideways(live_server, open_at):
    page = open_at(*UPRIGHT[0], phone=True)
    page.goto(f"{live_server.url}/sv/play/?layout=L00")
    expect(page.locator("#board")).to_have_attribute("aria-busy", "false")
    # Dealt upright (a new game opens there on the whole board), turned sideways, turned
    # back upright at the other size and dealt again there.
    turn = [(UPRIGHT[0], True), (SIDEWAYS[0], False), (SIDEWAYS[1], False), (UPRIGHT[1], True)]
    measure_every_layout(page, lambda i: turn if i % 2 == 0 else turn[::-1])


HEAD_HEIGHT = "document.querySelector('.site-header').getBoundingClientRect().height"


def test_a_signed_in_players_head_on_an_upright_phone_is_as_slim_as_a_visitors(
    live_server, open_at
):
    """Signed in, the head also holds the player's name and Sign out: on the one line
    of a phone's play page they scroll sideways with the rest instead of wrapping (a long
    name broken letter by letter made the head three times as tall), so the bar and the
    board stay on screen."""
    player = get_user_model().objects.create_user(
        "Konstantinopoulos_long", password="a long enough secret 42"
    )
    for width, height in UPRIGHT:
        page = open_at(width, height, phone=True)
        page.goto(f"{live_server.url}/id/play/?layout=L00")
        expect(page.locator("#board")).to_have_attribute("aria-busy", "false")
        visitors = page.evaluate(HEAD_HEIGHT)
        sign_in(page, live_server, player)
        page.reload()
        expect(page.locator(".site-account__name")).to_have_text(player.username)
        expect(page.locator("#board")).to_have_attribute("aria-busy", "false")
        result = page.evaluate(
            MEASURE, {"layout": "L00", "deal": False, "whole": False, "upright": True}
        )
        assert result["problems"] == [], (width, height)
        assert page.evaluate(HEAD_HEIGHT) <= visitors + 2, (width, height, visitors)


# A free tile that the next layer partly covers, and a point of it that shows, as near to
# the covered part as there is one: the Turtle at a phone's size sideways has them.
PARTLY_COVERED = """() => {
  const n = 12;
  for (const button of document.querySelectorAll('#board-tiles .tile.is-free')) {
    const box = button.getBoundingClientRect();
    const own = [];
    const other = [];
    for (let i = 0; i < n; i++) {
      for (let j = 0; j < n; j++) {
        const x = box.left + (i + 0.5) * box.width / n;
        const y = box.top + (j + 0.5) * box.height / n;
        const hit = document.elementFromPoint(x, y)?.closest('.tile');
        (hit === button ? own : hit ? other : []).push([x, y]);
      }
    }
    if (!other.length || !own.length) continue;
    const [cx, cy] = other.reduce(([a, b], [x, y]) => [a + x / other.length, b + y / other.length], [0, 0]);
    own.sort((p, q) => Math.hypot(p[0] - cx, p[1] - cy) - Math.hypot(q[0] - cx, q[1] - cy));
    return {id: Number(button.dataset.id), point: own[0]};
  }
  return null;
}"""


def test_a_tap_on_the_visible_part_of_a_partly_covered_tile_selects_it(live_server, open_at):
    page = open_at(740, 360, phone=True)
    page.goto(f"{live_server.url}/id/play/?layout=L00")
    expect(page.locator("#board")).to_have_attribute("aria-busy", "false")
    found = page.evaluate(PARTLY_COVERED)
    assert found is not None, "no free tile is partly covered"
    page.touchscreen.tap(*found["point"])
    tile = page.locator(f'#board-tiles .tile[data-id="{found["id"]}"]')
    expect(tile).to_have_attribute("aria-pressed", "true")
    expect(page.locator('#board-tiles .tile[aria-pressed="true"]')).to_have_count(1)


# The middle of the free tile nearest the middle of the board, where hit-testing finds
# that tile (a zoom keeps the point under the finger where the board can move so).
FREE_POINT = """() => {
  const frame = document.getElementById('board').getBoundingClientRect();
  const [cx, cy] = [frame.left + frame.width / 2, frame.top + frame.height / 2];
  let best = null;
  for (const button of document.querySelectorAll('#board-tiles .tile.is-free')) {
    const box = button.getBoundingClientRect();
    const [x, y] = [box.left + box.width / 2, box.top + box.height / 2];
    if (document.elementFromPoint(x, y)?.closest('.tile') !== button) continue;
    const distance = Math.hypot(x - cx, y - cy);
    if (!best || distance < best.distance) {
      best = {id: Number(button.dataset.id), point: [x, y], width: box.width, distance};
    }
  }
  return best;
}"""

TILE_AT = "([x, y]) => Number(document.elementFromPoint(x, y)?.closest('.tile')?.dataset.id)"


def test_the_overview_on_an_upright_phone_zooms_in_where_it_is_tapped(live_server, open_at):
    """The Turtle at 360 px, with the board never turned (the board's setting): the whole
    board, tiles under 24 px, and words that say what a tap does. A tap zooms in around
    the tile under the finger and taps nothing; the next tap on it selects it; − goes back
    to the overview, where the keyboard still plays."""
    page = open_at(360, 740, phone=True)
    page.goto(f"{live_server.url}/el/play/?layout=L00")
    page.evaluate("localStorage.setItem('mahjong.turnBoard', 'never')")
    page.reload()
    expect(page.locator("#board")).to_have_attribute("aria-busy", "false")
    board = page.locator("#board")
    hint = page.locator("#board-overview-hint")
    expect(board).to_have_class(re.compile(r"\bis-overview\b"))
    expect(hint).to_have_text("Πατήστε το ταμπλό για να το μεγεθύνετε και να παίξετε.")
    expect(hint).to_be_in_viewport()
    found = page.evaluate(FREE_POINT)
    assert found is not None and found["width"] < 24
    pressed = page.locator('#board-tiles .tile[aria-pressed="true"]')

    page.touchscreen.tap(*found["point"])
    expect(board).not_to_have_class(re.compile(r"\bis-overview\b"))
    expect(hint).to_be_hidden()
    expect(pressed).to_have_count(0)
    assert page.evaluate(TILE_AT, found["point"]) == found["id"]
    assert page.evaluate(FREE_POINT)["width"] >= 24

    page.touchscreen.tap(*found["point"])
    expect(page.locator(f'#board-tiles .tile[data-id="{found["id"]}"]')).to_have_attribute(
        "aria-pressed", "true"
    )

    # − twice: to the smallest playing size, then the overview (nothing in between).
    page.locator("#zoom-out").click()
    expect(board).not_to_have_class(re.compile(r"\bis-overview\b"))
    assert 24 <= page.evaluate(FREE_POINT)["width"] < found["width"] * 1.25
    page.locator("#zoom-out").click()
    expect(board).to_have_class(re.compile(r"\bis-overview\b"))
    assert page.evaluate("document.getElementById('board').scrollWidth") <= 360
    page.locator(f'#board-tiles .tile[data-id="{found["id"]}"]').focus()
    page.keyboard.press("Enter")
    expect(pressed).to_have_count(0)
    expect(board).to_have_class(re.compile(r"\bis-overview\b"))
