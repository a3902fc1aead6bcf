"""What the security probe (tools/probe) found a client could cause through the whole
stack: a redirect that echoes a long address must not take the app servers out of
nginx's rotation, what gunicorn refuses gets the site's answer, not gunicorn's page, and
a made-up HTTP version is a 400, not a 5xx."""

from __future__ import annotations

import socket
from urllib.parse import urlsplit

import requests

#: A query that a sign-in redirect's ``next`` writes three times as long ("=" as %3D),
#: to a Location near the longest Django writes (16 KB).
LONG_QUERY = "a=" + "=" * 5000
#: About the longest query nginx takes in a request line (large_client_header_buffers).
LONGEST_QUERY = "a=" + "x" * 8000
#: How many requests go out to find the app servers still in rotation (more than there
#: are app servers, each taken out by a failure for a few seconds).
AFTER = 6


def test_a_redirect_echoing_the_longest_address_keeps_every_app_server_in(ops):
    redirects = {
        "sign-in": f"/sv/stats/?{LONG_QUERY}",
        "language": f"/stats/?{LONGEST_QUERY}",
        "slash": f"/sv/stats?{LONGEST_QUERY}",
    }
    for name, path in redirects.items():
        for _ in range(2):  # once on each app server
            answer = requests.get(ops.url + path, allow_redirects=False, timeout=15)
            assert answer.status_code in (301, 302), (name, answer.status_code, answer.text[:300])
    answers = [requests.get(f"{ops.url}/api/health", timeout=15) for _ in range(AFTER)]
    assert [a.status_code for a in answers] == [200] * AFTER


def test_a_method_gunicorn_refuses_gets_the_sites_answer_through_nginx(ops):
    page = requests.request("M", f"{ops.url}/de/", timeout=15)
    assert page.status_code == 400
    assert '<html lang="sv">' in page.text and '<section lang="de">' in page.text
    assert "gunicorn" not in page.text.lower() and "Bad Request" not in page.text

    api = requests.request("M", f"{ops.url}/api/games", timeout=15)
    assert api.status_code == 400
    assert api.json()["error"]["code"] == "bad_request"


def _raw_status(url: str, request: bytes) -> int:
    parts = urlsplit(url)
    with socket.create_connection((parts.hostname, parts.port), timeout=15) as connection:
        connection.sendall(request)
        return int(connection.recv(4096).split(b" ", 2)[1])


def test_an_http_version_nginx_does_not_speak_is_the_clients_error_not_a_5xx(ops):
    # An answer of 5xx says the site failed; a client's made-up version is its own error.
    for path in (b"/sv/", b"/api/games"):
        request = b"GET " + path + b" HTTP/9.9\r\nHost: 127.0.0.1\r\n\r\n"
        assert _raw_status(ops.url, request) == 400
