"""The server deals MJ2 codes (60-bit deal numbers) for every game it deals at random, on
our layouts and on a player's own, and for the daily deals from LONG_FROM on; a code
typed in keeps its version. Stored codes are read back whole (the longest is 26
characters)."""

from __future__ import annotations

from datetime import UTC, datetime
from unittest import mock

import pytest
from django.contrib.auth import get_user_model
from django.utils import timezone

from daily import codes as daily
from editor.models import CustomLayout
from game import services
from game.models import Game
from game.store import Owner
from mahjong import LAYOUTS, custom_layout_id, parse_code

pytestmark = pytest.mark.django_db


@pytest.fixture
def owner():
    return Owner(user_id=get_user_model().objects.create_user("dealt").pk)


def stored_code(game) -> str:
    return Game.objects.get(pk=game.pk).code


@pytest.mark.parametrize("layout_id", ["L00", "L03"])
def test_a_new_game_is_dealt_an_mj2_code(owner, layout_id):
    codes = {stored_code(services.game_create(owner=owner, layout_id=layout_id).game)}
    codes.add(stored_code(services.game_create(owner=owner, layout_id=layout_id).game))
    assert len(codes) == 2
    for code in codes:
        assert code.startswith(f"MJ2-{layout_id}-") and len(code) == 20
        assert parse_code(code).version == 2


def test_a_new_game_on_a_players_layout_is_dealt_an_mj2_code_stored_whole(owner):
    positions = LAYOUTS["L00"].positions
    layout_id = custom_layout_id(positions)
    CustomLayout.objects.create(
        owner_id=owner.user_id,
        name="mine",
        layout_id=layout_id,
        positions=[list(p) for p in positions],
    )
    game = services.game_create(owner=owner, layout_id=layout_id).game
    code = stored_code(game)
    assert code.startswith(f"MJ2-{layout_id}-") and len(code) == 26
    assert str(parse_code(code)) == code


def test_a_typed_code_keeps_its_version(owner):
    for code in ("MJ1-L00-AAAAABL", "MJ2-L00-AAAAAAAAAABL"):
        assert stored_code(services.game_create(owner=owner, code=code.lower()).game) == code


def test_the_daily_deal_from_long_from_on_is_an_mj2_code(owner):
    moment = datetime.combine(daily.LONG_FROM, datetime.min.time(), tzinfo=UTC)
    with mock.patch.object(timezone, "now", return_value=moment):
        game = services.game_create(owner=owner, daily="L00").game
    assert stored_code(game) == str(daily.daily_code(daily.LONG_FROM, "L00"))
    assert stored_code(game).startswith("MJ2-L00-") and len(stored_code(game)) == 20
