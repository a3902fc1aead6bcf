"""A move answers with only what it changed: small, and exactly enough.

Every answer to tap, undo, redo, restart, hint, pause and resume is at most 1 KB and,
applied to the game it followed (``apply_move``, the rule docs/openapi.json gives
clients), equals what a fresh ``GET`` gives; the clock is frozen so that ``elapsed_ms``
compares exactly.
"""

import random
from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone, translation
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mahjong import LAYOUTS, Board, GameCode
from mahjong.rules.codes import MAX_DEAL
from wording.teaching import blocked_sentence

from .helpers import EXAMPLE, action, apply_move, create, post, tap, unchanged_fields

pytestmark = pytest.mark.django_db

BUDGET = 1024  # bytes: the budget for a move's answer


@pytest.fixture
def clock(monkeypatch):
    """The server's time, moved on by hand: ``clock.tick(ms)``."""

    class Frozen:
        now = timezone.now()

        def tick(self, ms: int) -> None:
            self.now += timedelta(milliseconds=ms)

    frozen = Frozen()
    monkeypatch.setattr(timezone, "now", lambda: frozen.now)
    return frozen


def fetch(client, game_id: str) -> dict:
    response = client.get(f"/api/games/{game_id}")
    assert response.status_code == 200
    return response.json()


def check_move(client, game: dict, response) -> dict:
    """The answer fits the budget and, applied to ``game``, is the game a GET shows."""
    assert len(response.content) <= BUDGET, (len(response.content), response.json()["event"])
    answer = response.json()
    assert "tiles" not in answer
    fresh = fetch(client, game["id"])
    applied = apply_move(game, answer)
    if fresh["faces_withheld"]:
        # Paused: the whole game holds no face (the page keeps what it had, hidden).
        applied["tiles"] = [
            {**t, "face": None, "family": None, "match": None} for t in applied["tiles"]
        ]
    elif game["faces_withheld"]:
        # The answer that ends a pause of a game read while paused: the client fetches
        # the whole game again for its faces (a resume changes no tile).
        assert [t["removed"] for t in applied["tiles"]] == [t["removed"] for t in fresh["tiles"]]
        applied["tiles"] = fresh["tiles"]
    assert {**applied, "event": "loaded"} == fresh
    # The version goes up by one exactly when the game changed (the clock running on aside).
    changed = unchanged_fields(applied) != unchanged_fields(game)
    assert answer["version"] == game["version"] + changed
    return fresh


def random_step(client, game: dict, board: Board, rnd: random.Random):
    """One random request, as a player (or a stale page) might send it."""
    gid = game["id"]
    present = [t["id"] for t in game["tiles"] if not t["removed"]]
    free = [t["id"] for t in game["tiles"] if t["free"]]
    roll = rnd.random()
    if roll < 0.55 and free:
        return tap(client, gid, rnd.choice(free))
    if roll < 0.65 and present:
        return tap(client, gid, rnd.choice(present))  # often blocked
    if roll < 0.7:
        return tap(client, gid, rnd.randrange(144))  # perhaps removed: 409
    if roll < 0.75:
        return action(client, gid, "undo")
    if roll < 0.8:
        return action(client, gid, "redo")
    if roll < 0.81:
        return action(client, gid, "restart")
    if roll < 0.85:
        return action(client, gid, "hint")
    if roll < 0.9:
        return action(client, gid, rnd.choice(["pause", "resume"]))
    page = rnd.choice(["page-a", "page-b"])
    return post(client, f"/api/games/{gid}/{rnd.choice(['pause', 'resume'])}", {"page": page})


@settings(
    max_examples=5, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    st.builds(GameCode, st.sampled_from(list(LAYOUTS)), st.integers(0, MAX_DEAL[1])),
    st.integers(0, 2**32 - 1),
)
def test_every_answer_applied_to_the_previous_game_is_a_fresh_get(clock, code, seed):
    rnd = random.Random(seed)
    client = Client()
    game = create(client, code=str(code), page="page-a")
    board = Board.from_code(code)
    for _ in range(80):
        clock.tick(rnd.randrange(0, 5000))
        response = random_step(client, game, board, rnd)
        if response.status_code == 200:
            game = check_move(client, game, response)
        else:
            assert response.status_code in (409,), response.content
            assert unchanged_fields(fetch(client, game["id"])) == unchanged_fields(game)


def test_a_whole_game_played_from_answers_alone(client, clock):
    game = create(client, code=EXAMPLE)
    for a, b in Board.from_code(EXAMPLE).deal.plan:
        for tile in (a, b):
            clock.tick(700)
            game = check_move(client, game, tap(client, game["id"], tile))
    assert game["state"] == "won" and game["tiles_left"] == 0
    assert (game["can_undo"], game["can_hint"], game["can_pause"]) == (False, False, False)
    assert game["elapsed_ms"] == 143 * 700  # from the first tap to the last


