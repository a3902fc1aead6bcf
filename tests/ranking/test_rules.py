"""Ranked and unranked wins: a hinted win, a win on a typed-in code and a win faster than
the floor are in the player's own statistics and never on a public board; an honest win
is ranked; the best-time table follows the ranked wins, also under concurrent wins."""

from __future__ import annotations

import threading
from datetime import timedelta

import pytest
from django.db import close_old_connections, connection, transaction
from django.utils import timezone

from daily import codes as daily
from game.models import BestTime, Game
from game.services import games_claim_for_user
from game.store import Owner
from mahjong import LAYOUTS
from ranking import rules
from records import stats
from tests.players import player, recorded_win, save_recorded, win_with_services

pytestmark = pytest.mark.django_db

FLOOR_S = rules.MIN_MS_PER_PAIR * 72 / 1000  # 72 s for the 72 pairs of a board


def _board(layout_id: str = "L00") -> list[tuple[str, int]]:
    return [(e.username, e.best_ms) for e in stats.leaderboard_for_layout(layout_id=layout_id)]


def test_an_honest_win_on_a_new_deal_is_ranked_and_on_the_board():
    ada = player("ada")
    game = win_with_services(user=ada, code=None, layout_id="L02", seconds=254)
    assert (game.origin, game.ranked, game.elapsed_ms) == ("new", True, 254_000)
    assert _board("L02") == [("ada", 254_000)]
    overall = stats.stats_for_user(user_id=ada.pk).overall
    assert (overall.won, overall.ranked_won, overall.unranked_won) == (1, 1, 0)
    assert overall.best_ranked_ms == 254_000


@pytest.mark.parametrize(
    "how",
    ["hinted", "typed code", "too fast"],
)
def test_unranked_wins_count_for_the_player_and_stay_off_the_board(how):
    ada = player("ada")
    kwargs = {
        "hinted": {"code": None, "hints": 1, "seconds": 300},
        "typed code": {"seconds": 300},  # the example code, typed in
        "too fast": {"code": None, "seconds": FLOOR_S - 1},
    }[how]
    game = win_with_services(user=ada, **kwargs)
    assert game.ranked is False
    assert game.origin == ("code" if how == "typed code" else "new")
    assert _board() == []
    assert not BestTime.objects.exists()
    user_stats = stats.stats_for_user(user_id=ada.pk)
    assert (user_stats.overall.won, user_stats.overall.ranked_won) == (1, 0)
    assert user_stats.overall.best_ms == game.elapsed_ms
    assert user_stats.overall.best_ranked_ms is None
    [best] = stats.leaderboard_for_user(user_id=ada.pk)
    assert (best.elapsed_ms, best.ranked) == (game.elapsed_ms, False)


def test_the_floor_is_one_second_per_pair():
    ada = player("ada")
    at_floor = win_with_services(user=ada, code=None, seconds=FLOOR_S)
    assert at_floor.ranked is True
    assert rules.too_fast(at_floor) is False
    at_floor.elapsed_ms -= 1
    assert rules.too_fast(at_floor) is True


def test_a_faster_ranked_win_replaces_the_best_time_and_a_slower_one_does_not():
    ada, bo = player("ada"), player("bo")
    first = win_with_services(user=ada, code=None, seconds=300)
    win_with_services(user=bo, code=None, seconds=250)
    assert _board() == [("bo", 250_000), ("ada", 300_000)]
    win_with_services(user=ada, code=None, seconds=400)
    assert BestTime.objects.get(user=ada).game_id == first.id
    faster = win_with_services(user=ada, code=None, seconds=200)
    assert _board() == [("ada", 200_000), ("bo", 250_000)]
    assert BestTime.objects.get(user=ada).game_id == faster.id
    # A faster unranked win changes nothing on the board.
    win_with_services(user=bo, code=None, seconds=100, hints=2)
    assert _board() == [("ada", 200_000), ("bo", 250_000)]


def test_ties_go_to_whoever_got_there_first():
    ada, bo = player("ada"), player("bo")
    start = timezone.now()
    win_with_services(user=bo, code=None, seconds=200, start=start)
    win_with_services(user=ada, code=None, seconds=200, start=start + timedelta(minutes=1))
    assert [name for name, _ms in _board()] == ["bo", "ada"]


def test_todays_daily_deal_is_ranked_once_per_player():
    ada = player("ada")
    code = str(daily.daily_code(daily.utc_day(), "L00"))
    first = win_with_services(user=ada, daily="L00", seconds=300)
    assert (first.origin, first.ranked, first.code) == ("daily", True, code)
    again = win_with_services(user=ada, daily="L00", seconds=200)
    assert (again.origin, again.ranked) == ("daily", False)  # the deal was seen before
    assert _board() == [("ada", 300_000)]


