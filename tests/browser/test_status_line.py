"""The status line (the board's live region) says what each action did, in the page's
language, and never contradicts the board: after "Undo N moves" it says how many moves
were undone and the tiles left that the counter shows; pause and resume are announced."""

from __future__ import annotations

import re

import pytest
from django.conf import settings
from django.utils import translation
from django.utils.translation import gettext, ngettext
from playwright.sync_api import Page, expect

from mahjong import Board
from tests.api.helpers import EXAMPLE
from tests.api.test_winnable import losing_history
from tests.browser.test_board import fast_forward, open_board
from wording.names import PAIR, tile_name

LANGUAGES = [code for code, _name in settings.LANGUAGES]
#: Moves played on after the losing one, so that the way back is a long undo.
PLAYED_ON = 12


pytestmark = pytest.mark.usefixtures("forgotten_verdicts")


@pytest.fixture(scope="module")
def played_on():
    """The example deal played until it is lost, then on for a dozen moves that leave a
    pair to play (no "No more moves" dialog), and the tiles left at the last winnable
    position."""
    history = losing_history()
    board = Board.from_code(EXAMPLE, history)
    for _ in range(PLAYED_ON):
        pairs = board.playable_pairs()
        following = [
            p for p in pairs if Board.from_code(EXAMPLE, [*board.history, p]).playable_pairs()
        ]
        if not following:
            break
        board.remove(*following[0])
    return list(board.history), 144 - 2 * (len(history) - 1)


def status_text(page: Page) -> str:
    return page.locator("#board-status").inner_text().strip()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_long_undo_is_announced_with_the_counters_tiles_left(
    live_server, page: Page, lang, played_on, settings
):
    settings.MAHJONG_CHECK_SOLVE_MS = 80_000  # time enough to find the way back
    history, tiles_back = played_on
    moves = (tiles_back - (144 - 2 * len(history))) // 2
    assert moves > 2
    errors = open_board(page, live_server, lang)
    fast_forward(page, history)
    with translation.override(lang):
        label = ngettext("Undo %(count)s move", "Undo %(count)s moves", moves) % {"count": moves}
        said = ngettext(
            "%(moves)s move undone. %(count)s tiles left.",
            "%(moves)s moves undone. %(count)s tiles left.",
            moves,
        ) % {"moves": moves, "count": tiles_back}
    page.get_by_role("button", name=label, exact=True).click()

    counter = page.locator("#tiles-left")
    expect(counter).to_have_text(str(tiles_back))
    expect(page.locator("#board-status")).to_have_text(said)
    # The live region and the counter name the same number of tiles.
    assert counter.inner_text().strip() in status_text(page)
    assert errors == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_pause_and_resume_are_announced(live_server, page: Page, lang):
    errors = open_board(page, live_server, lang)
    board = Board.from_code(EXAMPLE)
    a, b = board.hint()
    for tile_id in (a, b):  # a move starts the clock, so that the game can be paused
        page.locator(f'#board-tiles .tile[data-id="{tile_id}"]').click()
    expect(page.locator("#tiles-left")).to_have_text("142")
    with translation.override(lang):
        paused, resumed = gettext("The game is paused."), gettext("The game goes on.")

    page.locator("#pause-button").click()
    expect(page.locator("#board-status")).to_have_text(paused)
    page.locator("#resume-button").click()
    expect(page.locator("#board-status")).to_have_text(resumed)
    assert errors == []


def test_a_game_never_paused_is_not_said_to_go_on(live_server, page: Page):
    # A bad game code in the address leaves the game in progress as it was: the panel
    # says what is wrong, and the status line does not say that a game "goes on".
    open_board(page, live_server, "sv")  # (the bad code's 400 is logged: not checked here)
    page.goto(f"{live_server.url}/sv/play/?code=MJ1-L00-AAAA")
    expect(page.locator("#board")).to_have_attribute("aria-busy", "false")
    page.wait_for_timeout(500)
    with translation.override("sv"):
        resumed = gettext("The game goes on.")
    expect(page.locator("#board-status")).not_to_have_text(resumed)


def _identical_hint_ahead() -> tuple[list, str]:
    """Pairs of the example deal to remove (by its hints) until the next hint is two
    identical tiles, and that tile's kind."""
    board = Board.from_code(EXAMPLE)
    while True:
        a, b = board.hint()
        faces = board.deal.faces
        if faces[a] == faces[b]:
            return list(board.history), faces[a]
        board.remove(a, b)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_hint_of_two_identical_tiles_names_them_together(live_server, page: Page, lang):
    """Not "red dragon and red dragon": the language's own way of saying two of a kind
    (Swedish "de två röda drakarna")."""
    history, kind = _identical_hint_ahead()
    errors = open_board(page, live_server, lang)
    fast_forward(page, history)
    with translation.override(lang):
        pair = tile_name(kind, PAIR)
        said = [
            gettext("Hint: %(pair)s") % {"pair": pair},
            gettext("Hint, not sure to win: %(pair)s") % {"pair": pair},
        ]
    page.locator("#hint-button").click()
    expect(page.locator("#board-tiles .tile.is-hint")).to_have_count(2)
    expect(page.locator("#board-status")).to_have_text(re.compile("|".join(map(re.escape, said))))
    assert errors == []
