"""A game belongs to its session (or user): anyone else gets 404, never 403."""

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from mahjong import Board

from .helpers import EXAMPLE, action, create, tap

pytestmark = pytest.mark.django_db


def test_another_sessions_game_is_not_found(client, other_client):
    game = create(client, code=EXAMPLE)
    url = f"/api/games/{game['id']}"
    assert other_client.get(url).status_code == 404
    assert tap(other_client, game["id"], 0).status_code == 404
    for name in ("undo", "hint", "pause", "resume"):
        response = action(other_client, game["id"], name)
        assert response.status_code == 404
        assert response.json()["error"]["code"] == "not_found"
    # Untouched for its owner.
    assert client.get(url).json()["version"] == 0


def test_ownership_two_signed_out_visitors_each_play_only_their_own_game(client, other_client):
    """Both visitors have real sessions (their games are stored under their session
    keys): neither can read or change the other's game, each plays their own."""
    from game.models import Game

    mine = create(client, code=EXAMPLE)
    theirs = Game.objects.get(session_key=other_client.session.session_key)
    assert Game.objects.get(id=mine["id"]).session_key == client.session.session_key
    assert client.session.session_key != other_client.session.session_key
    a, b = Board.from_code(EXAMPLE).deal.plan[0]
    c, d = Board.from_code(theirs.code).deal.plan[0]

    for visitor, game_id, tiles in (
        (other_client, mine["id"], (a, b)),
        (client, theirs.id, (c, d)),
    ):
        assert visitor.get(f"/api/games/{game_id}").status_code == 404
        for tile in tiles:
            assert tap(visitor, game_id, tile).status_code == 404
        for name in ("hint", "pause", "resume", "undo"):
            assert action(visitor, game_id, name).status_code == 404

    assert Game.objects.get(id=mine["id"]).version == 0
    theirs.refresh_from_db()
    assert (theirs.version, theirs.history, theirs.hints_used) == (0, [], 0)
    # Each still plays their own.
    assert tap(client, mine["id"], a).status_code == 200
    assert tap(client, mine["id"], b).status_code == 200
    assert tap(other_client, theirs.id, c).status_code == 200
    assert Game.objects.get(id=mine["id"]).history == [[a, b]]
    assert Game.objects.get(id=theirs.id).selected == c


def test_a_visitor_without_a_session_sees_no_game(client):
    game = create(client, code=EXAMPLE)
    stranger = Client()
    assert stranger.get(f"/api/games/{game['id']}").status_code == 404
    assert tap(stranger, game["id"], 0).status_code == 404


def test_a_signed_in_users_game_is_theirs_alone(client, other_client):
    user = get_user_model().objects.create_user("ada", password="pw-long-enough-1")
    client.force_login(user)
    game = create(client, code=EXAMPLE)
    from game.models import Game

    assert Game.objects.get(id=game["id"]).user == user
    assert client.get(f"/api/games/{game['id']}").status_code == 200
    assert other_client.get(f"/api/games/{game['id']}").status_code == 404
    client.logout()
    assert client.get(f"/api/games/{game['id']}").status_code == 404


def test_a_malformed_game_id_is_not_found(client):
    assert client.get("/api/games/123").status_code == 404
    assert tap(client, "../admin", 0).status_code == 404


def test_writes_on_a_users_game_by_anyone_else_are_not_found(client, other_client):
    owner = get_user_model().objects.create_user("ada", password="pw-long-enough-1")
    other = get_user_model().objects.create_user("bob", password="pw-long-enough-2")
    client.force_login(owner)
    game = create(client, code=EXAMPLE)
    anonymous = Client()
    anonymous.get("/sv/")
    other_client.force_login(other)
    for stranger in (other_client, anonymous):
        assert tap(stranger, game["id"], 0).status_code == 404
        for name in ("undo", "hint", "pause", "resume"):
            assert action(stranger, game["id"], name).status_code == 404
    assert client.get(f"/api/games/{game['id']}").json()["version"] == 0
    assert tap(client, game["id"], 0).status_code == 200


@pytest.mark.parametrize("lock", [True, False])
def test_the_read_of_a_move_finds_exactly_what_games_owned_by_finds(lock):
    from game import store
    from game.models import Game
    from game.selectors import games_owned_by
    from game.store import Owner

    user = get_user_model().objects.create_user("ada", password="pw-long-enough-1")
    mine = Game.objects.create(code=EXAMPLE, layout_id="L00", user=user)
    visitors = Game.objects.create(code=EXAMPLE, layout_id="L00", session_key="s" * 32)
    owners = [
        Owner(user_id=user.pk),
        Owner(session_key="s" * 32),
        Owner(session_key="t" * 32),
        Owner(user_id=user.pk + 1),
        Owner(),
    ]
    for owner in owners:
        for game in (mine, visitors):
            expected = games_owned_by(owner=owner).filter(id=game.id).exists()
            try:
                found = store.read(game_id=game.id, owner=owner, lock=lock).id == game.id
            except Game.DoesNotExist:
                found = False
            assert found == expected, (owner, game)
    with pytest.raises(Game.DoesNotExist):
        store.read(game_id="not-a-uuid", owner=Owner(user_id=user.pk), lock=lock)


def test_ownership_signing_in_claims_only_the_games_of_ones_own_session(client, other_client):
    """Sign-in gives the user the games of the session they played in while signed out,
    and nobody else's: the other visitor's game stays theirs, unfinished and untouched."""
    from game.models import Game
    from game.services import games_claim_for_user

    ada = get_user_model().objects.create_user("ada", password="pw-long-enough-1")
    mine = create(client, code=EXAMPLE)
    theirs = Game.objects.get(session_key=other_client.session.session_key)

    claimed = games_claim_for_user(user_id=ada.pk, session_key=client.session.session_key)

    assert claimed == 1
    assert Game.objects.get(id=mine["id"]).user == ada
    theirs_now = Game.objects.get(id=theirs.id)
    assert (theirs_now.user, theirs_now.session_key) == (None, theirs.session_key)
    assert (theirs_now.state, theirs_now.result) == ("playing", "")
    assert other_client.get(f"/api/games/{theirs.id}").status_code == 200
    assert games_claim_for_user(user_id=ada.pk, session_key=None) == 0


def test_signing_in_claims_the_sessions_unfinished_games_and_records_the_older_ones(client):
    """The newest game of the session goes on as the user's game in progress; the older
    unfinished ones become the user's too, recorded as abandoned (as a new game would)."""
    from game.models import Game
    from game.services import games_claim_for_user

    ada = get_user_model().objects.create_user("ada", password="pw-long-enough-1")
    older = create(client, code=EXAMPLE)
    newer = create(client, code="MJ1-L02-BCDEFGH")

    claimed = games_claim_for_user(user_id=ada.pk, session_key=client.session.session_key)

    assert claimed == 2
    older_now, newer_now = Game.objects.get(id=older["id"]), Game.objects.get(id=newer["id"])
    assert (older_now.user, older_now.session_key, older_now.result) == (ada, "", "abandoned")
    assert (newer_now.user, newer_now.session_key, newer_now.result) == (ada, "", "")
    assert newer_now.state == "playing"
