"""`make run`'s gunicorn worker: gunicorn's threads, with the site's own answer to a
request gunicorn cannot read.

gunicorn answers a malformed request (an invalid request line or header, a request line
over its limit) itself, before Django sees it, with a small English page of its own. In
`make run` no nginx stands in front to answer instead (deploy/nginx.conf does it for
`make serve`), so this worker writes the site's answer: the API's JSON error in the
site's language under /api/ (as nginx writes it) when gunicorn read that far, else the
page in the site's four languages that nginx sends (deploy/errors/400.html, or 503.html
for a server error).
"""

from __future__ import annotations

import json
import re
import threading
from pathlib import Path

from gunicorn import util
from gunicorn.http.message import Request
from gunicorn.http.parser import RequestParser
from gunicorn.workers.gthread import ThreadWorker

ERRORS_DIR = Path(__file__).resolve().parent.parent / "deploy" / "errors"
#: The API's error code for each status gunicorn writes.
_API_CODES = {414: "uri_too_long", 500: "server_error"}
_API_PATH = re.compile(r"^\S+ /api/")
#: How much of a request line's start is kept before the line is whole: the method and
#: the address's first segment.
_LINE_START = 64

_request = threading.local()


def _api_answer(status: int) -> bytes:
    from django.utils import translation

    from mahjongsite.json_api import error_body
    from wording.messages import API_ERRORS

    code = _API_CODES.get(status, "bad_request")
    with translation.override("sv"):  # the site's language, as nginx's answers
        message = str(API_ERRORS[code][1])
    return json.dumps(error_body(code, message)).encode()


def write_site_error(sock, status_int, reason, mesg) -> None:
    """gunicorn's ``util.write_error``, with the site's body instead of gunicorn's."""
    if getattr(_request, "api", False):
        body, kind = _api_answer(status_int), "application/json"
    else:
        page = "503.html" if status_int >= 500 and status_int != 501 else "400.html"
        body, kind = (ERRORS_DIR / page).read_bytes(), "text/html; charset=utf-8"
    head = (
        f"HTTP/1.1 {status_int} {reason}\r\nConnection: close\r\n"
        f"Content-Type: {kind}\r\nContent-Length: {len(body)}\r\n"
        "Cache-Control: no-store\r\n\r\n"
    )
    util.write_nonblock(sock, head.encode("latin-1") + body)


class _RecordingRequest(Request):
    """gunicorn's request, keeping its request line as read, before any check of it can
    fail (a bad version, a bad header after it): what tells an API address. Until the
    line is whole, the start of what has come so far stands for it, so that a line over
    gunicorn's limit, refused before it is parsed, still tells."""

    def __init__(self, *args, **kwargs):
        _request.line = b""
        _request.line_whole = False
        super().__init__(*args, **kwargs)

    def read_into(self, unreader, buf, stop=False):
        super().read_into(unreader, buf, stop)
        if not _request.line_whole:
            _request.line = bytes(buf[:_LINE_START])

    def parse_request_line(self, line_bytes):
        _request.line = bytes(line_bytes)
        _request.line_whole = True
        super().parse_request_line(line_bytes)


class SiteThreadWorker(ThreadWorker):
    def init_process(self):
        RequestParser.mesg_class = _RecordingRequest
        super().init_process()

    def handle_error(self, req, client, addr, exc):
        line = getattr(_request, "line", b"").decode("latin-1")
        path = getattr(req, "path", "") or ""
        _request.api = bool(_API_PATH.match(line)) or path.startswith("/api/")
        original, util.write_error = util.write_error, write_site_error
        try:
            super().handle_error(req, client, addr, exc)
        finally:
            util.write_error = original
            _request.api = False
