"""What is recorded: wins once and with the server's time, stuck and abandoned games,
nothing for signed-out visitors, a visitor's game carried into the account at sign-in."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from game.models import Game
from records import stats
from tests.api.helpers import EXAMPLE, create, path_to_stuck, post, remove_pair, tap
from tests.players import (
    PASSWORD,
    form_post,
    plan,
    player,
    recorded_loss,
    recorded_win,
    save_recorded,
    signed_in,
    signs_in,
    win_through_api,
    win_with_services,
)

pytestmark = pytest.mark.django_db


def test_a_win_through_the_api_is_recorded_once_with_the_servers_time(client):
    ada = player()
    signed_in(client, ada)
    state = win_through_api(client, hints=3)

    game = Game.objects.get(id=state["id"])
    assert (game.user, game.result, game.layout_id, game.hints_used) == (ada, "won", "L00", 3)
    assert game.finished_at is not None and game.elapsed_ms == state["elapsed_ms"]

    user_stats = stats.stats_for_user(user_id=ada.pk)
    assert (user_stats.overall.played, user_stats.overall.won) == (1, 1)
    assert user_stats.overall.best_ms == game.elapsed_ms
    assert user_stats.overall.hints_used == 3
    assert [w.code for w in user_stats.recent_wins] == [EXAMPLE]
    [best] = stats.leaderboard_for_user(user_id=ada.pk)
    assert (best.layout_id, best.elapsed_ms, best.hints_used) == ("L00", game.elapsed_ms, 3)
    assert best.ranked is False  # hinted, a typed-in code, and far too fast
    assert stats.leaderboard_for_layout(layout_id="L00") == []

    # Replaying the winning tap changes nothing: 409, still one win.
    last = plan()[-1][1]
    replay = tap(client, state["id"], last)
    assert replay.status_code == 409
    assert Game.objects.filter(result="won").count() == 1
    assert Game.objects.get(id=state["id"]).version == game.version


def test_a_stuck_game_counts_as_played_not_won(client):
    ada = player()
    signed_in(client, ada)
    game = create(client, code=EXAMPLE)
    for pair in path_to_stuck():
        state = remove_pair(client, game["id"], pair)
    assert state["state"] == "stuck"
    create(client, layout="L01")  # replaces the stuck game

    assert Game.objects.get(id=game["id"]).result == "stuck"
    overall = stats.stats_for_user(user_id=ada.pk).overall
    assert (overall.played, overall.won, overall.best_ms, overall.win_rate) == (1, 0, None, 0)
    assert stats.leaderboard_for_user(user_id=ada.pk) == []


def test_a_new_game_marks_the_previous_unfinished_game_abandoned(client):
    ada = player()
    signed_in(client, ada)
    first = create(client, code=EXAMPLE)
    remove_pair(client, first["id"], plan()[0])
    second = create(client, layout="L02")
    assert Game.objects.get(id=first["id"]).result == "abandoned"
    assert Game.objects.get(id=second["id"]).result == ""
    overall = stats.stats_for_user(user_id=ada.pk).overall
    assert (overall.played, overall.won) == (1, 0)  # the second game has no move yet


def test_a_signed_out_win_is_recorded_in_the_account_signed_into_after_it(client):
    ada = player()
    state = win_through_api(client)
    game = Game.objects.get(id=state["id"])
    assert game.user is None
    # Signing in afterwards carries the win into the account, judged by the usual rules:
    # a deal from a game code counts in the statistics, never on a board.
    assert signs_in(client, "ada")
    assert Game.objects.get(id=state["id"]).user == ada
    overall = stats.stats_for_user(user_id=ada.pk).overall
    assert (overall.played, overall.won, overall.ranked_won) == (1, 1, 0)
    assert stats.leaderboard_for_layout(layout_id="L00") == []


@pytest.mark.parametrize("how", ["login", "signup"])
def test_the_game_in_progress_is_claimed_at_sign_in_and_goes_on(how):
    client = Client(enforce_csrf_checks=True)
    if how == "login":
        player()
    page = client.get(f"/de/play/?code={EXAMPLE}")
    token = re.search(r'"csrfToken": "([^"]+)"', page.content.decode()).group(1)
    response = post(client, "/api/games", {"code": EXAMPLE}, HTTP_X_CSRFTOKEN=token)
    game = response.json()
    pairs = plan()
    for tile in pairs[0]:
        assert tap(client, game["id"], tile, HTTP_X_CSRFTOKEN=token).status_code == 200
    old_session = client.session.session_key

    if how == "login":
        signed = form_post(client, "/de/accounts/login/", {"username": "ada", "password": PASSWORD})
    else:
        signed = form_post(
            client,
            "/de/accounts/signup/",
            {"username": "ada", "password1": PASSWORD, "password2": PASSWORD},
        )
    assert signed.status_code == 302
    assert client.session.session_key != old_session

    stored = Game.objects.get(id=game["id"])
    assert stored.user.username == "ada" and stored.session_key == ""
    # The play page goes on with the same game, one pair removed.
    page = client.get("/de/play/")
    assert f'"id": "{game["id"]}"' in page.content.decode()
    token = client.cookies["csrftoken"].value
    for tile in pairs[1]:
        assert tap(client, game["id"], tile, HTTP_X_CSRFTOKEN=token).status_code == 200
    assert len(Game.objects.get(id=game["id"]).history) == 2


def test_an_eleventh_win_pushes_the_slowest_off_the_personal_top_10():
    ada = player()
    Game.objects.bulk_create(
        recorded_win(user=ada, seconds=seconds) for seconds in range(100, 1001, 100)
    )
    assert len(stats.leaderboard_for_user(user_id=ada.pk)) == 10
    new = win_with_services(user=ada, seconds=450, hints=2)
    top = stats.leaderboard_for_user(user_id=ada.pk)
    assert [w.elapsed_ms // 1000 for w in top] == [100, 200, 300, 400, 450, 500, 600, 700, 800, 900]
    assert top[4].hints_used == 2 and top[4].code == new.code
    assert stats.stats_for_user(user_id=ada.pk).overall.won == 11


def test_layout_board_keeps_each_players_best_time_only():
    ada, bo = player("ada"), player("bo")
    save_recorded(
        [
            recorded_win(user=ada, seconds=300),
            recorded_win(user=ada, seconds=200),
            recorded_win(user=bo, seconds=250),
            recorded_win(user=bo, layout_id="L03", seconds=100),
        ]
    )
    board = stats.leaderboard_for_layout(layout_id="L00")
    assert [(e.rank, e.username, e.best_ms) for e in board] == [
        (1, "ada", 200_000),
        (2, "bo", 250_000),
    ]
    assert [e.username for e in stats.leaderboards_by_layout()["L03"]] == ["bo"]


def test_per_layout_statistics():
    ada = player()
    save_recorded(
        [
            recorded_win(user=ada, seconds=300, hints=1),
            recorded_win(user=ada, seconds=100, hints=2),
            recorded_win(user=ada, layout_id="L04", seconds=50),
        ]
    )
    user_stats = stats.stats_for_user(user_id=ada.pk)
    rows = {row.layout_id: row for row in user_stats.per_layout}
    assert (rows["L00"].won, rows["L00"].best_ms, rows["L00"].average_ms) == (2, 100_000, 200_000)
    assert rows["L00"].hints_used == 3 and rows["L04"].won == 1
    assert user_stats.overall.win_rate == 1


def test_the_time_played_counts_a_running_clock_up_to_the_games_last_save():
    # A game left with its clock running (no pause, no win) banked 40 s at an earlier
    # pause, then ran 90 s more until its last move; another ran, unsaved since it began.
    ada = player()
    left, untouched = save_recorded(
        [
            recorded_loss(user=ada, seconds=40, result=Game.ABANDONED),
            recorded_loss(user=ada, seconds=0, result=Game.ABANDONED),
        ]
    )
    since = timezone.now() - timedelta(hours=2)
    Game.objects.filter(pk=left.pk).update(
        running_since=since, updated_at=since + timedelta(seconds=90)
    )
    Game.objects.filter(pk=untouched.pk).update(running_since=since, updated_at=since)

    user_stats = stats.stats_for_user(user_id=ada.pk)
    [row] = user_stats.per_layout
    for figures in (user_stats.overall, row):
        assert figures.time_played_ms == 130_000


def test_the_average_winning_time_counts_won_games_only():
    # On one layout, two wins and two games that were not won, each with its time: the
    # winning times are the wins' alone; the time played is every game's.
    ada = player()
    save_recorded(
        [
            recorded_win(user=ada, seconds=300),
            recorded_loss(user=ada, seconds=1000),
            recorded_win(user=ada, seconds=100),
            recorded_loss(user=ada, seconds=500, result=Game.ABANDONED),
        ]
    )
    user_stats = stats.stats_for_user(user_id=ada.pk)
    [row] = user_stats.per_layout
    for figures in (user_stats.overall, row):
        assert (figures.played, figures.won, figures.win_rate) == (4, 2, 0.5)
        assert (figures.best_ms, figures.average_ms) == (100_000, 200_000)
        assert figures.time_played_ms == 1_900_000
