"""The notice "this game can no longer be won" and its "Undo N moves", in real Chromium,
in all four languages. The server decides everything; the test only clicks and reads."""

from __future__ import annotations

import pytest
from django.conf import settings
from playwright.sync_api import Page, expect

from mahjong import Board
from tests.api.helpers import EXAMPLE
from tests.api.test_winnable import losing_history
from tests.browser.test_board import SCREENSHOTS, fast_forward, open_board, tile

LANGUAGES = [code for code, _name in settings.LANGUAGES]

TEXT = {
    "sv": ("Spelet kan inte längre vinnas.", "Ångra 1 drag", "Ångra 2 drag"),
    "el": ("Αυτό το παιχνίδι δεν βγαίνει πια.", "Αναίρεση της τελευταίας κίνησης", "Αναίρεση 2 κινήσεων"),
    "de": (
        "Dieses Spiel ist nicht mehr zu gewinnen.",
        "Einen Zug rückgängig machen",
        "2 Züge rückgängig machen",
    ),
    "id": (
        "Permainan ini tidak bisa dimenangkan lagi.",
        "Batalkan 1 langkah",
        "Batalkan 2 langkah",
    ),
}


pytestmark = pytest.mark.usefixtures("forgotten_verdicts")


@pytest.fixture(scope="module")
def lost():
    """A game of the example deal one removal before it is lost, that removal, and one
    more legal removal after it."""
    history = losing_history()
    after = Board.from_code(EXAMPLE, history).playable_pairs()[0]
    return history[:-1], history[-1], after


def click_pair(page: Page, pair) -> None:
    for tile_id in pair:
        tile(page, tile_id).click()
    for tile_id in pair:
        expect(tile(page, tile_id)).to_be_hidden()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_notice_follows_the_losing_removal_and_undo_brings_back_a_winnable_board(
    live_server, page: Page, lang, lost, settings
):
    # A budget no busy test machine runs out of: the way back is then the shortest one.
    settings.MAHJONG_CHECK_SOLVE_MS = 80_000
    kept, losing, after = lost
    lost_text, undo_one, undo_two = TEXT[lang]
    errors = open_board(page, live_server, lang)
    fast_forward(page, kept)
    notice = page.locator("#lost-notice")
    expect(notice).to_be_empty()  # winnable so far: nothing to say

    click_pair(page, losing)
    expect(notice).to_contain_text(lost_text)
    expect(page.get_by_role("button", name=undo_one, exact=True)).to_be_visible()

    click_pair(page, after)  # playing on is allowed; the way back is now two moves
    button = page.get_by_role("button", name=undo_two, exact=True)
    expect(button).to_be_visible()
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=SCREENSHOTS / f"board-lost-{lang}.png", full_page=True)
    button.click()

    expect(notice).to_be_empty()
    expect(page.locator("#tiles-left")).to_have_text(str(144 - 2 * len(kept)))
    for tile_id in (*losing, *after):
        expect(tile(page, tile_id)).to_be_visible()
    assert errors == []
