"""Times and dates on the statistics, leaderboard and daily pages: exact game times (m:ss,
then h:mm:ss), the total time played in whole units without rounding, the medium date in
tables and the long date in a line of the page, times of day as each language writes them.

Expected texts are built with Babel itself (its output changes between CLDR versions)."""

from __future__ import annotations

import re
from datetime import UTC, timedelta
from unittest import mock

import pytest
from babel.dates import format_date
from babel.units import format_unit
from django.utils import timezone, translation

from game.models import Game
from mahjong.rules import daily
from tests.players import player, recorded_win, signed_in
from wording import formatting

pytestmark = pytest.mark.django_db
LANGUAGES = ["sv", "el", "de", "id"]


def units(lang: str, *parts: tuple[int, str]) -> str:
    # Greek joins two units with "and"; the others with a space.
    return (" και " if lang == "el" else " ").join(
        format_unit(value, f"duration-{unit}", length="long", locale=lang) for value, unit in parts
    )


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize(
    ("ms", "parts"),
    [
        (0, [(0, "second")]),
        (59_999, [(59, "second")]),
        (98_000, [(1, "minute"), (38, "second")]),  # not "2 minutes"
        (120_000, [(2, "minute")]),
        (3_600_000, [(1, "hour")]),
        (5_999_000, [(1, "hour"), (39, "minute")]),  # 1:39:59: not "2 hours", not 1 h 40
        (90_061_000, [(25, "hour"), (1, "minute")]),  # no days
    ],
)
def test_total_time_is_whole_units_without_rounding(lang, ms, parts):
    with translation.override(lang):
        assert formatting.duration(ms) == units(lang, *parts)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_statistics_page_gives_exact_times_and_one_date_style(client, lang):
    ada = player()
    first = timezone.make_aware(timezone.datetime(2026, 3, 14, 12, 0))
    wins = [
        recorded_win(user=ada, seconds=98, when=first),
        recorded_win(user=ada, seconds=3723, when=first + timedelta(days=5)),
    ]
    Game.objects.bulk_create(wins)
    signed_in(client, ada)
    text = client.get(f"/{lang}/stats/").content.decode()

    assert ">1:02:03<" in text and ">1:38<" in text  # best and slowest, exact
    assert "62:03" not in text
    total = units(lang, (1, "hour"), (3, "minute"))  # 98 s + 3723 s = 1:03:41
    assert f"<dd>{total}</dd>" in text
    # One date style: the chart's axis and the table both use the medium date.
    for day in (14, 19):
        medium = format_date(first.date().replace(day=day), format="medium", locale=lang)
        assert text.count(medium) >= 2
    visible = re.sub(r"<[^>]+>", " ", text)  # <time datetime="2026-03-14"> is ISO on purpose
    assert format_date(first.date(), format="short", locale=lang) not in visible


def test_one_win_puts_its_date_on_the_axis_once(client):
    ada = player()
    when = timezone.make_aware(timezone.datetime(2026, 11, 30, 12, 0))
    Game.objects.bulk_create([recorded_win(user=ada, seconds=17, when=when)])
    signed_in(client, ada)
    text = client.get("/el/stats/").content.decode()
    svg = re.search(r'<svg class="stats-chart__svg".*?</svg>', text, re.S).group(0)
    medium = format_date(when.date(), format="medium", locale="el")
    assert (
        re.findall(r'<text class="stats-chart__label"[^>]*>([^<]*)</text>', svg).count(medium) == 1
    )


# A date in a line of the page is the long date, the month as a sentence writes it: the
# Greek month in the genitive (Μαΐου, not Μάιος or the abbreviation Μαΐ), the German day
# an ordinal. Written out here, not built with Babel, so that a change of style fails.
LONG_DATES = {
    "sv": "15 maj 2026",
    "el": "15 Μαΐου 2026",
    "de": "15. Mai 2026",
    "id": "15 Mei 2026",
}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_date_in_a_line_of_the_page_is_long_and_in_a_table_medium(client, lang):
    text = client.get(f"/{lang}/daily/?day=2026-05-15").content.decode()
    # An earlier day's page names its day in the heading (not "Daily deal" alone, which
    # reads as today's), and has no second date line.
    heading = re.search(r"<h1>(.*?)</h1>", text, re.S).group(1)
    assert f'<time datetime="2026-05-15">{LONG_DATES[lang]}</time>' in heading
    assert 'class="daily-day"' not in text
    # The list of past days is a table: there the same day is the medium date.
    calendar = text.split('id="daily-calendar"')[1]
    with translation.override(lang):
        # It starts with yesterday: today is not an earlier day.
        assert f">{formatting.day(daily.utc_day() - timedelta(days=1))}</time>" in calendar
        assert f">{formatting.day(daily.utc_day())}</time>" not in calendar
    assert LONG_DATES[lang] not in calendar


