"""The production stack for the operations tests: two app servers (gunicorn, production
settings) behind nginx, on a PostgreSQL and a Redis of the tests' own (in a temporary
folder, on free ports), so that the fault drills may stop and restart them.

Started once per test session (about half a minute, most of it migrations and
collectstatic); .ci/run runs these tests once, in its SQLite pass. The tests play
through deploy/playclient.py, as the bench scripts and the drills do.
"""

from __future__ import annotations

import pytest

from deploy.stack import private_stack

from .mail_sink import MailSink


@pytest.fixture(scope="session")
def mail():
    """The mail server the stack sends its mail to (the password-reset link)."""
    with MailSink() as sink:
        yield sink


@pytest.fixture(scope="session")
def ops(mail):
    mail_env = {"DJANGO_EMAIL_HOST": "127.0.0.1", "DJANGO_EMAIL_PORT": str(mail.port)}
    with private_stack("ops", app_servers=2, workers=1, threads=4, **mail_env) as running:
        yield running
