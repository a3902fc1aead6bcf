"""The rhythm of a win's taps (ranking/rhythm.py): a person's pace is ranked; a script's
burst, steady pace or uniformly random pace is held back from the boards, with the
reason, and the limits are settings."""

from __future__ import annotations

import random
import re
from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from game import services
from game.models import BestTime, Game
from game.store import Owner
from ranking import rhythm
from records import stats
from tests.players import human_pace, plan, player, signed_in

pytestmark = pytest.mark.django_db


def win(user, offsets_ms: list[int]) -> Game:
    owner = Owner(user_id=user.pk)
    game = services.game_create(owner=owner, code=None, layout_id="L00").game
    start = game.running_since  # a server deal's clock runs from its first view
    taps = [tile for pair in plan(game.code) for tile in pair]
    assert len(offsets_ms) == len(taps)
    for tile, at in zip(taps, offsets_ms):
        services.game_tap(
            game_id=game.id, owner=owner, tile=tile, now=start + timedelta(milliseconds=at)
        )
    game.refresh_from_db()
    assert game.result == Game.WON and game.origin == Game.NEW
    return game


def _burst() -> list[int]:
    """The tester's script: 143 taps in under 2 s, then a wait past the floor."""
    return [13 * i for i in range(143)] + [80_000]


def steady(gap_ms: int = 600) -> list[int]:
    return [gap_ms * i for i in range(144)]


def _uniform(low: float = 0.4, high: float = 1.6, seed: int = 3) -> list[int]:
    rnd, at, out = random.Random(seed), 0, []
    for _ in range(144):
        out.append(at)
        at += int(rnd.uniform(low, high) * 1000)
    return out


def _person(seconds: float = 150, seed: int = 7) -> list[int]:
    return [int(t.total_seconds() * 1000) for t in human_pace(144, seconds, seed=seed)]


def test_a_persons_pace_is_ranked_and_the_taps_are_kept():
    ada = player("ada")
    game = win(ada, _person())
    assert (game.ranked, game.held) == (True, "")
    assert len(game.tap_ms) == 144 and game.tap_ms[0] == 0
    assert game.tap_ms[-1] == game.elapsed_ms == 150_000


@pytest.mark.parametrize(
    ("taps", "reason"),
    [(_burst(), rhythm.TOO_FAST), (steady(), rhythm.TOO_EVEN), (_uniform(), rhythm.TOO_EVEN)],
    ids=["burst", "steady", "uniform"],
)
def test_a_scripts_win_is_held_not_published(taps, reason):
    bot = player("bot")
    game = win(bot, taps)
    assert game.elapsed_ms >= 72_000  # past the floor of play time: the rules alone rank it
    assert (game.ranked, game.held) == (False, reason)
    assert not BestTime.objects.filter(user=bot).exists()
    assert stats.stats_for_user(user_id=bot.pk).overall.ranked_won == 0
    answer = signed_in(Client(), bot).get(f"/api/games/{game.id}").json()
    assert (answer["ranked"], answer["held"]) == (False, reason)


def test_the_limits_are_settings(settings):
    ada = player("ada")
    settings.MAHJONG_RHYTHM_MIN_SPREAD_PERCENT = 20  # a uniform pace (about 29 %) passes
    assert win(ada, _uniform()).ranked
    settings.MAHJONG_RHYTHM_MIN_MEDIAN_MS = 5000  # now a person's quick pace is too fast
    assert win(ada, _person()).held == rhythm.TOO_FAST


def test_pauses_are_not_gaps_the_clock_is_play_time():
    """A pause between two taps does not count: the times are play time."""
    ada = player("ada")
    owner = Owner(user_id=ada.pk)
    game = services.game_create(owner=owner, code=None, layout_id="L00").game
    start = game.running_since  # a server deal's clock runs from its first view
    services.game_tap(game_id=game.id, owner=owner, tile=plan(game.code)[0][0], now=start)
    services.game_pause(game_id=game.id, owner=owner, now=start + timedelta(seconds=1))
    services.game_resume(game_id=game.id, owner=owner, now=start + timedelta(seconds=600))
    services.game_tap(
        game_id=game.id, owner=owner, tile=plan(game.code)[0][1], now=start + timedelta(seconds=602)
    )
    game.refresh_from_db()
    assert game.tap_ms == [0, 3000]