def test_the_greek_long_date_puts_the_month_in_the_genitive():
    may = timezone.datetime(2026, 5, 15).date()
    december = timezone.datetime(2026, 12, 2).date()
    with translation.override("el"):
        assert formatting.long_day(may) == "15 Μαΐου 2026"
        assert formatting.long_day(december) == "2 Δεκεμβρίου 2026"
        assert "Δεκέμβριος" not in formatting.long_day(december)


def test_german_running_text_writes_the_time_of_day_with_uhr(client):
    lead = re.search(r'<p class="lead">(.*?)</p>', client.get("/de/daily/").content.decode())
    words = re.sub(r"<[^>]+>", "", lead.group(1))  # as read (the <time> keeps its ISO moment)
    # Both times of day with two-digit hours, as the sentence's local time has them.
    assert "00:00\xa0Uhr UTC" in words
    assert not re.search(r"(?<!\d)\d:\d\d", words), words
    # Indonesian writes the hour with a dot; the server's guess of the local time is
    # Western Indonesia's (the browser then shows its own zone's).
    lead = re.search(r'<p class="lead">(.*?)</p>', client.get("/id/daily/").content.decode())
    words = re.sub(r"<[^>]+>", "", lead.group(1))
    assert "00.00 UTC" in words and "07.00" in words


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("sv", ["två", "fem", "tolv"]),
        ("de", ["zwei", "fünf", "zwölf"]),
        ("id", ["dua", "lima", "dua belas"]),
    ],
)
def test_a_small_count_in_running_text_is_written_out(lang, words):
    with translation.override(lang):
        assert [formatting.small_number(n) for n in (2, 5, 12)] == words
        # One is its own catalogue form; from thirteen on, digits.
        assert formatting.small_number(1) == "1"
        assert formatting.small_number(13) == "13"


def test_greek_keeps_the_digits_of_a_small_count():
    with translation.override("el"):
        assert formatting.small_number(4) == "4"


def test_greek_joins_the_two_units_of_a_duration_with_and():
    with translation.override("el"):
        assert formatting.duration(165_000) == "2 λεπτά και 45 δευτερόλεπτα"
    with translation.override("sv"):
        assert formatting.duration(165_000) == "2 minuter 45 sekunder"


@pytest.mark.parametrize(
    ("lang", "one", "two"),
    [
        ("sv", "en timme", "två timmar"),
        ("el", "μία ώρα", "2 ώρες"),
        ("de", "eine Stunde", "zwei Stunden"),
        ("id", "1 jam", "dua jam"),
    ],
)
def test_a_span_of_whole_hours_is_said_as_running_text_says_it(lang, one, two):
    """A reset link works for "en timme", not "1 timme" or "60 minuter"; a span of
    another length is a duration."""
    with translation.override(lang):
        assert formatting.span(3_600_000) == one
        assert formatting.span(7_200_000) == two
        assert formatting.span(5_400_000) == formatting.duration(5_400_000)


@pytest.mark.parametrize(
    ("lang", "line"),
    [
        ("sv", "torsdag 3 december 2026"),
        ("el", "Πέμπτη 3 Δεκεμβρίου 2026"),
        ("de", "Donnerstag, 3. Dezember 2026"),
        ("id", "Kamis, 3 Desember 2026"),
    ],
)
def test_todays_line_names_the_weekday_too(client, lang, line):
    with mock.patch.object(
        timezone, "now", return_value=timezone.datetime(2026, 12, 3, 12, tzinfo=UTC)
    ):
        text = client.get(f"/{lang}/daily/").content.decode()
    found = re.search(r'<p class="daily-day">(.*?)</p>', text, re.S).group(1)
    assert f'<time datetime="2026-12-03">{line}</time>' in found
