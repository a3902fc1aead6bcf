"""The statistics and leaderboard pages: who may see them, what they show in each
language (formatted by Babel, compared against Babel itself), escaping, the header."""

from __future__ import annotations

import re
from datetime import date, timedelta

import pytest
from babel.dates import format_date
from babel.numbers import format_decimal, format_percent
from django.contrib.auth import get_user_model
from django.utils import timezone, translation
from django.utils.translation import gettext, pgettext

from game.models import Game
from tests.players import player, recorded_win, save_recorded, signed_in
from wording import formatting

pytestmark = pytest.mark.django_db
LANGUAGES = ["sv", "el", "de", "id"]
LOCALES = {"sv": "sv", "el": "el", "de": "de", "id": "id"}


def _text(response) -> str:
    return response.content.decode()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_statistics_need_a_signed_in_player(client, lang):
    response = client.get(f"/{lang}/stats/")
    assert response.status_code == 302
    assert response["Location"] == f"/{lang}/accounts/login/?next=/{lang}/stats/"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_statistics_page_shows_the_numbers_in_the_page_language(client, lang):
    ada = player()
    when = timezone.make_aware(timezone.datetime(2026, 3, 14, 12, 0))
    games = [recorded_win(user=ada, seconds=65 + i, hints=i, when=when) for i in range(3)]
    # 1,200 games played, 3 of them won: counts need a grouping separator.
    games += [
        Game(
            code="MJ1-L01-AAAAABL",
            layout_id="L01",
            user=ada,
            result="abandoned",
            started_at=when,
            undos_used=1,
        )
        for _ in range(1197)
    ]
    save_recorded(games)
    signed_in(client, ada)
    text = _text(client.get(f"/{lang}/stats/"))
    locale = LOCALES[lang]
    assert format_decimal(1200, locale=locale) in text
    assert format_percent(3 / 1200, locale=locale) in text
    assert format_decimal(1197, locale=locale) in text  # undos used
    assert format_date(date(2026, 3, 14), format="medium", locale=locale) in text
    assert ">1:05<" in text and ">1:06<" in text  # best and average: the board's m:ss
    with translation.override(lang):
        for words in ("Statistics", "Games played", "Win rate", "Recent winning times"):
            assert gettext(words) != words and gettext(words) in text
        assert pgettext("layout", "Turtle") in text and pgettext("layout", "Diamond") in text


def test_the_chart_is_inline_svg_with_a_text_alternative_and_no_inline_style(client):
    ada = player()
    Game.objects.bulk_create(recorded_win(user=ada, seconds=60 * (i + 1)) for i in range(25))
    signed_in(client, ada)
    text = _text(client.get("/sv/stats/"))
    svg = re.search(r'<svg class="stats-chart__svg".*?</svg>', text, re.S).group(0)
    assert 'role="img"' in svg and "<title" in svg and "<desc" in svg
    assert svg.count("<rect") == 20  # the latest 20 wins
    # Coordinates are plain numbers, never localized ("12,5" would break the drawing).
    for value in re.findall(r' (?:x|y|x1|x2|y1|y2|width|height)="([^"]*)"', svg):
        float(value)
    assert "style=" not in text
    assert "25:00" in text  # the slowest of the latest 20 in the table


@pytest.mark.parametrize("wins", [1, 2])
def test_the_chart_of_one_win_says_one_bar_in_a_language_of_one_plural_form(client, wins):
    """Indonesian has a single plural form: its description of two or more bars would
    otherwise describe one win too ("1 latest wins, oldest on the left")."""
    ada = player()
    Game.objects.bulk_create(recorded_win(user=ada, seconds=60 * (i + 1)) for i in range(wins))
    signed_in(client, ada)
    desc = re.search(r'<desc id="chart-desc">(.*?)</desc>', _text(client.get("/id/stats/")))
    with translation.override("id"):
        one = pgettext(
            "the chart of a single win",
            "One bar for your latest win; the taller the bar, the longer the game took.",
        )
    assert (one in desc.group(1)) == (wins == 1)
    assert ("terlama di kiri" in desc.group(1)) == (wins > 1)


def test_statistics_without_games(client):
    signed_in(client, player())
    text = _text(client.get("/id/stats/"))
    assert "stats-chart__svg" not in text and "<table" not in text


