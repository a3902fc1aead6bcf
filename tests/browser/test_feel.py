"""How the board answers the hand, in real Chromium: the keyboard shortcuts and their help
sheet, the skip link, the sounds and their mute switch. Few page loads, many checks in
each: the server decides everything, the tests press keys and read what the page shows.
"""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from mahjong import Board
from tests.api.helpers import EXAMPLE
from tests.browser.test_board import open_board, tile

# Every oscillator started is recorded (its first frequency), before any script of the
# page runs: the sounds are all made with Web Audio oscillators.
AUDIO_SPY = """
window.__sounds = [];
const Real = window.AudioContext;
window.AudioContext = class extends Real {
  createOscillator() {
    const oscillator = super.createOscillator();
    const start = oscillator.start.bind(oscillator);
    oscillator.start = (...args) => {
      window.__sounds.push(oscillator.frequency.value);
      return start(...args);
    };
    return oscillator;
  }
};
"""

# The most animations running at once, sampled on every frame and right after each
# answer the board applied.
ANIMATION_WATCH = """
window.__animations = 0;
const look = () => {
  window.__animations = Math.max(window.__animations, document.getAnimations().length);
};
const frame = () => { look(); requestAnimationFrame(frame); };
requestAnimationFrame(frame);
document.addEventListener('DOMContentLoaded', () => {
  for (const name of ['applied', 'blocked', 'won']) {
    document.getElementById('board').addEventListener(`board:${name}`, look);
  }
});
"""

KEYS = {
    "de": "H U Strg Z P Esc N ? Pfeiltasten Eingabe Leertaste Tab".split(),
}


def sounds(page: Page) -> int:
    return page.evaluate("window.__sounds.length")


def has_class(name: str) -> re.Pattern:
    return re.compile(rf"(^|\s){name}(\s|$)")


def blocked_tile(board: Board) -> int:
    return next(i for i in range(144) if board.is_present(i) and i not in board.free_tiles())


def mismatch(board: Board) -> tuple[int, int]:
    free = board.free_tiles()
    return next((a, b) for a in free for b in free if board.faces[a] != board.faces[b])