def test_yesterdays_daily_code_typed_in_is_a_typed_code():
    ada = player("ada")
    yesterday = daily.utc_day() - timedelta(days=1)
    game = win_with_services(user=ada, code=str(daily.daily_code(yesterday, "L00")), seconds=300)
    assert (game.origin, game.ranked) == ("code", False)


def test_a_daily_win_while_signed_out_is_kept_at_sign_in():
    ada = player("ada")
    visitor = Owner(session_key="visitor-session-1")
    code = str(daily.daily_code(daily.utc_day(), "L01"))
    game = win_with_services(owner=visitor, daily="L01", seconds=321)
    assert (game.user, game.ranked, game.code) == (None, True, code)
    assert _board("L01") == []
    games_claim_for_user(user_id=ada.pk, session_key="visitor-session-1")
    game.refresh_from_db()
    assert (game.user, game.session_key, game.ranked) == (ada, "", True)
    assert _board("L01") == [("ada", 321_000)]
    assert stats.stats_for_user(user_id=ada.pk).overall.ranked_won == 1


def test_a_claimed_daily_win_on_a_deal_the_player_had_seen_is_not_ranked():
    ada = player("ada")
    code = str(daily.daily_code(daily.utc_day(), "L01"))
    win_with_services(user=ada, daily="L01", seconds=500)
    visitor = Owner(session_key="visitor-session-2")
    game = win_with_services(owner=visitor, daily="L01", seconds=100)
    assert (game.ranked, game.code) == (True, code)  # the visitor's first game on the deal
    games_claim_for_user(user_id=ada.pk, session_key="visitor-session-2")
    game.refresh_from_db()
    assert (game.user, game.ranked) == (ada, False)
    assert _board("L01") == [("ada", 500_000)]


def test_rebuilding_the_table_gives_what_the_wins_kept():
    ada, bo = player("ada"), player("bo")
    for user, layout, seconds, hints in [
        (ada, "L00", 300, 0),
        (ada, "L00", 200, 0),
        (ada, "L00", 100, 1),
        (bo, "L00", 250, 0),
        (bo, "L03", 90, 0),
    ]:
        win_with_services(user=user, code=None, layout_id=layout, seconds=seconds, hints=hints)
    kept = set(BestTime.objects.values_list("user_id", "layout_id", "elapsed_ms", "game_id"))
    assert rules.rebuild_best_times() == 3
    rebuilt = set(BestTime.objects.values_list("user_id", "layout_id", "elapsed_ms", "game_id"))
    assert (
        kept
        == rebuilt
        == {
            (ada.pk, "L00", 200_000, Game.objects.get(user=ada, elapsed_ms=200_000).id),
            (bo.pk, "L00", 250_000, Game.objects.get(user=bo, layout_id="L00").id),
            (bo.pk, "L03", 90_000, Game.objects.get(user=bo, layout_id="L03").id),
        }
    )


@pytest.mark.django_db(transaction=True)
def test_concurrent_ranked_wins_leave_the_fastest():
    """Eight wins of one player recorded at once from eight connections: the table ends
    with the fastest, whatever order the database ran them in."""
    ada = player("ada")
    seconds = [420, 380, 510, 333, 600, 345, 401, 350]
    wins = Game.objects.bulk_create(recorded_win(user=ada, seconds=s) for s in seconds)
    barrier = threading.Barrier(len(wins))
    errors: list[BaseException] = []

    def record(game: Game) -> None:
        try:
            barrier.wait(timeout=10)
            with transaction.atomic():
                rules.record_best_time(game)
        except BaseException as error:  # reported below, in the test's thread
            errors.append(error)
        finally:
            close_old_connections()
            connection.close()

    threads = [threading.Thread(target=record, args=(game,)) for game in wins]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    assert errors == []
    best = BestTime.objects.get(user=ada, layout_id="L00")
    assert (best.elapsed_ms, best.game_id) == (333_000, wins[seconds.index(333)].id)


def test_every_board_in_one_query_is_each_layouts_board(django_assert_num_queries):
    players = [player(f"p{n:02d}") for n in range(14)]
    save_recorded(
        recorded_win(user=p, layout_id=layout, seconds=100 + (n * 7) % 5, when=when)
        for n, p in enumerate(players)
        for layout, when in [
            ("L00", timezone.now() - timedelta(minutes=n)),
            ("L04", timezone.now() - timedelta(minutes=30 - n)),
        ]
    )
    with django_assert_num_queries(1):
        boards = stats.leaderboards_by_layout()
    assert list(boards) == list(LAYOUTS)
    for layout_id, board in boards.items():
        assert board == stats.leaderboard_for_layout(layout_id=layout_id)
    assert {layout_id: len(board) for layout_id, board in boards.items()} == {
        layout_id: 10 if layout_id in ("L00", "L04") else 0 for layout_id in LAYOUTS
    }
    # Ties (equal times) go to the earlier win: on L00 the later players won first.
    first = boards["L00"][0]
    assert (first.best_ms, first.username) == (100_000, "p10")
