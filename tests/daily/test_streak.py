"""The daily habit: the streak (days in a row with a ranked daily win) on the daily page,
the statistics and a daily win's answer; the calendar of past days with the player's wins;
an earlier day's deal offered to play, not ranked. The clock is fixed in every test."""

from __future__ import annotations

import re
from datetime import UTC, date, datetime, timedelta
from unittest import mock

import pytest
from django.test import Client
from django.utils import timezone, translation
from django.utils.html import escape
from django.utils.translation import gettext, ngettext

from daily import codes as daily
from daily.history import calendar
from daily.streak import current_streak, streak_of
from game.models import Game
from tests.players import player, signed_in, win_with_services
from wording import formatting

pytestmark = pytest.mark.django_db
LANGUAGES = ["sv", "el", "de", "id"]


def _at(moment: datetime):
    """The server's clock set to ``moment``."""
    return mock.patch.object(timezone, "now", return_value=moment)


def _noon(day: date) -> datetime:
    return datetime(day.year, day.month, day.day, 12, tzinfo=UTC)


def _daily_win(user, day: date, *, layout_id="L00", ranked=True, origin=Game.DAILY, hour=12):
    when = datetime(day.year, day.month, day.day, hour, tzinfo=UTC)
    code = str(daily.daily_code(day, layout_id))
    return Game.objects.create(
        code=code,
        layout_id=layout_id,
        origin=origin,
        state=Game.WON,
        result=Game.WON,
        ranked=ranked,
        user=user,
        started_at=when - timedelta(minutes=5),
        finished_at=when,
        elapsed_ms=300_000,
    )


def test_the_streak_counts_days_in_a_row_across_a_month_boundary_and_breaks_on_a_missed_day():
    days = {date(2026, 11, 29), date(2026, 11, 30), date(2026, 12, 1)}
    assert streak_of(days, date(2026, 12, 1)) == 3
    # Today not won yet: the streak stands until the day is over...
    assert streak_of(days, date(2026, 12, 2)) == 3
    # ...and a missed day breaks it.
    assert streak_of(days, date(2026, 12, 3)) == 0
    assert streak_of(days - {date(2026, 11, 30)}, date(2026, 12, 1)) == 1
    assert streak_of({date(2026, 12, 31), date(2027, 1, 1)}, date(2027, 1, 1)) == 2
    assert streak_of(set(), date(2027, 1, 1)) == 0


def test_only_the_players_ranked_daily_wins_count_each_on_its_utc_day():
    ada, bob = player("ada"), player("bob")
    for day in (date(2026, 11, 29), date(2026, 11, 30), date(2026, 12, 1)):
        _daily_win(ada, day)
    _daily_win(ada, date(2026, 12, 1), layout_id="L03")  # two wins on one day: one day
    _daily_win(bob, date(2026, 11, 28))  # someone else's day
    _daily_win(ada, date(2026, 11, 28), ranked=False)  # unranked: no day
    _daily_win(ada, date(2026, 11, 27), origin=Game.NEW)  # not a daily deal

    assert current_streak(ada.pk, date(2026, 12, 1)) == 3
    assert current_streak(ada.pk, date(2026, 12, 2)) == 3
    assert current_streak(ada.pk, date(2026, 12, 3)) == 0
    assert current_streak(bob.pk, date(2026, 11, 28)) == 1
    assert current_streak(bob.pk, date(2026, 11, 30)) == 0
    # A win just before midnight UTC counts for its own day.
    _daily_win(ada, date(2026, 11, 26), hour=23)
    _daily_win(ada, date(2026, 11, 27))
    _daily_win(ada, date(2026, 11, 28))
    assert current_streak(ada.pk, date(2026, 12, 1)) == 6


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_daily_page_and_the_statistics_show_the_streak(lang):
    ada = player()
    for day in (date(2026, 11, 30), date(2026, 12, 1)):
        _daily_win(ada, day)
    client = signed_in(Client(), ada)
    with _at(_noon(date(2026, 12, 1))):
        daily_html = client.get(f"/{lang}/daily/").content.decode()
        stats_html = client.get(f"/{lang}/stats/").content.decode()
    with translation.override(lang):
        expected = ngettext(
            "Your streak: %(days)s day in a row with a ranked daily win.",
            "Your streak: %(days)s days in a row with a ranked daily win.",
            2,
        ) % {"days": 2}
        days = ngettext("%(days)s day", "%(days)s days", 2) % {"days": 2}
    (shown,) = re.findall(r'<p class="daily-streak" id="daily-streak">([^<]*)</p>', daily_html)
    assert shown == expected
    assert re.search(rf'id="stats-streak"><dt>[^<]+</dt><dd>{re.escape(days)}</dd>', stats_html)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_player_with_no_streak_is_told_how_one_starts_not_given_zero_days(lang):
    client = signed_in(Client(), player())
    html = client.get(f"/{lang}/daily/").content.decode()
    with translation.override(lang):
        expected = gettext(
            "You have no streak yet. A streak starts with a ranked win of one of today's deals."
        )
    (shown,) = re.findall(r'<p class="daily-streak" id="daily-streak">([^<]*)</p>', html)
    assert shown == escape(expected)


