"""Redo and restart through the API: the position and history they give, what clears
redo, and the pairs count and the matches every answer carries."""

import pytest
from django.utils import translation
from django.utils.translation import gettext

from mahjong import Board

from .helpers import EXAMPLE, action, create, path_to_stuck, remove_pair, tap

pytestmark = pytest.mark.django_db

#: What a position is, as the API shows it (the clock and the counters aside).
POSITION = ("tiles", "tiles_left", "pairs_available", "selected", "matches", "state")


def fetch(client, game_id):
    return client.get(f"/api/games/{game_id}").json()


def position(game):
    return {key: game[key] for key in POSITION}


def played(client, pairs=4):
    game = create(client, code=EXAMPLE)
    for pair in Board.from_code(EXAMPLE).deal.plan[:pairs]:
        remove_pair(client, game["id"], pair)
    return game["id"]


def history(game_id):
    from game.models import Game

    return Game.objects.get(id=game_id).history


def test_redo_after_undo_gives_the_same_position_and_history(client):
    gid = played(client)
    before, before_history = fetch(client, gid), history(gid)
    assert before["can_redo"] is False
    for _ in range(2):
        assert action(client, gid, "undo").status_code == 200
    assert fetch(client, gid)["can_redo"] is True
    first = action(client, gid, "redo").json()
    assert first["event"] == "redone" and first["can_redo"] is True
    second = action(client, gid, "redo").json()
    assert second["can_redo"] is False
    after = fetch(client, gid)
    assert position(after) == position(before)
    assert history(gid) == before_history
    refused = action(client, gid, "redo")
    assert refused.status_code == 409
    assert refused.json()["error"]["code"] == "nothing_to_redo"


def test_a_new_removal_clears_redo_and_a_selection_keeps_it(client):
    gid = played(client)
    action(client, gid, "undo")
    board = Board.from_code(EXAMPLE, [tuple(p) for p in history(gid)])
    a, b = board.playable_pairs()[-1]
    assert tap(client, gid, a).json()["can_redo"] is True  # a selection is not a move
    answer = tap(client, gid, b).json()
    assert answer["event"] == "removed" and answer["can_redo"] is False
    assert action(client, gid, "redo").json()["error"]["code"] == "nothing_to_redo"


def test_restart_gives_the_deals_first_position(client):
    gid = played(client)
    first = create(type(client)(), code=EXAMPLE)  # the same deal, untouched, elsewhere
    action(client, gid, "undo")  # something to redo, which a restart forgets
    answer = action(client, gid, "restart").json()
    assert answer["event"] == "restarted"
    assert (answer["can_undo"], answer["can_redo"]) == (False, False)  # and so no restart
    assert answer["restored"] == [] and answer["all_removed"] == []
    assert answer["may_rank"] is False
    assert answer["winnable"] is True  # a deal's first position is known to be winnable
    assert position(fetch(client, gid)) == position(first)
    assert history(gid) == []
    again = action(client, gid, "restart")
    assert again.status_code == 409
    # Said as what it is: the game is at its start, not "nothing to undo".
    assert again.json()["error"]["code"] == "at_start"
    with translation.override("sv"):
        assert again.json()["error"]["message"] == gettext(
            "The game is already at its start: no pair has been removed."
        )


def test_every_answer_counts_the_pairs_and_names_the_selected_tiles_matches(client):
    game = create(client, code=EXAMPLE)
    board = Board.from_code(EXAMPLE)
    assert game["pairs_available"] == board.playable_pair_count() and game["matches"] == []
    tile = next(t for t in board.free_tiles() if board.free_matches(t))
    answer = tap(client, game["id"], tile).json()
    assert answer["matches"] == board.free_matches(tile)
    partner = answer["matches"][0]
    removed = tap(client, game["id"], partner).json()
    board.remove(tile, partner)
    assert removed["pairs_available"] == board.playable_pair_count()
    assert removed["matches"] == []


def test_redo_and_restart_wait_for_a_paused_game(client):
    gid = played(client)
    action(client, gid, "undo")
    action(client, gid, "pause")
    paused = fetch(client, gid)
    assert (paused["can_undo"], paused["can_redo"]) == (False, False)
    for name in ("redo", "restart"):
        response = action(client, gid, name)
        assert response.status_code == 409 and response.json()["error"]["code"] == "paused"


def test_no_pair_left_is_a_count_of_zero_and_no_more_moves(client):
    game = create(client, code=EXAMPLE)
    for pair in path_to_stuck():
        last = remove_pair(client, game["id"], pair)
    assert (last["state"], last["pairs_available"]) == ("stuck", 0)
    undone = action(client, game["id"], "undo").json()
    assert undone["state"] == "playing" and undone["pairs_available"] > 0
    # Redoing the removal that left no pair says so, as that removal did.
    redone = action(client, game["id"], "redo").json()
    assert (redone["event"], redone["state"], redone["pairs_available"]) == ("stuck", "stuck", 0)
