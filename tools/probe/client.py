"""The probe's HTTP client: raw bytes on a socket, so that any method, address, header and
body can be sent as written (a browser library would refuse or repair them); a cookie jar
per visitor; a budget of requests and seconds after which every send stops the probe."""

from __future__ import annotations

import http.client
import re
import socket
import threading
import time
from urllib.parse import urlsplit

from .tally import Answer, Tally

#: The most of an answer's body the probe reads (pages are far smaller).
MAX_BODY = 2 * 1024 * 1024
_COOKIE = re.compile(r"^\s*([^=;\s]+)=([^;]*)")
CSRF_FIELD = re.compile(rb'name="csrfmiddlewaretoken" value="([^"]+)"')


class OutOfBudget(Exception):
    """The probe has sent as many requests, or run as long, as it may."""


class Budget:
    def __init__(self, max_requests: int, max_seconds: float):
        self.max_requests = max_requests
        self.deadline = time.monotonic() + max_seconds
        self.spent = 0
        self._lock = threading.Lock()

    def spend(self) -> None:
        with self._lock:
            if self.spent >= self.max_requests or time.monotonic() > self.deadline:
                raise OutOfBudget
            self.spent += 1


def _bytes(value: str | bytes) -> bytes:
    return value if isinstance(value, bytes) else value.encode("utf-8")


class Site:
    """Where the probe sends (127.0.0.1 only), what it may spend, and what it counts."""

    def __init__(self, base_url: str, budget: Budget, tally: Tally, timeout: float = 20):
        parts = urlsplit(base_url)
        if parts.hostname not in ("127.0.0.1", "localhost"):
            raise ValueError("the probe sends to 127.0.0.1 only")
        self.host = "127.0.0.1"
        self.port = parts.port or 80
        self.budget = budget
        self.tally = tally
        self.timeout = timeout

    def exchange(self, label: str, method: str, path: str | bytes, raw: bytes) -> Answer:
        """Send ``raw`` (a whole request) on a new connection; the answer, counted."""
        self.budget.spend()
        shown = path if isinstance(path, str) else path.decode("latin-1")
        try:
            sock = socket.create_connection((self.host, self.port), timeout=self.timeout)
        except OSError:
            return self.tally.add(Answer(label, method, shown, 0))
        with sock:
            try:
                sock.sendall(raw)
            except OSError:
                pass  # the server may answer (413) and close before reading it all
            response = http.client.HTTPResponse(sock, method=method)
            try:
                response.begin()
                body = response.read(MAX_BODY) if method != "HEAD" else b""
            except (OSError, http.client.HTTPException):
                return self.tally.add(Answer(label, method, shown, 0))
            answer = Answer(
                label,
                method,
                shown,
                response.status,
                response.getheader("Content-Type", ""),
                body,
                response.getheaders(),
            )
        return self.tally.add(answer)


class Visitor:
    """One browser: its cookies, sent with each request, and the CSRF token."""

    def __init__(self, site: Site, language: str = "sv"):
        self.site = site
        self.language = language
        self.cookies: dict[str, str] = {}

    @property
    def csrf(self) -> str:
        return self.cookies.get("csrftoken", "")

    def send(
        self,
        label: str,
        method: str,
        path: str | bytes,
        body: bytes | str | None = None,
        *,
        content_type: str | None = None,
        headers: dict[str, str] | None = None,
        csrf: bool = True,
        cookies: bool = True,
    ) -> Answer:
        lines = [_bytes(method) + b" " + _bytes(path) + b" HTTP/1.1"]
        fields = {
            "Host": f"127.0.0.1:{self.site.port}",
            "Accept-Language": self.language,
            "Connection": "close",
        }
        if cookies and self.cookies:
            fields["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        if csrf and self.csrf:
            fields["X-CSRFToken"] = self.csrf
            fields["Origin"] = f"http://127.0.0.1:{self.site.port}"
        if content_type is not None:
            fields["Content-Type"] = content_type
        if body is not None:
            fields["Content-Length"] = str(len(_bytes(body)))
        fields.update(headers or {})
        lines += [_bytes(f"{k}: {v}") for k, v in fields.items() if v is not None]
        raw = b"\r\n".join(lines) + b"\r\n\r\n" + (_bytes(body) if body is not None else b"")
        answer = self.site.exchange(label, method, path, raw)
        for name, value in answer.headers:
            if name.lower() == "set-cookie":
                match = _COOKIE.match(value)
                if match and match.group(2) in ('""', ""):
                    self.cookies.pop(match.group(1), None)
                elif match:
                    self.cookies[match.group(1)] = match.group(2)
        return answer

    def get(self, label: str, path: str | bytes, **kwargs) -> Answer:
        return self.send(label, "GET", path, **kwargs)

    def post_json(self, label: str, path: str, body: bytes | str, **kwargs) -> Answer:
        kwargs.setdefault("content_type", "application/json")
        return self.send(label, "POST", path, body, **kwargs)

    def form_token(self, path: str) -> str:
        """The CSRF field of the form on ``path`` (its cookie is kept)."""
        found = CSRF_FIELD.search(self.get("form", path).body)
        return found.group(1).decode() if found else self.csrf

    def post_form(self, label: str, path: str, fields: bytes | str, **kwargs) -> Answer:
        """POST url-encoded ``fields`` (already encoded, as a client may send anything)
        with the form's CSRF field first."""
        token = self.form_token(path)
        body = _bytes(f"csrfmiddlewaretoken={token}&") + _bytes(fields)
        kwargs.setdefault("content_type", "application/x-www-form-urlencoded")
        kwargs.setdefault("headers", {"Referer": f"http://127.0.0.1:{self.site.port}{path}"})
        return self.send(label, "POST", path, body, **kwargs)
