"""The statistics and leaderboard pages run a fixed number of queries whatever the number
of games, and those queries are served by the indexes on Game."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.db import connection
from django.utils import timezone

from game.models import BestTime, Game
from mahjong import LAYOUTS
from ranking import rules
from records import stats
from tests.players import player, recorded_win, signed_in

pytestmark = pytest.mark.django_db

# The user (cached_db sessions are read from the cache), then: stats page 3 queries and
# the daily streak's one; leaderboard 2 (your best times, every layout's board in one query).
STATS_QUERIES = 1 + 3 + 1
LEADERBOARD_QUERIES = 1 + 1 + 1


def _games(user, count: int, *, hinted: bool = True) -> list[Game]:
    """Wins (ranked when not ``hinted``; else every fourth), stuck and abandoned games."""
    layouts = list(LAYOUTS)
    now = timezone.now()
    games = []
    for i in range(count):
        layout = layouts[(i // 3) % len(layouts)]
        when = now - timedelta(hours=i)
        if i % 3:
            games.append(
                recorded_win(
                    user=user,
                    layout_id=layout,
                    seconds=60 + i,
                    hints=i % 4 if hinted else 0,
                    when=when,
                )
            )
        else:
            games.append(
                Game(
                    code=f"MJ1-{layout}-AAAAABL",
                    layout_id=layout,
                    user=user,
                    result="stuck" if i % 2 else "abandoned",
                    state="stuck" if i % 2 else "playing",
                    started_at=when,
                    elapsed_ms=1000 * i,
                    undos_used=1,
                )
            )
    return games


@pytest.fixture
def busy_player():
    ada = player("ada")
    Game.objects.bulk_create(_games(ada, 1000), batch_size=500)
    # Other players on the boards too, with ranked wins on every layout.
    for n in range(12):
        Game.objects.bulk_create(_games(player(f"p{n}"), 3 * len(LAYOUTS), hinted=False))
    rules.rebuild_best_times()
    return ada


def test_statistics_page_queries_are_few_and_fixed(
    client, busy_player, django_assert_max_num_queries
):
    signed_in(client, busy_player)
    with django_assert_max_num_queries(STATS_QUERIES):
        response = client.get("/sv/stats/")
    assert response.status_code == 200
    assert response.content.decode().count("<rect") == stats.RECENT_WINS


def test_leaderboard_page_queries_are_few_and_fixed(
    client, busy_player, django_assert_max_num_queries
):
    signed_in(client, busy_player)
    with django_assert_max_num_queries(LEADERBOARD_QUERIES):
        response = client.get("/de/leaderboard/")
    assert response.status_code == 200
    assert len(stats.leaderboard_for_user(user_id=busy_player.pk)) == 10
    assert all(len(board) == 10 for board in stats.leaderboards_by_layout().values())


def test_query_count_does_not_grow_with_the_games(client, django_assert_num_queries):
    ada = player("ada")
    signed_in(client, ada)
    Game.objects.bulk_create(_games(ada, 3))
    with django_assert_num_queries(STATS_QUERIES):
        client.get("/sv/stats/")
    with django_assert_num_queries(LEADERBOARD_QUERIES):
        client.get("/sv/leaderboard/")


def _plan(queryset) -> str:
    if connection.vendor == "postgresql":
        # With a few rows a sequential scan is cheapest; ask whether an index can serve.
        with connection.cursor() as cursor:
            cursor.execute("SET LOCAL enable_seqscan = off")
    return queryset.explain()


@pytest.mark.parametrize(
    "name, queryset",
    [
        (
            "game_user_result_time",
            lambda u: Game.objects.filter(user_id=u, result="won").order_by("elapsed_ms")[:10],
        ),
        (
            "game_user_result_date",
            lambda u: Game.objects.filter(user_id=u, result="won").order_by("-finished_at")[:20],
        ),
    ],
)
def test_personal_queries_use_their_index(busy_player, name, queryset):
    assert name in _plan(queryset(busy_player.pk))


def test_layout_board_reads_the_best_time_table_in_index_order(busy_player):
    queryset = BestTime.objects.filter(layout_id="L00").order_by("elapsed_ms", "achieved_at")[:10]
    assert "besttime_layout_time" in _plan(queryset)


def test_day_board_reads_its_index_in_order(busy_player):
    from daily import codes
    from ranking import day_board, rules

    code = str(codes.daily_code(codes.utc_day(), "L00"))
    plan = _plan(rules.ranked_wins(code).order_by("elapsed_ms", "finished_at")[: day_board.TOP])
    assert "game_daily_ranked_time" in plan
    assert "TEMP B-TREE" not in plan  # SQLite: no sort step, the index gives the order
    won = Game.objects.filter(origin="daily", result="won", code=code).values("pk").order_by()
    assert "game_daily_won" in _plan(won)
