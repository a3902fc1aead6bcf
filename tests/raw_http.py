"""Requests sent as raw bytes, for what a server in front of the site refuses before the
site sees it (gunicorn's parser for `make run`, nginx for `make serve`): the answer must
still be the site's own, in its words, never the server's English page."""

from __future__ import annotations

import json
import socket
from typing import NamedTuple
from urllib.parse import urlsplit


class Answer(NamedTuple):
    status: int
    kind: str  # the Content-Type
    body: bytes


def raw_request(url: str, line: bytes) -> Answer:
    """Send the request line ``line`` (and the Host of ``url``) to ``url``'s server."""
    parts = urlsplit(url)
    host = f"{parts.hostname}:{parts.port}".encode()
    with socket.create_connection((parts.hostname, parts.port), timeout=10) as connection:
        connection.sendall(line + b"\r\nHost: " + host + b"\r\nConnection: close\r\n\r\n")
        answer = b""
        while chunk := connection.recv(65536):
            answer += chunk
    head, _, body = answer.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    kind = next(
        (h.split(":", 1)[1].strip() for h in lines if h.lower().startswith("content-type")), ""
    )
    return Answer(int(lines[0].split()[1]), kind, body)


def the_apis_error(answer: Answer, server: str) -> dict:
    """The API's JSON error of a refusal (its code and message), not a word of
    ``server``'s."""
    assert answer.status >= 400 and answer.kind == "application/json", answer.body[:200]
    assert server.encode() not in answer.body.lower()
    return json.loads(answer.body)["error"]


def assert_the_sites_page(answer: Answer, server: str) -> None:
    """A refusal answered with the site's page in Swedish, not a word of ``server``'s."""
    assert answer.status >= 400 and answer.kind.startswith("text/html"), answer.body[:200]
    assert b'<html lang="sv">' in answer.body
    assert server.encode() not in answer.body.lower()
