"""The automatic pause of a board page that another page has replaced never wins
(play → play once left the game paused on the server while the new page showed it
running)."""

import pytest

from .helpers import EXAMPLE, action, create, post, tap

pytestmark = pytest.mark.django_db


def auto(client, game_id: str, name: str, page: str):
    response = post(client, f"/api/games/{game_id}/{name}", {"page": page})
    assert response.status_code == 200, response.content
    return response.json()


@pytest.fixture
def game(client):
    game = create(client, code=EXAMPLE, page="first")
    assert tap(client, game["id"], 0).status_code == 200  # the clock runs
    return game


def test_a_late_automatic_pause_from_a_replaced_page_is_ignored(client, game):
    opened = auto(client, game["id"], "resume", "second")  # the new page opens the game
    assert opened["paused"] is False
    late = auto(client, game["id"], "pause", "first")  # the old page's pause arrives
    assert late["event"] == "pause_ignored"
    assert late["paused"] is False and late["clock_running"] is True
    assert late["version"] == opened["version"]
    assert tap(client, game["id"], 0).status_code == 200


def test_an_early_automatic_pause_is_resumed_by_the_page_that_opens_the_game(client, game):
    paused = auto(client, game["id"], "pause", "first")
    assert paused["event"] == "paused" and paused["paused"] is True
    opened = auto(client, game["id"], "resume", "second")
    assert opened["paused"] is False and opened["clock_running"] is True
    assert opened["version"] == paused["version"] + 1
    # The first page is gone for good: its pauses no longer count.
    assert auto(client, game["id"], "pause", "first")["event"] == "pause_ignored"


def test_the_page_showing_the_game_pauses_it_when_hidden(client, game):
    assert auto(client, game["id"], "pause", "first")["paused"] is True
    assert tap(client, game["id"], 0).json()["error"]["code"] == "paused"


def test_the_players_own_pause_is_never_resumed_by_opening_the_game(client, game):
    assert action(client, game["id"], "pause").json()["paused"] is True
    assert auto(client, game["id"], "resume", "second")["paused"] is True
    # An automatic pause that the player then confirms is theirs too.
    assert action(client, game["id"], "resume").json()["paused"] is False
    auto(client, game["id"], "pause", "second")
    confirmed = action(client, game["id"], "pause").json()
    assert auto(client, game["id"], "resume", "third")["paused"] is True
    assert confirmed["paused"] is True


@pytest.mark.parametrize("page", ["", "x" * 33, "a b", 7, ["p"]])
def test_a_page_token_that_is_not_one_is_refused(client, game, page):
    for name in ("pause", "resume"):
        response = post(client, f"/api/games/{game['id']}/{name}", {"page": page})
        assert response.status_code == 400
        assert response.json()["error"]["code"] == "invalid_field"
