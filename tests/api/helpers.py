"""Helpers for the API tests: requests on the JSON API and positions from the engine."""

from __future__ import annotations

import json
import random

from mahjong import Board

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


def apply_move(game: dict, answer: dict) -> dict:
    """A move's answer applied to the whole game it followed, as docs/openapi.json says a
    client does it: the tiles named in ``removed``, ``restored``, ``freed`` and ``unfreed``
    change (``all_removed``, when given, lists every tile still removed), ``revealed``
    gives faces and ``covered`` takes them away; every other field of the answer replaces
    the game's."""
    tiles = [dict(tile) for tile in game["tiles"]]
    for i in answer["removed"]:
        tiles[i].update(removed=True, free=False)
    for i in answer["restored"]:
        tiles[i]["removed"] = False
    if "all_removed" in answer:  # a long undo: the tiles still removed, not those put back
        for i, tile in enumerate(tiles):
            tile["removed"] = i in answer["all_removed"]
    for i in answer["freed"]:
        tiles[i]["free"] = True
    for i in answer["unfreed"]:
        tiles[i]["free"] = False
    for tile in answer["revealed"]:  # faces uncovered: sent as null while wholly covered
        tiles[tile["id"]].update(face=tile["face"], family=tile["family"], match=tile["match"])
    for i in answer["covered"]:  # wholly covered again by an undo
        tiles[i].update(face=None, family=None, match=None)
    change = {"removed", "restored", "all_removed", "freed", "unfreed", "blocked"}
    change |= {"revealed", "covered"}
    return {**game, **{k: v for k, v in answer.items() if k not in change}, "tiles": tiles}


def unchanged_fields(state: dict) -> dict:
    """What must not change when a request is refused (the clock aside)."""
    return {k: v for k, v in state.items() if k not in ("elapsed_ms", "event")}
