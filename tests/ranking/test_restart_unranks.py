"""A restarted game is never ranked: its player has seen the deal. Undo and redo keep a
game rankable; the win screen and ``may_rank`` say why a restarted one is not."""

from __future__ import annotations

import pytest
from django.utils import timezone

from game import services, win_screen
from game.models import Game
from game.store import Owner
from tests.players import human_pace, plan, player

pytestmark = pytest.mark.django_db


def _win_after(before, *, seconds: float = 300) -> Game:
    """A fresh deal of a signed-in player: ``before(owner, game)`` runs after its first
    pair is removed, then the game is won at a person's pace."""
    owner = Owner(user_id=player("ada").pk)
    game = services.game_create(owner=owner, layout_id="L00").game
    pairs = plan(game.code)
    start = timezone.now()
    times = iter(human_pace(2 * len(pairs) + 2, seconds))
    for tile in pairs[0]:
        services.game_tap(game_id=game.id, owner=owner, tile=tile, now=start + next(times))
    before(owner, game)
    removed = {tile for pair in Game.objects.get(id=game.id).history for tile in pair}
    for pair in pairs:
        for tile in pair:
            if tile not in removed:
                services.game_tap(game_id=game.id, owner=owner, tile=tile, now=start + next(times))
    game = Game.objects.get(id=game.id)
    assert game.result == Game.WON
    return game


def test_a_restarted_game_is_not_ranked_and_the_win_screen_says_why():
    def restart(owner, game):
        services.game_restart(game_id=game.id, owner=owner, now=timezone.now())
        restarted = Game.objects.get(id=game.id)
        assert (restarted.restarts, restarted.history) == (1, [])
        assert not win_screen.may_rank(restarted)

    won = _win_after(restart)
    assert not won.ranked
    assert "restarted" in win_screen.win_for(won)["not_ranked"]


def test_undo_and_redo_keep_a_game_rankable():
    def undo_and_redo(owner, game):
        services.game_undo(game_id=game.id, owner=owner)
        assert win_screen.may_rank(Game.objects.get(id=game.id))
        services.game_redo(game_id=game.id, owner=owner, now=timezone.now())

    won = _win_after(undo_and_redo)
    # Ranked, or held only as any new top time of a player is (game/top_places.py).
    assert win_screen.win_for(won)["not_ranked"] in ([], ["held_top"])
    assert won.restarts == 0