def test_too_few_taps_say_nothing():
    assert rhythm.implausible([0, 1, 2]) is None
    assert rhythm.figures(list(range(0, 20_000, 1000))) == (1000, 0.0)


@pytest.mark.parametrize("lang", ["sv", "el", "de", "id"])
def test_the_players_statistics_say_a_win_is_held_for_review(client, lang):
    """The win screen is not the only place: the statistics page counts the held wins and
    marks each in the list of recent wins; a ranked one stays "Yes", and once published
    the notice goes."""
    from django.utils import translation
    from django.utils.translation import ngettext, pgettext

    from ranking import rules
    from wording import formatting

    ada = player("ada")
    held = [win(ada, _burst()), win(ada, steady())]
    win(ada, _person())
    signed_in(client, ada)
    html = client.get(f"/{lang}/stats/").content.decode()
    with translation.override(lang):
        notice = ngettext(
            "%(count)s win is held for review: the way it was played looks like a script's, "
            "or like a second account's on a daily deal. It enters the boards once it has "
            "been checked.",
            "%(count)s wins are held for review: the way they were played looks like a "
            "script's, or like a second account's on a daily deal. They enter the boards "
            "once they have been checked.",
            2,
        ) % {"count": formatting.small_number(2)}
        cell = pgettext("win state", "Waiting for a check")  # the held state's one msgid
        yes = pgettext("ranked", "Yes")
    assert "Held for review" not in html and "held for review" not in html  # translated
    assert f'<p class="stats-held" id="stats-held">{notice}</p>' in html
    recent = html.split('id="recent-table-caption"')[1]
    assert re.findall(r"<td>([^<>]+)</td>\s*</tr>", recent) == [cell, cell, yes]

    rules.publish_held(Game.objects.filter(pk__in=[g.pk for g in held]))
    html = client.get(f"/{lang}/stats/").content.decode()
    assert 'id="stats-held"' not in html and cell not in html


def _win_in_order(user, order) -> Game:
    owner = Owner(user_id=user.pk)
    game = services.game_create(owner=owner, code=None, layout_id="L00").game
    start, times = timezone.now(), _person()
    taps = [tile for pair in order(game.code) for tile in pair]
    for tile, at in zip(taps, times):
        services.game_tap(
            game_id=game.id, owner=owner, tile=tile, now=start + timedelta(milliseconds=at)
        )
    game.refresh_from_db()
    assert game.result == Game.WON
    return game


def _deals_plan(code: str) -> list:
    from mahjong import Board

    return list(Board.from_code(code).deal.plan)


def test_a_win_replaying_the_deals_plan_is_held_at_a_persons_pace():
    """The script that learnt the code: a person's rhythm, the plan the code gives."""
    from game import win_screen
    from ranking import plan_order

    ada = player("ada")
    scripted = _win_in_order(ada, _deals_plan)
    assert (scripted.ranked, scripted.held) == (False, plan_order.FOLLOWS_PLAN)
    assert win_screen.win_for(scripted)["not_ranked"] == [win_screen.HELD_PLAN]
    assert plan_order.plan_share(scripted.code, scripted.history) == 1.0
    # A person's order on another deal (the helpers' winning order): ranked.
    honest = _win_in_order(ada, plan)
    assert (honest.ranked, honest.held) == (True, "")
    assert plan_order.plan_share(honest.code, honest.history) < 0.3
    assert not BestTime.objects.filter(game=scripted).exists()


def test_the_plan_limit_is_a_setting(settings):
    from ranking import plan_order

    ada = player("ada")
    honest = _win_in_order(ada, plan)
    share = plan_order.plan_share(honest.code, honest.history)
    settings.MAHJONG_PLAN_MAX_PERCENT = int(share * 100) - 1
    assert plan_order.implausible(honest.code, honest.history) == plan_order.FOLLOWS_PLAN
    settings.MAHJONG_PLAN_MAX_PERCENT = 100
    assert plan_order.implausible(honest.code, _deals_plan(honest.code)) is None
    settings.MAHJONG_PLAN_MAX_PERCENT = 0
    assert plan_order.implausible(honest.code, _deals_plan(honest.code)[:10]) is None  # too few
