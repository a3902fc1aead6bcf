"""The bar's tools in real Chromium: the count of free pairs, Redo (button and keys),
"Restart this deal" after its question, and "Show matching tiles", whose marks are exactly
the free tiles matching the selected one. One page, reloaded once; the engine says what
each should show."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from mahjong import Board
from tests.api.helpers import EXAMPLE
from tests.browser.accessibility import assert_no_axe_violations
from tests.browser.test_board import SCREENSHOTS, open_board, tile


def marked(page: Page) -> list[int]:
    ids = page.locator("#board-tiles .tile.is-match").evaluate_all(
        "(tiles) => tiles.map((t) => Number(t.dataset.id))"
    )
    return sorted(ids)


def expect_marked(page: Page, ids: list[int]) -> None:
    """Wait until the marked tiles are exactly ``ids`` (the board may show a tap before
    the server's answer, and the marks follow that answer)."""
    page.wait_for_function(
        """(ids) => JSON.stringify([...document.querySelectorAll('#board-tiles .tile.is-match')]
          .map((t) => Number(t.dataset.id)).sort((a, b) => a - b)) === JSON.stringify(ids)""",
        arg=sorted(ids),
    )


def shown_count(page: Page) -> int:
    return int(page.locator("#pairs-available").inner_text())


def expect_count(page: Page, board: Board) -> None:
    expect(page.locator("#pairs-available")).to_have_text(str(board.playable_pair_count()))


def test_pairs_count_redo_restart_and_matches(live_server, axe_page: Page):
    page = axe_page
    errors = open_board(page, live_server, "de")
    board = Board.from_code(EXAMPLE)

    # The count, with its words in the bar: the pairs the engine counts.
    expect(page.locator("#pairs-fact")).to_have_text(
        re.compile(rf"^Spielbare Paare\s+{board.playable_pair_count()}$")
    )

    # "Show matching tiles": off at first, then exactly the free matches of the selection.
    toggle = page.get_by_label("Passende Spielsteine zeigen")
    expect(toggle).not_to_be_checked()
    with_matches = [t for t in board.free_tiles() if board.free_matches(t)]
    first, other = (
        with_matches[0],
        next(
            t
            for t in with_matches
            if board.deal.match_classes[t] != board.deal.match_classes[with_matches[0]]
        ),
    )
    tile(page, first).click()
    expect(tile(page, first)).to_have_attribute("aria-pressed", "true")
    assert marked(page) == []
    toggle.check()
    expect_marked(page, board.free_matches(first))
    expect(page.locator("#bar-tools-status")).to_have_text("")  # said on the next selection
    tile(page, other).click()  # no match: the selection moves, the marks follow it
    expect(tile(page, other)).to_have_attribute("aria-pressed", "true")
    expect_marked(page, board.free_matches(other))
    expect(page.locator("#bar-tools-status")).to_have_text(
        "Die freien Spielsteine, die dazu passen, sind markiert."
    )
    assert_no_axe_violations(page)
    page.screenshot(path=str(SCREENSHOTS / "bar-tools-matches-de.png"))

    # Removing the pair: no selection, no marks, and the count of the new position.
    partner = board.free_matches(other)[0]
    tile(page, partner).click()
    board.remove(other, partner)
    expect(tile(page, partner)).to_be_hidden()
    expect_marked(page, [])
    expect_count(page, board)

    # Redo: disabled until an undo, then by its button and by each of its keys.
    redo = page.get_by_role("button", name="Wiederholen")
    expect(redo).to_be_disabled()
    for pair in board.playable_pairs()[:2]:
        tile(page, pair[0]).click()
        tile(page, pair[1]).click()
        board.remove(*pair)
    expect_count(page, board)
    after_three = shown_count(page)
    for keys in ("Shift+R", "Control+y", "Control+Shift+Z"):
        page.keyboard.press("r")  # the German page's undo: R (Rückgängig)
        expect(redo).to_be_enabled()
        expect(page.locator("#tiles-left")).to_have_text("140")
        page.keyboard.press(keys)
        expect(page.locator("#tiles-left")).to_have_text("138")
        expect(redo).to_be_disabled()
    # Said in the board's status line, where the undo's message stood.
    expect(page.locator("#board-status")).to_have_text(
        "Paar wieder entfernt. Noch 138 Spielsteine."
    )
    page.keyboard.press("r")
    page.keyboard.press("r")
    expect(page.locator("#tiles-left")).to_have_text("142")
    redo.click()
    expect(page.locator("#tiles-left")).to_have_text("140")  # one of the two back
    expect(redo).to_be_enabled()
    redo.click()
    expect(page.locator("#tiles-left")).to_have_text("138")
    assert shown_count(page) == after_three
    # A pair of the player's own clears what redo could do.
    page.keyboard.press("r")
    expect(redo).to_be_enabled()
    undone = board.history[-1]
    tile(page, undone[0]).click()
    tile(page, undone[1]).click()
    expect(page.locator("#tiles-left")).to_have_text("138")
    expect(redo).to_be_disabled()

    # Restart: asked first, then the deal's first position, the count of the start.
    page.get_by_role("button", name="Neues Spiel", exact=True).first.click()
    page.get_by_role("button", name="Dieses Spiel neu beginnen").click()
    question = page.locator("#restart-confirm")
    expect(question).to_be_visible()
    expect(question.get_by_role("heading")).to_have_text("Dieses Spiel neu beginnen?")
    assert_no_axe_violations(page)
    question.get_by_role("button", name="Weiterspielen").click()
    expect(question).to_be_hidden()
    expect(page.locator("#tiles-left")).to_have_text("138")  # kept
    page.get_by_role("button", name="Neues Spiel", exact=True).first.click()
    page.get_by_role("button", name="Dieses Spiel neu beginnen").click()
    question.get_by_role("button", name="Neu beginnen").click()
    expect(page.locator("#tiles-left")).to_have_text("144")
    expect(page.locator("#board-tiles .tile:not([hidden])")).to_have_count(144)
    expect_count(page, Board.from_code(EXAMPLE))
    expect(page.locator("#board-status")).to_have_text("Das Spiel beginnt von vorn.")
    expect(page.get_by_role("button", name="Rückgängig", exact=True)).to_be_disabled()
    expect(redo).to_be_disabled()

    # The switch is remembered over a reload, and marks the selection's matches at once.
    page.reload()
    expect(page.locator("#board")).to_have_attribute("aria-busy", "false")
    expect(page.get_by_label("Passende Spielsteine zeigen")).to_be_checked()
    tile(page, first).click()
    start = Board.from_code(EXAMPLE)
    expect_marked(page, start.free_matches(first))
    assert errors == []
