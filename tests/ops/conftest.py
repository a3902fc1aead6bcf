"""The production stack for the operations tests: two app servers (gunicorn, production
settings) behind nginx, on a PostgreSQL and a Redis of the tests' own (in a temporary
folder, on free ports), so that the fault drills may stop and restart them.

Started once per test session (about half a minute, most of it migrations and
collectstatic); .ci/run runs these tests once, in its PostgreSQL pass. The tests play
through deploy/playclient.py, as the bench scripts and the drills do.
"""

from __future__ import annotations

import pytest

from deploy.stack import private_stack


@pytest.fixture(scope="session")
def ops():
    with private_stack("ops", app_servers=2, workers=1, threads=4) as running:
        yield running
