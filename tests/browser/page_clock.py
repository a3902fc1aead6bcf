"""The page's clock in the test's hands: time on the page passes only when a test runs it
on (Playwright's clock), so what a test sees of the board's clock holds on a machine of
any speed or load. The server keeps its own time; the page counts on from its figure."""

from __future__ import annotations

import time

from playwright.sync_api import Page


def hold_the_clock(page: Page) -> None:
    """Take over the page's clock (before it loads) and stop it: from now on it moves
    only with ``page.clock.run_for``."""
    page.clock.install()
    page.clock.pause_at(time.time() + 60)


def seconds_on(shown: str, seconds: int) -> str:
    """The board's clock (``m:ss``) some seconds on."""
    minutes, secs = shown.split(":")
    total = int(minutes) * 60 + int(secs) + seconds
    return f"{total // 60}:{total % 60:02d}"
