"""The board on a phone held upright: every layout fills the screen with tiles a thumb hits.

A wide layout is turned a quarter turn (static/js/fit.js, static/css/board-fit.css), faces
and all: a tile's left and right sides still face the neighbours the engine names, so a
blocked tap's reason stays true. The board's setting says never; a turn of the phone
re-fits the board and loses nothing.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from django.conf import settings
from playwright.sync_api import expect

from mahjong import LAYOUTS
from mahjong.rules.board import Board
from tests.browser.accessibility import assert_no_axe_violations

SCREENSHOTS = Path(settings.BASE_DIR, "artifacts", "screenshots")

PHONES = [(360, 740), (390, 844), (412, 915)]
THUMB = 32  # CSS px: a free tile's shorter side, at the least

# The layouts a phone cannot show whole at a thumb's size even turned, and why. They are
# shown whole all the same, with smaller tiles (still at least a finger's 24 px).
EXCEPTIONS = {
    ((360, 740), "L02"): (
        "The Bridge is 36 half-tile columns long: turned, they run down the 580 px that "
        "the head, the bar and the status line leave, 15.3 px for half a tile (31 px); "
        "the zoom buttons below it take their room, and the tiles are 27 px."
    ),
}

# In the page: deal the layout as the "New game" panel does, and say what a player sees.
DEAL_AND_LOOK = """async (layout) => {
  const board = document.getElementById('board');
  const game = await board.controller.newGame({layout}, {confirmed: true});
  await new Promise((done) => requestAnimationFrame(() => setTimeout(done, 0)));
  const tiles = document.getElementById('board-tiles');
  const inView = (box) => box.top >= -0.5 && box.left >= -0.5
    && box.bottom <= innerHeight + 0.5 && box.right <= innerWidth + 0.5;
  const inside = (box, outer) => box.top >= outer.top - 0.5 && box.left >= outer.left - 0.5
    && box.bottom <= outer.bottom + 0.5 && box.right <= outer.right + 0.5;
  const frame = board.getBoundingClientRect();
  const shown = [...tiles.querySelectorAll('.tile:not([hidden])')]
    .map((button) => button.getBoundingClientRect());
  const free = [...tiles.querySelectorAll('.tile.is-free')]
    .map((button) => button.getBoundingClientRect());
  return {
    dealt: Boolean(game) && game.layout.id === layout,
    turned: tiles.classList.contains('is-turned'),
    zoomed: board.classList.contains('is-overview') || board.classList.contains('is-zoomed'),
    bar: inView(document.getElementById('board-bar').getBoundingClientRect()),
    whole: shown.every((box) => inView(box) && inside(box, frame)),
    pans: board.scrollWidth > board.clientWidth + 1 || board.scrollHeight > board.clientHeight + 1,
    shortest: Math.round(10 * Math.min(...free.map((box) => Math.min(box.width, box.height)))) / 10,
  };
}"""


def test_every_layout_fills_an_upright_phone_at_a_thumbs_size(live_server, phone):
    page = phone(*PHONES[0])
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(f"{live_server.url}/de/play/?layout=L00")
    expect(page.locator("#board")).to_have_attribute("aria-busy", "false")
    problems: list[str] = []
    figures: dict[str, dict] = {}
    for width, height in PHONES:
        page.set_viewport_size({"width": width, "height": height})
        for layout in LAYOUTS:
            seen = page.evaluate(DEAL_AND_LOOK, layout)
            figures.setdefault(f"{width}x{height}", {})[layout] = [seen["shortest"], seen["turned"]]
            where = f"{width}×{height} {layout}"
            if not seen["dealt"]:
                problems.append(f"{where}: not dealt")
                continue
            # Everyone: the bar and the whole board at once, nothing to zoom or pan.
            for fact, wrong in (("bar", False), ("whole", False), ("pans", True), ("zoomed", True)):
                if seen[fact] == wrong:
                    problems.append(f"{where}: {fact} is {wrong}")
            if ((width, height), layout) in EXCEPTIONS:
                # Still an exception (else it leaves the list), and still a finger's size.
                if not 24 <= seen["shortest"] < THUMB:
                    problems.append(f"{where}: listed as an exception at {seen['shortest']} px")
            elif seen["shortest"] < THUMB:
                problems.append(f"{where}: a free tile's shorter side is {seen['shortest']} px")
        if (width, height) == PHONES[1]:
            page.evaluate(DEAL_AND_LOOK, "L00")
            SCREENSHOTS.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=SCREENSHOTS / "upright-turtle-turned-390x844.png")
    Path(SCREENSHOTS, "upright-phone-tiles.json").write_text(json.dumps(figures, indent=1))
    assert problems == []
    assert errors == []
    # A wide layout is turned, a tall one is not.
    assert figures["390x844"]["L00"][1] and not figures["390x844"]["L07"][1]


# A tile of the turned Turtle blocked by its sides alone (nothing on it, neighbours at
# both sides), with a point of it that a tap reaches.
SIDE_BLOCKED = """() => {
  const game = document.getElementById('board').controller.game;
  const at = (x, y, z) => game.tiles.filter((t) => !t.removed && t.z === z
    && Math.abs(t.x - x) < 2 && Math.abs(t.y - y) < 2);
  for (const tile of game.tiles) {
    if (tile.free || tile.removed || at(tile.x, tile.y, tile.z + 1).length) continue;
    const side = (dx) => game.tiles.some((t) => !t.removed && t.z === tile.z
      && t.x === tile.x + dx && Math.abs(t.y - tile.y) < 2);
    if (!side(-2) || !side(2)) continue;
    const button = document.querySelector(`#board-tiles .tile[data-id="${tile.id}"]`);
    const box = button.getBoundingClientRect();
    const [x, y] = [box.left + box.width / 2, box.top + box.height / 2];
    if (document.elementFromPoint(x, y)?.closest('.tile') === button) return {id: tile.id, x, y};
  }
  return null;
}"""

# Where each tile is drawn (its middle) and which way its own left side faces on screen.
DRAWN = """(ids) => ids.map((id) => {
  const button = document.querySelector(`#board-tiles .tile[data-id="${id}"]`);
  const box = button.getBoundingClientRect();
  const turn = parseFloat(getComputedStyle(button).rotate) || 0;
  const angle = turn * Math.PI / 180;
  return {x: box.left + box.width / 2, y: box.top + box.height / 2,
    left: [-Math.cos(angle), -Math.sin(angle)], name: button.getAttribute('aria-label')};
})"""


def test_a_turned_boards_blocked_reason_names_the_tiles_drawn_at_its_sides(live_server, phone):
    page = phone(390, 844, axe=True)
    page.goto(f"{live_server.url}/de/play/?layout=L00")
    expect(page.locator("#board")).to_have_attribute("aria-busy", "false")
    expect(page.locator("#board-tiles")).to_have_class(re.compile(r"\bis-turned\b"))
    # The stacks' height numbers turn back with the faces: they stand upright.
    chip = "(t) => getComputedStyle(t.querySelector('.tile__glyph'), '::after').rotate"
    assert page.locator("#board-tiles .tile:not(.is-covered)").first.evaluate(chip) == "-90deg"
    names = json.loads(page.locator("#board-i18n").text_content())["tileNames"]
    page.evaluate(
        """() => document.getElementById('board').addEventListener('board:blocked',
          (event) => { window.lastBlocked = event.detail.blocked; })"""
    )
    found = page.evaluate(SIDE_BLOCKED)
    assert found is not None
    page.touchscreen.tap(found["x"], found["y"])
    expect(page.locator("#board-tiles .tile.is-blocker").first).to_be_visible()
    blocked = page.evaluate("window.lastBlocked")
    assert blocked["kind"] == "sides" and blocked["left"] and blocked["right"]
    status = page.locator("#board-status")
    expect(status).to_contain_text(blocked["message"])
    # "… ist blockiert: links A, rechts B": each side names the tiles drawn on that side of
    # the tile, as the tile's own face is turned (its left side faces up the screen).
    said = re.search(r"links (.+), rechts (.+)$", blocked["message"])
    assert said, blocked["message"]
    tile, *_ = page.evaluate(DRAWN, [found["id"]])
    assert [round(v) for v in tile["left"]] == [0, -1]
    game = page.evaluate("document.getElementById('board').controller.game")
    for words, ids, sign in ((said[1], blocked["left"], 1), (said[2], blocked["right"], -1)):
        for neighbour_id, drawn in zip(ids, page.evaluate(DRAWN, ids), strict=True):
            dx, dy = drawn["x"] - tile["x"], drawn["y"] - tile["y"]
            towards = dx * tile["left"][0] + dy * tile["left"][1]
            assert sign * towards > 0, (neighbour_id, drawn, tile)
            assert names[game["tiles"][neighbour_id]["face"]] in words
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=SCREENSHOTS / "upright-turned-blocked-390x844.png")
    assert_no_axe_violations(page)


def test_turning_the_phone_refits_the_board_and_the_setting_says_never(live_server, phone):
    """A selected tile stays selected through a turn of the phone and back; the board is
    turned upright only. "Never", remembered, keeps it as it lies; the panel that holds the
    setting passes axe in both themes."""
    page = phone(390, 844, axe=True)
    page.goto(f"{live_server.url}/sv/play/?layout=L00")
    expect(page.locator("#board")).to_have_attribute("aria-busy", "false")
    tiles = page.locator("#board-tiles")
    turned = re.compile(r"\bis-turned\b")
    expect(tiles).to_have_class(turned)
    # The arrow keys go the way they point on the screen: ↓ to a free tile drawn lower.
    focused = page.locator("#board-tiles .tile:focus")
    page.locator('#board-tiles .tile[tabindex="0"]').focus()
    before = focused.bounding_box()
    page.keyboard.press("ArrowDown")
    after = focused.bounding_box()
    assert after["y"] > before["y"] + before["height"] / 2, (before, after)
    free = page.locator("#board-tiles .tile.is-free").first
    free.focus()
    page.keyboard.press("Enter")
    expect(free).to_have_attribute("aria-pressed", "true")
    left = page.locator("#tiles-left").text_content()

    page.set_viewport_size({"width": 844, "height": 390})
    expect(tiles).not_to_have_class(turned)
    page.set_viewport_size({"width": 390, "height": 844})
    expect(tiles).to_have_class(turned)
    expect(free).to_have_attribute("aria-pressed", "true")
    assert page.locator("#tiles-left").text_content() == left

    page.get_by_role("button", name="Inställningar").click()
    setting = page.get_by_label("Rotera brädet i stående läge")
    expect(setting).to_be_visible()
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        assert_no_axe_violations(page)
    setting.select_option("never")
    expect(tiles).not_to_have_class(turned)
    page.reload()
    expect(page.locator("#board")).to_have_attribute("aria-busy", "false")
    expect(tiles).not_to_have_class(turned)
    expect(page.locator("#turn-board-select")).to_have_value("never")
    page.locator("#turn-board-select").evaluate(
        "(select) => { select.value = 'auto'; select.dispatchEvent(new Event('change')); }"
    )
    expect(tiles).to_have_class(turned)


# The hinted tiles: whether each lies inside the board's frame as it is scrolled, and
# whether each is drawn above every other tile (its outline on them, not under them).
HINTED = """() => {
  const frame = document.getElementById('board').getBoundingClientRect();
  const all = [...document.querySelectorAll('#board-tiles .tile:not([hidden])')];
  const z = (button) => Number(getComputedStyle(button).zIndex);
  return [...document.querySelectorAll('#board-tiles .tile.is-hint')].map((button) => {
    const box = button.getBoundingClientRect();
    return {
      id: Number(button.dataset.id),
      inView: box.left >= frame.left && box.right <= frame.right
        && box.top >= frame.top && box.bottom <= frame.bottom,
      above: all.every((other) => other.classList.contains('is-hint') || z(other) < z(button)),
    };
  });
}"""

BRIDGE = "MJ1-L02-AAAAABL"  # a deal of the Bridge

# Scroll the zoomed board's frame to the corner farthest from the given tiles.
SCROLL_AWAY = """(ids) => {
  const board = document.getElementById('board');
  const frame = board.getBoundingClientRect();
  const boxes = ids.map((id) =>
    document.querySelector(`#board-tiles .tile[data-id="${id}"]`).getBoundingClientRect());
  const x = boxes.reduce((sum, box) => sum + box.left + box.width / 2, 0) / boxes.length;
  const y = boxes.reduce((sum, box) => sum + box.top + box.height / 2, 0) / boxes.length;
  board.scrollLeft = x < frame.left + frame.width / 2 ? board.scrollWidth : 0;
  board.scrollTop = y < frame.top + frame.height / 2 ? board.scrollHeight : 0;
}"""


def test_a_hint_in_a_zoomed_board_is_brought_into_view_above_every_tile(live_server, phone):
    """The Bridge on a 360 px phone keeps its zoom (the one exception): zoomed in and
    scrolled away from the pair, Hint scrolls the pair into view, drawn above its
    neighbours."""
    page = phone(360, 740)
    page.goto(f"{live_server.url}/id/play/?code={BRIDGE}")
    expect(page.locator("#board")).to_have_attribute("aria-busy", "false")
    page.evaluate("localStorage.setItem('mahjong.hintConfirm', 'skip')")
    pair = list(Board.from_code(BRIDGE).hint())
    zoom_in = page.locator("#zoom-in")
    while zoom_in.is_enabled():
        zoom_in.click()
    page.evaluate(SCROLL_AWAY, pair)
    page.evaluate(
        """(ids) => ids.some((id) => {
          const box = document.querySelector(`#board-tiles .tile[data-id="${id}"]`)
            .getBoundingClientRect();
          const frame = document.getElementById('board').getBoundingClientRect();
          return box.right < frame.left || box.left > frame.right
            || box.bottom < frame.top || box.top > frame.bottom;
        }) || (() => { throw new Error('the pair is in view before the hint'); })()""",
        pair,
    )
    page.get_by_role("button", name="Petunjuk", exact=True).click()
    expect(page.locator("#board-tiles .tile.is-hint")).to_have_count(2)
    # Scrolled once drawn, and again where the status line's words resize the room.
    page.wait_for_function(f"({HINTED})().every((tile) => tile.inView)", timeout=5000)
    hinted = page.evaluate(HINTED)
    assert sorted(tile["id"] for tile in hinted) == sorted(pair)
    assert all(tile["inView"] and tile["above"] for tile in hinted), hinted
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=SCREENSHOTS / "upright-zoomed-hint-360x740.png")
