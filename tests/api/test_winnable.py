"""Hints that re-plan, "this game can no longer be won" and the undo back to a winnable
position, through the JSON API."""

from __future__ import annotations

import random

import pytest
from django.core.cache import cache

from game import verdicts
from mahjong import Board
from mahjong.solver.advice import present_mask
from mahjong.solver.search import Solver, Verdict
from tests.api.helpers import EXAMPLE, action, create, post, remove_pair
from tests.api.test_openapi import validate

pytestmark = pytest.mark.django_db


def forget() -> None:
    """Every verdict remembered so far, in this process and in the cache, forgotten."""
    verdicts.forget()
    cache.clear()


@pytest.fixture(autouse=True)
def forget_verdicts(settings):
    # Budgets no busy test machine runs out of, so that every verdict here is decided.
    settings.MAHJONG_HINT_SOLVE_MS = 20_000
    settings.MAHJONG_CHECK_SOLVE_MS = 80_000
    forget()
    yield
    forget()


def exact(history) -> Verdict:
    board = Board.from_code(EXAMPLE)
    solver = Solver(board.deal.layout.geometry, board.deal.faces)
    return solver.solve(present_mask(board.deal, history), time_limit=30).verdict


def losing_history(seed: int = 2) -> list[tuple[int, int]]:
    """Random play from the example deal until the position is lost (exactly checked)."""
    rnd = random.Random(seed)
    board = Board.from_code(EXAMPLE)
    while True:
        board.remove(*rnd.choice(board.playable_pairs()))
        if exact(board.history) is Verdict.NOT_WINNABLE:
            return list(board.history)


def winnable(client, game_id) -> dict:
    response = client.get(f"/api/games/{game_id}/winnable")
    assert response.status_code == 200, response.content
    validate(response.json(), {"$ref": "#/components/schemas/Winnable"})
    return response.json()


def test_following_the_hints_after_leaving_the_plan_wins(client):
    game = create(client, code=EXAMPLE)
    board = Board.from_code(EXAMPLE)
    rnd = random.Random(5)
    for _ in range(4):  # off the deal's plan, still winnable
        pair = rnd.choice(
            [p for p in board.playable_pairs() if exact([*board.history, p]) is Verdict.WINNABLE]
        )
        board.remove(*pair)
        remove_pair(client, game["id"], pair)
    assert board.deal.rest_of_plan(present_mask(board.deal, board.history)) is None
    hints = 0
    while True:
        answer = action(client, game["id"], "hint").json()
        assert answer["event"] == "hint" and answer["hint_sure"] is True, answer
        assert answer["winnable"] is True
        hints += 1
        state = remove_pair(client, game["id"], answer["hint"])
        if state["state"] == "won":
            break
    assert hints == 72 - 4 and state["hints_used"] == hints


def test_a_lost_position_says_so_offers_the_undo_and_its_hint_claims_no_plan(client):
    history = losing_history()
    game = create(client, code=EXAMPLE)
    for pair in history[:-1]:
        remove_pair(client, game["id"], pair)
    assert winnable(client, game["id"]) == {
        "id": game["id"],
        "version": winnable(client, game["id"])["version"],
        "winnable": True,
        "undo_to_winnable": None,
        "asks_first": False,  # a typed code is never ranked: the verdict is free
    }
    state = remove_pair(client, game["id"], history[-1])  # the losing removal
    check = winnable(client, game["id"])
    assert check["winnable"] is False and check["undo_to_winnable"] == 1
    assert check["version"] == state["version"]

    hint = action(client, game["id"], "hint").json()
    validate(hint, {"$ref": "#/components/schemas/Move"})
    assert hint["hint"] is None and hint["hint_sure"] is False and hint["winnable"] is False
    assert hint["undo_to_winnable"] == 1  # the hint keeps the check's way back

    # Play on: still lost, now two pairs from the last winnable position.
    board = Board.from_code(EXAMPLE, history)
    remove_pair(client, game["id"], board.playable_pairs()[0])
    assert winnable(client, game["id"])["undo_to_winnable"] == 2

    answer = post(client, f"/api/games/{game['id']}/undo", {"to": "winnable"})
    assert answer.status_code == 200, answer.content
    back = answer.json()
    validate(back, {"$ref": "#/components/schemas/Move"})
    assert back["event"] == "undone" and back["tiles_left"] == 144 - 2 * (len(history) - 1)
    assert back["undos_used"] == 2 and len(back["restored"]) == 4
    assert winnable(client, game["id"])["winnable"] is True
    assert exact(history[:-1]) is Verdict.WINNABLE


def test_undo_by_count_and_bad_counts(client):
    game = create(client, code=EXAMPLE)
    board = Board.from_code(EXAMPLE)
    for pair in board.deal.plan[:3]:
        remove_pair(client, game["id"], pair)
    for bad in (0, 73, -1, "2", True, 1.5, None):
        response = post(client, f"/api/games/{game['id']}/undo", {"count": bad})
        assert response.status_code == 400, bad
        assert response.json()["error"]["code"] == "invalid_field"
    # More pairs than were removed: refused whole, nothing put back.
    response = post(client, f"/api/games/{game['id']}/undo", {"count": 4})
    assert response.status_code == 409
    assert response.json()["error"]["code"] == "nothing_to_undo"
    assert client.get(f"/api/games/{game['id']}").json()["tiles_left"] == 138
    response = post(client, f"/api/games/{game['id']}/undo", {"to": "somewhere"})
    assert response.status_code == 400
    answer = post(client, f"/api/games/{game['id']}/undo", {"count": 2}).json()
    assert answer["tiles_left"] == 142 and answer["undos_used"] == 2


def test_undo_to_winnable_on_a_winnable_game_changes_nothing(client):
    game = create(client, code=EXAMPLE)
    remove_pair(client, game["id"], Board.from_code(EXAMPLE).deal.plan[0])
    response = post(client, f"/api/games/{game['id']}/undo", {"to": "winnable"})
    assert response.status_code == 409
    assert response.json()["error"]["code"] == "not_lost"
    assert client.get(f"/api/games/{game['id']}").json()["tiles_left"] == 142


def test_the_check_is_the_owners_only(client, other_client):
    game = create(client, code=EXAMPLE)
    other = other_client
    assert other.get(f"/api/games/{game['id']}/winnable").status_code == 404
    assert post(other, f"/api/games/{game['id']}/undo", {"to": "winnable"}).status_code == 404


def test_checks_are_limited_per_client_address(settings):
    # Per day, so that the test never straddles the end of a counting window.
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "game_check": "2/d"}
    from django.test import Client

    visitor = Client(REMOTE_ADDR="198.51.100.9")
    game = create(visitor, code=EXAMPLE)
    for _ in range(2):
        assert visitor.get(f"/api/games/{game['id']}/winnable").status_code == 200
    refused = visitor.get(f"/api/games/{game['id']}/winnable")
    assert refused.status_code == 429 and refused.json()["error"]["code"] == "rate_limited"
    # Taps and hints keep their own budgets.
    assert action(visitor, game["id"], "hint").status_code == 200
