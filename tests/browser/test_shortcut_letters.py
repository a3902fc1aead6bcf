"""The board's letter keys are each language's own: a Greek page's are Greek letters,
found on a Latin layout by the keys they sit on (static/js/shortcuts.js)."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from mahjong import Board
from tests.api.helpers import EXAMPLE
from tests.browser.test_board import open_board, tile
from tests.browser.test_feel import settle


def test_a_greek_page_has_greek_letters_found_on_either_layout(live_server, page: Page):
    """The Greek page's keys are Greek letters (Υπόδειξη, Αναίρεση, Παύση); a player
    typing with a Latin layout on presses the keys they sit on (Y, A, P)."""
    errors = open_board(page, live_server, "el")
    hinted = page.locator("#board-tiles .tile.is-hint")
    left = page.locator("#tiles-left")
    page.keyboard.press("?")
    keys = page.locator("#help-sheet dt").all_inner_texts()
    assert keys[:4] == ["Υ", "Α, Ctrl+Z", "Shift+Α, Ctrl+Y, Ctrl+Shift+Z", "Π"]
    page.keyboard.press("Escape")
    page.keyboard.press("h")  # the English letter does nothing here
    settle(page)
    expect(hinted).to_have_count(0)
    page.keyboard.press("y")  # Υ's key on a Latin layout
    expect(hinted).to_have_count(2)
    for tile_id in Board.from_code(EXAMPLE).hint():
        tile(page, tile_id).click()
    expect(left).to_have_text("142")
    page.wait_for_function("() => document.getElementById('board').controller.waiting === 0")
    page.keyboard.press("a")  # Α: undo
    expect(left).to_have_text("144")
    page.keyboard.press("Shift+A")  # Shift+Α: redo
    expect(left).to_have_text("142")
    page.keyboard.press("p")  # Π: pause
    expect(page.locator("#board-paused")).to_be_visible()
    assert errors == []
