"""The play page without JavaScript, in Chromium: the board cannot be played, and the page
says so where it is seen, above the empty felt, in the page's language; the link that skips
to the board is not shown, as there is no board to skip to, nor the bar's buttons, which
would do nothing."""

from __future__ import annotations

import pytest
from django.utils import translation
from django.utils.translation import gettext
from playwright.sync_api import expect

# What covers the middle of an element: the element itself (or a child) when nothing lies
# over it.
UNCOVERED = """(element) => {
  const box = element.getBoundingClientRect();
  const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
  return element.contains(top);
}"""


@pytest.mark.parametrize("lang", ["sv", "de"])
def test_the_page_says_the_board_needs_javascript_where_it_is_seen(
    live_server, browser, browser_context_args, lang
):
    context = browser.new_context(**browser_context_args, java_script_enabled=False)
    try:
        page = context.new_page()
        page.set_viewport_size({"width": 1280, "height": 800})
        page.goto(f"{live_server.url}/{lang}/play/")
        with translation.override(lang):
            said = gettext("The board needs JavaScript.")
        notice = page.locator(".board-noscript")
        expect(notice).to_have_text(said)
        expect(notice).to_be_in_viewport()
        assert notice.evaluate(UNCOVERED)
        expect(page.locator("#skip-to-board")).to_be_hidden()
        for button in ("#new-game-button", "#hint-button", "#undo-button", "#pause-button"):
            expect(page.locator(button)).to_be_hidden()
    finally:
        context.close()
