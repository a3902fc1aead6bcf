"""The daily habit in Chromium: a signed-in player with a three-day streak sees it on the
daily page and in the statistics, and the calendar marks the days whose deals they won;
both pages axe-clean and valid HTML (in German; the daily page's other languages are
checked in test_daily.py)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from django.conf import settings
from django.utils import translation
from playwright.sync_api import Page, expect

from daily import codes as daily
from game.models import Game
from tests.browser.accessibility import assert_no_axe_violations
from tests.browser.test_editor import sign_in
from tests.browser.test_stats import assert_valid_documents
from tests.players import player

# A stored flow: CI runs it again on PostgreSQL (make test-database).
pytestmark = pytest.mark.stored_flow

SCREENSHOTS = Path(settings.BASE_DIR, "artifacts", "screenshots")


def test_the_streak_and_the_calendar_of_a_signed_in_player(live_server, axe_page: Page):
    page = axe_page
    ada = player("ada")
    today = daily.utc_day()
    for back in range(3):
        day = today - timedelta(days=back)
        when = datetime(day.year, day.month, day.day, tzinfo=UTC) + timedelta(minutes=back)
        Game.objects.create(
            code=str(daily.daily_code(day, "L00")),
            layout_id="L00",
            origin=Game.DAILY,
            state=Game.WON,
            result=Game.WON,
            ranked=True,
            user=ada,
            started_at=when,
            finished_at=when + timedelta(minutes=4),
            elapsed_ms=240_000 + back * 1000,
        )
    sign_in(page, live_server, ada)

    documents = {}
    response = page.goto(f"{live_server.url}/de/daily/")
    expect(page.locator(".site-account__name")).to_have_text("ada")
    documents["daily de"] = response.text()
    with translation.override("de"):
        streak = translation.ngettext(
            "Your streak: %(days)s day in a row with a ranked daily win.",
            "Your streak: %(days)s days in a row with a ranked daily win.",
            3,
        ) % {"days": 3}
    expect(page.locator("#daily-streak")).to_have_text(streak)
    rows = page.locator("#daily-calendar tbody tr")
    expect(rows).to_have_count(14)
    expect(rows.nth(0).locator("td")).to_contain_text("4:01")
    expect(rows.nth(3).locator("td")).to_have_text("–")
    assert_no_axe_violations(page)
    page.locator("#daily-calendar").scroll_into_view_if_needed()
    page.screenshot(path=SCREENSHOTS / "daily-habit-de.png", full_page=True)

    response = page.goto(f"{live_server.url}/de/stats/")
    documents["stats de"] = response.text()
    expect(page.locator("#stats-streak dd")).to_have_text("3 Tage")
    assert_no_axe_violations(page)
    assert_valid_documents(documents)
