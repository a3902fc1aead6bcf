"""No word of the play page's bar is cut: at every size the board is tested at (desktops,
tablets upright and sideways, phones held sideways and upright), in each of the four languages, every control of the
bar, of its settings panel (opened where the settings are one) and of the board's zoom
holds its words (nothing overflows its box), lies wholly on screen, and no two of the
bar's controls overlap.

One page load per language: the sizes are gone through by resizing that page, as a
phone turned or a window dragged does (the board re-fits, the bar follows the screen's
size alone).
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.api.helpers import EXAMPLE

LANGUAGES = ["sv", "el", "de", "id"]

SIZES = [
    (1280, 800),
    (1366, 768),
    (1920, 1080),
    (2560, 1440),
    (768, 1024),
    (1024, 768),
    (820, 1180),
    (1180, 820),
    (1024, 1366),
    (740, 360),
    (844, 390),
    (360, 740),
    (390, 844),
]

# What is wrong with the controls under `scope` that are shown: each one's words in its
# box, its box on screen; the bar's own controls side by side, not over each other.
CHECK = """async (scope) => {
  await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
  const problems = [];
  const shown = (el) => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden';
  const name = (el) => el.id || el.textContent.trim().replace(/\\s+/g, ' ').slice(0, 40);
  const controls = [...document.querySelectorAll(scope.map((s) =>
    `${s} button, ${s} select, ${s} label, ${s} p`).join(', '))]
    .filter((el) => shown(el) && getComputedStyle(el).display !== 'inline');
  for (const el of controls) {
    // Every line of its words within its box less its border and padding (a word that
    // runs into the padding is cut by the eye, if not by the box).
    const style = getComputedStyle(el);
    const outer = el.getBoundingClientRect();
    const px = (side) => parseFloat(style[`border${side}Width`]) + parseFloat(style[`padding${side}`]);
    const inner = {left: outer.left + px('Left'), right: outer.right - px('Right'),
      top: outer.top + px('Top'), bottom: outer.bottom - px('Bottom')};
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      // Words heard but not seen (a visually hidden name) have a box of a pixel.
      if (!node.textContent.trim() || node.parentElement.getBoundingClientRect().width <= 1) continue;
      if (node.parentElement.closest('select')) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const line of range.getClientRects()) {
        if (line.width === 0) continue;
        if (line.left < inner.left - 1 || line.right > inner.right + 1
            || line.top < inner.top - 1 || line.bottom > inner.bottom + 1) {
          problems.push(`${name(el)}: "${node.textContent.trim()}" runs out of its box`);
          break;
        }
      }
    }
    if (el.scrollWidth > el.clientWidth + 1) {
      problems.push(`${name(el)}: ${el.scrollWidth} px of words in ${el.clientWidth} px`);
    }
    if (el.scrollHeight > el.clientHeight + 1) {
      problems.push(`${name(el)}: ${el.scrollHeight} px high in ${el.clientHeight} px`);
    }
    // A settings panel lower than its screen scrolls (a phone held sideways): a setting
    // is on screen when scrolling the panel brings it there.
    const panel = el.closest('#board-settings');
    if (panel && panel.scrollHeight > panel.clientHeight) el.scrollIntoView({block: 'nearest'});
    const box = el.getBoundingClientRect();
    if (box.left < -0.5 || box.top < -0.5 || box.right > innerWidth + 0.5
        || box.bottom > innerHeight + 0.5) {
      problems.push(`${name(el)}: off screen at ${JSON.stringify(box)}`);
    }
  }
  const items = [...document.querySelectorAll(
    '#board-bar > button, #board-bar .board-bar__facts > p, #board-bar .board-bar__buttons > button')]
    .filter(shown);
  for (const [i, a] of items.entries()) {
    for (const b of items.slice(i + 1)) {
      const p = a.getBoundingClientRect();
      const q = b.getBoundingClientRect();
      if (p.left < q.right - 0.5 && q.left < p.right - 0.5 && p.top < q.bottom - 0.5
          && q.top < p.bottom - 0.5) {
        problems.push(`${name(a)} and ${name(b)} overlap`);
      }
    }
  }
  return problems;
}"""


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_label_of_the_bar_is_cut_at_any_size(live_server, page: Page, lang):
    page.goto(f"{live_server.url}/{lang}/play/?code={EXAMPLE}")
    expect(page.locator("#board")).to_have_attribute("aria-busy", "false")
    settings = page.locator("#settings-button")
    problems: list[str] = []
    panels = 0
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        found = page.evaluate(CHECK, ["#board-bar", "#board-tools"])
        problems += [f"{width}×{height}: {problem}" for problem in found]
        if settings.is_visible():
            settings.click()
            expect(page.locator("#board-settings")).to_be_visible()
            found = page.evaluate(CHECK, ["#board-settings"])
            problems += [f"{width}×{height}, settings: {problem}" for problem in found]
            page.keyboard.press("Escape")
            expect(page.locator("#board-settings")).to_be_hidden()
            panels += 1
    assert problems == []
    # The settings are a panel on the four phones' sizes, in the bar on the desktops.
    assert panels == 4
