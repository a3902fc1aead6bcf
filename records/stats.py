"""Reads for the statistics and the leaderboard: recorded games only (those of a user).

A game counts as *played* from its first tap (when its clock starts) and as *won* when its
recorded result is ``won`` (set by the server in the tap that removed the last pair).
Every time is the server's clock (``Game.elapsed_ms``); nothing here comes from a browser.
The time played also counts a game whose clock still runs, up to its last save: a game
left without a pause or a win was played all the same.

Personal statistics count every win and show the ranked ones apart; the public board per
layout holds ranked wins only (see ranking/rules.py), read from ``BestTime``, each
player's best ranked time per layout, kept in the transaction of every ranked win.

Each function runs a fixed number of queries, whatever the number of games, and each
query is served by an index: ``(user, result, elapsed_ms)`` and
``(user, result, finished_at)`` on ``Game``, ``(layout_id, elapsed_ms, achieved_at)``
on ``BestTime``.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field
from datetime import datetime

from django.contrib.auth import get_user_model
from django.db import connection
from django.db.models import Avg, Count, DurationField, ExpressionWrapper, F, Min, Q, Sum

from game.models import BestTime, Game
from mahjong import LAYOUTS
from ranking.checked_boards import settle_layout_boards
from ranking.top_places import TOP_PLACE

#: How many of the latest wins the statistics chart shows.
RECENT_WINS = 20
#: The length of every leaderboard.
TOP = 10

_WON = Q(result=Game.WON)
_RANKED = Q(result=Game.WON, ranked=True)
#: Wins held back from the public boards for their taps' rhythm, until an operator
#: publishes them (ranking/rhythm.py, the admin).
_HELD = Q(result=Game.WON, ranked=False) & ~Q(held="")
#: Of those, the wins held because they would take a top place (ranking/top_places.py).
_HELD_TOP = Q(result=Game.WON, ranked=False, held=TOP_PLACE)


@dataclass(frozen=True)
class Totals:
    """Counts and times over a set of played games (times in milliseconds)."""

    played: int = 0
    won: int = 0
    #: Of the wins, how many are ranked, and the best ranked time.
    ranked_won: int = 0
    best_ranked_ms: int | None = None
    #: Of the unranked wins, how many are held for review (not ranked until published).
    held_won: int = 0
    #: Of the held wins, how many wait because they would take a top place.
    held_top_won: int = 0
    best_ms: int | None = None
    average_ms: float | None = None
    hints_used: int = 0
    undos_used: int = 0
    time_played_ms: int = 0

    @property
    def unranked_won(self) -> int:
        """Wins that are not ranked and not waiting for a check (a held win is neither)."""
        return self.won - self.ranked_won - self.held_won

    @property
    def win_rate(self) -> float | None:
        """Won / played, between 0 and 1; ``None`` before the first game."""
        return self.won / self.played if self.played else None


@dataclass(frozen=True)
class LayoutTotals(Totals):
    layout_id: str = ""


@dataclass(frozen=True)
class Win:
    """One won game, as the chart and the personal leaderboard show it."""

    layout_id: str
    code: str
    elapsed_ms: int
    finished_at: datetime
    hints_used: int
    undos_used: int
    #: Whether the win is ranked (on the public boards); see ranking/rules.py.
    ranked: bool
    #: Why the win is held for review (ranking/rhythm.py), empty when it is not.
    held: str = ""


@dataclass(frozen=True)
class UserStats:
    overall: Totals
    per_layout: list[LayoutTotals] = field(default_factory=list)
    #: The latest wins, oldest first.
    recent_wins: list[Win] = field(default_factory=list)


@dataclass(frozen=True)
class BoardEntry:
    """A player's best time on a layout."""

    rank: int
    user_id: int
    username: str
    best_ms: int


def _totals_expressions() -> dict:
    return {
        "played": Count("id"),
        "won": Count("id", filter=_WON),
        "ranked_won": Count("id", filter=_RANKED),
        "best_ranked_ms": Min("elapsed_ms", filter=_RANKED),
        "held_won": Count("id", filter=_HELD),
        "held_top_won": Count("id", filter=_HELD_TOP),
        "best_ms": Min("elapsed_ms", filter=_WON),
        "average_ms": Avg("elapsed_ms", filter=_WON),
        "hints_used": Sum("hints_used"),
        "undos_used": Sum("undos_used"),
        "time_played_ms": Sum("elapsed_ms"),
        # A running clock banks its time only at a pause or the end; until then the game's
        # last save (a move, a hint) is when it was last played.
        "running_time": Sum(
            ExpressionWrapper(F("updated_at") - F("running_since"), output_field=DurationField()),
            filter=Q(running_since__isnull=False, updated_at__gt=F("running_since")),
        ),
    }


