"""Fixtures for the browser tests."""

import pytest

from tests.browser import accessibility
from tests.content import loaded_site_content


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args):
    """Service workers off: each test's page talks to the live server itself, and
    ``page.route`` sees every request. tests/browser/test_offline.py allows them in a
    context of its own. The browser's clock is in UTC whatever the host's zone, so that a
    page's local times are the same on every machine; a test of a reader's own zone says
    which (``@pytest.mark.browser_context_args(timezone_id=…)``)."""
    return {**browser_context_args, "service_workers": "block", "timezone_id": "UTC"}


@pytest.fixture(scope="session", autouse=True)
def _no_screenshots_in_the_database_pass(request):
    """``--database-tests-only`` (CI's second pass) saves no screenshot: the pages are
    drawn as in the first pass, whose screenshots are there to look at. Saving one is
    most of some tests' time. No test kept there reads a screenshot's pixels (the tile
    faces' test does, and is not a stored flow)."""
    if not request.config.getoption("--database-tests-only"):
        yield
        return
    from playwright.sync_api import Locator, Page

    with pytest.MonkeyPatch.context() as patch:
        for kind in (Page, Locator):
            patch.setattr(kind, "screenshot", lambda self, *args, **kwargs: b"")
        yield


@pytest.fixture(scope="session", autouse=True)
def _html_checker_started_early(request):
    """Start the Nu HTML Checker when the first browser test starts, if any test collected
    here checks a document with it (tests.browser.accessibility)."""
    checks = (accessibility.assert_valid_html, accessibility.assert_valid_documents)
    modules = {getattr(item, "module", None) for item in request.session.items}
    if any(
        getattr(module, name, None) in checks
        for module in modules
        for name in ("assert_valid_html", "assert_valid_documents")
    ):
        accessibility.start_html_checker_soon()


@pytest.fixture
def axe_page(browser, browser_context_args):
    """A page in a context that bypasses the Content-Security-Policy, so that
    ``tests.browser.accessibility`` can inject axe-core. Use ``page`` for everything
    else: it keeps the policy, so a test there still sees what a visitor's browser blocks.
    """
    context = browser.new_context(**browser_context_args, bypass_csp=True)
    page = context.new_page()
    yield page
    context.close()


@pytest.fixture
def phone(browser, browser_context_args, request):
    """Opens pages on a phone: ``phone(360, 740)`` is a page of that size in CSS px, with
    touch and twice the pixels. ``axe=True`` bypasses the Content-Security-Policy, as
    ``axe_page`` does, so that ``tests.browser.accessibility`` can inject axe-core."""

    def open_page(width: int, height: int, *, axe: bool = False):
        context = browser.new_context(
            **browser_context_args,
            viewport={"width": width, "height": height},
            is_mobile=True,
            has_touch=True,
            device_scale_factor=2,
            bypass_csp=axe,
        )
        request.addfinalizer(context.close)
        return context.new_page()

    return open_page


@pytest.fixture
def site_content(transactional_db):
    """The content that make setup loads (rules, practice page, quiz), in the live server's
    database, with the page caches emptied around the test."""
    with loaded_site_content():
        yield


@pytest.fixture
def forgotten_verdicts():
    """Every remembered "can it still be won" verdict forgotten before and after the test,
    so that each test's verdicts are decided afresh by the live server."""
    from tests.api.test_winnable import forget

    forget()
    yield
    forget()
