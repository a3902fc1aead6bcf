"""A signed-out player's win screen says what signing up now does with the win, and
signing up in the same browser does just that (game/carried_win.py)."""

from __future__ import annotations

import itertools
import random

import pytest
from django.utils import translation
from django.utils.translation import gettext, pgettext
from playwright.sync_api import Page, expect

from daily import codes as daily
from game.models import Game
from tests.browser.test_board import open_board, tile
from tests.browser.test_stats import FAST_FORWARD
from tests.players import PASSWORD
from tests.players import plan as person_order

# A stored flow: CI runs it again on PostgreSQL (make test-database).
pytestmark = pytest.mark.stored_flow

RANKED_DAILY = (
    "If you create an account or sign in now, in this browser, this win goes to "
    "your account and is ranked on the leaderboard, unless that account has "
    "already played this daily deal: then it counts unranked."
)


def test_the_win_screen_promises_what_signing_up_then_keeps(live_server, page: Page):
    errors = open_board(page, live_server, "de", query="?layout=L00")
    # Today's daily deal, a pair from its end, played at a person's pace (else held).
    code = str(daily.daily_code(daily.utc_day(), "L00"))
    pairs = [list(pair) for pair in person_order(code)]
    game_id = page.evaluate(FAST_FORWARD, [{"daily": "L00"}, pairs[:71], 0])
    rnd = random.Random(7)
    taps = len(Game.objects.get(pk=game_id).tap_ms)
    gaps = [400 if i % 2 else rnd.randint(1500, 2600) for i in range(taps)]
    Game.objects.filter(pk=game_id).update(
        elapsed_ms=300_000, tap_ms=list(itertools.accumulate(gaps))
    )
    page.goto(f"{live_server.url}/de/play/")
    expect(page.locator("#tiles-left")).to_have_text("2")
    for tile_id in pairs[71]:
        tile(page, tile_id).click()
    with translation.override("de"):
        promised = gettext(RANKED_DAILY)
    facts = page.locator("#won-dialog #won-facts li")
    expect(facts.first).to_have_text(promised)

    page.goto(f"{live_server.url}/de/accounts/signup/")
    form = page.locator("form.account-form")
    form.locator("#id_username").fill("neu_hier")
    form.locator("#id_password1").fill(PASSWORD)
    form.locator("#id_password2").fill(PASSWORD)
    form.locator("button[type=submit]").click()
    expect(page.locator(".site-account__name")).to_have_text("neu_hier")

    won = Game.objects.get(pk=game_id)
    assert (won.user.username, won.ranked, won.held) == ("neu_hier", True, "")
    assert errors == []


def test_a_signed_out_held_win_says_it_waits_for_a_check_not_that_it_is_unranked(
    live_server, page: Page
):
    errors = open_board(page, live_server, "de", query="?layout=L00")
    # Today's daily deal, a pair from its end, tapped faster and more evenly than a person
    # plays: the win is held for review, and a visitor's win screen says so.
    code = str(daily.daily_code(daily.utc_day(), "L00"))
    pairs = [list(pair) for pair in person_order(code)]
    game_id = page.evaluate(FAST_FORWARD, [{"daily": "L00"}, pairs[:71], 0])
    taps = len(Game.objects.get(pk=game_id).tap_ms)
    Game.objects.filter(pk=game_id).update(
        elapsed_ms=300_000, tap_ms=[100 * (i + 1) for i in range(taps)]
    )
    page.goto(f"{live_server.url}/de/play/")
    expect(page.locator("#tiles-left")).to_have_text("2")
    for tile_id in pairs[71]:
        tile(page, tile_id).click()
    with translation.override("de"):
        held = pgettext("win state", "Waiting for a check")
        not_ranked = gettext("Not ranked.")
    facts = page.locator("#won-dialog #won-facts")
    expect(facts.locator("li").first).to_have_text(held)
    expect(facts).not_to_contain_text(not_ranked)
    assert Game.objects.get(pk=game_id).held
    assert errors == []
