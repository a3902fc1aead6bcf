"""Whether a win's removals follow the deal's own plan: a plausibility signal beside the
taps' rhythm (:mod:`ranking.rhythm`), read from what the server keeps anyway (the history).

Every deal is built from a plan (:attr:`mahjong.rules.deal.Deal.plan`: 72 pairs in an
order that clears the board), and the engine works it out from the game code. A script
that learnt the code (a daily deal's, say, from another account's finished game) and
replays that plan removes at every step *the plan's next pair*: the first of its pairs
still wholly on the board. A person does not know the plan: among the many pairs free at
each step they take the plan's next one now and then, and once they have left the plan
its next pair is often not even free. ``bench/rhythm.py`` plays person-like orders (any
free pair, or the highest first) and finds a median of 15 % of a win's removals on it,
and at most about a third (31 % in 1,000 deals per order).

So a win more than :setting:`MAHJONG_PLAN_MAX_PERCENT` percent of whose removals are the
plan's next pair is held for review (``Game.held`` :data:`FOLLOWS_PLAN`), whatever the
pace of its taps. A script that plays a plan of its own is not caught here; the rhythm
check and one ranked result per account still stand against it.
"""

from __future__ import annotations

from collections.abc import Sequence

from django.conf import settings

from game.models import Game
from mahjong import Board

#: Why a win was held (``Game.held``).
FOLLOWS_PLAN = Game.Held.FOLLOWS_DEAL_PLAN

#: Below this many removals the share says nothing (a test layout, not a real board).
MIN_PAIRS = 20


def plan_share(code: str, history: Sequence[Sequence[int]]) -> float | None:
    """The share of ``history``'s removals that were the plan's next pair when made, or
    ``None`` with too few removals to judge."""
    if len(history) < MIN_PAIRS:
        return None
    plan = [frozenset(pair) for pair in Board.from_code(code).deal.plan]
    removed: set[int] = set()
    on_plan = 0
    for pair in history:
        following = next((p for p in plan if not p & removed), None)
        on_plan += frozenset(pair) == following
        removed.update(pair)
    return on_plan / len(history)


def implausible(code: str, history: Sequence[Sequence[int]]) -> str | None:
    """:data:`FOLLOWS_PLAN` when no person removes pairs in this order, else ``None``."""
    share = plan_share(code, history)
    if share is not None and share * 100 > settings.MAHJONG_PLAN_MAX_PERCENT:
        return FOLLOWS_PLAN
    return None
