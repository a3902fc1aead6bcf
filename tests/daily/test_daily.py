"""The daily deal: one code per layout and UTC day, derived as documented, the same for
every visitor; its page and its API; its board orders ranked times and shows your place;
a share after a win opens the same deal."""

from __future__ import annotations

import base64
import hashlib
import hmac
import io
import json
import re
import subprocess
from datetime import UTC, date, datetime, timedelta
from html import unescape
from unittest import mock

import pytest
from django.core.management import call_command
from django.test import Client
from django.utils import timezone, translation
from django.utils.translation import gettext, ngettext, pgettext

from daily import codes as daily
from game import sharing
from game.face_visibility import hidden_tiles
from game.models import Game
from mahjong import LAYOUTS, Board
from mahjong.rules import daily as rules
from tests.api.helpers import create, post
from tests.api.test_openapi import response_schema, validate
from tests.players import plan, player, signed_in, win_through_api
from wording import formatting
from wording.names import layout_name

pytestmark = pytest.mark.django_db
LANGUAGES = ["sv", "el", "de", "id"]


def _at(moment: datetime):
    """The server's clock set to ``moment``."""
    return mock.patch.object(timezone, "now", return_value=moment)


def test_the_codes_published_before_the_key_keep_their_deals():
    day = date(2026, 11, 30)
    # Pinned: printf %s 2026-11-30:L00 | openssl dgst -sha256 -binary | base32 | cut -c1-7
    assert str(daily.daily_code(day, "L00")) == "MJ1-L00-Y7VUUUZ"
    some_day = day
    while some_day < daily.KEYED_FROM:
        for layout_id in LAYOUTS:
            digest = hashlib.sha256(f"{some_day.isoformat()}:{layout_id}".encode()).digest()
            expected = f"MJ1-{layout_id}-{base64.b32encode(digest).decode()[:7]}"
            assert str(daily.daily_code(some_day, layout_id)) == expected
        some_day += timedelta(days=1)


def _public(day: date, layout_id: str) -> str:
    digest = hashlib.sha256(f"{day.isoformat()}:{layout_id}".encode()).digest()
    return f"MJ1-{layout_id}-{base64.b32encode(digest).decode()[:7]}"


def test_from_the_keyed_day_on_the_code_is_the_hmac_with_the_key(settings):
    settings.MAHJONG_DAILY_KEY = "a key only the server knows"
    days = [daily.KEYED_FROM + timedelta(days=offset) for offset in range(0, 400, 37)]
    days += [daily.LONG_FROM - timedelta(days=1), daily.LONG_FROM]
    for some_day in days:
        for layout_id in LAYOUTS:
            message = f"{some_day.isoformat()}:{layout_id}".encode()
            digest = hmac.new(b"a key only the server knows", message, hashlib.sha256).digest()
            # MJ1 codes of 7 characters up to the day before LONG_FROM, MJ2 of 12 since.
            version, length = ("MJ1", 7) if some_day < daily.LONG_FROM else ("MJ2", 12)
            expected = f"{version}-{layout_id}-{base64.b32encode(digest).decode()[:length]}"
            assert str(daily.daily_code(some_day, layout_id)) == expected
            # The public formula no longer gives the day's deal.
            assert expected != _public(some_day, layout_id)
    first = daily.daily_codes(daily.KEYED_FROM)
    settings.MAHJONG_DAILY_KEY = "another key"
    assert daily.daily_codes(daily.KEYED_FROM)["L00"] != first["L00"]
    with pytest.raises(ValueError, match="key"):
        rules.daily_code(daily.KEYED_FROM, "L00")


def test_without_a_key_set_it_comes_from_the_secret_key(settings):
    settings.MAHJONG_DAILY_KEY = ""
    settings.SECRET_KEY = "one secret"
    first, key = daily.daily_codes(daily.KEYED_FROM), daily.key()
    assert len(key) == 64 and "one secret" not in key
    settings.SECRET_KEY = "another secret"
    assert daily.daily_codes(daily.KEYED_FROM) != first
    settings.MAHJONG_DAILY_KEY = "given"
    assert daily.key() == "given"


