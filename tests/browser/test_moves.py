"""The board's own rule for applying a move's answer (static/js/moves.js), run in Chromium
on real answers: a long undo, which names the tiles still removed instead of those it puts
back, gives exactly the tiles a fresh GET gives."""

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
