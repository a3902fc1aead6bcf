"""One ranked result per player per daily deal, however signed-out sessions and sign-ins
interleave (ranking/rules.py), with the database's constraint behind it."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.db import IntegrityError, transaction
from django.test import Client
from django.utils import timezone

from daily import codes as daily
from game import services, win_screen
from game.models import BestTime, Game
from game.store import Owner
from ranking import rules
from ranking.day_board import day_board
from tests.players import plan, player, signs_in, win_with_services

pytestmark = pytest.mark.django_db


def _visitor(client: Client) -> Owner:
    client.get("/de/")  # a session of its own
    client.session.save()
    return Owner(session_key=client.session.session_key)


def _ranked(user, code):
    return list(
        Game.objects.filter(user=user, code=code, ranked=True).values_list("elapsed_ms", flat=True)
    )


@pytest.mark.parametrize("order", ["first-started signs in first", "last-started signs in first"])
def test_two_signed_out_sessions_and_a_signed_in_one_rank_once(order):
    ada = player("ada")
    code = str(daily.daily_code(daily.utc_day(), "L02"))
    first, second = Client(), Client()
    first_owner, second_owner = _visitor(first), _visitor(second)
    # Started in that order, each the first game of its own session: each is ranked there.
    a = win_with_services(owner=first_owner, daily="L02", seconds=300)
    b = win_with_services(owner=second_owner, daily="L02", seconds=200)
    assert a.ranked and b.ranked
    # Signed in meanwhile, a third try, started last: the player's only game so far.
    c = win_with_services(user=ada, daily="L02", seconds=250)
    assert c.ranked
    clients = [first, second] if order.startswith("first") else [second, first]
    for client in clients:
        assert signs_in(client, "ada", "de")
    assert Game.objects.filter(user=ada, code=code).count() == 3
    assert _ranked(ada, code) == [250_000]  # the one ranked before the claims
    assert BestTime.objects.get(user=ada, layout_id="L02").elapsed_ms == 250_000
    board = day_board(code=code, user_id=ada.pk)
    assert [(e.username, e.elapsed_ms) for e in board.entries] == [("ada", 250_000)]


def test_a_signed_out_game_waiting_while_the_player_wins_signed_in_is_not_ranked():
    """Started signed out first, finished after sign-in, and after a ranked win on the
    same deal that was started later: the earlier start does not make it the first."""
    ada = player("ada")
    code = str(daily.daily_code(daily.utc_day(), "L03"))
    visitor = Client()
    owner = _visitor(visitor)
    waiting = services.game_create(owner=owner, daily="L03", layout_id="L03").game
    ranking_game = win_with_services(user=ada, daily="L03", seconds=400)
    assert ranking_game.ranked
    assert signs_in(visitor, "ada", "de")
    waiting.refresh_from_db()
    assert waiting.user == ada
    # The waiting game goes on under the account and is won: not a second ranked result.
    owner, start = Owner(user_id=ada.pk), timezone.now()
    pairs = plan(code)
    for index, (a, b) in enumerate(pairs):
        services.game_tap(game_id=waiting.id, owner=owner, tile=a, now=start)
        end = start + timedelta(seconds=100 if index == len(pairs) - 1 else 0)
        services.game_tap(game_id=waiting.id, owner=owner, tile=b, now=end)
    waiting.refresh_from_db()
    assert (waiting.result, waiting.ranked) == (Game.WON, False)
    assert _ranked(ada, code) == [400_000]
    # The win screen says why: not the player's only game on this daily deal.
    assert win_screen.win_for(waiting)["not_ranked"] == [win_screen.REPLAY]


def test_two_sessions_signing_in_one_after_the_other_rank_once():
    ada = player("ada")
    code = str(daily.daily_code(daily.utc_day(), "L04"))
    first, second = Client(), Client()
    a = win_with_services(owner=_visitor(first), daily="L04", seconds=300)
    b = win_with_services(owner=_visitor(second), daily="L04", seconds=200)
    assert signs_in(second, "ada", "de")
    assert signs_in(first, "ada", "de")
    a.refresh_from_db(), b.refresh_from_db()
    assert (a.user, b.user) == (ada, ada)
    assert _ranked(ada, code) == [200_000]  # the first claimed keeps its rank


def test_the_database_refuses_a_second_ranked_daily_win_of_a_player():
    ada = player("ada")
    code = str(daily.daily_code(daily.utc_day(), "L05"))
    game = win_with_services(user=ada, daily="L05", seconds=300)
    assert game.ranked

    def daily_win(*, ranked: bool) -> Game:
        return Game.objects.create(
            code=code,
            layout_id="L05",
            origin=Game.DAILY,
            result=Game.WON,
            state=Game.WON,
            ranked=ranked,
            user=ada,
            elapsed_ms=1,
        )

    with pytest.raises(IntegrityError), transaction.atomic():
        daily_win(ranked=True)
    # Unranked copies, and other players' ranked wins, are allowed.
    daily_win(ranked=False)
    assert rules.is_ranked(Game.objects.filter(user=ada, ranked=False).first()) is False
