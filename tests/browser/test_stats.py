"""Accounts, statistics and the leaderboard in real Chromium, in all four languages:
sign up through the form, win a game (most of it fast-forwarded through the API from
inside the page, the last pair found with the Hint button and clicked on the board), find
it on the statistics page and both leaderboards, sign out; axe-core and the Nu HTML
Checker on the statistics, leaderboard, sign-in, sign-up and password pages, each read
at 360 and 1280 px (whole within the width; a screenshot of each to look at)."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.conf import settings
from django.utils import translation
from django.utils.translation import gettext, ngettext, pgettext
from playwright.sync_api import Page, expect

from game.models import Game
from mahjong import Board
from tests.api.helpers import EXAMPLE
from tests.browser.accessibility import assert_no_axe_violations, assert_valid_documents
from tests.players import PASSWORD, player, recorded_loss, recorded_win, save_recorded

# A stored flow: CI runs it again on PostgreSQL (make test-database).
pytestmark = pytest.mark.stored_flow

LANGUAGES = [code for code, _name in settings.LANGUAGES]
SCREENSHOTS = Path(settings.BASE_DIR, "artifacts", "screenshots")
HINTS_VIA_API = 2

# Inside the page (its session and CSRF token): start the example deal, take the first
# pairs as the Hint button would give them, then the plan's next pairs, up to the last.
# code: a game code, or the whole body that starts the game ({daily: "L00"}).
FAST_FORWARD = """async ([code, pairs, hints]) => {
  const config = JSON.parse(document.getElementById('board-config').textContent);
  const headers = {'Content-Type': 'application/json', 'X-CSRFToken': config.csrfToken};
  const post = async (url, body) => {
    const r = await fetch(url, {method: 'POST', headers, body: JSON.stringify(body || {})});
    if (!r.ok) throw new Error(await r.text());
    return r.json();
  };
  const game = await post('/api/games', typeof code === 'string' ? {code} : code);
  for (let i = 0; i < pairs.length; i++) {
    const pair = i < hints ? (await post(`/api/games/${game.id}/hint`)).hint : pairs[i];
    for (const tile of pair) await post(`/api/games/${game.id}/tap`, {tile});
  }
  return game.id;
}"""


def _t(lang: str, text: str, context: str | None = None) -> str:
    with translation.override(lang):
        return pgettext(context, text) if context else gettext(text)


def _sign_up(page: Page, live_server, lang: str, username: str) -> None:
    page.goto(f"{live_server.url}/{lang}/accounts/signup/")
    form = page.locator("form.account-form")
    form.locator("#id_username").fill(username)
    form.locator("#id_password1").fill(PASSWORD)
    form.locator("#id_password2").fill(PASSWORD)
    form.get_by_role("button", name=_t(lang, "Create an account")).click()
    expect(page).to_have_url(f"{live_server.url}/{lang}/")
    expect(page.locator(".site-account__name")).to_have_text(username)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_sign_up_win_and_find_the_game_on_stats_and_leaderboard(live_server, page: Page, lang):
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    username = f"player_{lang}"
    _sign_up(page, live_server, lang, username)

    page.goto(f"{live_server.url}/{lang}/play/?code={EXAMPLE}")
    expect(page.locator("#board")).to_have_attribute("aria-busy", "false")
    plan = [list(p) for p in Board.from_code(EXAMPLE).deal.plan]
    page.evaluate(FAST_FORWARD, [EXAMPLE, plan[:71], HINTS_VIA_API])
    page.goto(f"{live_server.url}/{lang}/play/")
    expect(page.locator("#tiles-left")).to_have_text("2")

    # The last pair: ask for a hint on the board, click the two outlined tiles.
    page.get_by_role("button", name=_t(lang, "Hint"), exact=True).click()
    hinted = page.locator("#board-tiles .tile.is-hint")
    expect(hinted).to_have_count(2)
    for tile_id in hinted.evaluate_all("els => els.map(e => e.dataset.id)"):
        page.locator(f'#board-tiles .tile[data-id="{tile_id}"]').click()
    dialog = page.locator("#won-dialog")
    expect(dialog).to_be_visible()
    # Not ranked: more than one hint was used, and the reason says so in the plural.
    with translation.override(lang):
        reason = ngettext("A hint was used.", "Hints were used.", HINTS_VIA_API + 1)
    expect(dialog.locator("#won-facts .feel-win__unranked")).to_contain_text(reason)

    game = Game.objects.get(user__username=username, result="won")
    assert (game.result, game.hints_used, game.layout_id) == ("won", HINTS_VIA_API + 1, "L00")
    seconds = game.elapsed_ms // 1000
    time_text = f"{seconds // 60}:{seconds % 60:02d}"
    turtle = _t(lang, "Turtle", "layout")

    dialog.get_by_role("link", name=_t(lang, "Statistics"), exact=True).click()
    expect(page).to_have_url(f"{live_server.url}/{lang}/stats/")
    summary = page.locator(".stats-summary")
    expect(summary.locator(".stats-summary__item").nth(0).locator("dd")).to_have_text("1")
    expect(summary.locator(".stats-summary__item").nth(1).locator("dd")).to_have_text("1")
    expect(summary.locator(".stats-summary__item").nth(3).locator("dd")).to_have_text(time_text)
    unranked = summary.locator(".stats-summary__item").nth(5)
    expect(unranked.locator("dt")).to_have_text(_t(lang, "Unranked wins"))
    expect(unranked.locator("dd")).to_have_text("1")
    expect(page.locator(".stats-table tbody th").first).to_have_text(turtle)
    expect(page.locator(".stats-chart__bars rect")).to_have_count(1)

    nav = page.get_by_role("navigation", name=_t(lang, "Main navigation"))
    nav.get_by_role("link", name=_t(lang, "Leaderboard"), exact=True).click()
    personal = page.get_by_role("region", name=_t(lang, "Your 10 best times")).locator("tbody tr")
    expect(personal).to_have_count(1)
    expect(personal.locator("td").nth(1)).to_have_text(time_text)
    expect(personal.locator("td").nth(2)).to_have_text(turtle)
    expect(personal.locator("td").nth(4)).to_have_text(str(HINTS_VIA_API + 1))
    expect(personal.locator("td").nth(5)).to_have_text(_t(lang, "No", "ranked"))
    # Hinted, on a typed-in code and fast-forwarded: not ranked, so not on the public board.
    board = page.locator("section[aria-labelledby=board-L00]")
    expect(board.locator("h3")).to_have_text(turtle)
    expect(board.locator("tr.is-you")).to_have_count(0)
    expect(board).to_contain_text(_t(lang, "No ranked wins on this layout yet."))

    page.get_by_role("button", name=_t(lang, "Sign out")).click()
    expect(page.get_by_role("link", name=_t(lang, "Sign in"), exact=True)).to_be_visible()
    assert errors == []


@pytest.fixture
def recorded_games(transactional_db):
    """A player with wins on several layouts, a stuck game, and rivals on the boards."""
    ada = player("ada")
    games = [
        recorded_win(user=ada, layout_id=layout, seconds=seconds, hints=hints)
        for layout, seconds, hints in [
            ("L00", 312, 0),
            ("L00", 254, 3),
            ("L01", 401, 1),
            ("L02", 1275, 5),
            ("L00", 199, 2),
            ("L03", 488, 0),
            ("L00", 3725, 9),
            ("L04", 530, 1),
        ]
    ]
    stuck = recorded_loss(user=ada, seconds=100)
    stuck.undos_used = 4
    games.append(stuck)
    for n, name in enumerate(["bo", "Çelik", "Ελένη", "very_long_username_for_the_board_1234"]):
        rival = player(name)
        games.append(recorded_win(user=rival, seconds=180 + 40 * n, hints=n))
    save_recorded(games)
    return ada


def _sign_in(page: Page, live_server, lang: str) -> None:
    page.goto(f"{live_server.url}/{lang}/accounts/login/")
    page.locator("#id_username").fill("ada")
    page.locator("#id_password").fill(PASSWORD)
    page.locator("form.account-form button[type=submit]").click()
    expect(page.locator(".site-account__name")).to_have_text("ada")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_account_and_stats_pages_are_accessible_and_valid(
    live_server, recorded_games, axe_page: Page, lang
):
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    documents: dict[str, str] = {}
    # Signed out: the sign-in and sign-up pages, also with their error messages showing.
    for name, path in [("login", "accounts/login/"), ("signup", "accounts/signup/")]:
        response = axe_page.goto(f"{live_server.url}/{lang}/{path}")
        assert response.status == 200
        assert_no_axe_violations(axe_page)
        documents[name] = response.text()
        with axe_page.expect_response(lambda r: r.request.method == "POST") as posted:
            axe_page.locator("form.account-form button[type=submit]").click()
        expect(axe_page.locator(".field-errors, .form-errors").first).to_be_visible()
        assert_no_axe_violations(axe_page)
        documents[f"{name} with errors"] = posted.value.text()
        shoot(axe_page, f"{name}-errors-{lang}")
    response = axe_page.goto(f"{live_server.url}/{lang}/leaderboard/")
    assert_no_axe_violations(axe_page)
    documents["leaderboard signed out"] = response.text()

    _sign_in(axe_page, live_server, lang)
    for name in ("stats", "leaderboard", "accounts/password"):
        response = axe_page.goto(f"{live_server.url}/{lang}/{name}/")
        assert response.status == 200
        assert_no_axe_violations(axe_page)
        documents[name] = response.text()
        shoot(axe_page, f"{name.replace('/', '-')}-{lang}")
    assert_valid_documents(documents)


def shoot(page: Page, name: str) -> None:
    """A screenshot at a desktop's width and a phone's (artifacts/screenshots/, to look
    at), each of a page a player can read there: the page does not scroll sideways, and
    its heading and its first form or table stand whole within the width (a wide table
    scrolls inside its own region, which does)."""
    for width in (1280, 360):
        page.set_viewport_size({"width": width, "height": 900})
        overflow = page.evaluate(
            "() => document.documentElement.scrollWidth - document.documentElement.clientWidth"
        )
        assert overflow <= 0, f"{name} scrolls sideways by {overflow} px at {width} px"
        for part in (page.locator("main h1"), page.locator("main form, main .table-scroll").first):
            box = part.bounding_box()
            assert box and box["x"] >= 0 and box["x"] + box["width"] <= width, (name, width)
        page.screenshot(path=SCREENSHOTS / f"{name}-{width}.png", full_page=True)
    page.set_viewport_size({"width": 1280, "height": 720})
