"""The kinds of game (game/kinds.py): each kind's rules, how a stored game's kind is read,
the queries by kind; and no module but the policy reads ``Game.origin`` to decide a rule."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from django.conf import settings
from django.db.models import Q

from daily import codes as daily
from game import kinds
from game.models import Game
from mahjong import LAYOUTS, custom_layout_id

ROOT = Path(settings.BASE_DIR)
NOW = datetime(2026, 12, 5, 10, 0, tzinfo=UTC)
TURTLE = LAYOUTS["L00"].positions
OWN = custom_layout_id([tuple(p) for p in TURTLE])


def game(origin: str, code: str) -> Game:
    return Game(origin=origin, code=code, layout_id=code.split("-")[1], created_at=NOW)


def today(layout_id: str = "L00") -> str:
    return str(daily.daily_code(NOW.date(), layout_id))


@pytest.mark.parametrize(
    ("origin", "code", "expected"),
    [
        (Game.Origin.NEW, "MJ1-L00-AAAAABL", kinds.FREE_PLAY),
        (Game.Origin.DAILY, None, kinds.DAILY),
        (Game.Origin.CODE, "MJ1-L00-AAAAABL", kinds.BY_CODE),
        (Game.Origin.CODE, "yesterday", kinds.PAST_DAY_DEAL),
        (Game.Origin.NEW, f"MJ1-{OWN}-AAAAABL", kinds.OWN_LAYOUT),
        (Game.Origin.CODE, f"MJ1-{OWN}-AAAAABL", kinds.OWN_LAYOUT_BY_CODE),
    ],
)
def test_a_stored_games_kind_follows_its_origin_layout_and_day(origin, code, expected):
    if code is None:
        code = today()
    elif code == "yesterday":
        code = str(daily.daily_code(NOW.date() - timedelta(days=1), "L00"))
    assert kinds.kind_of(game(origin, code)) is expected


def test_todays_daily_code_typed_in_is_a_typed_code_not_a_past_day():
    assert kinds.kind_of(game(Game.Origin.CODE, today())) is kinds.BY_CODE


def test_only_server_dealt_games_on_our_layouts_may_be_ranked():
    assert [kind.name for kind in kinds.KINDS if kind.may_rank] == ["free play", "daily deal"]
    assert kinds.BY_CODE.never_ranked_because == (kinds.CODE,)
    assert kinds.PAST_DAY_DEAL.never_ranked_because == (kinds.PAST_DAY,)
    assert kinds.OWN_LAYOUT_BY_CODE.never_ranked_because == (kinds.CODE, kinds.CUSTOM)


def test_each_kind_says_its_board_streak_and_hidden_code():
    rules = {
        kind.name: (kind.board, kind.streak, kind.code_hidden_in_play, kind.once_per_deal)
        for kind in kinds.KINDS
    }
    assert rules == {
        "free play": (kinds.LAYOUT_BOARD, False, True, False),
        "daily deal": (kinds.DAY_BOARD, True, True, True),
        "by code": (None, False, False, False),
        "past day": (None, False, False, False),
        "a player's layout": (None, False, True, False),
        "a player's layout by code": (None, False, False, False),
    }
    assert [kind.name for kind in kinds.KINDS if kind.code_held_for_the_day] == ["daily deal"]
    assert [kind.name for kind in kinds.KINDS if kind.keeps_traces] == ["daily deal"]


def test_a_new_game_is_created_as_its_kind():
    assert kinds.for_new_game(code=True, daily=True) is kinds.BY_CODE
    assert kinds.for_new_game(daily=True) is kinds.DAILY
    assert kinds.for_new_game() is kinds.FREE_PLAY


def test_queries_by_kind_ask_the_stored_origin():
    # One origin is an equality, which the partial indexes on origin = 'daily' serve.
    assert kinds.q(board=kinds.DAY_BOARD) == Q(origin="daily")
    assert kinds.q(streak=True) == Q(origin="daily")
    assert kinds.q(code_hidden_in_play=True) == Q(origin__in=["new", "daily"])
    # A rule that the kinds of one origin do not share cannot be asked of the origin.
    with pytest.raises(ValueError, match="differ"):
        kinds.q(may_rank=True)


@pytest.mark.django_db
def test_a_query_by_kind_finds_the_games_of_that_kind():
    Game.objects.create(origin=Game.Origin.DAILY, code=today(), layout_id="L00")
    Game.objects.create(origin=Game.Origin.NEW, code="MJ1-L00-AAAAABL", layout_id="L00")
    found = Game.objects.filter(kinds.q(board=kinds.DAY_BOARD))
    assert [g.origin for g in found] == [Game.Origin.DAILY]


def test_a_games_kind_is_read_on_the_day_it_began():
    yesterdays = str(daily.daily_code((NOW - timedelta(days=1)).date(), "L00"))
    started_yesterday = game(Game.Origin.CODE, yesterdays)
    started_yesterday.created_at = NOW - timedelta(days=1)
    # That day it was the day's own code typed in; today it is an earlier day's deal.
    assert kinds.kind_of(started_yesterday) is kinds.BY_CODE
    assert kinds.kind_of(game(Game.Origin.CODE, yesterdays)) is kinds.PAST_DAY_DEAL


#: A test of ``origin`` that decides a rule: a comparison, a membership, a filter on a
#: stored origin, or one of the origins named.
DECIDES_ON_ORIGIN = re.compile(
    r"\borigin\s*(==|!=)|\borigin\s+(not\s+)?in\b"
    r"|\borigin(__in)?\s*=\s*(Game\.|Origin\.|[\"'])"
    r"|\b(Game|Origin)\.(NEW|DAILY|CODE)\b|\bOrigin\.\w+"
)
#: The policy itself, and the model that declares the origins (its database constraints
#: and indexes name the daily origin).
MAY_READ_ORIGIN = {"game/kinds.py", "game/models.py"}
NOT_THE_SITE = {"tests", "bench", "tools", "deploy", "node_modules", "locale", "static"}


def site_modules() -> list[Path]:
    return [
        path
        for path in sorted(ROOT.glob("*/**/*.py"))
        if path.relative_to(ROOT).parts[0] not in NOT_THE_SITE
        and not path.relative_to(ROOT).parts[0].startswith(".")
        and "migrations" not in path.parts
    ]


def test_no_module_but_the_policy_decides_a_rule_on_the_origin():
    modules = site_modules()
    assert ROOT / "game/services.py" in modules and ROOT / "ranking/rules.py" in modules
    wrong = [
        f"{path.relative_to(ROOT)}:{number}: {line.strip()}"
        for path in modules
        if str(path.relative_to(ROOT)) not in MAY_READ_ORIGIN
        for number, line in enumerate(path.read_text().splitlines(), start=1)
        if DECIDES_ON_ORIGIN.search(line)
    ]
    assert not wrong, "ask game.kinds instead:\n" + "\n".join(wrong)


def test_the_origin_check_catches_a_branch_on_origin():
    for line in (
        "if game.origin == Game.DAILY:",
        "if game.origin not in (Game.NEW, Game.DAILY):",
        'Game.objects.filter(origin="daily")',
        "Game.objects.filter(origin__in=[Game.NEW])",
        "kind = Game.Origin.CODE",
    ):
        assert DECIDES_ON_ORIGIN.search(line), line
    assert not DECIDES_ON_ORIGIN.search("origin=kind.origin,")
    assert not DECIDES_ON_ORIGIN.search('"origin": game.origin,')
