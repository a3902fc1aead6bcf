"""A tap on a blocked tile says that a selection was cleared only when there was one."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from tests.api.helpers import EXAMPLE


def test_blocked_tap_mentions_the_cleared_selection_only_when_there_was_one(
    live_server, page: Page
):
    page.goto(f"{live_server.url}/sv/play/?code={EXAMPLE}")
    expect(page.locator("#board")).to_have_attribute("aria-busy", "false")
    status = page.locator("#board-status")
    blocked = page.get_by_role("button", name=re.compile(r", blockerad$")).first
    free = page.get_by_role("button", name=re.compile(r", fri$")).first

    blocked.click()
    expect(status).to_have_text(re.compile(r"^.+ är blockerad"))
    expect(status).not_to_contain_text("Markeringen togs bort")

    free.click()
    expect(status).to_contain_text("är markerad")
    blocked.click()
    expect(status).to_contain_text("Markeringen togs bort")
