"""Migration game 0008 on real duplicates: a player's several ranked results on one daily
deal, as the double claim left them before the constraint, become one.

The database is taken back to 0007 with Django's migration executor, filled through the
models as they were then, and migrated forward again: what 0008 says it does is checked
row by row (the first game started stays ranked, the later ones stay as unranked wins, the
best times of the players concerned are worked out again, nobody else is touched).
"""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.utils import timezone

pytestmark = pytest.mark.django_db(transaction=True)

BEFORE = [("game", "0007_solver_verdicts")]
AFTER = [("game", "0008_one_ranked_daily_per_user")]
DAILY = "MJ1-L02-ABCDEFG"
OTHER_DAILY = "MJ1-L03-BCDEFGH"


def _migrate(targets):
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)
    return executor.loader.project_state(targets).apps


@pytest.fixture
def before_0008():
    """The historical models at 0007; the database goes back to the latest state after."""
    apps = _migrate(BEFORE)
    yield apps
    executor = MigrationExecutor(connection)
    _migrate(executor.loader.graph.leaf_nodes())


def _win(Game, user, code, *, started, seconds, origin="daily", ranked=True):
    game = Game.objects.create(
        code=code,
        layout_id=code[4:7],
        user_id=user.pk if user else None,
        state="won",
        result="won",
        origin=origin,
        ranked=ranked,
        elapsed_ms=seconds * 1000,
        finished_at=started + timedelta(seconds=seconds),
    )
    # created_at is set on insert (auto_now_add): the order the migration reads is put
    # in afterwards.
    Game.objects.filter(pk=game.pk).update(created_at=started)
    return game.pk


def test_0008_keeps_the_first_started_ranked_daily_win_of_each_player(before_0008):
    apps = before_0008
    User, Game, BestTime = (
        apps.get_model("auth", "User"),
        apps.get_model("game", "Game"),
        apps.get_model("game", "BestTime"),
    )
    ada = User.objects.create(username="ada")
    bob = User.objects.create(username="bob")
    t0 = timezone.now() - timedelta(days=1)
    # Ada: three ranked results on one daily deal (the second the fastest), one on
    # another deal, and a ranked new game on the same layout.
    first = _win(Game, ada, DAILY, started=t0, seconds=400)
    fastest = _win(Game, ada, DAILY, started=t0 + timedelta(minutes=1), seconds=200)
    third = _win(Game, ada, DAILY, started=t0 + timedelta(minutes=2), seconds=300)
    other = _win(Game, ada, OTHER_DAILY, started=t0, seconds=250)
    new_game = _win(Game, ada, "MJ1-L02-AAAAABL", started=t0, seconds=350, origin="new")
    # Bob: one ranked result on the same deal, started after Ada's; a visitor's ranked
    # daily win (no player: not concerned by the rule).
    bob_win = _win(Game, bob, DAILY, started=t0 + timedelta(minutes=3), seconds=500)
    visitor = _win(Game, None, DAILY, started=t0, seconds=450)
    # The best times as the duplicates left them: Ada's on L02 is the second game's.
    BestTime.objects.create(
        user=ada, layout_id="L02", elapsed_ms=200_000, game_id=fastest, achieved_at=t0
    )
    BestTime.objects.create(
        user=ada, layout_id="L03", elapsed_ms=250_000, game_id=other, achieved_at=t0
    )
    BestTime.objects.create(
        user=bob, layout_id="L02", elapsed_ms=500_000, game_id=bob_win, achieved_at=t0
    )
    games_before = Game.objects.count()

    apps = _migrate(AFTER)
    Game, BestTime = apps.get_model("game", "Game"), apps.get_model("game", "BestTime")

    # Exactly one ranked result of Ada on the deal: the first she started, not the
    # fastest; the later ones are still her wins, unranked.
    assert list(
        Game.objects.filter(user_id=ada.pk, code=DAILY, ranked=True).values_list("pk", flat=True)
    ) == [first]
    for pk in (fastest, third):
        game = Game.objects.get(pk=pk)
        assert (game.result, game.ranked, game.user_id) == ("won", False, ada.pk)
    # Nothing else changed and no game was lost.
    assert Game.objects.count() == games_before
    assert set(Game.objects.filter(ranked=True).values_list("pk", flat=True)) == {
        first,
        other,
        new_game,
        bob_win,
        visitor,
    }
    # Ada's best on L02 is worked out again from her ranked wins (the new game's 350 s),
    # her other layout's and Bob's stay as they were.
    best = {
        (row.user_id, row.layout_id): (row.game_id, row.elapsed_ms)
        for row in BestTime.objects.all()
    }
    assert best == {
        (ada.pk, "L02"): (new_game, 350_000),
        (ada.pk, "L03"): (other, 250_000),
        (bob.pk, "L02"): (bob_win, 500_000),
    }


def test_after_0008_the_database_refuses_a_second_ranked_daily_result(before_0008):
    from django.db import IntegrityError, transaction

    apps = before_0008
    User, Game = apps.get_model("auth", "User"), apps.get_model("game", "Game")
    ada = User.objects.create(username="ada")
    t0 = timezone.now() - timedelta(days=1)
    _win(Game, ada, DAILY, started=t0, seconds=400)
    _win(Game, ada, DAILY, started=t0 + timedelta(minutes=1), seconds=300)

    apps = _migrate(AFTER)
    Game = apps.get_model("game", "Game")
    assert Game.objects.filter(user_id=ada.pk, code=DAILY, ranked=True).count() == 1
    with pytest.raises(IntegrityError), transaction.atomic():
        _win(Game, ada, DAILY, started=t0 + timedelta(minutes=2), seconds=350)
