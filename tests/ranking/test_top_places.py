"""A new top time waits for a person's check (ranking/top_places.py): a ranked win of an
untrusted player that would take one of the top MAHJONG_REVIEW_TOP_PLACES places of its
board (the day board of a daily deal, else the layout's leaderboard) is held; a trusted
player's is published; an operator publishes and trusts in the admin."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.test import Client, override_settings

from daily import codes as daily
from game import win_screen
from game.models import BestTime, Game, TrustedPlayer
from game.store import Owner
from ranking import rules, top_places
from tests.players import PASSWORD, player, signed_in, win_with_services

pytestmark = pytest.mark.django_db

TOP3 = override_settings(MAHJONG_REVIEW_TOP_PLACES=3)


def _day_board(layout: str = "L02") -> list[str]:
    code = str(daily.daily_code(daily.utc_day(), layout))
    wins_ = rules.ranked_wins(code).order_by("elapsed_ms")
    return [game.user.username for game in wins_]


def _state(game: Game) -> tuple[bool, str]:
    game.refresh_from_db()
    return game.ranked, game.held


@pytest.fixture
def operator():
    op = get_user_model().objects.create_superuser("op", "op@example.org", PASSWORD)
    return op, signed_in(Client(), op)


def _act(client, model: str, action: str, pks) -> None:
    answer = client.post(
        f"/admin/{model}/", {"action": action, "_selected_action": [str(pk) for pk in pks]}
    )
    assert answer.status_code == 302, answer.content[:500]


def test_an_untrusted_players_top_daily_win_is_held_and_off_the_day_board():
    ada = player("ada")
    with TOP3:
        won = win_with_services(user=ada, daily="L02", seconds=300)
    assert _state(won) == (False, top_places.TOP_PLACE)
    assert _day_board() == []
    assert not BestTime.objects.filter(user=ada).exists()
    # The win screen says why, in its own words.
    assert win_screen.not_ranked_because(won) == [win_screen.HELD_TOP]


def test_a_trusted_players_top_daily_win_is_published():
    ada = player("ada")
    TrustedPlayer.objects.create(user=ada)
    with TOP3:
        won = win_with_services(user=ada, daily="L02", seconds=300)
    assert _state(won) == (True, "")
    assert _day_board() == ["ada"]


def test_a_daily_win_slower_than_the_top_places_is_published_directly():
    fast = [player(name) for name in ("bo", "cy", "di")]
    for index, user in enumerate(fast):
        win_with_services(user=user, daily="L02", seconds=200 + index)  # checking off
    ada, ed = player("ada"), player("ed")
    with TOP3:
        slower = win_with_services(user=ada, daily="L02", seconds=300)
        # As fast as the third: an equal time already there keeps its place, so still 4th.
        tied = win_with_services(user=ed, daily="L02", seconds=202)
    assert _state(slower) == (True, "") and _state(tied) == (True, "")
    fy = player("fy")
    with TOP3:
        third = win_with_services(user=fy, daily="L02", seconds=201.5)
    assert _state(third) == (False, top_places.TOP_PLACE)
    assert _day_board() == ["bo", "cy", "di", "ed", "ada"]


def test_with_the_setting_0_nothing_is_held():
    ada = player("ada")
    with override_settings(MAHJONG_REVIEW_TOP_PLACES=0):
        daily_win = win_with_services(user=ada, daily="L02", seconds=300)
        layout_win = win_with_services(user=ada, code=None, layout_id="L00", seconds=300)
    assert _state(daily_win) == (True, "") and _state(layout_win) == (True, "")


def test_the_layout_board_counts_other_players_best_times_not_ones_own():
    ada, bo, cy = player("ada"), player("bo"), player("cy")
    win_with_services(user=bo, code=None, seconds=200)  # checking off
    win_with_services(user=cy, code=None, seconds=250)
    own_best = win_with_services(user=ada, code=None, seconds=150)
    assert BestTime.objects.get(user=ada).game_id == own_best.id
    with override_settings(MAHJONG_REVIEW_TOP_PLACES=2):
        # Third behind bo and cy: published, her own faster best notwithstanding.
        third = win_with_services(user=ada, code=None, seconds=300)
        # Second behind bo: held, though her own earlier best is faster still.
        second = win_with_services(user=ada, code=None, seconds=220)
        # Another layout's board is another board: first there, held.
        other = win_with_services(user=bo, code=None, layout_id="L02", seconds=400)
    assert _state(third) == (True, "")
    assert _state(second) == (False, top_places.TOP_PLACE)
    assert _state(other) == (False, top_places.TOP_PLACE)
    assert BestTime.objects.get(user=ada).game_id == own_best.id
    assert not BestTime.objects.filter(user=bo, layout_id="L02").exists()


def test_a_win_held_for_another_reason_keeps_that_reason():
    from .test_rhythm import steady, win

    ada = player("ada")
    with TOP3:
        held = win(ada, steady(700))
    assert held.held and held.held != top_places.TOP_PLACE


def test_publish_and_trust_publishes_trusts_and_the_next_top_win_goes_straight_on(operator):
    op, admin = operator
    ada, bo = player("ada"), player("bo")
    with TOP3:
        first = win_with_services(user=ada, code=None, seconds=300)
        other = win_with_services(user=bo, code=None, seconds=350)
    page = admin.get("/admin/game/game/?held__exact=top_place").content.decode()
    assert "publish_held_and_trust" in page and "Ny topptid" in page
    assert first.code in page and other.code in page
    _act(admin, "game/game", "publish_held_and_trust", [first.pk])
    assert _state(first) == (True, "") and _state(other) == (False, top_places.TOP_PLACE)
    trust = TrustedPlayer.objects.get(user=ada)
    assert trust.trusted_by == op and not TrustedPlayer.objects.filter(user=bo).exists()
    assert BestTime.objects.get(user=ada).game_id == first.id
    with TOP3:
        faster = win_with_services(user=ada, code=None, seconds=250)
    assert _state(faster) == (True, "")
    assert BestTime.objects.get(user=ada).game_id == faster.id


def test_withdrawn_trust_holds_the_next_top_win_and_unpublishes_nothing(operator):
    _op, admin = operator
    ada = player("ada")
    player("bo")
    _act(admin, "auth/user", "trust", [ada.pk])
    trusted = admin.get("/admin/auth/user/?trusted=yes").content.decode()
    assert ">ada<" in trusted and ">bo<" not in trusted
    with TOP3:
        published = win_with_services(user=ada, code=None, seconds=300)
    assert _state(published) == (True, "")
    _act(admin, "auth/user", "withdraw_trust", [ada.pk])
    assert not TrustedPlayer.objects.filter(user=ada).exists()
    assert ">ada<" not in admin.get("/admin/auth/user/?trusted=yes").content.decode()
    with TOP3:
        later = win_with_services(user=ada, code=None, seconds=250)
    assert _state(published) == (True, "")
    assert _state(later) == (False, top_places.TOP_PLACE)
    assert BestTime.objects.get(user=ada).game_id == published.id


def test_a_suspended_accounts_held_wins_never_publish_and_it_gains_no_trust(operator):
    _op, admin = operator
    ada = player("ada")
    with TOP3:
        held = win_with_services(user=ada, code=None, seconds=300)
    _act(admin, "auth/user", "suspend", [ada.pk])
    _act(admin, "game/game", "publish_held_and_trust", [held.pk])
    _act(admin, "auth/user", "trust", [ada.pk])
    assert _state(held) == (False, top_places.TOP_PLACE)
    assert not TrustedPlayer.objects.exists() and not BestTime.objects.exists()


def test_a_claimed_signed_out_daily_win_that_would_be_top_is_held():
    visitor = Owner(session_key="visitor-session")
    with TOP3:
        won = win_with_services(owner=visitor, daily="L02", seconds=300)
        # Not on a board while signed out: not held yet.
        assert _state(won) == (True, "")
        ada = player("ada")
        assert rules.claim_wins(user_id=ada.pk, session_key="visitor-session") == 1
    assert _state(won) == (False, top_places.TOP_PLACE)
    assert won.user_id == ada.pk and _day_board() == []


def test_a_claimed_win_slower_than_the_top_places_stays_ranked():
    for index, name in enumerate(("bo", "cy", "di")):
        win_with_services(user=player(name), daily="L02", seconds=200 + index)
    visitor = Owner(session_key="visitor-session")
    with TOP3:
        won = win_with_services(owner=visitor, daily="L02", seconds=300)
        rules.claim_wins(user_id=player("ada").pk, session_key="visitor-session")
    assert _state(won) == (True, "")
    assert _day_board() == ["bo", "cy", "di", "ada"]


def test_the_win_screen_and_the_statistics_page_say_a_person_checks_a_top_time():
    ada = player("ada")
    with TOP3:
        win_with_services(user=ada, code=None, seconds=300)
        client = signed_in(Client(), ada)
        stats_page = client.get("/de/stats/").content.decode()
        play_page = client.get("/de/play/").content.decode()
    assert 'id="stats-held-top"' in stats_page and "unter den Top 3" in stats_page
    assert 'id="stats-held"' not in stats_page  # no suspicion to tell of
    assert 'data-word="why-held_top"' in play_page and "unter den Top 3" in play_page


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("sv", "En ny tid bland de 3 bästa syns här när en moderator har granskat den."),
        (
            "el",
            "Οι νέοι χρόνοι που μπαίνουν στους 3 καλύτερους εμφανίζονται εδώ αφού τους ελέγξει"
            " ένας συντονιστής.",
        ),
    ],
)
def test_the_boards_say_a_person_checks_a_new_top_time_and_say_nothing_when_nobody_does(lang, said):
    client = Client()
    for path in (f"/{lang}/leaderboard/", f"/{lang}/daily/"):
        with TOP3:
            assert said in client.get(path).content.decode(), path
        with override_settings(MAHJONG_REVIEW_TOP_PLACES=0):
            assert 'class="checked-places"' not in client.get(path).content.decode(), path
