"""A wholly covered tile is drawn without a face and named "Covered tile" (in the page's
language); the tap that uncovers it draws its face. One page load, the moves played
through the board's controller (as its clicks do)."""

from __future__ import annotations

import pytest
from django.utils import translation
from django.utils.translation import gettext
from playwright.sync_api import Page, expect

from game.face_visibility import hidden_tiles
from game.models import Game
from mahjong import Board
from ranking import rhythm
from tests.api.helpers import EXAMPLE

PLAY = """async (pairs) => {
  const board = document.getElementById('board');
  const out = [];
  for (const [a, b] of pairs) {
    await board.controller.tap(a);
    await board.controller.tap(b);
    const faces = {};
    for (const t of document.querySelectorAll('#board-tiles .tile:not([hidden])')) {
      faces[t.dataset.id] = [t.dataset.face, t.getAttribute('aria-label'),
                             t.querySelector('.tile__glyph')?.textContent || ''];
    }
    out.push(faces);
  }
  return out;
}"""


@pytest.mark.parametrize("lang", ["de"])
def test_covered_tiles_show_no_face_until_uncovered(live_server, page: Page, lang):
    board = Board.from_code(EXAMPLE)
    page.goto(f"{live_server.url}/{lang}/play/?code={EXAMPLE}")
    expect(page.locator("#board")).to_have_attribute("aria-busy", "false")
    with translation.override(lang):
        covered_name = gettext("Covered tile")
    hidden = sorted(hidden_tiles(board))
    first = page.locator(f'#board-tiles .tile[data-id="{hidden[0]}"]')
    expect(first).to_have_attribute("data-face", "null")
    assert covered_name in first.get_attribute("aria-label")
    pairs = [list(pair) for pair in board.deal.plan[:40]]
    states = page.evaluate(PLAY, pairs)
    uncovered = 0
    for pair, faces in zip(board.deal.plan[:40], states):
        board.remove(*pair)
        now_hidden = hidden_tiles(board)
        for i in board.present_tiles():
            face, label, _glyph = faces[str(i)]
            if i in now_hidden:
                assert face == "null" and covered_name in label
            else:
                assert face == board.faces[i], (pair, i)
                assert covered_name not in label
                uncovered += i in hidden
    assert uncovered > 10
    # The site's own taps, as a script makes them through the board: the rhythm check
    # (ranking/rhythm.py) would hold such a win (bench/rhythm.py has a person's figures).
    game = Game.objects.get(id=page.evaluate("document.getElementById('board').controller.game.id"))
    median, spread = rhythm.figures(game.tap_ms)
    print(f"browser taps: {len(game.tap_ms)}, median gap {median:.0f} ms, spread {spread:.0%}")
    assert len(game.tap_ms) == 80 and rhythm.implausible(game.tap_ms) is not None
