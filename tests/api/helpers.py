"""Helpers for the API tests: requests on the JSON API and positions from the engine."""

from __future__ import annotations

import json
import random

from game.engine import Board

EXAMPLE = "MJ1-L00-AAAAABL"


def post(client, url: str, body=None, **extra):
    data = body if isinstance(body, (str, bytes)) else json.dumps(body or {})
    return client.post(url, data=data, content_type="application/json", **extra)


def create(client, **body) -> dict:
    response = post(client, "/api/games", body)
    assert response.status_code == 201, response.content
    return response.json()


def tap(client, game_id: str, tile, **extra):
    return post(client, f"/api/games/{game_id}/tap", {"tile": tile}, **extra)


def action(client, game_id: str, name: str, **extra):
    return post(client, f"/api/games/{game_id}/{name}", {}, **extra)


def remove_pair(client, game_id: str, pair) -> dict:
    a, b = pair
    first = tap(client, game_id, a)
    assert first.status_code == 200, first.content
    second = tap(client, game_id, b)
    assert second.status_code == 200, second.content
    return second.json()


def path_to_stuck(code: str = EXAMPLE) -> list[tuple[int, int]]:
    """A short list of legal removals after which no pair is left ("No more moves")."""
    best = None
    for seed in range(40):
        rng = random.Random(seed)
        board = Board.from_code(code)
        while board.state == "playing":
            board.remove(*rng.choice(board.playable_pairs()))
        if board.state == "stuck" and (best is None or len(board.history) < len(best)):
            best = list(board.history)
    assert best is not None
    return best


def unchanged_fields(state: dict) -> dict:
    """What must not change when a request is refused (the clock aside)."""
    return {k: v for k, v in state.items() if k not in ("elapsed_ms", "event")}
