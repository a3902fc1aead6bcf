"""The daily deal's day board: the best ranked times on a day's deal, how many won it,
and the player's place. The deal's codes are the engine's (:mod:`mahjong.rules.daily`)."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Q

from game import kinds
from game.models import Game
from ranking.checked_boards import settle_day_board
from ranking.rules import ranked_wins

#: The length of a day board.
TOP = 10


@dataclass(frozen=True)
class DayEntry:
    rank: int
    user_id: int
    username: str
    elapsed_ms: int


@dataclass(frozen=True)
class DayBoard:
    code: str
    entries: list[DayEntry]
    #: How many games won this deal (ranked or not, signed in or not).
    finished: int
    #: The player's place and time among the ranked wins, when they have one.
    your_rank: int | None = None
    your_ms: int | None = None


def day_board(*, code: str, user_id: int | None = None, limit: int = TOP) -> DayBoard:
    """The best ranked times on a daily deal, how many won it, and the player's place.

    At most four queries (two without a player), each an index range of the partial
    indexes on daily wins (``game_daily_ranked_time``, ``game_daily_won``), after the one
    that checks the top places hold checked wins only (ranking/checked_boards.py: an
    unchecked win there is held for review first).
    """
    settle_day_board(code)
    rows = (
        ranked_wins(code)
        .order_by("elapsed_ms", "finished_at")
        .values_list("user_id", "user__username", "elapsed_ms")[:limit]
    )
    entries = [DayEntry(rank, *row) for rank, row in enumerate(rows, start=1)]
    finished = Game.objects.filter(
        kinds.q(board=kinds.DAY_BOARD), result=Game.WON, code=code
    ).count()
    your_rank = your_ms = None
    if user_id is not None:
        mine = next((entry for entry in entries if entry.user_id == user_id), None)
        if mine is not None:
            your_rank, your_ms = mine.rank, mine.elapsed_ms
        else:
            own = (
                ranked_wins(code)
                .filter(user_id=user_id)
                .order_by("elapsed_ms")
                .values_list("elapsed_ms", "finished_at")[:1]
            )
            if own:
                your_ms, finished_at = own[0]
                ahead = (
                    ranked_wins(code)
                    .filter(
                        Q(elapsed_ms__lt=your_ms)
                        | Q(elapsed_ms=your_ms, finished_at__lt=finished_at)
                    )
                    .count()
                )
                your_rank = ahead + 1
    return DayBoard(
        code=code, entries=entries, finished=finished, your_rank=your_rank, your_ms=your_ms
    )
