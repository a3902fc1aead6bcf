"""A board's top places hold only checked wins whenever it is shown
(ranking/checked_boards.py): an unreviewed win of an untrusted player that moves up into
them, because a faster entry was removed, suspended or deleted, is held for review and
waits in the admin's queue instead of appearing on the board."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.test import Client, override_settings

from daily import codes as daily
from game.models import Game, TrustedPlayer
from ranking import rules as ranking
from ranking import top_places
from ranking.day_board import day_board
from records import stats
from tests.players import PASSWORD, player, signed_in, win_with_services

pytestmark = pytest.mark.django_db

TOP3 = override_settings(MAHJONG_REVIEW_TOP_PLACES=3)


def _checked(game: Game) -> Game:
    """A win an operator reviewed and published."""
    Game.objects.filter(pk=game.pk).update(reviewed=True)
    return game


def _fast_three_and_ada(*, daily_deal: bool) -> tuple[list[Game], Game]:
    """Three reviewed wins, then ada's unreviewed one in fourth place (won with the check
    on: slower than the top three, so published directly)."""
    where = {"daily": "L02"} if daily_deal else {"code": None, "layout_id": "L00"}
    fast = [
        _checked(win_with_services(user=player(name), seconds=200 + i, **where))
        for i, name in enumerate(("bo", "cy", "di"))
    ]
    with TOP3:
        ada = win_with_services(user=player("ada"), seconds=300, **where)
    assert (ada.ranked, ada.held) == (True, "")
    return fast, ada


def _day_names() -> list[str]:
    code = str(daily.daily_code(daily.utc_day(), "L02"))
    with TOP3:
        return [entry.username for entry in day_board(code=code).entries]


def _layout_names(client=None) -> list[str]:
    with TOP3:
        return [entry.username for entry in stats.leaderboards_by_layout()["L00"]]


def _queued(game: Game) -> bool:
    game.refresh_from_db()
    return (game.ranked, game.held) == (False, top_places.TOP_PLACE)


@pytest.mark.parametrize("how", ["removed", "suspended", "deleted"])
def test_an_unreviewed_daily_win_never_moves_up_into_the_shown_places(how):
    fast, ada = _fast_three_and_ada(daily_deal=True)
    # ada is fourth: shown, below the checked places.
    assert _day_names() == ["bo", "cy", "di", "ada"]
    gone = fast[0]
    if how == "removed":
        ranking.remove_results(Game.objects.filter(pk=gone.pk))
    elif how == "suspended":
        ranking.remove_results(Game.objects.filter(user=gone.user))
        get_user_model().objects.filter(pk=gone.user_id).update(is_active=False)
    else:
        gone.user.delete()
    assert _day_names() == ["cy", "di"]
    assert _queued(ada)


def test_an_unreviewed_layout_win_never_moves_up_and_waits_in_the_admins_queue():
    fast, ada = _fast_three_and_ada(daily_deal=False)
    assert _layout_names() == ["bo", "cy", "di", "ada"]
    fast[1].user.delete()
    # The leaderboard page, as a visitor sees it.
    with TOP3:
        page = Client().get("/sv/leaderboard/").content.decode()
    assert "ada" not in page and "bo" in page
    assert _layout_names() == ["bo", "di"]
    assert _queued(ada)
    operator = get_user_model().objects.create_superuser("op", "op@example.org", PASSWORD)
    queue = signed_in(Client(), operator).get("/admin/game/game/?held__exact=top_place")
    assert ada.code in queue.content.decode()
    # Published after review, it takes its place and stays there.
    ranking.publish_held(Game.objects.filter(pk=ada.pk))
    assert _layout_names() == ["bo", "di", "ada"]


def test_a_trusted_players_win_moves_up_and_shows():
    fast, ada = _fast_three_and_ada(daily_deal=True)
    TrustedPlayer.objects.create(user=ada.user)
    fast[2].user.delete()
    assert _day_names() == ["bo", "cy", "ada"]
    ada.refresh_from_db()
    assert (ada.ranked, ada.held) == (True, "")


def test_withdrawn_trust_sends_an_unreviewed_top_win_to_the_queue():
    fast, ada = _fast_three_and_ada(daily_deal=True)
    TrustedPlayer.objects.create(user=ada.user)
    fast[2].user.delete()
    assert _day_names() == ["bo", "cy", "ada"]
    top_places.withdraw(get_user_model().objects.filter(pk=ada.user_id))
    assert _day_names() == ["bo", "cy"]
    assert _queued(ada)