def _clean(row: dict) -> dict:
    """Aggregates over no rows come back as ``None``: sums are 0 then."""
    for name in ("hints_used", "undos_used", "time_played_ms"):
        row[name] = row[name] or 0
    running = row.pop("running_time")
    if running:
        row["time_played_ms"] += int(running.total_seconds() * 1000)
    return row


def _played_by(user_id: int):
    return Game.objects.filter(user_id=user_id, started_at__isnull=False)


def stats_for_user(*, user_id: int, recent: int = RECENT_WINS) -> UserStats:
    """The user's statistics, overall and per layout, and their latest wins (3 queries)."""
    overall = Totals(**_clean(_played_by(user_id).aggregate(**_totals_expressions())))
    per_layout = [
        LayoutTotals(**_clean(row))
        for row in _played_by(user_id)
        .order_by("layout_id")  # also drops the model's ordering from the GROUP BY
        .values("layout_id")
        .annotate(**_totals_expressions())
    ]
    latest = (
        Game.objects.filter(user_id=user_id, result=Game.WON)
        .order_by("-finished_at")
        .values_list(*Win.__dataclass_fields__)[:recent]
    )
    return UserStats(
        overall=overall,
        per_layout=per_layout,
        recent_wins=[Win(*row) for row in reversed(latest)],
    )


def leaderboard_for_user(*, user_id: int, limit: int = TOP) -> list[Win]:
    """The user's best winning times, fastest first (earliest first on a tie)."""
    rows = (
        Game.objects.filter(user_id=user_id, result=Game.WON)
        .order_by("elapsed_ms", "finished_at")
        .values_list(*Win.__dataclass_fields__)[:limit]
    )
    return [Win(*row) for row in rows]


def leaderboard_for_layout(*, layout_id: str, limit: int = TOP) -> list[BoardEntry]:
    """Each player's best ranked time on the layout, the fastest ``limit`` players (on a
    tie, whoever got there first), in one query: ``limit`` rows of ``BestTime`` read in
    index order, however many games there are, after the one that checks its top places
    hold checked wins only (ranking/checked_boards.py)."""
    settle_layout_boards([layout_id])
    rows = (
        BestTime.objects.filter(layout_id=layout_id)
        .order_by("elapsed_ms", "achieved_at")
        .values_list("user_id", "user__username", "elapsed_ms")[:limit]
    )
    return [
        BoardEntry(rank=rank, user_id=user_id, username=username, best_ms=best_ms)
        for rank, (user_id, username, best_ms) in enumerate(rows, start=1)
    ]


def leaderboards_by_layout(*, limit: int = TOP) -> dict[str, list[BoardEntry]]:
    """:func:`leaderboard_for_layout` for every layout, in id order, in one query: one
    ``LIMIT`` range of the ``(layout_id, elapsed_ms, achieved_at)`` index per layout,
    joined by ``UNION ALL``, so the work does not grow with the games or the players."""
    layouts = list(LAYOUTS)
    # First the top places: checked wins only (one more query, ranking/checked_boards.py).
    settle_layout_boards(layouts)
    with connection.cursor() as cursor:
        params = [value for layout_id in layouts for value in (layout_id, limit)]
        cursor.execute(_boards_sql(connection.vendor, len(layouts)), params)
        rows = cursor.fetchall()
    boards: dict[str, list[BoardEntry]] = {layout_id: [] for layout_id in layouts}
    for layout_id, user_id, username, best_ms in rows:
        board = boards[layout_id]
        board.append(
            BoardEntry(rank=len(board) + 1, user_id=user_id, username=username, best_ms=best_ms)
        )
    return boards


@functools.cache
def _boards_sql(vendor: str, layouts: int) -> str:
    quote = connection.ops.quote_name
    best = quote(BestTime._meta.db_table)
    User = get_user_model()
    users = quote(User._meta.db_table)
    name = quote(User._meta.get_field(User.USERNAME_FIELD).column)
    part = (
        f"SELECT b.layout_id, b.user_id, u.{name}, b.elapsed_ms, b.achieved_at "
        f"FROM (SELECT layout_id, user_id, elapsed_ms, achieved_at FROM {best} "
        "WHERE layout_id = %s ORDER BY elapsed_ms, achieved_at LIMIT %s) b "
        f"JOIN {users} u ON u.{quote(User._meta.pk.column)} = b.user_id"
    )
    union = " UNION ALL ".join([part] * layouts)
    return (
        f"SELECT layout_id, user_id, {name}, elapsed_ms FROM ({union}) boards "
        "ORDER BY layout_id, elapsed_ms, achieved_at"
    )
