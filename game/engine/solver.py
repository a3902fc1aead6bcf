"""An exact solver: is a position winnable, and how.

From any position the solver answers *winnable* (with a plan that clears the
board), *not winnable*, or *unknown* when its budget runs out. It never
answers wrong: "not winnable" is only said once every way of playing on has
been ruled out.

The search rests on three facts about the game:

* **Only the pairing matters, not the order.** Removing tiles never blocks a
  tile. So once it is fixed which tiles of each match class go together,
  playing every pair of that pairing as soon as both its tiles are free
  clears the board if any order does. A class with two tiles left has one
  pairing; a class of four has three. The search decides pairings (the
  approach of M. de Bondt), never orders.
* **A relaxation rules out choices early.** With some classes still open, a
  *relaxed play* removes the tiles of an open class singly as soon as two of
  them have been free at once. Every real way of clearing the board is also a
  relaxed one (tiles only ever become freer), so when relaxed play cannot
  clear the board, no choice of the open pairings can. With every pairing
  fixed, relaxed play is real play and its removals are a winning plan.
* **Dead positions are seen before any search.** A pairing whose one tile
  lies (through any stack) over its partner, or whose two pairs each lie over
  the other, is never possible; a class left without a possible pairing
  makes the position lost.

The search (conflict-directed): relaxed play suggests a pairing for each open
class (the first two tiles to be free together go together). The suggestions
are fixed one class after another until relaxed play fails; the smallest set
of suggestions that still fails is found by taking each one away in turn; at
least one of them must then be wrong, so the search branches on that set
only, trying the other pairings of one class while keeping the suggestions
before it. Classes whose tiles are all free are never branched on (any
pairing of free tiles is as good as another: the safe moves).
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

from .geometry import Geometry
from .prng import SplitMix64
from .tiles import match_class

Pair = tuple[int, int]
#: A pairing of a class: its pairs of tile ids.
Pairing = tuple[Pair, ...]


class Verdict(str, Enum):
    """What the solver knows about a position."""

    WINNABLE = "winnable"
    NOT_WINNABLE = "not_winnable"
    UNKNOWN = "unknown"

    def __str__(self) -> str:
        return self.value


@dataclass(frozen=True)
class Solution:
    """A verdict, the plan when winnable, and how many relaxed plays it took."""

    verdict: Verdict
    plan: tuple[Pair, ...] | None = None
    plays: int = 0

    @property
    def winnable(self) -> bool | None:
        """``True``, ``False``, or ``None`` when unknown."""
        if self.verdict is Verdict.UNKNOWN:
            return None
        return self.verdict is Verdict.WINNABLE


class _OutOfBudget(Exception):
    pass


class _Restart(Exception):
    pass


def _bits(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def _pairings(tiles: Sequence[int]) -> list[Pairing]:
    if len(tiles) == 2:
        return [((tiles[0], tiles[1]),)]
    a, b, c, d = tiles
    return [((a, b), (c, d)), ((a, c), (b, d)), ((a, d), (b, c))]


class Solver:
    """Decides positions of one deal (a layout's geometry and its faces).

    Build it once per deal; :meth:`solve` then takes any set of remaining tiles.
    """

    def __init__(self, geometry: Geometry, faces: Sequence[str]):
        n = len(geometry)
        self.n = n
        names: dict[str, int] = {}
        self.cls = [names.setdefault(match_class(f), len(names)) for f in faces]
        self.class_masks = [0] * len(names)
        for t, c in enumerate(self.cls):
            self.class_masks[c] |= 1 << t
        self.cover = [sum(1 << j for j in geometry.covers[t]) for t in range(n)]
        self.left = [sum(1 << j for j in geometry.left[t]) for t in range(n)]
        self.right = [sum(1 << j for j in geometry.right[t]) for t in range(n)]
        # The tiles whose freedom may change when t goes.
        self.touch = [
            tuple(sorted({*geometry.covered[t], *geometry.left_of[t], *geometry.right_of[t]}))
            for t in range(n)
        ]
        # above[t]: every tile lying over t through any stack; all must go before t.
        above = [0] * n
        for t in sorted(range(n), key=lambda i: -geometry.positions[i][2]):
            for u in geometry.covers[t]:
                above[t] |= (1 << u) | above[u]
        self.above = above
        below = [0] * n
        for t in range(n):
            for u in _bits(above[t]):
                below[u] |= 1 << t
        # How much removing a tile uncovers: the tiles under it and beside it.
        self.weight = [
            4 * below[t].bit_count() + len(geometry.left_of[t]) + len(geometry.right_of[t])
            for t in range(n)
        ]

    # -- the free rule on masks ----------------------------------------------

    def is_free(self, t: int, present: int) -> bool:
        return not self.cover[t] & present and (
            not self.left[t] & present or not self.right[t] & present
        )

    def free_mask(self, present: int) -> int:
        free = 0
        for t in _bits(present):
            if self.is_free(t, present):
                free |= 1 << t
        return free

    # -- dead positions ---------------------------------------------------------

    def _possible(self, pairing: Pairing) -> bool:
        """Whether a pairing could ever be played (ignoring the rest of the board)."""
        above = self.above
        masks = []
        for a, b in pairing:
            if above[a] >> b & 1 or above[b] >> a & 1:
                return False  # one tile lies over its partner
            masks.append((1 << a | 1 << b, above[a] | above[b]))
        if len(masks) == 2:
            (first, over_first), (second, over_second) = masks
            if over_first & second and over_second & first:
                return False  # each pair lies over the other
        return True

    def classes(self, present: int) -> list[list[Pairing]]:
        """For each class with tiles left, the pairings that are not ruled out."""
        return [
            [p for p in _pairings(_bits(present & cm)) if self._possible(p)]
            for cm in self.class_masks
            if present & cm
        ]

    # -- relaxed play -------------------------------------------------------------

    def _play(self, present: int, free: int, fixed: list[Pairing | None]):
        """Relaxed play from ``present`` with the pairings ``fixed`` (None: open).

        Returns ``(cleared, plan, opened)``: ``plan`` the pairs of fixed classes
        in the order played; ``opened`` the open classes in the order they
        opened, each with the pairing the play suggests for it.
        """
        self.plays += 1
        if self.deadline is not None and not self.plays & 15:
            if time.perf_counter() > self.deadline:
                raise _OutOfBudget
        if self.max_plays is not None and self.plays > self.max_plays:
            raise _OutOfBudget
        if self.plays > self.restart_at:
            raise _Restart
        group_of = self.group_of
        partner = self.partner
        for g, pairing in enumerate(fixed):
            if pairing is not None:
                for a, b in pairing:
                    partner[a] = b
                    partner[b] = a
            else:
                for t in self.group_tiles[g]:
                    partner[t] = -1
        cover, left, right, touch, weight = (
            self.cover,
            self.left,
            self.right,
            self.touch,
            self.weight,
        )
        group_masks = self.group_masks
        is_open = [False] * len(fixed)
        plan: list[Pair] = []
        opened: list[tuple[int, Pairing]] = []
        queue = _bits(free)
        gone: list[int] = []
        while queue:
            t = queue.pop()
            if not present >> t & 1:
                continue
            p = partner[t]
            if p >= 0:
                if not free >> p & 1:
                    continue
                plan.append((t, p))
                gone = [t, p]
            else:
                g = group_of[t]
                if is_open[g]:
                    gone = [t]
                else:
                    ready = free & present & group_masks[g]
                    if not ready & (ready - 1):
                        continue  # a single free tile: wait for a second one
                    is_open[g] = True
                    gone = _bits(ready)
                    tiles = self.group_tiles[g]
                    if len(gone) == 3:
                        # Keep back, for the fourth, the tile that uncovers least.
                        keep = min(gone, key=weight.__getitem__)
                        first = tuple(x for x in gone if x != keep)
                        last = (keep, next(x for x in tiles if x not in gone))
                        suggestion = (first, last)
                    elif len(gone) == 2 and len(tiles) == 4:
                        suggestion = (tuple(gone), tuple(x for x in tiles if x not in gone))
                    else:
                        suggestion = tuple(zip(tiles[::2], tiles[1::2]))
                    opened.append((g, suggestion))
            for x in gone:
                present ^= 1 << x
                free &= ~(1 << x)
            for x in gone:
                for i in touch[x]:
                    bit = 1 << i
                    if present & bit and not free & bit:
                        if not cover[i] & present and (
                            not left[i] & present or not right[i] & present
                        ):
                            free |= bit
                            queue.append(i)
        return present == 0, plan, opened

    # -- search -----------------------------------------------------------------

    def solve(
        self,
        present: int,
        *,
        time_limit: float | None = None,
        max_plays: int | None = None,
    ) -> Solution:
        """Decide the position whose remaining tiles are the bits of ``present``."""
        self.plays = 0
        self.max_plays = max_plays
        self.deadline = None if time_limit is None else time.perf_counter() + time_limit
        if present == 0:
            return Solution(Verdict.WINNABLE, (), 0)
        domains = self.classes(present)
        if any(not d for d in domains):
            return Solution(Verdict.NOT_WINNABLE, None, 0)
        self.group_masks = [present & cm for cm in self.class_masks if present & cm]
        self.group_tiles = [_bits(m) for m in self.group_masks]
        self.group_of = [-1] * self.n
        for g, m in enumerate(self.group_masks):
            for t in _bits(m):
                self.group_of[t] = g
        self.partner = [-1] * self.n
        self.lost: set[int] = set()
        free = self.free_mask(present)
        # Restarts: a search that goes astray early can spend long proving a
        # wrong start lost. Each restart orders moves a little differently and
        # may search twice as long; positions proven lost stay proven.
        rng = SplitMix64(present % (1 << 64))
        limit = 64
        for attempt in range(64):
            self.order = (
                [-w for w in self.weight]
                if attempt == 0
                else [-w + (rng.next64() & 15) for w in self.weight]
            )
            self.restart_at = self.plays + limit
            plan: list[Pair] = []
            try:
                won = self._search(present, free, plan, [])
            except _Restart:
                limit *= 2
                continue
            except _OutOfBudget:
                break
            if won:
                return Solution(Verdict.WINNABLE, tuple(plan), self.plays)
            return Solution(Verdict.NOT_WINNABLE, None, self.plays)
        return Solution(Verdict.UNKNOWN, None, self.plays)

    def _relaxed_clears(self, present: int, free: int) -> bool:
        fixed: list[Pairing | None] = []
        for m in self.group_masks:
            p = present & m
            if p.bit_count() == 2:
                fixed.append((tuple(_bits(p)),))
            elif p:
                fixed.append(None)
            else:
                fixed.append(())
        return self._play(present, free, fixed)[0]

    def _after(self, present: int, free: int, gone: Sequence[int]) -> int:
        """The free mask once the tiles ``gone`` are out of ``present``."""
        cover, left, right, touch = self.cover, self.left, self.right, self.touch
        for t in gone:
            free &= ~(1 << t)
        for t in gone:
            for i in touch[t]:
                bit = 1 << i
                if present & bit and not free & bit:
                    if not cover[i] & present and (not left[i] & present or not right[i] & present):
                        free |= bit
        return free

    def _search(self, present: int, free: int, plan: list[Pair], sleep: list[Pair]) -> bool:
        depth = len(plan)
        group_masks = self.group_masks
        # Safe moves: clear every class whose remaining tiles are all free.
        progressed = True
        while progressed:
            progressed = False
            for cm in group_masks:
                p = present & cm
                if p and p & free == p:
                    tiles = _bits(p)
                    plan.append((tiles[0], tiles[1]))
                    if len(tiles) == 4:
                        plan.append((tiles[2], tiles[3]))
                    present ^= p
                    free = self._after(present, free, tiles)
                    progressed = True
        if not present:
            return True
        if present in self.lost or not self._relaxed_clears(present, free):
            self.lost.add(present)
            del plan[depth:]
            return False
        if sleep:
            sleep = [m for m in sleep if present >> m[0] & 1 and present >> m[1] & 1]
        tried: list[Pair] = []
        for _, a, b in self._moves(present, free):
            if (a, b) in sleep:
                continue
            plan.append((a, b))
            gone = present ^ (1 << a | 1 << b)
            # A pair that lost here also loses after other moves: it stays asleep.
            asleep = [m for m in (*sleep, *tried) if a not in m and b not in m]
            if self._search(gone, self._after(gone, free, (a, b)), plan, asleep):
                return True
            plan.pop()
            tried.append((a, b))
        self.lost.add(present)
        del plan[depth:]
        return False

    def _moves(self, present: int, free: int) -> list[tuple[int, int, int]]:
        """The pairs worth trying, best first."""
        moves = []
        weight = self.order
        above = self.above
        for cm in self.group_masks:
            f = free & cm
            if not f or f & (f - 1) == 0:
                continue
            p = present & cm
            tiles = _bits(f)
            for i in range(len(tiles)):
                for j in range(i + 1, len(tiles)):
                    a, b = tiles[i], tiles[j]
                    rest = _bits(p & ~(1 << a | 1 << b))
                    if rest:
                        c, d = rest
                        if above[c] >> d & 1 or above[d] >> c & 1:
                            continue  # would leave a pair that can never go
                    moves.append((-(weight[a] + weight[b]), a, b))
        moves.sort()
        return moves


def solve(
    geometry: Geometry,
    faces: Sequence[str],
    present: Sequence[bool],
    max_nodes: int = 20_000,
    rank: Sequence[int] | None = None,
    time_limit: float = 0.3,
) -> list[Pair] | None:
    """A list of pairs that clears the board from ``present``, or ``None`` when none
    was found within ``max_nodes`` relaxed plays or ``time_limit`` seconds.

    ``rank`` is accepted for callers of the earlier solver and ignored.
    """
    mask = sum(1 << i for i, here in enumerate(present) if here)
    solution = Solver(geometry, faces).solve(mask, max_plays=max_nodes, time_limit=time_limit)
    return list(solution.plan) if solution.plan is not None else None
