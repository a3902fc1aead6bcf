"""The HTTP client that plays the site as a browser with the board does: one cookie jar,
the CSRF header on every request, sign-up through the real form, and a deal won by
tapping its winning plan tile by tile through the JSON API.

The bench scripts, the deploy drills and the operations tests all play through it, so a
change to the API's paths or to how the site hands out its CSRF token is made here once.
"""

from __future__ import annotations

import re

import requests

from mahjong import Board, random_code

#: A password the site's validators accept, for the players these tools sign up.
PASSWORD = "tile-pair-72-free"
CSRF_FIELD = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')
#: Seconds a sign-up may take: hashing a password is slow by design (PBKDF2), and many
#: seconds on a busy two-core machine, where 10 s timed out.
SIGN_UP_TIMEOUT = 60


class SignUpFailed(Exception):
    """The sign-up form did not redirect: the account was not created."""


def own_deal(layout: str = "L00") -> dict:
    """The body of ``POST /api/games`` for a deal whose code the client knows: a server
    deal's code is not sent until the game ends, so its plan could not be followed."""
    return {"code": str(random_code(layout))}


def plan_pairs(code: str) -> list[tuple[int, int]]:
    """The pairs to remove, in order, to win the deal of ``code`` (its winning plan)."""
    return list(Board.from_code(code).deal.plan)


def plan_taps(code: str) -> list[int]:
    """The tiles to tap, in order, to win the deal of ``code``."""
    return [tile for pair in plan_pairs(code) for tile in pair]


class PlayClient:
    """A browser's session on one base URL; ``via`` sends one request to another server
    of the same site (the cookies go with it)."""

    def __init__(self, base_url: str, *, language: str = "sv", timeout: float = 15):
        self.base_url = base_url.rstrip("/")
        self.language = language
        self.timeout = timeout
        self.http = requests.Session()
        self.http.headers["Accept-Language"] = language

    def open(self) -> PlayClient:
        """Open the play page, as a visit starts: it sets the CSRF cookie."""
        self.get(f"/{self.language}/play/").raise_for_status()
        return self

    @property
    def csrf(self) -> str:
        return self.http.cookies.get("csrftoken", "")

    def request(self, method: str, path: str, body=None, *, via: str | None = None, **kwargs):
        """One request; ``body`` goes as JSON. Other arguments are requests' own."""
        kwargs["headers"] = {"X-CSRFToken": self.csrf, **kwargs.get("headers", {})}
        kwargs.setdefault("timeout", self.timeout)
        if body is not None:
            kwargs["json"] = body
        return self.http.request(method, (via or self.base_url) + path, **kwargs)

    def get(self, path: str, **kwargs):
        return self.request("GET", path, **kwargs)

    def post(self, path: str, body: dict | None = None, **kwargs):
        return self.request("POST", path, {} if body is None else body, **kwargs)

    def sign_up(self, username: str, password: str = PASSWORD) -> None:
        """Create an account through the sign-up form; the session is signed in after."""
        path = f"/{self.language}/accounts/signup/"
        token = CSRF_FIELD.search(self.get(path).text)
        if token is None:
            raise SignUpFailed("the sign-up page has no CSRF field")
        form = {"username": username, "password1": password, "password2": password}
        response = self.http.post(
            self.base_url + path,
            data=form | {"csrfmiddlewaretoken": token.group(1)},
            allow_redirects=False,
            timeout=max(self.timeout, SIGN_UP_TIMEOUT),
        )
        if response.status_code != 302:
            raise SignUpFailed(f"sign-up answered {response.status_code}: {response.text[:500]}")

    def new_game(self, body: dict | None = None, **kwargs) -> dict:
        """A new game (by default of a deal of our own, :func:`own_deal`); its state."""
        response = self.post("/api/games", body or own_deal(), **kwargs)
        response.raise_for_status()
        return response.json()

    def tap(self, game_id: str, tile: int, **kwargs):
        return self.post(f"/api/games/{game_id}/tap", {"tile": tile}, **kwargs)

    def win(self, game: dict, servers: list[str] | None = None) -> list[dict]:
        """Tap the whole winning plan of ``game`` (a new game's state); every tap's
        answer. With ``servers``, the taps go to each server by turns."""
        answers = []
        for index, tile in enumerate(plan_taps(game["code"])):
            via = servers[index % len(servers)] if servers else None
            response = self.tap(game["id"], tile, via=via)
            if response.status_code != 200:
                message = f"tap {index} answered {response.status_code}: {response.text[:500]}"
                raise requests.HTTPError(message, response=response)
            answers.append(response.json())
        return answers