@pytest.mark.parametrize("lang", LANGUAGES)
def test_leaderboard_shows_my_times_and_every_layout(client, lang):
    ada, bo = player("ada"), player("bo")
    save_recorded(
        [
            recorded_win(user=ada, seconds=125, hints=4),
            recorded_win(user=bo, seconds=99),
            recorded_win(user=bo, layout_id="L05", seconds=300),
        ]
    )
    signed_in(client, ada)
    text = _text(client.get(f"/{lang}/leaderboard/"))
    assert "2:05" in text and "1:39" in text and "5:00" in text
    with translation.override(lang):
        for layout in ("Turtle", "Diamond", "Bridge", "Fortress", "Butterfly", "Cross"):
            assert pgettext("layout", layout) in text
        assert gettext("Your 10 best times") in text


def test_leaderboard_for_signed_out_visitors_invites_to_sign_in(client):
    response = client.get("/de/leaderboard/")
    assert response.status_code == 200
    assert 'href="/de/accounts/login/?next=/de/leaderboard/"' in _text(response)
    assert not response.cookies


def test_usernames_are_escaped_everywhere(client):
    # The sign-up form refuses markup; a name written straight to the database is escaped.
    evil = get_user_model().objects.create_user("<script>alert(1)</script>", password="x")
    save_recorded([recorded_win(user=evil, seconds=80)])
    signed_in(client, evil)
    for url in ("/sv/leaderboard/", "/sv/stats/", "/sv/"):
        text = _text(client.get(url))
        assert "<script>alert(1)</script>" not in text
        assert "&lt;script&gt;alert(1)&lt;/script&gt;" in text


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_header_shows_who_is_signed_in(client, lang):
    signed_out = _text(client.get(f"/{lang}/"))
    assert f'href="/{lang}/accounts/login/"' in signed_out
    assert "csrfmiddlewaretoken" not in signed_out
    signed_in(client, player("ada"))
    text = _text(client.get(f"/{lang}/"))
    assert "ada" in text and f'action="/{lang}/accounts/logout/"' in text
    assert "csrfmiddlewaretoken" in text
    with translation.override(lang):
        for words in ("Statistics", "Leaderboard", "Sign out"):
            assert gettext(words) != words and gettext(words) in text


def test_clock_is_m_ss_below_an_hour_and_h_mm_ss_from_an_hour_on():
    assert formatting.clock(0) == "0:00"
    assert formatting.clock(65_999) == "1:05"
    assert formatting.clock(3_599_999) == "59:59"
    assert formatting.clock(3_600_000) == "1:00:00"
    assert formatting.clock(75 * 60_000 + 3_000) == "1:15:03"
    assert formatting.clock(25 * 3_600_000 + 61_000) == "25:01:01"
    assert formatting.clock(None) == "–"


def test_dates_follow_the_site_time_zone_and_language():
    moment = timezone.make_aware(timezone.datetime(2026, 11, 30, 23, 30)) + timedelta(0)
    with translation.override("el"):
        assert formatting.day(moment) == format_date(
            date(2026, 11, 30), format="medium", locale="el"
        )


RANKED_RULE = (
    "Only ranked wins enter the boards of all players: a win is ranked when it used no "
    "hints, was dealt by the server (a new game or the daily deal, not a typed-in game "
    "code) and took at least one second per pair."
)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_ranked_and_unranked_wins_apart_and_the_rule_on_the_leaderboard(client, lang):
    ada = player("ada")
    save_recorded(
        [
            recorded_win(user=ada, seconds=200),
            recorded_win(user=ada, seconds=100, hints=3),  # unranked: faster, hinted
            recorded_win(user=ada, seconds=150, ranked=False),
        ]
    )
    signed_in(client, ada)
    with translation.override(lang):
        rule, yes, no = gettext(RANKED_RULE), pgettext("ranked", "Yes"), pgettext("ranked", "No")
        labels = [gettext(w) for w in ("Ranked wins", "Unranked wins", "Best ranked time")]
    assert rule != RANKED_RULE
    board = _text(client.get(f"/{lang}/leaderboard/"))
    assert rule in board
    # The personal top 10 in time order, each marked; the public board has the ranked 3:20.
    marks = re.findall(r"<td>(\d+:\d\d)</td>.*?<td>([^<]*)</td>\s*</tr>", board, re.S)
    assert marks[:3] == [("1:40", no), ("2:30", no), ("3:20", yes)]
    public = board.split('id="layouts-title"')[1]
    assert "3:20" in public and "1:40" not in public and "2:30" not in public

    stats_page = _text(client.get(f"/{lang}/stats/"))
    summary = dict(re.findall(r"<dt>([^<]+)</dt><dd>([^<]+)</dd>", stats_page))
    assert [summary[label] for label in labels] == ["1", "2", "3:20"]
