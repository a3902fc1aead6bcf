"""A verdict once decided is recorded with the game (game/services.py), so every later
answer for the same position carries it without solving again; and the moves that go
with a verdict (the undo back to a winnable position, a hint) keep the game's clock and
hint honest."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from django.core.cache import cache
from django.db.models import F

from game import services, verdicts
from game.models import Game
from game.store import Owner
from mahjong import Board
from mahjong.solver import advice as engine_advice
from tests.api.helpers import EXAMPLE, action, create, path_to_stuck, remove_pair

pytestmark = pytest.mark.django_db

T0 = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)


@pytest.fixture(autouse=True)
def decided_verdicts(settings):
    settings.MAHJONG_HINT_SOLVE_MS = 20_000
    settings.MAHJONG_CHECK_SOLVE_MS = 80_000
    verdicts.forget()
    cache.clear()
    yield
    verdicts.forget()


def _stuck_game(owner: Owner) -> Game:
    """A game played through the services to "No more moves", its clock stopped."""
    game = services.game_create(owner=owner, code=EXAMPLE).game
    for step, (a, b) in enumerate(path_to_stuck()):
        now = T0 + timedelta(seconds=step)
        services.game_tap(game_id=game.id, owner=owner, tile=a, now=now)
        services.game_tap(game_id=game.id, owner=owner, tile=b, now=now)
    game.refresh_from_db()
    assert game.state == "stuck" and game.running_since is None
    return game


def test_a_checked_verdict_is_in_every_later_answer_for_that_position(client):
    game = create(client, code=EXAMPLE)
    remove_pair(client, game["id"], Board.from_code(EXAMPLE).deal.plan[0])
    assert client.get(f"/api/games/{game['id']}").json()["winnable"] is None  # not decided

    assert client.get(f"/api/games/{game['id']}/winnable").json()["winnable"] is True

    assert client.get(f"/api/games/{game['id']}").json()["winnable"] is True


def test_the_undo_back_to_a_winnable_position_restarts_the_clock_and_says_winnable():
    """From "No more moves" (clock stopped) the undo puts play back on: the clock runs
    again from the undo on, and the answer already knows the position is winnable."""
    owner = Owner(user_id=None, session_key="s" * 32)
    game = _stuck_game(owner)
    banked = game.elapsed_ms
    back_at = T0 + timedelta(minutes=10)

    played = services.game_undo_to_winnable(game_id=game.id, owner=owner, now=back_at)

    stored = Game.objects.get(pk=game.pk)
    assert stored.state == "playing" and stored.running_since == back_at
    assert stored.elapsed_ms == banked  # the time spent looking at "No more moves" not counted
    assert verdicts.recorded(played.game) == {"winnable": True, "undo_to_winnable": None}
    assert verdicts.recorded(stored) == {"winnable": True, "undo_to_winnable": None}


def test_a_hint_whose_search_ran_out_keeps_the_verdict_known_for_the_position(client, monkeypatch):
    game = create(client, code=EXAMPLE)
    board = Board.from_code(EXAMPLE)
    remove_pair(client, game["id"], board.deal.plan[0])
    assert client.get(f"/api/games/{game['id']}/winnable").json()["winnable"] is True
    board.remove(*board.deal.plan[0])
    unsure = engine_advice.Hint(board.playable_pairs()[0], None)
    monkeypatch.setattr(verdicts, "hint_for", lambda board: unsure)

    answer = action(client, game["id"], "hint").json()

    assert answer["hint"] == list(unsure.pair) and answer["hint_sure"] is False
    assert answer["winnable"] is True
    assert client.get(f"/api/games/{game['id']}").json()["winnable"] is True


def test_a_hint_is_given_even_when_the_game_keeps_changing_during_the_search(client, monkeypatch):
    """Each search finds the game moved on meanwhile; after three tries a playable pair is
    given, inside the lock but without a search (the solver never holds the row lock),
    and counted once more."""
    game = create(client, code=EXAMPLE)
    board = Board.from_code(EXAMPLE)
    plan = {frozenset(pair) for pair in board.deal.plan}
    off_plan = next(p for p in board.playable_pairs() if frozenset(p) not in plan)
    remove_pair(client, game["id"], off_plan)  # off the deal's plan: a hint would search
    assert action(client, game["id"], "hint").json()["hints_used"] == 1  # one given earlier
    searches = []

    def moved_meanwhile(board):
        searches.append(board)
        Game.objects.filter(pk=game["id"]).update(version=F("version") + 1)
        return verdicts.advice.Hint(None, None)

    def no_search_under_the_lock(*args, **kwargs):
        raise AssertionError("the solver ran while the game's row was locked")

    monkeypatch.setattr(verdicts, "hint_for", moved_meanwhile)
    monkeypatch.setattr(verdicts.advice, "decide", no_search_under_the_lock)

    response = action(client, game["id"], "hint")

    assert response.status_code == 200, response.content
    answer = response.json()
    assert len(searches) == 3
    assert answer["event"] == "hint" and answer["hint_sure"] is False
    board.remove(*off_plan)
    playable = {frozenset(pair) for pair in board.playable_pairs()}
    assert frozenset(answer["hint"]) in playable
    assert answer["hints_used"] == 2
