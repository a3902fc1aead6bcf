"""What the solver says about stored games: hints that re-plan and "can it still be won".

Verdicts are kept per deal and set of remaining tiles, in the engine's memory of this
process and in Django's cache (shared by every app process in production). Nothing here
touches the database: services read a game, ask here with no lock held, then record
what they need in a short transaction that checks the game did not change meanwhile.

Time budgets are settings (from the environment): ``MAHJONG_HINT_SOLVE_MS`` for a hint,
``MAHJONG_CHECK_SOLVE_MS`` for the check the board asks for after a removal. So are the
memories' sizes: ``MAHJONG_VERDICT_MEMORY`` (in the engine, sized by
:mod:`game.engine_memory`) and ``MAHJONG_CHECK_MEMORY`` entries in each process,
``MAHJONG_VERDICT_CACHE_SECONDS`` in the shared cache. :func:`forget` empties this
process's memories.
"""

from __future__ import annotations

import hashlib
import json
import time
from dataclasses import dataclass

from django.conf import settings
from django.core.cache import cache

from mahjong import Board
from mahjong.lru import Lru
from mahjong.rules.deal import Deal, Pair
from mahjong.solver import advice
from mahjong.solver.search import Solution, Verdict

#: Checks this process made or fetched lately, by game history.
_recent: Lru[str, Check] = Lru(4096)
#: Positions along a fresh plan also stored in the shared cache (the next hints).
_AHEAD = 8


def forget() -> None:
    """Forget this process's verdicts and checks (the shared cache keeps its own)."""
    advice.forget()
    _recent.clear()


def _key(deal: Deal, present: int) -> str:
    return f"mj:verdict:{deal.code}:{present:x}"


def decide(deal: Deal, present: int, time_limit: float) -> Solution:
    """The verdict on a position: remembered here, else from the shared cache, else solved."""
    known = advice.remembered(deal, present)
    if known is not None:
        return known
    stored = cache.get(_key(deal, present))
    if stored is not None:
        verdict, plan = stored
        return Solution(Verdict(verdict), tuple(tuple(p) for p in plan) if plan else plan)
    solution = advice.decide(deal, present, time_limit)
    if solution.verdict is Verdict.UNKNOWN:
        return solution
    plan = [list(p) for p in solution.plan] if solution.plan is not None else None
    entries = {_key(deal, present): (solution.verdict.value, plan)}
    if plan:
        mask = present
        for step, (a, b) in enumerate(plan[:_AHEAD]):
            mask &= ~(1 << a | 1 << b)
            if mask:
                entries[_key(deal, mask)] = (Verdict.WINNABLE.value, plan[step + 1 :])
    cache.set_many(entries, settings.MAHJONG_VERDICT_CACHE_SECONDS)
    return solution


def hint_for(board: Board) -> advice.Hint:
    """The hint for a board: a plan's first pair, nothing when lost, else an unsure pair."""
    deal = board.deal
    present = advice.present_mask(deal, board.history)
    seconds = settings.MAHJONG_HINT_SOLVE_MS / 1000
    return advice.hint(deal, present, board.playable_pairs(), seconds, decide=decide)


@dataclass(frozen=True)
class Check:
    """Whether the game can still be won and, when not, how many pairs to undo."""

    winnable: bool | None
    undo_to_winnable: int | None

    def as_dict(self) -> dict:
        return {"winnable": self.winnable, "undo_to_winnable": self.undo_to_winnable}


def _history_key(code: str, history: list[Pair]) -> str:
    digest = hashlib.sha256(json.dumps(history, separators=(",", ":")).encode()).hexdigest()
    return f"mj:check:{code}:{digest[:32]}"


def check(code: str, history: list[Pair]) -> Check:
    """Decide the position after ``history`` and, when it is lost, the way back."""
    key = _history_key(code, history)
    found = _recent.get(key)
    if found is not None:
        return found
    stored = cache.get(key)
    if stored is not None:
        return _keep(key, Check(*stored))
    board = Board.from_code(code, history)
    deal = board.deal
    budget = settings.MAHJONG_CHECK_SOLVE_MS / 1000
    deadline = time.perf_counter() + budget
    if len(board) == 0:
        result = Check(True, None)
    else:
        now = decide(deal, advice.present_mask(deal, history), budget / 2).winnable
        back = None
        if now is False:
            # The whole check keeps to its budget: each position on the way back gets
            # at most a quarter of it, and what is left. One left undecided counts as not
            # known to be winnable, so the way back still ends on a winnable position.
            def within(deal, present, _seconds):
                left = min(budget / 4, deadline - time.perf_counter())
                if left <= 0:
                    return advice.remembered(deal, present) or Solution(Verdict.UNKNOWN)
                return decide(deal, present, left)

            back = advice.undo_to_winnable(deal, history, budget / 4, decide=within)
        result = Check(now, back)
    if result.winnable is not None:
        cache.set(
            key, (result.winnable, result.undo_to_winnable), settings.MAHJONG_VERDICT_CACHE_SECONDS
        )
        _keep(key, result)
    return result


def _keep(key: str, result: Check) -> Check:
    _recent.resize(settings.MAHJONG_CHECK_MEMORY)  # read each time: a test changes it
    _recent.put(key, result)
    return result


#: ``winnable`` and ``undo_to_winnable`` when nothing is known (or told).
UNKNOWN = {"winnable": None, "undo_to_winnable": None}


def recorded(game) -> dict:
    """``winnable`` and ``undo_to_winnable`` as recorded on the stored game for its current
    version (both null when not known): cheap enough for every answer."""
    if game.verdict_version == game.version:
        return {"winnable": game.verdict_winnable, "undo_to_winnable": game.verdict_undo}
    return dict(UNKNOWN)
