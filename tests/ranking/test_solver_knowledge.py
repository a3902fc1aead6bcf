"""Fair ranked play (game/solver_knowledge.py): in a game that may still be ranked, the
solver's verdict ("can it still be won"), its undo back to a winnable position and a hint
are told only at a price, the ranking; the server decides it from what it sends,
whatever the page asked. "No more moves" is a fact of the board and costs nothing."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.core.cache import cache
from django.utils import timezone

from game import services, verdicts
from game import win_screen as wins
from game.models import Game
from game.store import Owner
from ranking import rules as ranking
from tests.api.helpers import EXAMPLE, action, create, path_to_stuck, post, remove_pair
from tests.api.test_winnable import losing_history
from tests.players import human_pace, plan, player, signed_in

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def decided_verdicts(settings):
    # Budgets no busy test machine runs out of, so that every verdict here is decided.
    settings.MAHJONG_HINT_SOLVE_MS = 20_000
    settings.MAHJONG_CHECK_SOLVE_MS = 80_000
    verdicts.forget()
    cache.clear()
    yield
    verdicts.forget()
    cache.clear()


def ranked_game(client) -> dict:
    """A game on the example deal as the server deals it (a new deal: may be ranked), so
    that the engine's known positions of that deal can be played on it."""
    game = create(client, code=EXAMPLE)
    Game.objects.filter(pk=game["id"]).update(origin=Game.NEW)
    whole = client.get(f"/api/games/{game['id']}").json()
    assert whole["may_rank"] is True and whole["advised"] is False
    return whole


def at(client, game: dict, history) -> dict:
    """The game moved to ``history`` (set on the row: the solver's positions, not taps)."""
    Game.objects.filter(pk=game["id"]).update(history=[list(p) for p in history])
    return client.get(f"/api/games/{game['id']}").json()


def check(client, game_id: str, method: str = "get") -> dict:
    url = f"/api/games/{game_id}/winnable"
    response = client.get(url) if method == "get" else post(client, url)
    assert response.status_code == 200, response.content
    return response.json()


def test_a_ranked_games_verdict_is_not_told_unasked_nor_in_any_answer(client):
    game = ranked_game(client)
    lost = losing_history()
    at(client, game, lost)
    answer = check(client, game["id"])
    assert answer["asks_first"] is True
    assert (answer["winnable"], answer["undo_to_winnable"]) == (None, None)
    # Solved before by another request (a stale page, an old record): still not sent.
    Game.objects.filter(pk=game["id"]).update(
        verdict_version=game["version"], verdict_winnable=False, verdict_undo=1
    )
    whole = client.get(f"/api/games/{game['id']}").json()
    assert (whole["winnable"], whole["undo_to_winnable"]) == (None, None)
    assert whole["may_rank"] is True and not Game.objects.get(pk=game["id"]).advised


def test_the_asked_verdict_is_told_and_the_game_can_no_longer_be_ranked(client):
    game = ranked_game(client)
    at(client, game, losing_history())
    answer = check(client, game["id"], "post")
    assert answer["asks_first"] is False
    assert answer["winnable"] is False and answer["undo_to_winnable"] >= 1
    whole = client.get(f"/api/games/{game['id']}").json()
    assert whole["advised"] is True and whole["may_rank"] is False
    assert whole["winnable"] is False
    # From now on the game is unranked: the verdict is free, nothing is asked.
    assert check(client, game["id"])["asks_first"] is False


def test_the_undo_to_a_winnable_position_unranks_whatever_the_page_sent(client):
    game = ranked_game(client)
    at(client, game, losing_history())
    # A page that never asked the player, nor the verdict: the undo is sent straight.
    answer = post(client, f"/api/games/{game['id']}/undo", {"to": "winnable"})
    assert answer.status_code == 200, answer.content
    assert answer.json()["advised"] is True
    stored = Game.objects.get(pk=game["id"])
    assert ranking.ADVICE in ranking.missed_rules(stored)
    assert client.get(f"/api/games/{game['id']}").json()["may_rank"] is False


def test_a_hint_that_finds_the_game_lost_unranks_and_no_more_moves_costs_nothing(client):
    game = ranked_game(client)
    # "No more moves" is a fact of the board: the hint says so and costs nothing.
    at(client, game, path_to_stuck())
    stuck = action(client, game["id"], "hint").json()
    assert stuck["event"] == "stuck" and stuck["advised"] is False
    assert client.get(f"/api/games/{game['id']}").json()["may_rank"] is True
    # A lost position with pairs left: the hint shows none, and that told the verdict.
    at(client, game, losing_history())
    lost = action(client, game["id"], "hint").json()
    assert lost["hint"] is None and lost["winnable"] is False
    assert lost["hints_used"] == 0 and lost["advised"] is True
    assert client.get(f"/api/games/{game['id']}").json()["may_rank"] is False


def test_a_won_game_that_was_told_the_verdict_is_not_ranked_and_says_why(settings):
    settings.MAHJONG_REVIEW_TOP_PLACES = 0  # no person's check: ranking alone is tested
    ada = player("ada")
    owner = Owner(user_id=ada.pk)
    game = services.game_create(owner=owner, layout_id="L00").game
    _, told = services.game_check(game_id=game.id, owner=owner, asked=True)
    assert told.winnable is True
    start = timezone.now()
    pairs = plan(game.code)
    times = human_pace(2 * len(pairs), 400)
    for index, (a, b) in enumerate(pairs):
        services.game_tap(game_id=game.id, owner=owner, tile=a, now=start + times[2 * index])
        services.game_tap(game_id=game.id, owner=owner, tile=b, now=start + times[2 * index + 1])
    won = Game.objects.get(pk=game.id)
    assert won.result == Game.WON and won.ranked is False and won.held == ""
    assert wins.not_ranked_because(won) == [wins.ADVICE]
    # The same win without the verdict is ranked: the verdict alone made the difference.
    bea = player("bea")
    bea_owner = Owner(user_id=bea.pk)
    other = services.game_create(owner=bea_owner, layout_id="L00").game
    Game.objects.filter(pk=other.pk).update(code=won.code)
    later = start + timedelta(hours=1)
    for index, (a, b) in enumerate(pairs):
        for tile, offset in ((a, times[2 * index]), (b, times[2 * index + 1])):
            services.game_tap(game_id=other.id, owner=bea_owner, tile=tile, now=later + offset)
    assert Game.objects.get(pk=other.pk).ranked is True


def test_an_unranked_games_verdict_is_free(client):
    game = create(client, code=EXAMPLE)  # a typed code: never ranked
    answer = check(client, game["id"])
    assert answer["asks_first"] is False and answer["winnable"] is True
    assert Game.objects.get(pk=game["id"]).advised is False


def test_the_signed_in_players_ranked_daily_game_asks_first(client):
    ada = player("ada")
    signed_in(client, ada)
    game = create(client, daily="L00")
    assert game["may_rank"] is True
    remove_pair(client, game["id"], plan(Game.objects.get(pk=game["id"]).code)[0])
    assert check(client, game["id"])["asks_first"] is True
