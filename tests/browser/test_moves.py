"""The board's moves in Chromium: its own rule for applying a move's answer
(static/js/moves.js) on real answers (a long undo, which names the tiles still removed
instead of those it puts back, gives exactly the tiles a fresh GET gives), and the arrow
keys, which move the focus only to a free tile strictly in their direction."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from mahjong import Board
from tests.api.helpers import EXAMPLE
from tests.browser.test_board import FAST_FORWARD

LONG_UNDO = """async ([gameId, count]) => {
  const url = performance.getEntriesByType('resource').map((e) => e.name)
    .find((name) => /\\/moves(\\.[0-9a-f]+)?\\.js$/.test(name));
  const { applyMove } = await import(url);
  const config = JSON.parse(document.getElementById('board-config').textContent);
  const headers = {'Content-Type': 'application/json', 'X-CSRFToken': config.csrfToken};
  const get = async () => (await fetch(`/api/games/${gameId}`)).json();
  const before = await get();
  const answer = await (await fetch(`/api/games/${gameId}/undo`, {method: 'POST', headers,
    body: JSON.stringify({count})})).json();
  const after = await get();
  const applied = applyMove(before, answer);
  return {answer, applied: applied.tiles, fresh: after.tiles};
}"""


def test_the_board_applies_a_long_undo_as_a_fresh_get_shows_it(live_server, page: Page):
    plan = Board.from_code(EXAMPLE).deal.plan
    page.goto(f"{live_server.url}/sv/play/?code={EXAMPLE}")
    expect(page.locator("#board")).to_have_attribute("aria-busy", "false")
    game_id = page.evaluate(FAST_FORWARD, [[list(pair) for pair in plan[:-1]]])

    result = page.evaluate(LONG_UNDO, [game_id, len(plan) - 2])

    assert result["answer"]["restored"] == []
    assert result["answer"]["all_removed"] == sorted(plan[0])
    assert result["applied"] == result["fresh"]


# For each free tile and each arrow key: focus the tile, press the key, and note where
# the focus went (a tile's id, or null).
ARROWS = """(ids) => {
  const result = {};
  for (const id of ids) {
    for (const key of ['ArrowRight', 'ArrowLeft', 'ArrowDown', 'ArrowUp']) {
      const button = document.querySelector(`#board-tiles .tile[data-id="${id}"]`);
      button.focus();
      button.dispatchEvent(new KeyboardEvent('keydown', {key, bubbles: true, cancelable: true}));
      const now = document.activeElement;
      result[`${id} ${key}`] = now && now.dataset.id !== undefined ? Number(now.dataset.id) : null;
    }
  }
  return result;
}"""

STEP = {"ArrowRight": (1, 0), "ArrowLeft": (-1, 0), "ArrowDown": (0, 1), "ArrowUp": (0, -1)}


def strictly_towards(board: Board, start: int, key: str) -> set[int]:
    """The free tiles strictly in the arrow's direction from ``start`` (the engine's
    positions: x and y in half-tile units)."""
    positions = board.deal.layout.positions
    (dx, dy), (x0, y0, _z0) = STEP[key], positions[start]
    return {
        i
        for i in board.free_tiles()
        if i != start and (positions[i][0] - x0) * dx + (positions[i][1] - y0) * dy > 0
    }


def test_arrow_keys_move_strictly_in_their_direction_or_stay(live_server, page: Page):
    plan = Board.from_code(EXAMPLE).deal.plan
    page.goto(f"{live_server.url}/de/play/?code={EXAMPLE}")
    expect(page.locator("#board")).to_have_attribute("aria-busy", "false")
    moved = stayed = 0
    for removed in (0, 30):  # the opening, and a board with its middle cleared
        if removed:
            page.evaluate(FAST_FORWARD, [[list(pair) for pair in plan[:removed]]])
            page.goto(f"{live_server.url}/de/play/")
            expect(page.locator("#tiles-left")).to_have_text(str(144 - 2 * removed))
        board = Board.from_code(EXAMPLE, plan[:removed])
        free = board.free_tiles()
        landed = page.evaluate(ARROWS, free)
        for start in free:
            for key in STEP:
                towards = strictly_towards(board, start, key)
                where = landed[f"{start} {key}"]
                if towards:
                    assert where in towards, f"{key} from {start} went to {where}"
                    moved += 1
                else:
                    assert where == start, f"{key} from {start} left for {where}"
                    stayed += 1
    assert moved > 20 and stayed > 4  # both cases were met