def test_the_documented_shell_command_gives_the_code(settings):
    settings.MAHJONG_DAILY_KEY = "s3cret-from-the-environment"
    out = io.StringIO()
    call_command("daily_key", stdout=out)
    key = out.getvalue().strip()
    assert key == "s3cret-from-the-environment"
    command = (
        'printf %s 2026-12-24:L03 | openssl dgst -sha256 -hmac "$KEY" -binary | base32 | cut -c1-12'
    )
    out = subprocess.run(
        ["sh", "-c", command], capture_output=True, text=True, check=True, env={"KEY": key}
    )
    assert f"MJ2-L03-{out.stdout.strip()}" == str(daily.daily_code(date(2026, 12, 24), "L03"))
    # And the public one for the days published before the key.
    command = "printf %s 2026-11-30:L00 | openssl dgst -sha256 -binary | base32 | cut -c1-7"
    out = subprocess.run(["sh", "-c", command], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "Y7VUUUZ"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_page_shows_how_the_code_of_the_day_on_show_is_made(client, lang):
    """The example is the day and layout on the page, and its command gives the code the
    page shows; a keyed day says it needs the site's key and offers no command."""
    with _at(datetime(2026, 12, 10, 12, tzinfo=UTC)):
        past = client.get(f"/{lang}/daily/?day=2026-12-01&layout=L03").content.decode()
        keyed = client.get(f"/{lang}/daily/?layout=L03").content.decode()
    command = re.search(r'<pre class="daily-check"><code>(.*?)</code>', past, re.S).group(1)
    assert command.startswith("printf %s 2026-12-01:L03 |")
    shown = hashlib.sha256(b"2026-12-01:L03").digest()
    assert base64.b32encode(shown).decode()[:7] in str(daily.daily_code(date(2026, 12, 1), "L03"))
    assert "2026-12-01:L03" in past.split('id="daily-how-title"')[1].split("<pre")[0]
    assert str(daily.daily_code(date(2026, 12, 1), "L03")) in past
    how = keyed.split('id="daily-how-title"')[1]
    assert "2026-12-10:L03" in how and "HMAC-SHA256" in how
    assert "daily-check" not in how
    assert str(daily.daily_code(date(2026, 12, 10), "L03")).startswith("MJ2-L03-")


SHORT_HOW = (
    "The last part of the code is the first seven characters, in base32, of an HMAC-SHA256"
    " of the date (UTC) and the layout, for example “%(sample)s”, made with a key that only"
    " the site knows. So nobody can know a day's deal before the day comes."
)
LONG_HOW = SHORT_HOW.replace("first seven characters", "first twelve characters")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_page_says_how_many_characters_the_days_code_takes(client, lang):
    """Seven characters of the digest up to the day before LONG_FROM, twelve from it on."""
    with _at(datetime(2026, 12, 10, 12, tzinfo=UTC)):
        short = client.get(f"/{lang}/daily/?day=2026-12-06&layout=L03").content.decode()
        long = client.get(f"/{lang}/daily/?day=2026-12-07&layout=L03").content.decode()
    with translation.override(lang):
        short_words = gettext(SHORT_HOW) % {"sample": "2026-12-06:L03"}
        long_words = gettext(LONG_HOW) % {"sample": "2026-12-07:L03"}
    assert short_words != long_words
    assert short_words in unescape(short.split('id="daily-how-title"')[1])
    assert long_words in unescape(long.split('id="daily-how-title"')[1])
    assert str(daily.daily_code(date(2026, 12, 7), "L03")).startswith("MJ2-L03-")


def test_the_api_says_how_a_days_code_is_made(client):
    with _at(datetime(2026, 12, 10, 12, tzinfo=UTC)):
        keyed = client.get("/api/daily").json()["derivation"]
        public = client.get("/api/daily?day=2026-11-30").json()["derivation"]
        short = client.get("/api/daily?day=2026-12-06").json()["derivation"]
    assert "hmac" in keyed and "server key" in keyed and "MJ2-Lnn- + first 12" in keyed
    assert "hmac" in short and "MJ1-Lnn- + first 7" in short
    assert "hmac" not in public and "sha256('YYYY-MM-DD:Lnn')" in public


def test_two_visitors_get_the_same_deals_and_the_same_tiles_without_todays_codes():
    first, second = Client(), Client()
    deals = [visitor.get("/api/daily").json() for visitor in (first, second)]
    assert deals[0] == deals[1]
    assert [d["layout"]["id"] for d in deals[0]["deals"]] == list(LAYOUTS)
    # Today's codes are held back: a code gives the whole deal before the first tap.
    assert [d["code"] for d in deals[0]["deals"]] == [None] * len(LAYOUTS)
    games = [create(visitor, daily="L00") for visitor in (first, second)]
    assert games[0]["id"] != games[1]["id"]
    assert games[0]["origin"] == games[1]["origin"] == "daily"
    assert games[0]["code"] is games[1]["code"] is None
    assert [t["face"] for t in games[0]["tiles"]] == [t["face"] for t in games[1]["tiles"]]
    today = str(daily.daily_code(daily.utc_day(), "L00"))
    assert set(Game.objects.values_list("code", flat=True)) == {today}
    validate(deals[0], response_schema("/daily", "get", 200))
    # An earlier day's codes are given.
    yesterday = (daily.utc_day() - timedelta(days=1)).isoformat()
    earlier = first.get(f"/api/daily?day={yesterday}").json()
    assert earlier["today"] is False
    assert [d["code"] for d in earlier["deals"]] == [
        str(code) for code in daily.daily_codes(date.fromisoformat(yesterday)).values()
    ]
    validate(earlier, response_schema("/daily", "get", 200))


def test_the_code_changes_at_midnight_utc_not_at_local_midnight():
    before = datetime(2026, 11, 30, 23, 59, 59, 999_000, tzinfo=UTC)
    after = before + timedelta(milliseconds=1)
    # 00:30 in Stockholm, a Swedish player's new day, is still 30 November in UTC.
    stockholm_after_midnight = datetime(2026, 11, 30, 23, 30, tzinfo=UTC)
    client = Client()
    answers, dealt = {}, {}
    for name, moment in [("before", before), ("local", stockholm_after_midnight), ("after", after)]:
        with _at(moment):
            answers[name] = client.get("/api/daily").json()
            dealt[name] = Game.objects.get(id=create(client, daily="L03")["id"]).code
    assert answers["before"]["day"] == answers["local"]["day"] == "2026-11-30"
    assert answers["after"]["day"] == "2026-12-01"
    assert answers["before"]["next_change"] == "2026-12-01T00:00:00Z"
    # The deal the server deals for {"daily": …}: the day's, the UTC day's.
    assert dealt["before"] == dealt["local"] == str(daily.daily_code(date(2026, 11, 30), "L03"))
    assert dealt["after"] == str(daily.daily_code(date(2026, 12, 1), "L03")) != dealt["before"]


@pytest.mark.parametrize("day", ["2026-13-01", "yesterday", "2026-1-5", "2999-01-01"])
def test_a_bad_or_future_day_is_refused(client, day):
    answer = client.get(f"/api/daily?day={day}&lang=de")
    assert answer.status_code == 400
    assert answer.json()["error"]["code"] == "invalid_field"
    with translation.override("de"):
        assert answer.json()["error"]["message"].startswith(
            gettext("The field “%(field)s” has a value of the wrong type.")[:8]
        )
    assert client.get(f"/de/daily/?day={day}").status_code == 404


def _daily_win(user, code: str, seconds: float, *, ranked: bool = True, minutes_ago: int = 0):
    when = timezone.now() - timedelta(minutes=minutes_ago)
    return Game(
        code=code,
        layout_id=code[4:7],
        origin=Game.DAILY,
        state=Game.WON,
        result=Game.WON,
        ranked=ranked,
        user=user,
        started_at=when - timedelta(seconds=seconds),
        finished_at=when,
        elapsed_ms=int(seconds * 1000),
    )


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_day_board_without_wins_says_so_once(client, lang):
    signed_in(client, player("ada"))
    board = client.get(f"/{lang}/daily/?layout=L02").content.decode().split('id="day-board"')[1]
    board = board.split("</section>")[0]
    with translation.override(lang):
        none_yet = gettext("No ranked wins on this deal yet.")
        yours = gettext("You have no ranked win on this deal.")
        count = gettext("Games that won this deal: %(count)s") % {"count": "0"}
    assert none_yet in board and yours not in board and count not in board
    # One win by another player: the count and the player's own line come back.
    Game.objects.bulk_create(
        [_daily_win(player("bo"), str(daily.daily_code(daily.utc_day(), "L02")), 200)]
    )
    board = client.get(f"/{lang}/daily/?layout=L02").content.decode().split('id="day-board"')[1]
    assert yours in board and none_yet not in board


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_day_board_orders_ranked_times_and_shows_your_place(client, lang):
    code = str(daily.daily_code(daily.utc_day(), "L02"))
    players = [player(f"p{n:02d}") for n in range(12)]
    games = [_daily_win(p, code, 100 + 10 * n) for n, p in enumerate(players)]
    games.append(_daily_win(players[0], code, 90, ranked=False))  # a replay: not ranked
    games.append(_daily_win(None, code, 95, ranked=True))  # signed out: not on the board
    Game.objects.bulk_create(games)
    me = players[11]
    signed_in(client, me)
    html = client.get(f"/{lang}/daily/?layout=L02").content.decode()
    board = html.split('id="day-board"')[1]
    names = re.findall(r'<td class="player">([^<\s]+)', board)
    assert names == [f"p{n:02d}" for n in range(10)]
    times = re.findall(r"<td>(\d+:\d\d)</td>", board)
    assert times == [f"{(100 + 10 * n) // 60}:{(100 + 10 * n) % 60:02d}" for n in range(10)]
    with translation.override(lang):
        place = gettext("Your place: %(rank)s (%(time)s)") % {"rank": "12", "time": "3:30"}
        finished = gettext("Games that won this deal: %(count)s") % {"count": "14"}
        heading = gettext("Leaderboard: %(layout)s") % {"layout": pgettext("layout", "Bridge")}
    assert place in board and finished in board and heading in board
    if lang == "de":  # a place is an ordinal: "1." is first
        assert "Ihr Platz: 12 (3:30)" in board

    signed_in(client, players[3])
    html = client.get(f"/{lang}/daily/?layout=L02").content.decode()
    assert re.search(r'<tr class="is-you">\s*<td>4</td>', html)


def test_yesterdays_board_can_still_be_seen(client):
    today = daily.utc_day()
    yesterday = today - timedelta(days=1)
    old_code = str(daily.daily_code(yesterday, "L00"))
    ada = player("ada")
    Game.objects.bulk_create([_daily_win(ada, old_code, 222, minutes_ago=60 * 24)])
    html = client.get("/sv/daily/").content.decode()
    link = f'href="/sv/daily/?day={yesterday.isoformat()}&amp;layout=L00"'
    assert link in html and old_code not in html
    assert str(daily.daily_code(today, "L00")) not in html
    old = client.get(f"/sv/daily/?day={yesterday.isoformat()}").content.decode()
    assert old_code in old and "ada" in old and "3:42" in old
    assert str(daily.daily_code(today, "L00")) not in old
    # An earlier day's deals are offered to play, labelled as not ranked.
    assert f"/sv/play/?code={old_code}" in old
    assert gettext("Play %(layout)s, not ranked") % {"layout": layout_name("L00")} in old


def _description(html: str) -> str:
    return unescape(re.search(r'<meta name="description" content="([^"]*)"', html).group(1))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_an_earlier_days_page_describes_that_day_not_today(client, lang):
    """The search engines' line of an earlier day's page names its day; today's says today."""
    earlier = date(2026, 12, 2)
    with translation.override(lang):
        todays_line = gettext(
            "Today's Mahjong Solitaire deal, the same for everyone: play it and compare your "
            "time on the day's board."
        )
        earlier_line = gettext(
            "The Mahjong Solitaire deals of %(day)s, the same for everyone: their game codes, "
            "the day's boards, and each deal to play again, not ranked."
        ) % {"day": formatting.long_day(earlier)}
    assert _description(client.get(f"/{lang}/daily/").content.decode()) == todays_line
    page = client.get(f"/{lang}/daily/?day={earlier.isoformat()}").content.decode()
    assert _description(page) == earlier_line != todays_line
    assert not earlier_line.startswith("The Mahjong")  # translated


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_page_offers_todays_deals_to_everyone_without_their_codes(client, lang):
    html = client.get(f"/{lang}/daily/").content.decode()
    for layout_id, code in daily.daily_codes(daily.utc_day()).items():
        assert f'href="/{lang}/play/?daily={layout_id}"' in html
        # Neither the code nor its deal number's part anywhere on the page.
        assert str(code) not in html and str(code)[-7:] not in html
    assert f'href="/{lang}/accounts/login/?next=%2F{lang}%2Fdaily%2F"' in html
    with translation.override(lang):
        later = gettext(
            "Today's game codes are shown on this page once the day is over: a game code "
            "gives the whole deal."
        )
        assert gettext("Daily deal") in html and gettext("Daily deal") != "Daily deal"
    assert later in html and not later.startswith("Today")  # translated


def _board_config(page) -> dict:
    return json.loads(
        re.search(r'id="board-config"[^>]*>(.*?)</script>', page.content.decode(), re.S).group(1)
    )


def test_a_signed_out_visitor_plays_the_daily_deal_from_the_link(client):
    code = str(daily.daily_code(daily.utc_day(), "L04"))
    page = client.get("/id/play/?daily=L04")
    assert code not in page.content.decode()
    assert _board_config(page)["create"] == {"daily": "L04"}
    game = create(client, daily="L04")
    assert (game["code"], game["origin"], game["ranked"], game["share"]) == (
        None,
        "daily",
        None,
        None,
    )
    assert Game.objects.get(id=game["id"]).code == code
    # The page opened again goes on with that game, still without its code; another
    # layout's daily deal starts that one.
    again = client.get("/id/play/?daily=L04")
    assert _board_config(again)["game"]["id"] == game["id"]
    assert _board_config(again)["create"] is None and code not in again.content.decode()
    assert _board_config(client.get("/id/play/?daily=L01"))["create"] == {"daily": "L01"}


def test_todays_code_typed_in_is_not_the_daily_deal(client):
    """A client that sends today's code knew the whole deal: a typed code, not ranked,
    its code shown as any typed code's."""
    code = str(daily.daily_code(daily.utc_day(), "L02"))
    game = create(client, code=code)
    assert (game["code"], game["origin"]) == (code, "code")


def _carries(answer, code: str) -> bool:
    """Whether an answer's body holds ``code`` or its deal number's part anywhere."""
    body = answer if isinstance(answer, str) else answer.content.decode()
    return code in body or code[-7:] in body


# The last moment of a day and the first of the next, by the daily deal's clock (UTC).
LAST_MOMENT = datetime(2026, 12, 10, 23, 59, 59, 999_999, tzinfo=UTC)

#: The daily change at midnight UTC in each language's home zone, in winter and summer,
#: as the time-zone database has it (Stockholm and Berlin one hour ahead in winter, two
#: in summer; Athens two and three; Jakarta seven all year), as each language writes a
#: clock time (Swedish and Indonesian with a full stop).
WINTER_TIME = {"sv": "01.00", "el": "02:00", "de": "01:00", "id": "07.00"}
SUMMER_TIME = {"sv": "02.00", "el": "03:00", "de": "02:00", "id": "07.00"}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_daily_page_tells_the_change_in_local_time_in_winter_and_summer(client, lang):
    """The time of day is the zone database's, not a catalogue's: a fixed "01:00" would
    be wrong from March to October."""
    for noon, expected in (
        (datetime(2027, 1, 14, 12, tzinfo=UTC), WINTER_TIME),
        (datetime(2027, 7, 14, 12, tzinfo=UTC), SUMMER_TIME),
    ):
        with _at(noon):
            page = client.get(f"/{lang}/daily/").content.decode()
        lead = re.search(r'<p class="lead">(.*?)</p>', page, re.S).group(1)
        assert f">{expected[lang]}</time>" in lead, (noon, lead)
        other = SUMMER_TIME if expected is WINTER_TIME else WINTER_TIME
        if other[lang] != expected[lang]:
            assert other[lang] not in lead


NEXT_DAY = datetime(2026, 12, 11, 0, 0, tzinfo=UTC)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_daily_games_code_is_held_until_its_day_is_over_then_shared(client, lang):
    """One finished game must not hand today's deal to a second account or a friend, who
    could rank on it with a solver's plan the same day: its code, share and replay wait
    for the day's end, on every answer that could show it."""
    day = LAST_MOMENT.date()
    code = str(daily.daily_code(day, "L00"))
    signed_in(client, player("ada"))
    with _at(LAST_MOMENT - timedelta(minutes=30)):
        state = win_through_api(client, code, daily="L00")
        assert (state["state"], state["origin"], state["code"], state["share"]) == (
            "won",
            "daily",
            None,
            None,
        )
        assert not _carries(json.dumps(state), code)
    with _at(LAST_MOMENT):
        whole = client.get(f"/api/games/{state['id']}?lang={lang}")
        english = (
            "The game code of today's deal is shown once the day is over, at 00:00 UTC. "
            "Then you can share it and play it again."
        )
        with translation.override(lang):
            later = gettext(english)
        # The win screen says when, in the request's language.
        assert whole.json()["win"]["code_later"] == later != english
        validate(whole.json(), {"$ref": "#/components/schemas/Game"})
        assert not _carries(whole, code)
        assert not _carries(client.get(f"/{lang}/accounts/data/"), code)
        assert not _carries(client.get(f"/{lang}/stats/"), code)
        assert not _carries(client.get(f"/{lang}/daily/"), code)
    with _at(NEXT_DAY):
        whole = client.get(f"/api/games/{state['id']}?lang={lang}").json()
        assert whole["code"] == code and whole["win"]["code_later"] is None
        assert whole["share"]["path"] == f"/{lang}/play/?code={code}"
        assert code in whole["share"]["text"]
        [row] = json.loads(client.get(f"/{lang}/accounts/data/").content)["games"]
        assert row["code"] == code
        # Followed, the link replays the deal as a typed code: an earlier day's, not ranked.
        follower = Client()
        config = _board_config(follower.get(whole["share"]["path"]))["create"]
        replay = create(follower, **config)
        assert (replay["code"], replay["origin"]) == (code, "code")


def test_a_daily_game_started_before_midnight_shows_its_code_after_it(client):
    """The day is the deal's: a game of today's deal still played past midnight is an
    earlier day's once the day is over, so its code comes when the game ends."""
    before = LAST_MOMENT - timedelta(minutes=5)
    code = str(daily.daily_code(before.date(), "L03"))
    with _at(before):
        game = create(client, daily="L03")
    with _at(NEXT_DAY):
        state = win_through_api(client, code, game=game)
        assert state["code"] == code and state["share"]["path"].endswith(f"?code={code}")
        assert state["win"]["code_later"] is None


def test_no_answer_carries_a_daily_games_code_while_it_is_played(client):
    code = str(daily.daily_code(daily.utc_day(), "L01"))
    game = create(client, daily="L01")
    pairs = plan(code)
    for a, b in pairs[:-1]:
        for tile in (a, b):
            answer = post(client, f"/api/games/{game['id']}/tap", {"tile": tile})
            assert answer.status_code == 200 and code not in answer.content.decode()
    for name in ("undo", "hint", "pause", "resume"):
        answer = post(client, f"/api/games/{game['id']}/{name}", {})
        assert code not in answer.content.decode(), name
    whole = client.get(f"/api/games/{game['id']}")
    assert whole.json()["code"] is None and code not in whole.content.decode()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_share_after_a_win_opens_the_same_deal(lang):
    winner = Client()
    state = win_through_api(winner, hints=3)
    share = state["share"]
    seconds = state["elapsed_ms"] // 1000
    with translation.override(lang):
        expected_text = ngettext(
            "%(code)s in %(time)s, %(count)s hint", "%(code)s in %(time)s, %(count)s hints", 3
        ) % {"code": state["code"], "time": f"{seconds // 60}:{seconds % 60:02d}", "count": "3"}
    assert state["ranked"] is False and state["origin"] == "code"
    # The answer's language is the request's (Swedish here); ask again in each language.
    again = winner.get(f"/api/games/{state['id']}?lang={lang}").json()["share"]
    assert again["text"] == expected_text
    assert again["path"] == f"/{lang}/play/?code={state['code']}"
    assert share["path"] == f"/sv/play/?code={state['code']}"

    follower = Client()
    page = follower.get(again["path"])
    assert page.status_code == 200
    config = json.loads(
        re.search(r'id="board-config"[^>]*>(.*?)</script>', page.content.decode(), re.S).group(1)
    )
    opened = create(follower, **config["create"])
    assert opened["code"] == state["code"] and opened["id"] != state["id"]
    faces = [t["face"] for t in opened["tiles"]]
    board = Board.from_code(state["code"])
    hidden = hidden_tiles(board)  # wholly covered faces are not sent
    assert faces == [None if i in hidden else f for i, f in enumerate(board.deal.faces)]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_share_text_without_hints(lang):
    game = Game(code="MJ1-L00-AAAAABL", elapsed_ms=252_400, hints_used=0, result=Game.WON)
    with translation.override(lang):
        text = sharing.share_text(game)
        assert text == gettext("%(code)s in %(time)s, no hints") % {
            "code": "MJ1-L00-AAAAABL",
            "time": "4:12",
        }
        assert "MJ1-L00-AAAAABL" in text and "4:12" in text and "no hints" not in text


def test_the_modules_documented_example_holds():
    import doctest

    result = doctest.testmod(rules)
    assert result.attempted >= 1 and result.failed == 0


@pytest.mark.parametrize(
    ("asked", "shown"), [("L02", "L02"), (" l04 ", "L04"), ("L99", "L00"), ("", "L00")]
)
def test_the_day_board_reads_the_layout_as_the_engine_does(client, asked, shown):
    """``?layout=`` is read by the engine (any case, spaces around); no such layout shows
    the first one, as the play page offers its default."""
    html = client.get("/sv/daily/", {"layout": asked}).content.decode()
    with translation.override("sv"):
        name = pgettext("layout", {"L00": "Turtle", "L02": "Bridge", "L04": "Butterfly"}[shown])
        heading = gettext("Leaderboard: %(layout)s") % {"layout": name}
    assert heading in html


def test_a_players_own_layout_has_no_daily_deal(client):
    """A custom layout's id where a daily deal's layout is asked: the API refuses it, the
    play page and the daily page offer the site's own (no error page)."""
    signed_in(client, player("ada"))
    saved = post(
        client,
        "/api/layouts",
        {"name": "Mine", "positions": [list(p) for p in LAYOUTS["L00"].positions]},
    )
    assert saved.status_code == 201, saved.content
    custom = saved.json()["layout_id"]
    refused = post(client, "/api/games", {"daily": custom})
    assert (refused.status_code, refused.json()["error"]["code"]) == (400, "no_such_layout")
    page = client.get(f"/sv/play/?daily={custom}")
    assert page.status_code == 200 and _board_config(page)["create"] != {"daily": custom}
    board = client.get(f"/sv/daily/?layout={custom}")
    assert board.status_code == 200
    assert not Game.objects.filter(origin=Game.DAILY).exists()
