"""A blocked tap on the board, in real Chromium and the four languages: the selection is
cleared, the reason is said in the player's language (the engine's blockers by name) and
announced in the live region, and the blocking tiles are outlined for a moment."""

from __future__ import annotations

import re

import pytest
from django.conf import settings
from django.utils import translation
from playwright.sync_api import Page, expect

from game.face_visibility import blocked_sentence_hiding, hidden_tiles
from mahjong import Board
from mahjong.rules.board import BlockKind
from wording.teaching import blocked_sentence, selection_cleared

LANGUAGES = [code for code, _name in settings.LANGUAGES]
EXAMPLE = "MJ1-L00-AAAAABL"


def tile(page: Page, tile_id: int):
    return page.locator(f'#board-tiles .tile[data-id="{tile_id}"]')


def visible_blocked(board: Board, kind: BlockKind) -> int:
    """A tile of that kind a player can tap: one blocker on each side, or a tile lying
    half on it."""
    for candidate in board.present_tiles():
        blocking = board.blocking(candidate)
        if blocking is None or blocking.kind is not kind:
            continue
        if kind is BlockKind.SIDES and len(blocking.left) == len(blocking.right) == 1:
            return candidate
        if kind is BlockKind.HALF_COVERED and len(blocking.covering) == 1:
            return candidate
    raise AssertionError(f"no tile of kind {kind}")


def expected_message(board: Board, tile_id: int, lang: str, *, cleared: bool = True) -> str:
    """The reason, as the drill says it, adding "Selection cleared" when the tap cleared
    a selection."""
    blocking = board.blocking(tile_id)
    named = {tile_id, *blocking.covering, *blocking.left, *blocking.right}
    hidden = hidden_tiles(board)
    with translation.override(lang):
        if named & hidden:  # no hidden face is named (game/face_visibility.py)
            sentence = blocked_sentence_hiding(board, tile_id, hidden)
        else:
            sentence = blocked_sentence(board, tile_id)
        return selection_cleared(sentence) if cleared else sentence


@pytest.mark.parametrize("lang", LANGUAGES)
def test_blocked_tap_says_why_and_outlines_the_blockers(live_server, page: Page, lang):
    board = Board.from_code(EXAMPLE)
    # The page's clock runs as the real one does, and the test can move it on at once.
    page.clock.install()
    page.goto(f"{live_server.url}/{lang}/play/?code={EXAMPLE}")
    expect(page.locator("#board")).to_have_attribute("aria-busy", "false")
    status = page.locator("#board-status")
    expect(status).to_have_attribute("role", "status")  # the live region

    free = board.free_tiles()[0]
    tile(page, free).click()
    expect(tile(page, free)).to_have_attribute("aria-pressed", "true")
    sides = visible_blocked(board, BlockKind.SIDES)
    tile(page, sides).click()

    expect(status).to_have_text(expected_message(board, sides, lang))
    expect(page.locator('#board-tiles .tile[aria-pressed="true"]')).to_have_count(0)
    blocking = board.blocking(sides)
    outlined = page.locator("#board-tiles .tile.is-blocker")
    expect(outlined).to_have_count(2)
    ids = sorted(outlined.evaluate_all("els => els.map(e => Number(e.dataset.id))"))
    assert ids == sorted([*blocking.left, *blocking.right])
    page.clock.fast_forward(6000)  # only for a moment: gone six seconds on, at once
    assert outlined.count() == 0

    half = visible_blocked(board, BlockKind.HALF_COVERED)
    (x, y, _z), (cx, cy, _cz) = (
        board.deal.layout.positions[i] for i in (half, board.blocking(half).covering[0])
    )
    box = tile(page, half).bounding_box()
    corner = {  # the corner away from the tile lying half on it
        "x": 5 if cx > x else box["width"] - 5,
        "y": 5 if cy > y else box["height"] - 5,
    }
    tile(page, half).click(position=corner)
    # Nothing was selected any more: no selection to clear, and the message says none.
    expect(status).to_have_text(expected_message(board, half, lang, cleared=False))
    expect(page.locator("#board-tiles .tile.is-blocker")).to_have_count(1)
    expect(tile(page, board.blocking(half).covering[0])).to_have_class(
        re.compile(r"\bis-blocker\b")
    )

    # A tile lying exactly under another is not seen at all (the upper tile's face and
    # thickness lie over it), so no point of its box reaches it: no tap on what a player
    # sees goes to a tile they cannot see.
    covered = next(
        candidate
        for candidate in board.present_tiles()
        if (blocking := board.blocking(candidate)) is not None
        and blocking.kind is BlockKind.COVERED
    )
    assert tile(page, covered).evaluate(SLIVER) is None


# The point 3 px inside a tile's lower right corner, if the tile itself is hit there.
SLIVER = """(button) => {
  button.scrollIntoView({block: 'center'});
  const box = button.getBoundingClientRect();
  // Points over the tile's face and its thickness (down and to the right, board.css):
  // the first one where the tile itself is hit is a part of it a player sees.
  const sizes = document.getElementById('board-tiles').style;
  const side = parseFloat(sizes.getPropertyValue('--u')) * parseFloat(sizes.getPropertyValue('--depth')) || 0;
  for (let i = 1; i < 8; i++) {
    for (let j = 1; j < 8; j++) {
      const x = box.left + ((box.width + side) * i) / 8;
      const y = box.top + ((box.height + side) * j) / 8;
      const hit = document.elementFromPoint(x, y);
      if (hit && hit.closest('.tile') === button) return [x, y];
    }
  }
  return null;
}"""