def test_shortcuts_and_skip_link_and_none_while_typing_and_no_motion(live_server, page: Page):
    """Under prefers-reduced-motion, as a player who asked for it: nothing moves."""
    page.emulate_media(reduced_motion="reduce")
    page.add_init_script(ANIMATION_WATCH)
    example = Board.from_code(EXAMPLE)
    errors = open_board(page, live_server, "de")
    left = page.locator("#tiles-left")
    hinted = page.locator("#board-tiles .tile.is-hint")

    # "Skip to the board" is the first stop of Tab, and lands on a tile.
    page.keyboard.press("Tab")
    focused = page.evaluate("document.activeElement.id")
    assert focused == "skip-to-board"
    expect(page.locator("#skip-to-board")).to_have_text("Zum Spielfeld springen")
    page.keyboard.press("Enter")
    assert page.evaluate("document.activeElement.classList.contains('tile')")

    # H: a hint (the deal came from a code: no ranking to lose, no question).
    page.keyboard.press("h")
    expect(hinted).to_have_count(2)
    a, b = example.hint()
    for tile_id in (a, b):
        tile(page, tile_id).click()
    expect(left).to_have_text("142")
    page.keyboard.press("u")  # U: undo
    expect(left).to_have_text("144")
    for tile_id in (a, b):
        tile(page, tile_id).click()
    expect(left).to_have_text("142")
    page.keyboard.press("Control+z")  # Ctrl+Z: undo
    expect(left).to_have_text("144")

    paused = page.locator("#board-paused")
    page.keyboard.press("p")  # P pauses and resumes
    expect(paused).to_be_visible()
    page.keyboard.press("p")
    expect(paused).to_be_hidden()
    page.keyboard.press("Escape")  # Esc pauses
    expect(paused).to_be_visible()
    page.keyboard.press("Escape")  # and only pauses
    expect(paused).to_be_visible()
    page.locator("#resume-button").click()
    expect(paused).to_be_hidden()

    # A mismatch and a blocked tap: no movement either.
    for tile_id in mismatch(example):
        tile(page, tile_id).click()
    tile(page, blocked_tile(example)).dispatch_event("click")
    expect(page.locator("#board-status")).to_contain_text("blockiert")
    assert page.evaluate("window.__animations") == 0

    # ?: the help sheet lists every key; Esc closes it without pausing the game.
    help_sheet = page.get_by_role("dialog", name="Tastenkürzel")
    page.keyboard.press("?")
    expect(help_sheet).to_be_visible()
    keys = help_sheet.locator("dt").all_inner_texts()
    for key in KEYS["de"]:
        assert any(key in text for text in keys), key
    page.keyboard.press("h")  # no shortcut under a modal dialog
    expect(hinted).to_have_count(0)
    page.keyboard.press("Escape")
    expect(help_sheet).to_be_hidden()
    expect(paused).to_be_hidden()
    # The help button in the bar opens the same sheet.
    page.get_by_role("button", name="Tastenkürzel").click()
    expect(help_sheet).to_be_visible()
    help_sheet.get_by_role("button", name="Schließen").click()
    expect(help_sheet).to_be_hidden()

    # Typing in the code field: no shortcut fires, the letters go into the field.
    code = page.locator("#code-input")
    code.fill("")
    code.press_sequentially("hupn?")
    expect(code).to_have_value("hupn?")
    code.press("Control+z")  # the field's own undo, not the board's
    code.press("Escape")
    page.wait_for_timeout(300)  # nothing was sent: nothing to wait for
    expect(hinted).to_have_count(0)
    expect(paused).to_be_hidden()
    expect(help_sheet).to_be_hidden()
    expect(left).to_have_text("144")
    expect(page).to_have_url(re.compile(EXAMPLE))

    # N: a new game (leaving the field first).
    page.locator("#board-tiles .tile.is-free").first.focus()
    page.keyboard.press("n")
    expect(page).not_to_have_url(re.compile(EXAMPLE))
    expect(left).to_have_text("144")
    assert page.evaluate("window.__animations") == 0
    assert errors == []


def test_mute_silences_every_sound_and_is_remembered(live_server, page: Page):
    """Also: without reduced motion, the pair, the mismatch and the blocked tap move."""
    page.add_init_script(AUDIO_SPY)
    page.add_init_script(ANIMATION_WATCH)
    example = Board.from_code(EXAMPLE)
    errors = open_board(page, live_server, "sv")
    toggle = page.get_by_role("button", name="Ljud", exact=True)
    expect(toggle).to_have_attribute("aria-pressed", "true")  # on at first

    def play_each_sound() -> None:
        """select, match, blocked, undo, hint, in that order."""
        a, b = example.hint()
        tile(page, a).click()  # select
        expect(tile(page, a)).to_have_class(has_class("is-selected"))
        tile(page, b).click()  # match
        expect(page.locator("#tiles-left")).to_have_text("142")
        tile(page, blocked_tile(example)).dispatch_event("click")  # blocked
        expect(page.locator("#board-status")).not_to_be_empty()
        page.get_by_role("button", name="Ångra", exact=True).click()  # undo
        expect(page.locator("#tiles-left")).to_have_text("144")
        page.get_by_role("button", name="Tips", exact=True).click()  # hint
        expect(page.locator("#board-tiles .tile.is-hint")).to_have_count(2)

    play_each_sound()
    assert page.evaluate("window.__animations") >= 2  # the pair's two leaving copies
    page.wait_for_function("window.__sounds.length >= 5")
    heard = page.evaluate("window.__sounds")
    assert len(set(heard)) >= 5  # five sounds, told apart by pitch

    toggle.click()
    expect(toggle).to_have_attribute("aria-pressed", "false")
    page.reload()
    expect(page.locator("#board")).to_have_attribute("aria-busy", "false")
    toggle = page.get_by_role("button", name="Ljud", exact=True)
    expect(toggle).to_have_attribute("aria-pressed", "false")  # remembered
    assert page.evaluate("localStorage.getItem('mahjong.sound')") == "off"
    play_each_sound()
    page.wait_for_timeout(200)
    assert sounds(page) == 0
    assert errors == []