def test_a_visitor_sees_no_streak():
    html = Client().get("/de/daily/").content.decode()
    assert "daily-streak" not in html


def test_a_ranked_daily_wins_answer_carries_the_streak_and_other_games_none():
    ada = player()
    today = daily.utc_day()
    _daily_win(ada, today - timedelta(days=1))
    code = str(daily.daily_code(today, "L01"))
    game = win_with_services(user=ada, daily="L01", layout_id="L01", seconds=300)
    assert (game.origin, game.ranked, game.code) == (Game.DAILY, True, code)
    client = signed_in(Client(), ada)

    assert client.get(f"/api/games/{game.id}").json()["streak"] == 2
    other = win_with_services(user=ada, code=None, layout_id="L01", seconds=300)
    assert client.get(f"/api/games/{other.id}").json()["streak"] is None


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_calendar_shows_each_past_day_and_the_players_wins_on_its_deals(lang):
    ada = player()
    today = date(2026, 12, 1)
    # A past day's deal played later: not ranked, still a win of that day's deal.
    _daily_win(ada, date(2026, 11, 28), layout_id="L02", ranked=False, origin=Game.CODE)
    client = signed_in(Client(), ada)
    with _at(_noon(today)), translation.override(lang):
        html = client.get(f"/{lang}/daily/").content.decode()
        rows = re.findall(
            r'<tr[^>]*>\s*<th scope="row"><a href="([^"]+)"[^>]*><time datetime="([^"]+)">'
            r"[^<]*</time></a></th>\s*<td>([^<]*)</td>",
            html,
        )
        assert [row[1] for row in rows] == [
            (today - timedelta(days=back)).isoformat() for back in range(1, 15)
        ]
        won = {row[1]: row[2] for row in rows}
        from wording.names import layout_name

        assert won["2026-11-28"] == f"{layout_name('L02')} ({formatting.clock(300_000)})"
        assert won["2026-11-29"] == "–"
        past = client.get(rows[2][0].replace("&amp;", "&")).content.decode()
        code = daily.daily_code(date(2026, 11, 28), "L00")
        label = translation.gettext("Play %(layout)s, not ranked") % {"layout": layout_name("L00")}
        # The link names its day, so that the play page can say which day's deal it is.
        # The button says "Play, not ranked" below the card's name; its accessible name
        # names the layout too.
        button = translation.pgettext("a daily card's button", "Play, not ranked")
        link = f'href="/{lang}/play/?code={code}&amp;day=2026-11-28" aria-label="{label}">'
        assert f"{link}{button}</a>" in past


def test_the_calendar_costs_one_query_for_a_player_and_none_for_a_visitor(
    django_assert_num_queries,
):
    ada = player()
    with django_assert_num_queries(0):
        assert len(calendar(date(2026, 12, 1), None)) == 14
    with django_assert_num_queries(1):
        calendar(date(2026, 12, 1), ada.pk)


def test_a_held_daily_win_joins_the_streak_once_it_is_published():
    """A held win is not ranked yet, so it does not count; once a moderator publishes it,
    the streak counts its day as any other ranked win's."""
    from ranking.rules import publish_held

    ada = player()
    today = date(2026, 12, 3)
    _daily_win(ada, date(2026, 12, 1))
    held = _daily_win(ada, date(2026, 12, 2), ranked=False)
    Game.objects.filter(pk=held.pk).update(held="top_place")
    _daily_win(ada, today)
    assert current_streak(ada.pk, today) == 1  # the held day breaks it for now
    assert publish_held(Game.objects.filter(pk=held.pk)) == 1
    assert current_streak(ada.pk, today) == 3
