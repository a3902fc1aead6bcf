"""What nginx answers itself: a Host the site does not serve is dropped, and what nginx
refuses (oversized headers, a body over its limit) gets the site's own error, not
nginx's page; a multipart body through the whole stack is a 415, never a 500."""

from __future__ import annotations

import http.client
from urllib.parse import urlsplit

import requests

from deploy.playclient import PlayClient


def _raw_get(url: str, path: str, host: str) -> int | None:
    """The status of a GET with this Host header, or None when the connection was closed
    without an answer."""
    parts = urlsplit(url)
    connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=10)
    try:
        connection.request("GET", path, headers={"Host": host})
        return connection.getresponse().status
    except (http.client.RemoteDisconnected, ConnectionResetError):
        return None
    finally:
        connection.close()


def test_a_host_the_site_does_not_serve_is_dropped_without_an_answer(ops):
    assert _raw_get(ops.url, "/sv/", "evil.example.com") is None
    assert _raw_get(ops.url, "/sv/", "127.0.0.1") == 200


def test_oversized_headers_get_the_sites_own_400_page_and_json_under_the_api(ops):
    cookie = {"Cookie": "a=" + "x" * 9000}

    page = requests.get(f"{ops.url}/sv/", headers=cookie, timeout=10)
    api = requests.get(f"{ops.url}/api/health", headers=cookie, timeout=10)

    assert page.status_code == 400
    assert '<html lang="sv">' in page.text and "Felaktig förfrågan" in page.text
    assert "nginx" not in page.text
    assert api.status_code == 400
    assert api.json()["error"]["code"] == "bad_request"


def test_a_multipart_body_through_the_stack_is_a_415_in_the_request_language(ops):
    visitor = PlayClient(ops.url).open()
    response = visitor.http.post(
        f"{ops.url}/api/games?lang=de",
        files={"file": ("a.txt", b"hello")},
        headers={"X-CSRFToken": visitor.csrf},
        timeout=15,
    )

    assert response.status_code == 415
    assert response.json()["error"]["code"] == "unsupported_media_type"
    assert response.json()["error"]["message"].startswith("Der Inhalt der Anfrage")


def test_a_layout_file_the_editor_accepts_passes_nginx_and_a_larger_one_gets_its_error(ops):
    """nginx's limit for the layout API is the editor's own (editor/limits.py): a file of
    the largest size sent as JSON reaches the app, one over it gets the editor's error in
    the visitor's language; elsewhere the general limit stands, as nginx's JSON 413."""
    player = PlayClient(ops.url, language="de").open()
    player.sign_up("layout_file_limit")
    largest = ("." * 63 + "\n") * 1024  # 64 KiB, each newline escaped in the JSON body
    answer = player.post("/api/layouts/import?lang=de", {"text": largest})
    assert len(largest) == 65536 and answer.status_code == 400
    assert answer.json()["error"]["code"] != "body_too_large"  # the app read the file
    over = player.post("/api/layouts/import?lang=de", {"text": largest + "."})
    assert over.status_code == 413 and over.json()["error"]["code"] == "too_large"
    assert over.json()["error"]["message"].startswith("Die Datei ist größer als 64")
    elsewhere = player.post("/api/games?lang=de", {"layout": "L00", "x": "." * 70_000})
    assert elsewhere.status_code == 413
    assert elsewhere.json()["error"]["code"] == "body_too_large"
