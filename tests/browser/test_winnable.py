"""The notice "this game can no longer be won" and the "No more moves" dialog with their
"Undo N moves", in real Chromium (the notice in all four languages). The server decides
everything; the test clicks and reads, and asks the solver whether the position the
button led to can be won."""

from __future__ import annotations

import re

import pytest
from django.conf import settings
from playwright.sync_api import Page, expect

from game.models import Game
from mahjong import Board
from mahjong.solver.search import Verdict
from tests.api.helpers import EXAMPLE, path_to_stuck
from tests.api.test_winnable import exact, losing_history
from tests.browser.test_board import SCREENSHOTS, fast_forward, open_board, tile

LANGUAGES = [code for code, _name in settings.LANGUAGES]

TEXT = {
    "sv": ("Spelet kan inte längre vinnas.", "Ångra 1 drag", "Ångra 2 drag"),
    "el": (
        "Αυτή η παρτίδα δεν μπορεί πια να κερδηθεί.",
        "Αναίρεση τελευταίας κίνησης",
        "Αναίρεση 2 κινήσεων",
    ),
    "de": (
        "Diese Partie ist nicht mehr zu gewinnen.",
        "1 Zug rückgängig machen",
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


# The words beside "Undo N moves": the dialog's "Undo" (the last pair: German and
# Indonesian and Greek say so, beside a button that undoes several) and "New game".
BESIDE = {
    "sv": ("Ångra", "Nytt spel"),
    "el": ("Αναίρεση τελευταίας κίνησης", "Νέο παιχνίδι"),
    "de": ("Letzten Zug rückgängig machen", "Neues Spiel"),
    "id": ("Batalkan langkah terakhir", "Permainan baru"),
}


CLOSE = {"sv": "Stäng", "el": "Κλείσιμο", "de": "Schließen", "id": "Tutup"}


def history_now(page: Page) -> list:
    """The shown game's history, as stored (the live server's database)."""
    game_id = page.evaluate("document.getElementById('board').controller.game.id")
    return Game.objects.get(pk=game_id).history


def click_pair(page: Page, pair) -> None:
    for tile_id in pair:
        tile(page, tile_id).click()
    for tile_id in pair:
        expect(tile(page, tile_id)).to_be_hidden()


def overlaps_a_tile(page: Page, locator) -> bool:
    """Whether the box of ``locator`` meets the box of a tile on the board."""
    box = locator.bounding_box()
    return page.evaluate(
        """(box) => [...document.querySelectorAll('#board-tiles .tile')].some((tile) => {
          const r = tile.getBoundingClientRect();
          if (!r.width || getComputedStyle(tile).visibility === 'hidden') return false;
          return r.left < box.x + box.width && box.x < r.right
            && r.top < box.y + box.height && box.y < r.bottom;
        })""",
        box,
    )


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

    undo, new_game = BESIDE[lang]
    expect(notice.get_by_role("button", name=new_game, exact=True)).to_be_visible()

    click_pair(page, after)  # playing on is allowed; the way back is now two moves
    button = page.get_by_role("button", name=undo_two, exact=True)
    expect(button).to_be_visible()
    # Beside it, the plain Undo of one move and New game, above the board: never over
    # a tile.
    expect(notice.get_by_role("button", name=undo, exact=True)).to_be_visible()
    expect(notice.get_by_role("button", name=new_game, exact=True)).to_be_visible()
    expect(notice.get_by_role("button", name=CLOSE[lang], exact=True)).to_be_visible()
    assert not overlaps_a_tile(page, notice)
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=SCREENSHOTS / f"board-lost-{lang}.png", full_page=True)
    button.click()

    expect(notice).to_be_empty()
    expect(page.locator("#tiles-left")).to_have_text(str(144 - 2 * len(kept)))
    for tile_id in (*losing, *after):
        expect(tile(page, tile_id)).to_be_visible()
    assert exact(history_now(page)) is Verdict.WINNABLE
    assert errors == []


def test_no_more_moves_offers_undo_n_moves_back_to_a_winnable_position(
    live_server, page: Page, settings
):
    settings.MAHJONG_CHECK_SOLVE_MS = 80_000
    errors = open_board(page, live_server, "sv")
    stuck = path_to_stuck()
    fast_forward(page, stuck)
    dialog = page.get_by_role("dialog", name="Inga fler drag")
    expect(dialog).to_be_visible()
    back = dialog.locator("#stuck-undo-winnable")
    expect(back).to_have_text(re.compile(r"^Ångra \d+ drag$"))
    count = int(back.inner_text().split()[1])
    # The rules' sentence names undo and a new game; a line under it names this way back.
    expect(dialog.locator("#stuck-back-text")).to_have_text(
        "Du kan också ångra drag ända tillbaka till den senaste ställningen som går att vinna."
    )
    assert exact(stuck) is Verdict.NOT_WINNABLE
    # The solver's count: the last winnable position is that many moves back.
    assert exact(stuck[:-count]) is Verdict.WINNABLE
    assert count == 1 or exact(stuck[: -count + 1]) is Verdict.NOT_WINNABLE
    expect(dialog.get_by_role("button", name="Ångra", exact=True)).to_be_visible()
    expect(dialog.get_by_role("button", name="Nytt spel", exact=True)).to_be_visible()
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=SCREENSHOTS / "board-stuck-undo-sv.png")

    back.click()
    expect(dialog).to_be_hidden()
    expect(page.locator("#tiles-left")).to_have_text(str(144 - 2 * (len(stuck) - count)))
    assert exact(history_now(page)) is Verdict.WINNABLE
    assert errors == []
