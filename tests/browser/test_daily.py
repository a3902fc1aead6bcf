"""The daily deal's page in real Chromium, in all four languages: today's deals (their codes
held back), the day board with the player's place, yesterday's board, the link that plays today's deal;
axe-core and the Nu HTML Checker on each page."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

import pytest
from django.conf import settings
from django.utils import timezone, translation
from django.utils.translation import gettext, pgettext
from playwright.sync_api import Page, expect

from daily import codes as daily
from game.models import Game
from tests.browser.accessibility import assert_no_axe_violations, assert_valid_documents
from tests.players import PASSWORD, player

# A stored flow: CI runs it again on PostgreSQL (make test-database).
pytestmark = pytest.mark.stored_flow

LANGUAGES = [code for code, _name in settings.LANGUAGES]
SCREENSHOTS = Path(settings.BASE_DIR, "artifacts", "screenshots")


def _t(lang: str, text: str, context: str | None = None) -> str:
    with translation.override(lang):
        return pgettext(context, text) if context else gettext(text)


@pytest.fixture
def day_boards(transactional_db):
    """Ranked wins on today's Turtle deal (ada 12th) and one on yesterday's."""
    today = daily.utc_day()
    code = str(daily.daily_code(today, "L00"))
    now = timezone.now()
    games = []
    for n in range(12):
        rival = player("ada" if n == 11 else f"rival{n:02d}")
        games.append(
            Game(
                code=code,
                layout_id="L00",
                origin=Game.DAILY,
                state=Game.WON,
                result=Game.WON,
                ranked=True,
                user=rival,
                started_at=now,
                finished_at=now,
                elapsed_ms=(120 + 15 * n) * 1000,
            )
        )
    old = games[0]
    games.append(
        Game(
            code=str(daily.daily_code(today - timedelta(days=1), "L00")),
            layout_id="L00",
            origin=Game.DAILY,
            state=Game.WON,
            result=Game.WON,
            ranked=True,
            user=old.user,
            started_at=now - timedelta(days=1),
            finished_at=now - timedelta(days=1),
            elapsed_ms=333_000,
        )
    )
    Game.objects.bulk_create(games)
    return code


def test_daily_page_in_four_languages(live_server, day_boards, axe_page: Page):
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page = axe_page
    documents: dict[str, str] = {}
    for lang in LANGUAGES:
        response = page.goto(f"{live_server.url}/{lang}/daily/")
        assert response.status == 200
        documents[f"daily {lang}"] = response.text()
        expect(page.locator("h1")).to_have_text(_t(lang, "Daily deal"))
        turtle = page.locator(
            ".daily-deal", has=page.locator("h3", has_text=_t(lang, "Turtle", "layout"))
        )
        # Today's codes are held back: the card offers the deal, not its code.
        expect(turtle.locator("code")).to_have_count(0)
        # Each card shows its layout's picture; a visitor who played nothing has no marks.
        expect(page.locator(".daily-deal img.daily-deal__picture")).to_have_count(30)
        expect(page.locator(".daily-deal.is-played")).to_have_count(0)
        assert day_boards not in response.text()
        board = page.locator("#day-board")
        expect(board.locator("tbody tr")).to_have_count(10)
        expect(board.locator("tbody tr").first.locator(".player")).to_have_text("rival00")
        assert_no_axe_violations(page)
        page.set_viewport_size({"width": 360, "height": 800})
        page.screenshot(path=SCREENSHOTS / f"daily-{lang}-360.png", full_page=True)
        page.set_viewport_size({"width": 1280, "height": 800})

    # Signed in, in Greek: ada's place (12th, outside the top 10), then yesterday's board.
    page.goto(f"{live_server.url}/el/accounts/login/")
    page.locator("#id_username").fill("ada")
    page.locator("#id_password").fill(PASSWORD)
    page.locator("form.account-form button[type=submit]").click()
    expect(page.locator(".site-account__name")).to_have_text("ada")
    response = page.goto(f"{live_server.url}/el/daily/")
    documents["daily el signed in"] = response.text()
    with translation.override("el"):
        place = gettext("Your place: %(rank)s (%(time)s)") % {"rank": "12", "time": "4:45"}
    expect(page.locator(".daily-place")).to_have_text(place)
    # Her win on today's Turtle is marked on its card, from the server.
    turtle = page.locator(
        ".daily-deal", has=page.locator("h3", has_text=_t("el", "Turtle", "layout"))
    )
    won = _t("el", "Won in %(time)s.", "daily") % {"time": "4:45"}
    expect(turtle.locator(".daily-deal__mark")).to_have_text(won)
    expect(page.locator(".daily-deal.is-played")).to_have_count(1)
    with page.expect_response(lambda r: r.request.resource_type == "document") as shown:
        page.get_by_role("link", name=_t("el", "Yesterday's leaderboard")).click()
    documents["daily el yesterday"] = shown.value.text()
    expect(page.locator("#day-board tbody tr")).to_have_count(1)
    expect(page.locator("#day-board tbody td").nth(2)).to_have_text("5:33")
    assert_no_axe_violations(page)
    page.screenshot(path=SCREENSHOTS / "daily-el-yesterday-1280.png", full_page=True)
    assert_valid_documents(documents)


def test_the_daily_link_plays_todays_deal_signed_out(live_server, page: Page):
    code = str(daily.daily_code(daily.utc_day(), "L03"))
    page.goto(f"{live_server.url}/id/daily/")
    page.get_by_role(
        "link", name=_t("id", "Play %(layout)s") % {"layout": _t("id", "Fortress", "layout")}
    ).click()
    # The link names the layout; the server deals today's code and keeps it back, so
    # neither the address nor the code field shows it.
    expect(page.locator("#board")).to_have_attribute("aria-busy", "false")
    expect(page).to_have_url(f"{live_server.url}/id/play/")
    expect(page.locator("#code-input")).to_have_value("")
    assert code not in page.content()
    game = Game.objects.get(code=code)
    assert (game.origin, game.user) == ("daily", None)
    # The bar and the title say it is the daily deal, of which layout and day.
    with translation.override("id"):
        from wording import formatting

        label = gettext("Daily deal · %(layout)s · %(day)s") % {
            "layout": _t("id", "Fortress", "layout"),
            "day": formatting.long_day(daily.utc_day()),
        }
    expect(page.locator("#board-status")).to_have_text(label)
    expect(page).to_have_title(f"{label} – {_t('id', 'Mahjong Solitaire')}")
    # Back on the daily page, this browser's game is marked on the Fortress's card.
    page.goto(f"{live_server.url}/id/daily/")
    fortress = page.locator(
        ".daily-deal", has=page.locator("h3", has_text=_t("id", "Fortress", "layout"))
    )
    expect(fortress.locator(".daily-deal__mark")).to_have_text(
        _t("id", "Played, not won.", "daily")
    )
    expect(page.locator(".daily-deal.is-played")).to_have_count(1)


def test_the_daily_change_is_told_in_the_readers_own_time_zone(live_server, page: Page):
    """The server guesses the language's usual zone; the browser shows its own: a reader
    in New York reads 19:00 in winter (20:00 in summer), not Berlin's hour."""
    browser = page.context.browser
    context = browser.new_context(timezone_id="America/New_York", locale="de-DE")
    try:
        reader = context.new_page()
        reader.goto(f"{live_server.url}/de/daily/")
        change = daily.utc_day() + timedelta(days=1)
        # New York is 5 hours behind UTC in winter, 4 in summer: the evening before.
        summer = (
            reader.evaluate(
                "iso => new Date(iso).getTimezoneOffset()", f"{change.isoformat()}T00:00:00Z"
            )
            == 240
        )
        expect(reader.locator(".lead time.local-time")).to_have_text("20:00" if summer else "19:00")
        expect(reader.locator(".lead [data-local-time-sentence]")).to_be_visible()
        expect(reader.locator(".lead [data-utc-sentence]")).to_be_hidden()
        # Swedish running text writes the hour with a full stop: "kl. 19.00".
        reader.goto(f"{live_server.url}/sv/daily/")
        expect(reader.locator(".lead time.local-time")).to_have_text("20.00" if summer else "19.00")
    finally:
        context.close()
    # Without JavaScript the page cannot know the reader's zone: it names UTC alone, never
    # the server's guess as "local time"; nor does it name the hour twice where the
    # reader's zone is UTC.
    for options in ({"java_script_enabled": False}, {"timezone_id": "UTC"}):
        _says_utc_alone(browser, live_server, {"timezone_id": "America/New_York", **options})


def _says_utc_alone(browser, live_server, options):
    plain = browser.new_context(locale="de-DE", **options)
    try:
        reader = plain.new_page()
        reader.goto(f"{live_server.url}/de/daily/")
        expect(reader.locator(".lead")).to_have_text(
            _t(
                "de",
                "One deal per layout each day, the same for everyone. "
                "A new deal starts every day at 00:00 UTC.",
            ),
            use_inner_text=True,
        )
    finally:
        plain.close()
