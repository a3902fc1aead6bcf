"""Moderation from the Django admin: an operator removes a ranked result from the boards,
publishes a win held for its rhythm, and suspends an account (it can no longer sign in
and its results leave the boards)."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from daily import codes as daily
from game.models import BestTime, Game
from ranking.day_board import day_board
from records import stats
from tests.players import PASSWORD, player, signed_in, signs_in, win_with_services

from .test_rhythm import steady, win

pytestmark = pytest.mark.django_db


@pytest.fixture
def operator():
    op = get_user_model().objects.create_superuser("op", "op@example.org", PASSWORD)
    return signed_in(Client(), op)


def _act(operator, model: str, action: str, pks) -> None:
    answer = operator.post(
        f"/admin/{model}/",
        {"action": action, "_selected_action": [str(pk) for pk in pks]},
    )
    assert answer.status_code == 302, answer.content[:500]


def test_an_operator_removes_a_ranked_result_from_the_boards(operator):
    ada, bo = player("ada"), player("bo")
    code = str(daily.daily_code(daily.utc_day(), "L02"))
    cheat = win_with_services(user=ada, daily="L02", seconds=100)
    honest = win_with_services(user=bo, daily="L02", seconds=300)
    slower = win_with_services(user=ada, code=None, layout_id="L02", seconds=400)
    assert [e.username for e in day_board(code=code).entries] == ["ada", "bo"]
    assert BestTime.objects.get(user=ada, layout_id="L02").elapsed_ms == 100_000
    page = operator.get("/admin/game/game/?q=ada").content.decode()
    assert code in page and "remove_from_boards" in page
    _act(operator, "game/game", "remove_from_boards", [cheat.pk])
    cheat.refresh_from_db()
    assert (cheat.ranked, cheat.removed_by_moderator) == (False, True)
    assert [e.username for e in day_board(code=code).entries] == ["bo"]
    # The best time falls back to her next ranked win; the win still counts for her.
    assert BestTime.objects.get(user=ada, layout_id="L02").game_id == slower.id
    assert stats.stats_for_user(user_id=ada.pk).overall.won == 2
    honest.refresh_from_db()
    assert honest.ranked


def test_an_operator_sees_and_publishes_held_wins(operator):
    ada = player("ada")
    held = win(ada, steady(700))
    assert held.held and not held.ranked
    page = operator.get("/admin/game/game/?held__exact=too_even_taps").content.decode()
    assert held.code in page
    _act(operator, "game/game", "publish_held", [held.pk])
    held.refresh_from_db()
    assert (held.ranked, held.held) == (True, "")
    assert BestTime.objects.get(user=ada, layout_id="L00").game_id == held.id


def test_a_suspended_account_cannot_sign_in_and_leaves_the_boards(operator):
    ada = player("ada")
    won = win_with_services(user=ada, code=None, seconds=300)
    session = signed_in(Client(), ada)
    assert session.get("/sv/accounts/").status_code == 200
    _act(operator, "auth/user", "suspend", [ada.pk])
    ada.refresh_from_db()
    assert not ada.is_active
    won.refresh_from_db()
    assert not won.ranked and not BestTime.objects.filter(user=ada).exists()
    assert not signs_in(Client(), "ada")
    # Her open session no longer signs her in.
    assert session.get("/sv/accounts/").status_code == 302
    _act(operator, "auth/user", "reinstate", [ada.pk])
    assert signs_in(Client(), "ada")


def test_a_held_daily_win_is_not_published_over_a_ranked_one(operator):
    ada = player("ada")
    code = str(daily.daily_code(daily.utc_day(), "L03"))
    first = win_with_services(user=ada, daily="L03", seconds=300)
    second = Game.objects.get(pk=first.pk)
    assert second.ranked
    Game.objects.filter(pk=first.pk).update(ranked=False, held="too_fast_taps")
    other = win_with_services(user=ada, daily="L03", seconds=200)  # not ranked: seen before
    Game.objects.filter(pk=other.pk).update(held="too_fast_taps")
    _act(operator, "game/game", "publish_held", [first.pk, other.pk])
    assert Game.objects.filter(user=ada, code=code, ranked=True).count() == 1


def test_a_games_page_gives_the_moderator_the_figures_the_checks_read():
    op = get_user_model().objects.create_superuser("op", "op@example.org", PASSWORD)
    operator = signed_in(Client(HTTP_ACCEPT_LANGUAGE="de"), op)
    held = win(player("ada"), steady(700))
    html = operator.get(f"/admin/game/game/{held.pk}/change/").content.decode()
    # A steady 700 ms, no spread, an order of the player's own (the test helper's plan
    # takes the plan's latest free pair: its next one now and then), no extra tap.
    found = re.search(
        r"Median der Pausen zwischen zwei angetippten Spielsteinen: 700 ms; Streuung: 0 %; "
        r"Paare nach dem eigenen Plan des Spiels: (\d+) %; überzählige angetippte "
        r"Spielsteine \(mehr als zwei je Paar\): 0\.",
        html,
    )
    assert found and int(found.group(1)) < 60
    assert "Die Spielsteine wurden gleichmäßiger angetippt als von einem Menschen" in html
    assert held.held not in html  # the reason in words only, never its code
