"""Fair ranked play in real Chromium: in a game that may still be ranked, the verdict
("can it still be won"), its undo and the hint each ask first and make the game
unranked; in an unranked game nothing is asked; the notice never lies over a tile and can
be turned off (remembered). The server keeps the ranking: the test reads the database."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from game.models import Game
from mahjong import Board
from tests.api.helpers import path_to_stuck
from tests.browser import test_winnable
from tests.browser.accessibility import assert_no_axe_violations
from tests.browser.test_board import SCREENSHOTS, fast_forward, open_board
from tests.browser.test_winnable import click_pair, history_now, overlaps_a_tile

# A stored flow: CI runs it again on PostgreSQL (make test-database).
pytestmark = [pytest.mark.usefixtures("forgotten_verdicts"), pytest.mark.stored_flow]

#: A game one removal before it is lost, that removal, and one more after it.
lost = test_winnable.lost

LOST = "Spelet kan inte längre vinnas."
ASK = "Kan spelet fortfarande vinnas?"
QUESTION = "Vill du kontrollera om spelet kan vinnas?"


def shown_id(page: Page) -> str:
    return page.evaluate("document.getElementById('board').controller.game.id")


def as_server_deal(page: Page) -> str:
    """The shown game (the example deal, typed in) made a server deal, which may be
    ranked, and the page reloaded to show it so."""
    game_id = shown_id(page)
    Game.objects.filter(pk=game_id).update(origin=Game.NEW)
    page.reload()
    expect(page.locator("#board")).to_have_attribute("aria-busy", "false")
    assert page.evaluate("document.getElementById('board').controller.game.may_rank") is True
    return game_id


def test_a_ranked_game_asks_before_the_verdict_and_the_hint(
    live_server,
    page: Page,
    lost,
    settings,
):
    settings.MAHJONG_CHECK_SOLVE_MS = 80_000
    settings.MAHJONG_HINT_SOLVE_MS = 20_000
    kept, losing, _after = lost
    errors = open_board(page, live_server, "sv")
    fast_forward(page, kept)
    checks: list[str] = []
    page.on("request", lambda r: checks.append(r.method) if r.url.endswith("/winnable") else None)
    game_id = as_server_deal(page)
    notice = page.locator("#lost-notice")
    board_top = page.locator("#board-tiles").bounding_box()["y"]
    click_pair(page, losing)
    # Lost now, but the page neither knows nor asked: only the offer to ask is shown,
    # beside its setting, and the board has not moved for it.
    ask = page.locator("#verdict-offer").get_by_role("button", name=ASK, exact=True)
    expect(ask).to_be_visible()
    expect(notice).to_be_empty()
    assert page.locator("#board-tiles").bounding_box()["y"] == board_top
    assert "GET" not in checks and "POST" not in checks

    ask.click()
    question = page.get_by_role("dialog", name=QUESTION)
    expect(question).to_be_visible()
    question.get_by_role("button", name="Avbryt").click()
    expect(question).to_be_hidden()
    assert Game.objects.get(pk=game_id).advised is False

    ask.click()
    question.get_by_role("button", name="Kontrollera", exact=True).click()
    expect(notice).to_contain_text(LOST)
    expect(notice.get_by_role("button", name="Ångra 1 drag", exact=True)).to_be_visible()
    assert checks == ["POST"]
    assert Game.objects.get(pk=game_id).advised is True
    # Above the board, in the page's flow: no tile lies under it.
    assert not overlaps_a_tile(page, notice)
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=SCREENSHOTS / "board-lost-asked-sv.png")

    # Unranked now: a hint asks nothing and says the game is lost.
    page.keyboard.press("t")  # the Swedish page's hint: T (Tips)
    expect(page.locator("#board-status")).to_have_text(LOST)
    expect(page.locator("#hint-confirm")).to_be_hidden()

    # A fresh ranked game in the same lost position: the hint asks first, then tells.
    fast_forward(page, [*kept, losing])
    game_id = as_server_deal(page)
    page.locator("#hint-button").click()
    hint_question = page.locator("#hint-confirm")
    expect(hint_question).to_be_visible()
    hint_question.locator("[data-action=hint]").click()
    expect(notice).to_contain_text(LOST)
    stored = Game.objects.get(pk=game_id)
    assert stored.advised is True and stored.hints_used == 0
    assert errors == []


def test_no_more_moves_shows_and_its_way_back_asks_first_in_a_ranked_game(
    live_server, page: Page, settings
):
    settings.MAHJONG_CHECK_SOLVE_MS = 80_000
    errors = open_board(page, live_server, "sv")
    stuck = path_to_stuck()
    fast_forward(page, stuck)
    game_id = as_server_deal(page)
    dialog = page.get_by_role("dialog", name="Inga fler drag")
    expect(dialog).to_be_visible()  # a fact of the board: shown, nothing asked
    back = dialog.locator("#stuck-undo-winnable")
    expect(back).to_have_text("Tillbaka till den senaste ställningen som går att vinna")
    back.click()
    # The question names the act asked about: going back, not checking.
    question = page.get_by_role("dialog", name="Vill du gå tillbaka?")
    question.get_by_role("button", name="Gå tillbaka", exact=True).click()
    expect(page.locator("#tiles-left")).not_to_have_text(str(144 - 2 * len(stuck)))
    assert len(history_now(page)) < len(stuck)
    assert Game.objects.get(pk=game_id).advised is True

    # H with no pair on the board says so and asks nothing.
    fast_forward(page, stuck)
    page.get_by_role("dialog", name="Inga fler drag").get_by_role(
        "button", name="Ångra", exact=True
    ).wait_for()
    page.keyboard.press("Escape")
    # The keys act on the board once the dialog has closed (on a busy machine, a beat later).
    expect(page.locator("dialog[open]")).to_have_count(0)
    page.keyboard.press("t")  # the Swedish page's hint: T (Tips)
    expect(page.locator("#board-status")).to_have_text(
        "Inga fler drag: det finns inget tips att ge."
    )
    expect(page.locator("dialog[open]")).to_have_count(0)
    assert errors == []


def test_the_notice_can_be_turned_off_and_stays_off(live_server, page: Page, lost, settings):
    settings.MAHJONG_CHECK_SOLVE_MS = 80_000
    kept, losing, after = lost
    errors = open_board(page, live_server, "sv")
    fast_forward(page, [*kept, losing])  # a typed code: unranked, the verdict is free
    notice = page.locator("#lost-notice")
    expect(notice).to_contain_text(LOST)
    if page.locator("#settings-button").is_visible():
        page.locator("#settings-button").click()
    toggle = page.get_by_label("Säg till när spelet inte längre kan vinnas")
    expect(toggle).to_be_checked()
    toggle.uncheck()
    expect(notice).to_be_empty()
    page.reload()
    expect(page.locator("#board")).to_have_attribute("aria-busy", "false")
    expect(page.get_by_label("Säg till när spelet inte längre kan vinnas")).not_to_be_checked()
    checks: list[str] = []
    page.on("request", lambda r: checks.append(r.url) if r.url.endswith("/winnable") else None)
    click_pair(page, after)
    # The check would be sent as the removal is applied: none was, and nothing shows.
    expect(notice).to_be_empty()
    assert checks == []
    assert errors == []


def test_a_paused_board_is_hidden_and_its_faces_come_back_on_resume(live_server, page: Page):
    errors = open_board(page, live_server, "sv", query="")  # a deal of the server
    faces = "document.getElementById('board').controller.game.tiles.filter((t) => t.face).length"
    shown = page.evaluate(faces)
    assert shown > 0
    page.locator("#pause-button").click()
    expect(page.locator("#board-paused")).to_be_visible()
    # The page that paused holds no face either: not in its state, a tile's data or name.
    for _ in range(50):
        if page.evaluate(faces) == 0:
            break
        page.wait_for_timeout(100)
    assert page.evaluate(faces) == 0
    # (A face the page does not know is drawn, and kept in its data, as "null".)
    assert page.locator('#board-tiles .tile:not([data-face="null"])').count() == 0
    # Nor does a tile's name say which tile is free: every present tile is the hidden tile.
    names = set(
        page.locator("#board-tiles .tile:not([hidden])").evaluate_all(
            "(tiles) => tiles.map((tile) => tile.getAttribute('aria-label'))"
        )
    )
    assert names == {"Dold bricka"}
    page.reload()  # the page reads the paused game afresh: not one face
    expect(page.locator("#board")).to_have_attribute("aria-busy", "false")
    expect(page.locator("#board-paused")).to_be_visible()
    expect(page.locator("#board-tiles")).to_be_hidden()
    assert page.evaluate(faces) == 0
    page.locator("#resume-button").click()
    expect(page.locator("#board-tiles")).to_be_visible()
    # The page fetches the whole game again (no string is evaluated: the site's CSP).
    for _ in range(50):
        if page.evaluate(faces) == shown:
            break
        page.wait_for_timeout(100)
    assert page.evaluate(faces) == shown
    assert errors == []


def test_the_offer_and_its_question_are_accessible_in_both_themes(live_server, axe_page: Page):
    """axe-core on the notice's offer and on its question (Greek, a fresh deal that may be
    ranked), in the light and the dark theme."""
    page = axe_page
    open_board(page, live_server, "el", query="?layout=L00")
    code = Game.objects.get(pk=shown_id(page)).code
    click_pair(page, Board.from_code(code).playable_pairs()[0])
    offer = page.get_by_role("button", name="Μπορεί ακόμη να κερδηθεί αυτή η παρτίδα;", exact=True)
    expect(offer).to_be_visible()
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        assert_no_axe_violations(page)
    offer.click()
    question = page.get_by_role(
        "dialog", name="Αν γίνει ο έλεγχος, η παρτίδα δεν θα μετρήσει για την κατάταξη"
    )
    expect(question).to_be_visible()
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        assert_no_axe_violations(page)
    page.keyboard.press("Escape")
    assert Game.objects.get(pk=shown_id(page)).advised is False
