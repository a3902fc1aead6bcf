"""A game that may be ranked is timed from its first view, the answer that creates it
and shows its board, not from its first tap: its faces cannot be studied off the clock.
A typed code keeps the first tap. Either way the statistics count a game as played from
its first tap."""

from __future__ import annotations

from datetime import timedelta

import pytest

from game import services
from game.models import Game
from game.store import Owner
from records import stats
from tests.api.helpers import EXAMPLE
from tests.players import plan, player

pytestmark = pytest.mark.django_db


def test_a_ranked_games_time_counts_from_its_first_view():
    ada = player("ada")
    owner = Owner(user_id=ada.pk)
    game = services.game_create(owner=owner, layout_id="L00").game
    shown = game.running_since
    assert shown is not None and game.started_at is None  # running, no move yet
    # Thirty seconds of looking, a pause of an hour (the board hidden), then ten more.
    services.game_pause(game_id=game.id, owner=owner, now=shown + timedelta(seconds=30))
    services.game_resume(game_id=game.id, owner=owner, now=shown + timedelta(hours=1))
    first = plan(game.code)[0][0]
    at = shown + timedelta(hours=1, seconds=10)
    services.game_tap(game_id=game.id, owner=owner, tile=first, now=at)
    game.refresh_from_db()
    assert game.tap_ms == [40_000]
    assert game.elapsed_ms_at(at + timedelta(seconds=5)) == 45_000
    assert game.started_at == at  # the first move, as the statistics read it


def test_a_daily_game_is_timed_from_its_first_view_too():
    ada = player("ada")
    game = services.game_create(owner=Owner(user_id=ada.pk), daily="L02").game
    assert game.running_since is not None


def test_a_typed_code_is_timed_from_its_first_tap():
    ada = player("ada")
    owner = Owner(user_id=ada.pk)
    game = services.game_create(owner=owner, code=EXAMPLE).game
    assert game.running_since is None
    later = game.created_at + timedelta(minutes=5)
    services.game_tap(game_id=game.id, owner=owner, tile=plan()[0][0], now=later)
    game.refresh_from_db()
    assert game.tap_ms == [0] and game.running_since == later


def test_a_shown_game_without_a_move_is_not_counted_as_played():
    ada = player("ada")
    services.game_create(owner=Owner(user_id=ada.pk), layout_id="L00")
    assert Game.objects.filter(user=ada).count() == 1
    assert stats.stats_for_user(user_id=ada.pk).overall.played == 0
