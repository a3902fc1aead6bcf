"""The production stack for the operations tests: two app servers (gunicorn, production
settings) behind nginx, on a PostgreSQL and a Redis of the tests' own (in a temporary
folder, on free ports), so that the fault drills may stop and restart them.

Started once per test session (about half a minute, most of it migrations and
collectstatic); .ci/run runs these tests once, in its PostgreSQL pass.
"""

from __future__ import annotations

import re

import pytest
import requests

from deploy.stack import private_stack


@pytest.fixture(scope="session")
def ops():
    with private_stack("ops", app_servers=2, workers=1, threads=4) as running:
        yield running


class Player:
    """A browser: one cookie jar, the CSRF token in a header, any server as base URL."""

    def __init__(self, base_url: str):
        self.base_url = base_url
        self.http = requests.Session()
        self.http.headers["Accept-Language"] = "sv"
        page = self.http.get(f"{base_url}/sv/play/", timeout=10)
        page.raise_for_status()

    @property
    def csrf(self) -> str:
        return self.http.cookies["csrftoken"]

    def get(self, path: str, *, via: str | None = None, **kwargs):
        return self.http.get((via or self.base_url) + path, timeout=15, **kwargs)

    def post(self, path: str, body: dict | None = None, *, via: str | None = None):
        return self.http.post(
            (via or self.base_url) + path,
            json=body or {},
            headers={"X-CSRFToken": self.csrf},
            timeout=15,
        )

    def sign_up(self, username: str, password: str) -> None:
        page = self.get("/sv/accounts/signup/")
        token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page.text).group(1)
        response = self.http.post(
            f"{self.base_url}/sv/accounts/signup/",
            data={
                "username": username,
                "password1": password,
                "password2": password,
                "csrfmiddlewaretoken": token,
            },
            allow_redirects=False,
            timeout=15,
        )
        assert response.status_code == 302, response.text[:500]
