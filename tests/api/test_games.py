"""Whole games through the API: won by hints, stuck and back, undo of all 72 pairs, the clock."""

import gzip
import json
from datetime import timedelta

import pytest
from django.utils import timezone

from game import services
from game.models import Game
from game.store import Owner
from mahjong import Board

from .helpers import EXAMPLE, action, create, path_to_stuck, remove_pair, tap

pytestmark = pytest.mark.django_db


def test_new_game_on_a_layout_gets_a_fresh_code(client):
    game = create(client, layout="L03")
    assert game["code"] is None  # a server deal's code shows when the game ends
    code = Game.objects.get(id=game["id"]).code
    assert code.startswith("MJ2-L03-")
    assert create(client, layout="L03")["code"] is None
    assert Game.objects.get(id=game["id"]).code == code  # recorded, not sent
    assert game["layout"] == {"id": "L03", "name": game["layout"]["name"]}
    assert game["event"] == "created"


def test_new_game_without_layout_or_code_is_a_turtle(client):
    assert create(client)["layout"]["id"] == "L00"


def test_a_new_game_is_sent_compressed_to_a_client_that_accepts_gzip(client):
    """The whole board (about 13 KB) is the API's largest answer, and the load balancer
    compresses only 200 answers: the 201 is compressed by the app."""
    answer = client.post(
        "/api/games",
        data=json.dumps({"layout": "L00"}),
        content_type="application/json",
        HTTP_ACCEPT_ENCODING="gzip",
    )
    assert answer.status_code == 201
    assert answer["Content-Encoding"] == "gzip"
    assert "Accept-Encoding" in answer["Vary"]
    body = gzip.decompress(answer.content)
    assert len(body) > 4 * len(answer.content)
    assert len(json.loads(body)["tiles"]) == 144


def test_code_is_case_and_space_tolerant(client):
    assert create(client, code="  mj1 l00 aaaaabl ")["code"] == EXAMPLE


def test_game_ids_are_uuids_and_get_returns_the_game(client):
    import uuid

    game = create(client, code=EXAMPLE)
    assert uuid.UUID(game["id"]).version == 4
    fetched = client.get(f"/api/games/{game['id']}").json()
    assert fetched["event"] == "loaded"
    assert fetched["tiles"] == game["tiles"]


def test_whole_game_won_by_following_hints(client):
    game = create(client, code=EXAMPLE)
    for count in range(72):
        hinted = action(client, game["id"], "hint").json()
        assert hinted["event"] == "hint"
        state = remove_pair(client, game["id"], hinted["hint"])
        assert state["hint"] is None
    assert state["event"] == "won"
    assert state["state"] == "won"
    assert state["tiles_left"] == 0
    assert state["hints_used"] == 72
    assert state["can_undo"] is False
    assert Game.objects.get(id=game["id"]).finished_at is not None
    # A won game takes no more moves.
    refused = tap(client, game["id"], 0)
    assert refused.status_code == 409
    assert refused.json()["error"]["code"] == "game_over"
    assert action(client, game["id"], "undo").json()["error"]["code"] == "game_over"
    assert action(client, game["id"], "hint").json()["error"]["code"] == "game_over"


def test_no_more_moves_then_undo_brings_the_game_back(client):
    game = create(client, code=EXAMPLE)
    path = path_to_stuck()
    for pair in path:
        state = remove_pair(client, game["id"], pair)
    assert state["event"] == "stuck"
    assert state["state"] == "stuck"
    assert state["can_undo"] is True
    assert state["clock_running"] is False
    hinted = action(client, game["id"], "hint").json()
    assert hinted["event"] == "stuck" and hinted["hint"] is None
    undone = action(client, game["id"], "undo").json()
    assert undone["event"] == "undone"
    assert undone["state"] == "playing"
    assert undone["undos_used"] == 1
    assert undone["clock_running"] is True
    assert undone["tiles_left"] == 144 - 2 * (len(path) - 1)


def test_undo_of_all_72_pairs(client):
    game = create(client, code=EXAMPLE)
    plan = Board.from_code(EXAMPLE).deal.plan
    for pair in plan[:71]:
        remove_pair(client, game["id"], pair)
    for count in range(71):
        state = action(client, game["id"], "undo").json()
        assert state["event"] == "undone"
    assert state["tiles_left"] == 144
    assert state["can_undo"] is False
    assert state["undos_used"] == 71
    refused = action(client, game["id"], "undo")
    assert refused.status_code == 409
    assert refused.json()["error"]["code"] == "nothing_to_undo"


