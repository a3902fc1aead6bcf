"""How the board draws its stacks and answers the hand, in real Chromium: each layer's side
a step darker than the one above, tiles under another drawn in its shade, the keyboard's
focus unlike the selection, and a mismatch that both tiles show (moving, or in place under
reduced motion). One page load: every check reads the page that is already open, and
axe-core runs on it in both themes at the end."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from mahjong import Board
from mahjong.rules.tiles import matches
from tests.api.helpers import EXAMPLE
from tests.browser.accessibility import assert_no_axe_violations
from tests.browser.test_board import tile

# Every animation started on a tile is recorded as it starts (its id, the tile, its
# duration and whether any keyframe moves the tile), before any script of the page runs.
ANIMATION_SPY = """
window.__tileAnimations = [];
const animate = Element.prototype.animate;
Element.prototype.animate = function (keyframes, options) {
  if (this.classList.contains('tile')) {
    window.__tileAnimations.push({
      id: (options && options.id) || '',
      tile: Number(this.dataset.id),
      duration: options && options.duration,
      moves: keyframes.some((frame) => 'translate' in frame || 'transform' in frame),
    });
  }
  return animate.call(this, keyframes, options);
};
"""

# The lightness (0-255, Rec. 709 weights) of the side each tile of a layer draws: the
# second of the tile's box-shadows (board.css), as the browser computed it, painted on a
# canvas to read it in sRGB whatever colour space it is written in.
SIDE_LIGHTNESS = """() => {
  const pen = document.createElement('canvas').getContext('2d', { willReadFrequently: true });
  const lightness = (color) => {
    pen.fillStyle = color;
    pen.fillRect(0, 0, 1, 1);
    const [r, g, b] = pen.getImageData(0, 0, 1, 1).data;
    return Math.round(0.2126 * r + 0.7152 * g + 0.0722 * b);
  };
  const byLayer = {};
  for (const tile of document.querySelectorAll('#board-tiles .tile:not([hidden])')) {
    const shadows = getComputedStyle(tile).boxShadow.split(/,(?![^(]*\\))/);
    const color = shadows[1].trim().match(/^(\\w+\\([^)]*\\))/)[1];
    const z = getComputedStyle(tile).getPropertyValue('--z').trim();
    (byLayer[z] ||= new Set()).add(lightness(color));
  }
  return Object.entries(byLayer).map(([z, values]) => [Number(z), [...values]]);
}"""

# Each tile's chip with its stack's height (board.css): its layer, whether it lies under
# another tile, and the number its chip shows (the glyph's ::after counts it with a
# counter reset to the height), or 0 where no chip is drawn; and the chip's size.
HEIGHT_CHIPS = """() => {
  const pen = document.createElement('canvas').getContext('2d', { willReadFrequently: true });
  const srgb = (color) => {
    pen.clearRect(0, 0, 1, 1);
    pen.fillStyle = color;
    pen.fillRect(0, 0, 1, 1);
    return [...pen.getImageData(0, 0, 1, 1).data.slice(0, 3)];
  };
  return [...document.querySelectorAll('#board-tiles .tile:not([hidden])')].map((tile) => {
  const z = Number(getComputedStyle(tile).getPropertyValue('--z'));
  const covered = tile.classList.contains('is-covered');
  const after = getComputedStyle(tile.querySelector('.tile__glyph'), '::after');
  const drawn = after.display !== 'none' && after.content === 'counter(stack-height)';
  const [name, value] = after.counterReset.split(' ');
  return {
    z, covered,
    shows: drawn && name === 'stack-height' ? Number(value) : 0,
    text: parseFloat(after.fontSize),
    rotate: after.rotate,
    chip: srgb(after.backgroundColor),
    ink: srgb(after.color),
  };
});
}"""

RING = """(element) => {
  const style = getComputedStyle(element);
  return {
    color: style.outlineColor,
    style: style.outlineStyle,
    offset: parseFloat(style.outlineOffset),
    gap: style.boxShadow.split(/,(?![^(]*\\))/)[0].trim(),
  };
}"""


def contrast(one: list[int], other: list[int]) -> float:
    """The WCAG contrast ratio of two sRGB colours (0-255 channels)."""

    def luminance(rgb: list[int]) -> float:
        linear = [c / 255 / 12.92 if c <= 10 else ((c / 255 + 0.055) / 1.055) ** 2.4 for c in rgb]
        return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]

    light, dark = sorted((luminance(one), luminance(other)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def covered_tiles(board: Board) -> set[int]:
    """The tiles with a tile of the next layer on any part of them, from the layout."""
    positions = board.deal.layout.positions
    present = {positions[i] for i in board.present_tiles()}
    return {
        i
        for i in board.present_tiles()
        for dx in (-1, 0, 1)
        for dy in (-1, 0, 1)
        if (positions[i][0] + dx, positions[i][1] + dy, positions[i][2] + 1) in present
    }


def unmatched_free(board: Board, count: int) -> list[int]:
    """count free tiles of which no two match."""
    chosen: list[int] = []
    for i in sorted(board.free_tiles()):
        if all(not matches(board.faces[i], board.faces[j]) for j in chosen):
            chosen.append(i)
        if len(chosen) == count:
            return chosen
    raise AssertionError("the example has too few free tiles that do not match")


def mismatches(page: Page, name: str) -> list[dict]:
    return page.evaluate(f"window.__tileAnimations.filter((a) => a.id === '{name}')")


def test_stacks_focus_selection_and_mismatch(live_server, axe_page: Page):
    page = axe_page
    page.emulate_media(color_scheme="light", reduced_motion="no-preference")
    page.add_init_script(ANIMATION_SPY)
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(f"{live_server.url}/sv/play/?code={EXAMPLE}")
    expect(page.locator("#board")).to_have_attribute("aria-busy", "false")
    example = Board.from_code(EXAMPLE)

    # Layers: every tile of a layer draws the same side, each layer's lighter than the
    # one below it (the Turtle has five).
    layers = sorted(page.evaluate(SIDE_LIGHTNESS))
    assert [z for z, _ in layers] == [0, 1, 2, 3, 4]
    assert all(len(values) == 1 for _, values in layers)
    tones = [values[0] for _, values in layers]
    assert all(upper - lower >= 15 for lower, upper in zip(tones, tones[1:])), tones

    # The tiles under another are the ones the layout puts under another, and a covered
    # tile's picture is fainter than an uncovered blocked tile's.
    covered = covered_tiles(example)
    marked = page.evaluate(
        "[...document.querySelectorAll('#board-tiles .tile.is-covered')].map((t) => +t.dataset.id)"
    )
    assert set(marked) == covered and covered
    uncovered_blocked = next(
        i for i in example.present_tiles() if i not in covered and not example.is_free(i)
    )
    opacity = "(t) => +getComputedStyle(t.querySelector('.tile__glyph')).opacity"
    assert tile(page, min(covered)).evaluate(opacity) < tile(page, uncovered_blocked).evaluate(
        opacity
    )

    # Every tile on top shows its stack's height as a number, at least 12 px high; a
    # tile under another shows none.
    chips = page.evaluate(HEIGHT_CHIPS)
    assert {t["shows"] for t in chips if t["covered"]} == {0}
    on_top = [t for t in chips if not t["covered"]]
    positions = example.deal.layout.positions
    assert (
        {t["z"] for t in on_top}
        == {positions[i][2] for i in example.present_tiles() if i not in covered}
        == {0, 1, 2, 4}
    )
    assert all(t["shows"] == t["z"] + 1 and t["text"] >= 12 for t in on_top), on_top
    # Each height's chip has a colour of its own, the same on every tile of that height,
    # and its digit stands out from it (contrast at least 7:1).
    colours = {t["z"]: {tuple(c["chip"]) for c in on_top if c["z"] == t["z"]} for t in on_top}
    assert all(len(chip) == 1 for chip in colours.values()), colours
    assert len({chip for chips_of in colours.values() for chip in chips_of}) == len(colours)
    assert all(contrast(t["ink"], t["chip"]) >= 7 for t in on_top), on_top
    # The same numbers on the Digits set, whose label is laid out another way (the set is
    # a choice on <html>).
    page.evaluate("document.documentElement.dataset.tileSet = 'digits'")
    digits = page.evaluate(HEIGHT_CHIPS)
    page.evaluate("document.documentElement.dataset.tileSet = 'classic'")
    assert [(t["z"], t["shows"]) for t in digits] == [(t["z"], t["shows"]) for t in chips]

    # A mismatch: both tiles shake and ring red, in under 300 ms.
    a, b, c = unmatched_free(example, 3)
    tile(page, a).click()
    expect(tile(page, a)).to_have_attribute("aria-pressed", "true")
    tile(page, b).click()
    expect(tile(page, b)).to_have_attribute("aria-pressed", "true")
    page.wait_for_function("window.__tileAnimations.filter((a) => a.id === 'mismatch').length >= 2")
    shaken = mismatches(page, "mismatch")
    assert sorted(x["tile"] for x in shaken) == sorted([a, b])
    assert all(x["moves"] and 0 < x["duration"] < 300 for x in shaken)

    # Focus and selection: b is selected; the keyboard's focus, one tile away, is
    # another colour and another shape (a ring standing off the tile, with a white gap).
    page.keyboard.press("Tab")  # the focus was left on b by the click: Tab leaves the board
    page.keyboard.press("Shift+Tab")  # and back, on the board's one tab stop
    focused = page.locator("#board-tiles .tile:focus-visible")
    expect(focused).to_have_count(1)
    if focused.get_attribute("data-id") == str(b):
        page.keyboard.press("ArrowRight")
        if page.locator("#board-tiles .tile:focus-visible").get_attribute("data-id") == str(b):
            page.keyboard.press("ArrowLeft")
    focused = page.locator("#board-tiles .tile:focus-visible")
    assert focused.get_attribute("data-id") != str(b)
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        selection = tile(page, b).evaluate(RING)
        focus = focused.evaluate(RING)
        assert focus["color"] != selection["color"], scheme
        assert focus["offset"] > 0 and selection["offset"] == 0, scheme
        assert re.match(r"rgb\(255, 255, 255\) 0px 0px 0px [1-9]", focus["gap"]), focus
        assert not selection["gap"].startswith("rgb(255, 255, 255) 0px 0px 0px"), selection
        assert_no_axe_violations(page)

    # Under reduced motion the mismatch rings both tiles red in place: nothing moves.
    page.emulate_media(color_scheme="light", reduced_motion="reduce")
    tile(page, c).click()
    expect(tile(page, c)).to_have_attribute("aria-pressed", "true")
    page.wait_for_function(
        "window.__tileAnimations.filter((a) => a.id === 'mismatch-still').length >= 2"
    )
    still = mismatches(page, "mismatch-still")
    assert sorted(x["tile"] for x in still) == sorted([b, c])
    assert not any(x["moves"] for x in still)
    assert all(0 < x["duration"] < 300 for x in still)
    assert len(mismatches(page, "mismatch")) == 2  # no shake started meanwhile
