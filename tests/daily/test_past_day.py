"""An earlier day's daily deal on the play page and its win screen (daily.rules,
game/views.py, game/win_screen.py): the page says which day's deal it is and that it is not
ranked, in four languages; the win says why it is not ranked; a daily win's screen has
the player's place and streak. The clock is fixed in every test."""

from __future__ import annotations

import html
import re
from datetime import UTC, date, datetime, timedelta
from unittest import mock

import pytest
from django.test import Client
from django.utils import timezone, translation

from daily import codes as daily
from daily.history import DAYS
from daily.rules import DAILY_DAYS_TRIED
from daily.rules import earlier_daily_day as earlier_day
from game import win_screen
from game.current import CURRENT_GAME_KEY
from game.models import Game
from mahjong import GameCode
from tests.players import player, signed_in, win_with_services
from wording import formatting

pytestmark = pytest.mark.django_db

TODAY = date(2026, 12, 20)
NOON = datetime(2026, 12, 20, 12, tzinfo=UTC)

LABEL = {
    "sv": "Det här är given från den 19 december 2026. Givar från tidigare dagar räknas inte på topplistan.",
    "el": "Αυτό είναι το παιχνίδι μιας προηγούμενης ημέρας (19 Δεκεμβρίου 2026). Τα παιχνίδια "
    "προηγούμενων ημερών δεν μετρούν για την κατάταξη.",
    "de": "Das ist das Tagesspiel vom 19. Dezember 2026. Tagesspiele früherer Tage werden "
    "nicht gewertet.",
    "id": "Ini permainan harian tanggal 19 Desember 2026. Permainan hari sebelumnya tidak "
    "masuk peringkat.",
}


@pytest.fixture(autouse=True)
def fixed_clock():
    with mock.patch.object(timezone, "now", return_value=NOON):
        yield


def label(page: str) -> str | None:
    """The label's words as the page is sent; None when it is hidden (every play page
    carries it, for a code typed later)."""
    found = re.search(r'<p class="past-day"([^>]*)>\s*<strong>(.*?)</strong>', page, re.S)
    assert found, "no past-day label on the page"
    if re.search(r"\shidden(\s|$)", found.group(1)):
        assert found.group(2) == ""
        return None
    return html.unescape(" ".join(found.group(2).split()))


def code_of(day: date, layout_id: str = "L03") -> str:
    return str(daily.daily_code(day, layout_id))


def test_the_day_of_an_earlier_daily_code_is_found_and_checked():
    # Without a day given, the calendar's days are tried.
    assert DAILY_DAYS_TRIED == DAYS
    yesterday = TODAY - timedelta(days=1)
    code = daily.daily_code(yesterday, "L03")
    assert earlier_day(code, TODAY) == yesterday
    # Beyond the calendar's days only with the daily page's day, and only if it is right.
    old = TODAY - timedelta(days=40)
    old_code = daily.daily_code(old, "L03")
    assert earlier_day(old_code, TODAY) is None
    assert earlier_day(old_code, TODAY, hint=old.isoformat()) == old
    assert earlier_day(old_code, TODAY, hint=(old - timedelta(days=1)).isoformat()) is None
    # Today's deal, another layout's, any other code, a later or broken day: none.
    assert earlier_day(daily.daily_code(TODAY, "L03"), TODAY) is None
    assert earlier_day(GameCode("L04", code.deal_number, code.version), TODAY) is None
    assert earlier_day(GameCode("L03", 12345), TODAY, hint="2026-12-21") is None
    assert earlier_day(GameCode("L03", 12345), TODAY, hint="not a day") is None


@pytest.mark.parametrize("lang", ["sv", "el", "de", "id"])
def test_the_play_page_labels_an_earlier_days_deal(client, lang):
    yesterday = TODAY - timedelta(days=1)
    page = client.get(
        f"/{lang}/play/", {"code": code_of(yesterday), "day": yesterday.isoformat()}
    ).content.decode()
    assert label(page) == LABEL[lang]
    assert f'data-code="{code_of(yesterday)}"' in page
    assert f'href="/{lang}/daily/?day=2026-12-19&amp;layout=L03#day-board"' in page
    # Reached without the daily page's day (a shared link): still found, within the
    # calendar's days.
    page = client.get(f"/{lang}/play/", {"code": code_of(yesterday)}).content.decode()
    assert label(page) == LABEL[lang]


def test_no_label_on_todays_deal_a_fresh_deal_or_another_code(client):
    queries = [{"code": code_of(TODAY)}, {"daily": "L03"}, {"layout": "L03"}, {}]
    for query in [*queries, {"code": "MJ1-L00-AAAAABL"}]:
        page = client.get("/sv/play/", query).content.decode()
        assert label(page) is None, query


