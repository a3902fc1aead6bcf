"""`make run`'s settings (mahjongsite/settings/single.py), each in a fresh Python
process as gunicorn would load them: every 5xx reaches the console, a 500 with its
traceback and a 503 in one line with its cause; behind HTTPS, DJANGO_HTTPS turns on
HSTS and Secure cookies."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from django.conf import settings

#: Runs in the child: a request to the home page whose view raises ``ERROR``.
REQUEST = """
import django, sys
django.setup()
from django.db import OperationalError
from django.test import Client
import mahjongsite.views

ERRORS = {
    "bug": RuntimeError("a bug in the home page"),
    "outage": OperationalError("connection to server at 127.0.0.1 failed: Connection refused"),
}

def broken(*args, **kwargs):
    raise ERRORS[sys.argv[1]]

mahjongsite.views.render = broken
response = Client(raise_request_exception=False).get("/sv/", secure=sys.argv[2] == "https")
print("STATUS", response.status_code, response.get("Strict-Transport-Security", "-"))
"""


def _run(tmp_path: Path, error: str, scheme: str = "http", **env: str):
    environment = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "mahjongsite.settings.single",
        "DJANGO_SECRET_KEY": "single-server-test-key",
        "DJANGO_ALLOWED_HOSTS": "testserver",
        "DATABASE_URL": f"sqlite:///{tmp_path / 'db.sqlite3'}",
        **env,
    }
    done = subprocess.run(
        [sys.executable, "-c", REQUEST, error, scheme],
        cwd=settings.BASE_DIR,
        env=environment,
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    return done.stdout, done.stderr


def test_a_view_that_raises_logs_its_traceback_to_the_console(tmp_path):
    out, console = _run(tmp_path, "bug")
    assert "STATUS 500" in out
    assert "Internal Server Error: /sv/" in console
    assert "Traceback (most recent call last)" in console
    assert "RuntimeError: a bug in the home page" in console


def test_each_503_is_one_line_with_its_cause(tmp_path):
    out, console = _run(tmp_path, "outage")
    assert "STATUS 503" in out
    lines = [line for line in console.splitlines() if "answered 503" in line]
    assert lines == [
        "database unavailable, answered 503: OperationalError: connection to server at "
        "127.0.0.1 failed: Connection refused"
    ]
    assert "Traceback" not in console


def test_https_turns_on_hsts_and_secure_cookies(tmp_path):
    out, _console = _run(tmp_path, "bug", "https", DJANGO_HTTPS="true")
    assert "STATUS 500 max-age=31536000" in out
    plain, _console = _run(tmp_path, "bug", "https")
    assert "STATUS 500 -" in plain
    check = (
        "import django; django.setup(); from django.conf import settings as s; "
        "print(s.SESSION_COOKIE_SECURE, s.CSRF_COOKIE_SECURE, s.SECURE_SSL_REDIRECT)"
    )
    for value, expected in (("true", "True True True"), ("false", "False False False")):
        done = subprocess.run(
            [sys.executable, "-c", check],
            cwd=settings.BASE_DIR,
            env={
                **os.environ,
                "DJANGO_SETTINGS_MODULE": "mahjongsite.settings.single",
                "DJANGO_SECRET_KEY": "single-server-test-key",
                "DJANGO_HTTPS": value,
            },
            capture_output=True,
            text=True,
            check=True,
        )
        assert done.stdout.strip() == expected
