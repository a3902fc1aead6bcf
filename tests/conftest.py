"""Fixtures shared by every test."""

import os

import pytest
from django.conf import settings
from django.utils import translation
from hypothesis import settings as hypothesis_settings

# Hypothesis: random examples by default (a new chance to find a bug on every local run);
# HYPOTHESIS_PROFILE=ci (set by .ci/run) derandomizes them, so that a red CI run replays
# the same examples anywhere.
hypothesis_settings.register_profile("ci", derandomize=True, database=None, print_blob=True)
hypothesis_settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))

# Playwright's sync API runs an event loop in the test thread; the ORM beside it is safe
# because each test runs in one thread.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

CHROMIUM = "/usr/bin/chromium"


def pytest_collection_modifyitems(items):
    """Keep each test file on one pytest-xdist worker (make test runs one per core).

    A file's module-scoped fixtures (a browser page, a played game) are then set up once,
    not once per worker. The production-stack drills of tests/ops/ share one worker, so
    that two stacks are never started, stopped and faulted at the same time.
    """
    for item in items:
        path = item.nodeid.split("::")[0]
        group = "ops" if path.startswith("tests/ops/") else path
        item.add_marker(pytest.mark.xdist_group(group))


@pytest.fixture(scope="session", autouse=True)
def _live_server_without_nagle():
    """Answer the live server's requests without a 40 ms stall each.

    Django's test server writes a response's headers and its body in separate sends. On a
    kept-alive connection (the browser's fetches, a requests session) Nagle's algorithm
    then holds the body back until the client's delayed acknowledgement, 40 ms later: a
    browser test that played a game through the API spent nearly all its time waiting.
    """
    from django.test.testcases import QuietWSGIRequestHandler

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(QuietWSGIRequestHandler, "disable_nagle_algorithm", True)
        yield


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    """Drive Debian's Chromium; Playwright never downloads a browser of its own."""
    return {
        **browser_type_launch_args,
        "executable_path": CHROMIUM,
        "args": [
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
        ],
    }


@pytest.fixture(autouse=True)
def _reset_language():
    """Start each test in the default language and leave no active language behind."""
    translation.activate(settings.LANGUAGE_CODE)
    yield
    translation.deactivate()
