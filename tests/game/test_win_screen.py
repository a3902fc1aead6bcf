"""The win screen's facts (game/win_screen.py), as the game answer's ``win`` carries them: the
time, ranked or why not, a new personal best, the daily place for players and visitors;
and ``may_rank``, which the board reads before a first hint."""

from __future__ import annotations

import pytest
from django.test import Client
from django.utils import translation

from daily import codes as daily
from game import services, win_screen
from game.models import Game
from game.store import Owner
from tests.api.helpers import EXAMPLE, create
from tests.api.test_openapi import validate
from tests.players import player, signed_in, win_through_api, win_with_services

pytestmark = pytest.mark.django_db


def _visitor(client: Client) -> Owner:
    client.get("/de/")
    client.session.save()
    return Owner(session_key=client.session.session_key)


def test_a_ranked_win_and_personal_bests_on_a_layout():
    ada = player("ada")
    first = win_screen.win_for(win_with_services(user=ada, code=None, seconds=300))
    assert first == {
        "elapsed_ms": 300_000,
        "ranked": True,
        "held": False,  # its own state when held: neither ranked nor unranked
        "not_ranked": [],
        "best": {"new": True, "previous_ms": None},  # the first ranked win is a best
        "daily": None,
        "code_later": None,  # not today's daily deal: its code is shown
        "visitor": None,  # a signed-in player's win: nothing to promise
    }
    slower = win_screen.win_for(win_with_services(user=ada, code=None, seconds=400))
    assert slower["best"] == {"new": False, "previous_ms": 300_000}
    faster = win_screen.win_for(win_with_services(user=ada, code=None, seconds=200))
    assert faster["best"] == {"new": True, "previous_ms": 300_000}
    # Another layout has bests of its own.
    other = win_screen.win_for(win_with_services(user=ada, code=None, layout_id="L02", seconds=500))
    assert other["best"] == {"new": True, "previous_ms": None}


def test_why_a_win_is_not_ranked():
    ada = player("ada")
    hinted = win_screen.win_for(win_with_services(user=ada, code=None, seconds=300, hints=1))
    assert (hinted["ranked"], hinted["not_ranked"], hinted["best"]) == (False, ["hints"], None)
    typed = win_screen.win_for(win_with_services(user=ada, code=EXAMPLE, seconds=300))
    assert typed["not_ranked"] == ["code"]
    rushed = win_screen.win_for(win_with_services(user=ada, code=EXAMPLE, seconds=10, hints=1))
    assert rushed["not_ranked"] == ["hints", "code", "too_fast"]
    # Taps at a script's pace: held back for review, and the screen says so.
    scripted = win_with_services(user=ada, code=None, seconds=300)
    Game.objects.filter(pk=scripted.pk).update(ranked=False, held="too_even_taps")
    scripted.refresh_from_db()
    assert win_screen.win_for(scripted)["not_ranked"] == ["held"]
    # Nothing before the win: no query either.
    game = services.game_create(owner=Owner(user_id=ada.pk), layout_id="L00").game
    assert win_screen.win_for(game) is None


def test_daily_place_for_players_and_visitors_and_a_replay():
    bob, ada = player("bob"), player("ada")
    win_with_services(user=bob, daily="L02", seconds=200)
    ada_win = win_screen.win_for(win_with_services(user=ada, daily="L02", seconds=300))
    assert ada_win["ranked"] and ada_win["daily"] == {
        "rank": 2,
        "of": 2,
        "counted": True,
        # Ada's first ranked daily win: a streak of one day, said as the daily page says it.
        "streak": 1,
        "streak_text": translation.ngettext(
            "Your streak: %(days)s day in a row with a ranked daily win.",
            "Your streak: %(days)s days in a row with a ranked daily win.",
            1,
        )
        % {"days": 1},
    }
    assert ada_win["best"] == {"new": True, "previous_ms": None}

    visitor = _visitor(Client())
    seen = win_screen.win_for(win_with_services(owner=visitor, daily="L02", seconds=250))
    # Not on the board of signed-in players: where it would stand.
    assert seen["daily"] == {
        "rank": 2,
        "of": 3,
        "counted": False,
        "streak": None,
        "streak_text": None,
    }
    again = win_screen.win_for(win_with_services(owner=visitor, daily="L02", seconds=100))
    assert again["not_ranked"] == ["replay"] and again["daily"] is None


def test_may_rank_before_the_first_hint():
    ada = player("ada")
    owner = Owner(user_id=ada.pk)
    fresh = services.game_create(owner=owner, layout_id="L00").game
    assert win_screen.may_rank(fresh)
    services.game_hint(game_id=fresh.id, owner=owner)
    assert not win_screen.may_rank(Game.objects.get(pk=fresh.id))
    assert not win_screen.may_rank(services.game_create(owner=owner, code=EXAMPLE).game)
    assert win_screen.may_rank(services.game_create(owner=owner, daily="L00").game)
    assert not win_screen.may_rank(services.game_create(owner=owner, daily="L00").game)  # a replay
    # Today's code typed in is a typed code: its deal was known before the first tap.
    today = str(daily.daily_code(daily.utc_day(), "L01"))
    typed = services.game_create(owner=owner, code=today).game
    assert (typed.origin, win_screen.may_rank(typed)) == (Game.CODE, False)


def test_the_game_answer_carries_win_and_may_rank(client):
    signed_in(client, player("ada"))
    assert create(client)["may_rank"] is True
    assert create(client, code=EXAMPLE)["may_rank"] is False
    won = win_through_api(client)  # typed in and played at machine speed
    validate(won, {"$ref": "#/components/schemas/Move"})
    assert won["win"]["not_ranked"] == ["code", "too_fast"]
    assert won["win"]["ranked"] is False and won["win"]["best"] is None
    whole = client.get(f"/api/games/{won['id']}").json()
    validate(whole, {"$ref": "#/components/schemas/Game"})
    assert whole["win"] == won["win"]
