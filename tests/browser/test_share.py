"""Sharing a result in real Chromium, in all four languages: after the last pair the won
dialog shows the server's short text and a link; the link opens the same deal; axe-core
finds nothing in the open dialog."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.conf import settings
from django.utils import translation
from django.utils.translation import gettext
from playwright.sync_api import Page, expect

from game.face_visibility import hidden_tiles
from mahjong import Board
from tests.api.helpers import EXAMPLE
from tests.browser.accessibility import assert_no_axe_violations
from tests.browser.test_stats import FAST_FORWARD

# A stored flow: CI runs it again on PostgreSQL (make test-database).
pytestmark = pytest.mark.stored_flow

LANGUAGES = [code for code, _name in settings.LANGUAGES]
SCREENSHOTS = Path(settings.BASE_DIR, "artifacts", "screenshots")


@pytest.mark.django_db(transaction=True)
def test_share_text_and_link_after_a_win_in_four_languages(live_server, axe_page: Page):
    page = axe_page
    plan = [list(pair) for pair in Board.from_code(EXAMPLE).deal.plan]
    # A play page to fast-forward a game from; after the first language, the last one's.
    page.goto(f"{live_server.url}/{LANGUAGES[0]}/play/?code={EXAMPLE}")
    expect(page.locator("#board")).to_have_attribute("aria-busy", "false")
    for lang in LANGUAGES:
        page.evaluate(FAST_FORWARD, [EXAMPLE, plan[:71], 0])
        page.goto(f"{live_server.url}/{lang}/play/")
        expect(page.locator("#tiles-left")).to_have_text("2")
        share = page.locator("#won-share")
        expect(share).to_be_hidden()
        for tile in plan[71]:
            page.locator(f'#board-tiles .tile[data-id="{tile}"]').click()
        expect(page.locator("#won-dialog")).to_be_visible()
        expect(share).to_be_visible()

        message = page.locator("#share-text").input_value()
        text, url = message.split("\n")
        with translation.override(lang):
            no_hints = gettext("%(code)s in %(time)s, no hints")
        start, end = no_hints.split("%(time)s")
        assert text.startswith(start % {"code": EXAMPLE}) and text.endswith(end)
        assert url == f"{live_server.url}/{lang}/play/?code={EXAMPLE}"
        expect(page.locator("#share-link")).to_have_attribute("href", url)
        page.locator("#share-copy").click()
        expect(page.locator("#share-status")).not_to_be_empty()
        if lang == "sv":
            assert_no_axe_violations(page)
            SCREENSHOTS.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=SCREENSHOTS / "share-sv-1280.png")

        # Whoever follows the link gets the same deal.
        follower = page.context.browser.new_context().new_page()
        follower.goto(url)
        expect(follower.locator("#board")).to_have_attribute("aria-busy", "false")
        expect(follower.locator("#code-input")).to_have_value(EXAMPLE)
        faces = follower.locator("#board-tiles .tile").evaluate_all(
            "tiles => tiles.map(t => [Number(t.dataset.id), t.dataset.face])"
        )
        board = Board.from_code(EXAMPLE)
        hidden = hidden_tiles(board)  # wholly covered: sent and drawn without a face
        assert [face for _id, face in sorted(faces)] == [
            "null" if i in hidden else face for i, face in enumerate(board.deal.faces)
        ]
        follower.context.close()