def test_an_earlier_days_game_in_progress_keeps_its_label_when_reloaded(client):
    yesterday = TODAY - timedelta(days=1)
    created = client.post(
        "/api/games", {"code": code_of(yesterday)}, content_type="application/json"
    ).json()
    assert client.session[CURRENT_GAME_KEY] == created["id"]
    page = client.get("/de/play/").content.decode()
    assert label(page) == LABEL["de"]


def test_the_daily_pages_earlier_day_links_name_their_day(client):
    page = client.get("/sv/daily/", {"day": "2026-12-18"}).content.decode()
    assert f"/sv/play/?code={code_of(date(2026, 12, 18))}&amp;day=2026-12-18" in page
    # Today's are played by their layout, their codes held back.
    today = client.get("/sv/daily/").content.decode()
    assert code_of(TODAY) not in today and '/sv/play/?daily=L03"' in today


def test_an_earlier_days_win_says_why_it_is_not_ranked():
    ada = player("ada")
    code = code_of(TODAY - timedelta(days=2), "L01")
    game = win_with_services(user=ada, code=code, layout_id="L01", seconds=300, start=NOON)
    assert (game.origin, game.ranked) == (Game.CODE, False)
    assert win_screen.win_for(game)["not_ranked"] == [win_screen.PAST_DAY]
    # Any other code is still "from a game code".
    other = win_with_services(user=ada, code="MJ1-L00-AAAAABL", seconds=300, start=NOON)
    assert win_screen.win_for(other)["not_ranked"] == [win_screen.CODE]


@pytest.mark.parametrize(
    ("lang", "text"),
    [
        ("sv", "Din segersvit: 2 dagar i rad med en vinst på dagens topplista."),
        ("de", "Ihre Serie: 2 Tage in Folge mit einem gewerteten Sieg im Tagesspiel."),
    ],
)
def test_a_daily_wins_screen_has_the_place_and_the_streak(lang, text):
    ada = player("ada")
    yesterday = TODAY - timedelta(days=1)
    win_with_services(
        user=ada,
        code=code_of(yesterday, "L00"),
        layout_id="L00",
        seconds=300,
        start=datetime(2026, 12, 19, 12, tzinfo=UTC),
    )
    Game.objects.filter(code=code_of(yesterday, "L00")).update(origin=Game.DAILY, ranked=True)
    game = win_with_services(user=ada, daily="L01", layout_id="L01", seconds=300, start=NOON)
    assert (game.origin, game.ranked) == (Game.DAILY, True)
    with translation.override(lang):
        daily_place = win_screen.win_for(game)["daily"]
    assert daily_place == {
        "rank": 1,
        "of": 1,
        "counted": True,
        "streak": 2,
        "streak_text": text,
    }


def test_a_visitors_daily_win_has_no_streak(client):
    client.get("/sv/")
    client.session.save()
    from game.store import Owner

    owner = Owner(session_key=client.session.session_key)
    game = win_with_services(owner=owner, daily="L01", layout_id="L01", seconds=300, start=NOON)
    place = win_screen.win_for(game)["daily"]
    assert (place["counted"], place["streak"], place["streak_text"]) == (False, None, None)


def test_the_api_answer_of_a_daily_win_carries_the_streak_sentence():
    ada = player("ada")
    game = win_with_services(user=ada, daily="L02", layout_id="L02", seconds=300, start=NOON)
    answer = signed_in(Client(), ada).get(f"/api/games/{game.id}?lang=el").json()
    assert answer["win"]["daily"]["streak"] == 1
    assert answer["win"]["daily"]["streak_text"].startswith("Το σερί σας: 1 ")


@pytest.mark.parametrize("lang", ["sv", "el", "de", "id"])
def test_a_typed_earlier_days_code_carries_its_day_in_the_game(client, lang):
    """So that the board labels it at once, without a reload: the day, written out in the
    request's language, and its day board; in the created game and when fetched again."""
    yesterday = TODAY - timedelta(days=1)
    created = client.post(
        f"/api/games?lang={lang}",
        {"code": code_of(yesterday)},
        content_type="application/json",
    ).json()
    with translation.override(lang):
        written = formatting.long_day(yesterday)
    expected = {
        "day": "2026-12-19",
        "text": written,
        "board_url": f"/{lang}/daily/?day=2026-12-19&layout=L03#day-board",
    }
    assert created["past_day"] == expected
    assert written in LABEL[lang]  # the same words as the page's label
    fetched = client.get(f"/api/games/{created['id']}?lang={lang}").json()
    assert fetched["past_day"] == expected


def test_no_day_in_the_game_for_todays_code_a_fresh_deal_or_another_code(client):
    for body in [
        {"code": code_of(TODAY)},
        {"daily": "L03"},
        {"layout": "L03"},
        {"code": "MJ1-L00-AAAAABL"},
        {"code": code_of(TODAY - timedelta(days=DAILY_DAYS_TRIED))},  # beyond the days tried
    ]:
        game = client.post("/api/games", body, content_type="application/json").json()
        assert game["past_day"] is None, body
