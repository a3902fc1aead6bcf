"""`make run`'s gunicorn (mahjongsite/gunicorn_worker.py): a request gunicorn cannot
read gets the site's answer, the API's JSON error under /api/ and the site's page in its
four languages elsewhere, never gunicorn's English page."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time

import pytest
from django.conf import settings

from tests.raw_http import assert_the_sites_page, raw_request, the_apis_error

#: Requests gunicorn refuses itself (its own limits and parser), with the path to put
#: in, and the API's error code and message for it.
BAD_REQUEST = ("bad_request", "Förfrågan kunde inte förstås.")
MALFORMED = {
    "request line": (b"GET {path} HTTP/1.1 extra", BAD_REQUEST),
    "header": (b"GET {path} HTTP/1.1\r\nBad Header: x", BAD_REQUEST),
    "version": (b"GET {path} HTTP/7.1", BAD_REQUEST),
    # Refused before gunicorn parses the line: the start of it still tells the API.
    "long line": (
        b"GET {path}" + b"a" * 9000 + b" HTTP/1.1",
        ("uri_too_long", "Adressen är för lång."),
    ),
}


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    port = _free_port()
    environment = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "mahjongsite.settings.single",
        "DJANGO_SECRET_KEY": "run-server-test-key",
        "DATABASE_URL": f"sqlite:///{tmp_path_factory.mktemp('run') / 'db.sqlite3'}",
    }
    command = [sys.executable, "-m", "gunicorn", "mahjongsite.wsgi", "--bind", f"127.0.0.1:{port}"]
    command += ["--workers", "1", "--threads", "2"]
    command += ["--worker-class", "mahjongsite.gunicorn_worker.SiteThreadWorker"]
    process = subprocess.Popen(
        command, cwd=settings.BASE_DIR, env=environment, stderr=subprocess.DEVNULL
    )
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                if time.monotonic() > deadline or process.poll() is not None:
                    raise RuntimeError("gunicorn did not start") from None
                time.sleep(0.2)
        yield f"http://127.0.0.1:{port}"
    finally:
        process.terminate()
        process.wait(timeout=30)


@pytest.mark.parametrize("name", MALFORMED)
def test_a_request_gunicorn_cannot_read_gets_our_answer(server, name):
    line, expected = MALFORMED[name]
    answer = raw_request(server, line.replace(b"{path}", b"/api/games"))
    assert 400 <= answer.status < 500
    error = the_apis_error(answer, "gunicorn")
    assert (error["code"], error["message"]) == expected

    answer = raw_request(server, line.replace(b"{path}", b"/sv/"))
    assert 400 <= answer.status < 500
    assert_the_sites_page(answer, "gunicorn")
