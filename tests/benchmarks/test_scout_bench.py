"""bench/scout.py: a scout plays today's daily deal with hints, then a bot on a fresh
account wins it; each way of playing it is held by the check made for it, and the one
that passes them all ranks only below the top places a person checks."""

import random
from datetime import timedelta

import pytest

from bench import scout

pytestmark = pytest.mark.django_db
TOP = 10


@pytest.fixture
def deployed_checks(settings):
    settings.MAHJONG_REVIEW_TOP_PLACES = TOP
    settings.MAHJONG_DAILY_KEY = "bench"


def _play(name: str, offset: int) -> dict:
    bot = next(bot for bot in scout.BOTS if bot[0] == name)
    day = scout.FIRST_DAY + timedelta(days=offset)
    return scout.scouted_win(day, bot, random.Random(offset), TOP)


@pytest.mark.parametrize(
    ("name", "held"),
    [
        ("bot, own order, fast person's pace", "top_place"),
        ("bot, the scout's order, fast person's pace", "follows_deal_plan"),
        ("bot, own order, from the scout's browser", "shared_device"),
    ],
)
def test_each_scouted_win_is_held_by_its_check(deployed_checks, name, held):
    result = _play(name, 1)
    assert result["won"] and result["held"] == held
    assert result["place"] is None and not result["top"]


def test_a_scouted_win_that_passes_every_check_ranks_below_the_checked_places(
    deployed_checks,
):
    result = _play("bot, own order, just below the top places", 2)
    assert result["won"] and result["held"] == ""
    assert result["place"] >= TOP and not result["top"]


def test_without_the_persons_check_the_fast_bot_takes_a_top_place_unreviewed(
    deployed_checks, settings
):
    settings.MAHJONG_REVIEW_TOP_PLACES = 0
    result = scout.scouted_win(scout.FIRST_DAY, scout.BOTS[0], random.Random(1), 0)
    assert result["won"] and result["held"] == ""
    assert result["place"] < TOP and result["top"]