def test_history_holds_all_72_pairs_and_a_full_undo_chain(client):
    # 72 removals win the game; undo all of them through the service layer's history.
    owner = Owner(session_key="s" * 32)
    played = services.game_create(owner=owner, code=EXAMPLE)
    board = Board.from_code(EXAMPLE)
    for a, b in board.deal.plan[:72]:
        services.game_tap(game_id=played.game.id, owner=owner, tile=a)
        played = services.game_tap(game_id=played.game.id, owner=owner, tile=b)
    assert played.game.state == "won" and len(played.game.history) == 72
    # The stored history rebuilds the whole position; a win is final, and one pair short
    # of it the engine undoes everything.
    history = [tuple(p) for p in played.game.history]
    assert Board.from_code(played.game.code, history).can_undo() is False
    rebuilt = Board.from_code(played.game.code, history[:-1])
    for _ in range(71):
        rebuilt.undo()
    assert len(rebuilt) == 144


def test_clock_excludes_pauses_and_stops_when_stuck():
    owner = Owner(session_key="c" * 32)
    start = timezone.now()
    game_id = services.game_create(owner=owner, code=EXAMPLE).game.id
    board = Board.from_code(EXAMPLE)
    a, b = board.hint()
    services.game_tap(game_id=game_id, owner=owner, tile=a, now=start)
    services.game_pause(game_id=game_id, owner=owner, now=start + timedelta(seconds=10))
    services.game_resume(game_id=game_id, owner=owner, now=start + timedelta(seconds=70))
    played = services.game_tap(
        game_id=game_id, owner=owner, tile=b, now=start + timedelta(seconds=75)
    )
    assert played.game.elapsed_ms_at(start + timedelta(seconds=80)) == 20_000
    # Paused: the clock stands still.
    services.game_pause(game_id=game_id, owner=owner, now=start + timedelta(seconds=80))
    game = Game.objects.get(id=game_id)
    assert game.elapsed_ms_at(start + timedelta(hours=1)) == 20_000


def test_clock_stops_on_no_more_moves_and_runs_again_after_undo():
    owner = Owner(session_key="d" * 32)
    start = timezone.now()
    game_id = services.game_create(owner=owner, code=EXAMPLE).game.id
    path = path_to_stuck()
    moment = start
    for a, b in path:
        services.game_tap(game_id=game_id, owner=owner, tile=a, now=moment)
        moment += timedelta(seconds=1)
        played = services.game_tap(game_id=game_id, owner=owner, tile=b, now=moment)
    assert played.game.state == "stuck"
    stuck_ms = played.game.elapsed_ms
    assert stuck_ms == len(path) * 1000
    later = moment + timedelta(minutes=5)
    assert Game.objects.get(id=game_id).elapsed_ms_at(later) == stuck_ms
    services.game_undo(game_id=game_id, owner=owner, now=later)
    game = Game.objects.get(id=game_id)
    assert game.elapsed_ms_at(later + timedelta(seconds=3)) == stuck_ms + 3000


def test_pause_hides_nothing_on_the_server_but_refuses_moves(client):
    game = create(client, code=EXAMPLE)
    paused = action(client, game["id"], "pause").json()
    assert paused["paused"] is True and paused["event"] == "paused"
    # Pausing twice is harmless.
    assert action(client, game["id"], "pause").json()["paused"] is True
    for response in (
        tap(client, game["id"], 0),
        action(client, game["id"], "hint"),
        action(client, game["id"], "undo"),
    ):
        assert response.status_code == 409
        assert response.json()["error"]["code"] == "paused"
    resumed = action(client, game["id"], "resume").json()
    assert resumed["paused"] is False and resumed["event"] == "resumed"


def test_hint_counts_and_outlines_a_playable_pair(client):
    game = create(client, code=EXAMPLE)
    state = action(client, game["id"], "hint").json()
    a, b = state["hint"]
    assert game["tiles"][a]["free"] and game["tiles"][b]["free"]
    assert state["hints_used"] == 1
    assert action(client, game["id"], "hint").json()["hints_used"] == 2


def test_nothing_lives_in_process_memory(client):
    game = create(client, code=EXAMPLE)
    a, b = Board.from_code(EXAMPLE).hint()
    remove_pair(client, game["id"], (a, b))
    stored = Game.objects.get(id=game["id"])
    assert stored.history == [[a, b]]
    assert stored.version == 2