def test_a_blocked_tap_says_why_from_the_engine(client):
    game = create(client, code=EXAMPLE)
    board = Board.from_code(EXAMPLE)
    tile = next(i for i in board.present_tiles() if not board.is_free(i))
    answer = tap(client, game["id"], tile).json()
    blocking = board.blocking(tile)
    assert answer["event"] == "blocked"
    with translation.override("sv"):
        sentence = blocked_sentence(board, tile)
    assert answer["blocked"] == {
        "tile": tile,
        "kind": blocking.kind.value,
        "covering": list(blocking.covering),
        "left": list(blocking.left),
        "right": list(blocking.right),
        "message": sentence,
    }
    free = board.free_tiles()[0]
    assert "blocked" not in tap(client, game["id"], free).json()


def test_an_undo_answer_names_the_tiles_put_back(client):
    game = create(client, code=EXAMPLE)
    a, b = Board.from_code(EXAMPLE).deal.plan[0]
    tap(client, game["id"], a)
    tap(client, game["id"], b)
    undone = action(client, game["id"], "undo").json()
    assert undone["restored"] == sorted([a, b]) and undone["removed"] == []
    assert set(undone["freed"]) >= {a, b}


def _longest_reason(board: Board) -> int:
    """The blocked tile whose reason names the most tiles (the longest blocked answer)."""

    def named(tile: int) -> int:
        blocking = board.blocking(tile)
        ids = (*blocking.covering, *blocking.left, *blocking.right)
        return len(ids) * 4 + sum(len(str(i)) for i in ids)

    return max((t for t in board.present_tiles() if not board.is_free(t)), key=named)


@pytest.mark.parametrize("layout", list(LAYOUTS))
def test_every_answer_of_a_whole_game_fits_the_budget(client, layout):
    """On every layout: a blocked tap with the longest reason after a selection, a hint,
    a pause and a resume, an undo, and every tap of the deal's plan up to the win (whose
    answer also carries the result to share)."""
    code = str(GameCode(layout, 99))
    board = Board.from_code(code)
    game = create(client, code=code)
    gid = game["id"]
    sizes = {}

    def send(name, response):
        assert response.status_code == 200, response.content
        sizes[name] = max(sizes.get(name, 0), len(response.content))
        return response.json()

    send("tap", tap(client, gid, board.free_tiles()[0]))
    assert "blocked" in send("tap", tap(client, gid, _longest_reason(board)))
    plan = board.deal.plan
    for a, b in plan[:3]:
        send("tap", tap(client, gid, a))
        send("tap", tap(client, gid, b))
    send("hint", action(client, gid, "hint"))
    send("pause", action(client, gid, "pause"))
    send("resume", action(client, gid, "resume"))
    send("undo", action(client, gid, "undo"))
    for a, b in plan[2:]:
        send("tap", tap(client, gid, a))
        last = send("tap", tap(client, gid, b))
    assert last["event"] == "won" and last["share"]
    assert all(size <= BUDGET for size in sizes.values()), sizes


@pytest.mark.parametrize("layout", list(LAYOUTS))
def test_a_long_undo_names_the_tiles_still_removed_and_fits_the_budget(client, clock, layout):
    """Undoing all but the last pair of a game at once puts back 140 tiles: the answer
    names the 2 still removed instead, fits 1 KB and, applied, is the game a GET shows."""
    code = str(GameCode(layout, 99))
    plan = Board.from_code(code).deal.plan
    game = create(client, code=code)
    for a, b in plan[:-1]:
        tap(client, game["id"], a)
        tap(client, game["id"], b)
    game = fetch(client, game["id"])

    response = post(client, f"/api/games/{game['id']}/undo", {"count": len(plan) - 2})
    assert response.status_code == 200, response.content
    answer = response.json()

    assert answer["restored"] == [] and answer["all_removed"] == sorted(plan[0])
    check_move(client, game, response)


def test_an_undo_of_up_to_24_pairs_names_the_tiles_put_back(client, clock):
    game = create(client, code=EXAMPLE)
    plan = Board.from_code(EXAMPLE).deal.plan
    for a, b in plan[:25]:
        tap(client, game["id"], a)
        tap(client, game["id"], b)
    game = fetch(client, game["id"])

    response = post(client, f"/api/games/{game['id']}/undo", {"count": 24})
    answer = response.json()

    assert sorted(answer["restored"]) == sorted(t for pair in plan[1:25] for t in pair)
    assert "all_removed" not in answer
    check_move(client, game, response)
