"""Fixtures for the browser tests."""

import pytest


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
