"""A signed-out win goes to the account created or signed into right after it, in the
same browser, and is ranked or held there by the rules of any other win; the win screen
said beforehand exactly which (game/carried_win.py)."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.test import Client, override_settings

from game import carried_win
from game.carried_win import promise
from game.models import Game
from game.store import Owner
from records.stats import stats_for_user
from tests.players import PASSWORD, player, win_with_services

pytestmark = pytest.mark.django_db

RANKED = (
    "If you create an account or sign in now, in this browser, this win goes to "
    "your account and is ranked on the leaderboard."
)
RANKED_DAILY = (
    "If you create an account or sign in now, in this browser, this win goes to "
    "your account and is ranked on the leaderboard, unless that account has "
    "already played this daily deal: then it counts unranked."
)
UNRANKED = (
    "If you create an account or sign in now, in this browser, this win goes to "
    "your account's statistics, unranked."
)


def _visitor(client: Client) -> Owner:
    client.get("/sv/")
    client.session.save()
    return Owner(session_key=client.session.session_key)


def _screen(client: Client, game: Game, lang: str = "de") -> str | None:
    """What the win screen tells the visitor, as the answer names it (the page has the
    words: tests/browser/test_carried_win.py reads them)."""
    answer = client.get(f"/api/games/{game.id}?lang={lang}").json()
    return answer["win"]["visitor"]


def _sign_up(client: Client, name: str = "newcomer"):
    return client.post(
        "/sv/accounts/signup/",
        {"username": name, "password1": PASSWORD, "password2": PASSWORD},
    )


def test_a_ranked_win_said_so_and_is_ranked_in_the_new_accounts_statistics():
    browser = Client()
    won = win_with_services(owner=_visitor(browser), code=None, seconds=300)
    assert won.ranked
    assert _screen(browser, won) == carried_win.RANKED

    assert _sign_up(browser).status_code == 302

    newcomer = get_user_model().objects.get(username="newcomer")
    won.refresh_from_db()
    assert (won.user_id, won.ranked, won.held) == (newcomer.pk, True, "")
    totals = stats_for_user(user_id=newcomer.pk).overall
    assert (totals.won, totals.ranked_won, totals.best_ranked_ms) == (1, 1, won.elapsed_ms)


def test_an_unranked_win_said_so_and_counts_in_the_statistics_only():
    browser = Client()
    won = win_with_services(owner=_visitor(browser), code=None, seconds=300, hints=1)
    assert _screen(browser, won) == carried_win.UNRANKED

    assert _sign_up(browser).status_code == 302

    totals = stats_for_user(user_id=get_user_model().objects.get(username="newcomer").pk).overall
    assert (totals.won, totals.ranked_won) == (1, 0)


@override_settings(MAHJONG_REVIEW_TOP_PLACES=10)
def test_a_win_that_would_take_a_top_place_said_it_waits_for_a_check_and_does():
    browser = Client()
    won = win_with_services(owner=_visitor(browser), code=None, seconds=300)
    assert _screen(browser, won, "el") == carried_win.TOP_PLACE

    assert _sign_up(browser).status_code == 302

    won.refresh_from_db()
    assert (won.ranked, won.held) == (False, "top_place")
    totals = stats_for_user(user_id=won.user_id).overall
    assert (totals.won, totals.held_top_won) == (1, 1)


def test_a_daily_win_said_the_rule_and_is_unranked_on_an_account_that_played_the_deal():
    ada = player("ada")
    win_with_services(user=ada, daily="L00", seconds=400, hints=1)  # ada has seen the deal
    browser = Client()
    won = win_with_services(owner=_visitor(browser), daily="L00", seconds=300)
    assert won.ranked
    assert _screen(browser, won, "sv") == carried_win.RANKED_DAILY

    signed = browser.post("/sv/accounts/login/", {"username": "ada", "password": PASSWORD})

    assert signed.status_code == 302
    won.refresh_from_db()
    assert (won.user_id, won.ranked) == (ada.pk, False)
    assert promise(won) is None  # a player's win: nothing to promise any more
