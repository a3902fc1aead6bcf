"""An exact solver: is a position winnable, and how.

From any position the solver answers *winnable* (with a plan that clears the
board), *not winnable*, or *unknown* when its budget runs out. It never
answers wrong: "not winnable" is only said once every way of playing on has
been ruled out.

What the search rests on (each a fact about the game, so no verdict is a guess):

* **Removing tiles never blocks a tile.** So a move that was available stays
  available, and the order of independent moves does not matter.
* **Only the pairing matters (de Bondt).** Within a class of four there are
  three ways to pair the tiles; once every class's pairing is settled, playing
  any pair of partners as soon as both are free clears the board whenever
  anything does. So the search decides pairings, one class at a time, not
  moves. A pairing with one tile lying (through any stack) over its partner,
  or each pair over the other, is never allowed.
* **Forced moves.** A pair of partners both free goes at once, and so does a
  class whose remaining tiles are all free (any pairing of them is playable).
* **Branching.** When nothing is forced, one class of four with a free pair
  in one of its allowed pairings is settled: each allowed pairing with a free
  pair is tried by playing that pair, and last the class *waits*, keeping only
  the pairings that have no pair free now (undecided between them). The class
  is picked in each attempt's random order.
* **Dead positions are seen before searching.** A class with no pairing left
  makes the position lost at once. A *relaxed play* then plays on with tiles
  going singly: a tile goes once it is free and one of the partners its class's
  allowed pairings give it is free or gone. Every real way of clearing the board
  is also a relaxed one, so a position that relaxed play cannot clear is lost.
* **Trying pairings out (hard positions only).** Once a search has taken
  long, each pairing of each class is tried at the start: it is ruled out
  when relaxed play fails with it, or fails with it together with every
  pairing still allowed for some one other class nearby (over, under or in
  its rows). What is ruled out at the start is ruled out everywhere.
* **The relaxed play's hint.** A relaxed play that clears the board also says, for
  each tile, which partners were free (or gone) when it went. A pairing that agrees
  with it (each tile's partner among those) is tried first; and a position reached by
  settling a class so is known to pass relaxed play without playing it again (the
  same relaxed play still clears it).
* **Transpositions.** Positions proven lost are remembered by the exact set of
  remaining tiles and the pairings ruled out for classes still whole (a perfect
  key, so a remembered verdict can never belong to another position).
* **Restarts.** Most deals have many winning plans, and a search that goes
  astray early can spend long proving its start lost. So the search makes short
  attempts, each in a fresh random order, with budgets in Luby's sequence; what
  one attempt proved lost stays proven for the next. The first attempts skip
  relaxed play (it costs more than it saves when a plan is near); later ones
  use it everywhere.
* **A second search.** Once the move search has taken long, it takes turns with a
  search over whole classes' pairings that learns from each conflict
  (:mod:`.pairings`), each of its turns going on where the last stopped; whichever
  answers first decides.
"""

from __future__ import annotations

import itertools
import time
import weakref
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import Enum

from ..rules.geometry import Geometry
from ..rules.prng import SplitMix64
from ..rules.tiles import match_class
from .bitmask import bits as _bits
from .pairings import PairingSearch, agrees

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
    """A verdict, the plan when winnable, and how many positions were searched."""

    verdict: Verdict
    plan: tuple[Pair, ...] | None = None
    nodes: int = 0

    @property
    def winnable(self) -> bool | None:
        """``True``, ``False``, or ``None`` when unknown."""
        if self.verdict is Verdict.UNKNOWN:
            return None
        return self.verdict is Verdict.WINNABLE


#: Attempts that search without relaxed play (see :meth:`Solver.solve`).
RELAX_AFTER = 12
#: Positions searched in the shortest attempt (see :meth:`Solver.solve`).
RESTART_UNIT = 50
#: Positions searched before the start's pairings are tried out (see :meth:`Solver._probe`).
PROBE_AFTER = 4000
#: Positions the move search has searched before the pairing search gets its first turn.
PAIRING_AFTER = 5000
#: Relaxed plays of the pairing search's first turn; each next turn has twice as many.
PAIRING_UNIT = 200


class _OutOfBudget(Exception):
    pass


class _Restart(Exception):
    pass


def _luby(i: int) -> int:
    """The i-th term (from 1) of Luby's restart sequence 1 1 2 1 1 2 4 1 1 2 …"""
    while True:
        k = i.bit_length()
        if i == (1 << k) - 1:
            return 1 << (k - 1)
        i -= (1 << (k - 1)) - 1


def _pairings(tiles: Sequence[int]) -> list[Pairing]:
    if len(tiles) == 2:
        return [((tiles[0], tiles[1]),)]
    a, b, c, d = tiles
    return [((a, b), (c, d)), ((a, c), (b, d)), ((a, d), (b, c))]


@dataclass(frozen=True)
class _Shape:
    """A layout's neighbourhoods as bit masks: the same for every deal of the layout."""

    cover: tuple[int, ...]  # the tiles lying on t
    left: tuple[int, ...]  # the tiles touching t's left side
    right: tuple[int, ...]
    touch: tuple[tuple[int, ...], ...]  # the tiles whose freedom may change when t goes
    above: tuple[int, ...]  # every tile lying over t through any stack; all must go before t
    # the tiles t can hold up or be held up by: those over or under it through
    # stacks, and those of its own layer in rows that touch its own
    zone: tuple[int, ...]


_shapes: weakref.WeakKeyDictionary[Geometry, _Shape] = weakref.WeakKeyDictionary()


def _shape(geometry: Geometry) -> _Shape:
    # Worked out once per layout: a survey or a hint builds a solver per deal,
    # and this part costs as much as deciding an easy deal.
    shape = _shapes.get(geometry)
    if shape is not None:
        return shape
    n = len(geometry)
    above = [0] * n
    for t in sorted(range(n), key=lambda i: -geometry.positions[i][2]):
        for u in geometry.covers[t]:
            above[t] |= (1 << u) | above[u]
    below = [0] * n
    for t in range(n):
        for u in _bits(above[t]):
            below[u] |= 1 << t
    positions = geometry.positions
    shape = _Shape(
        cover=tuple(sum(1 << j for j in geometry.covers[t]) for t in range(n)),
        left=tuple(sum(1 << j for j in geometry.left[t]) for t in range(n)),
        right=tuple(sum(1 << j for j in geometry.right[t]) for t in range(n)),
        touch=tuple(
            tuple(sorted({*geometry.covered[t], *geometry.left_of[t], *geometry.right_of[t]}))
            for t in range(n)
        ),
        above=tuple(above),
        zone=tuple(
            above[t]
            | below[t]
            | sum(
                1 << u
                for u, (_, y, z) in enumerate(positions)
                if z == positions[t][2] and abs(y - positions[t][1]) < 2
            )
            for t in range(n)
        ),
    )
    _shapes[geometry] = shape
    return shape


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
        shape = _shape(geometry)
        self.cover, self.left, self.right = shape.cover, shape.left, shape.right
        self.touch, self.above, self.zone = shape.touch, shape.above, shape.zone

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

    def _relaxed_clears(self, present: int, free: int, seen: list[int] | None = None) -> bool:
        """Whether relaxed play clears the board (``False`` proves the position lost).

        In relaxed play a tile goes on its own as soon as it is free and one of its
        possible partners (a tile of its class it may be paired with) is free or gone.
        In real play a tile goes together with its partner, when both are free; so every
        tile goes in relaxed play no later than in any real play, and a board relaxed
        play cannot clear cannot be cleared at all.

        ``seen``, when given, receives for each tile that goes the partners it could have
        gone with at that moment.
        """
        mates = self.mates
        cover, left, right, touch = self.cover, self.left, self.right, self.touch
        # A tile once free stays free (tiles only go), and it can go once one of its
        # partners is not blocked (free, or gone). So a tile needs a look only when it
        # turns free: then it may go, and so may its partners that were free already
        # and waited for it.
        blocked = present & ~free
        stack = _bits(free)
        pop, push = stack.pop, stack.append
        while stack:
            t = pop()
            ready = (mates[t] | 1 << t) & present & ~blocked
            while ready:
                low = ready & -ready
                ready ^= low
                m = low.bit_length() - 1
                partners = mates[m] & ~blocked
                if not partners:
                    continue
                present ^= low
                if seen is not None:
                    seen[m] = partners
                for i in touch[m]:
                    bit = 1 << i
                    if blocked & bit and not cover[i] & present:
                        if not left[i] & present or not right[i] & present:
                            blocked ^= bit
                            push(i)
        return present == 0

    # -- search -----------------------------------------------------------------

    def solve(
        self,
        present: int,
        *,
        time_limit: float | None = None,
        max_nodes: int | None = None,
        relax_after: int = RELAX_AFTER,
        restart_unit: int = RESTART_UNIT,
        probe_after: int = PROBE_AFTER,
        pairing_after: int = PAIRING_AFTER,
        pairing_unit: int = PAIRING_UNIT,
        clock: Callable[[], float] = time.perf_counter,
    ) -> Solution:
        """Decide the position whose remaining tiles are the bits of ``present``.

        ``time_limit`` is in seconds of ``clock``: the wall clock by default (a request
        waits for it), or e.g. :func:`time.process_time` for a survey on a busy machine.
        ``nodes`` in the answer counts the positions searched and the pairing search's
        relaxed plays; ``max_nodes`` bounds the two together.
        """
        self.nodes = 0
        self.max_nodes = max_nodes
        self.clock = clock
        self.deadline = None if time_limit is None else clock() + time_limit
        if present == 0:
            return Solution(Verdict.WINNABLE, (), 0)
        n = self.n
        # The classes with tiles left: their tiles and the pairings not ruled out.
        self.group_of = group_of = [-1] * n
        self.group_tiles: list[list[int]] = []
        self.group_masks: list[int] = []
        self.domains: list[list[Pairing]] = []
        self.partner = [-1] * n
        self.mates = [0] * n
        self.allowed: list[int] = []
        for cm in self.class_masks:
            mine = present & cm
            if not mine:
                continue
            tiles = _bits(mine)
            domain = [p for p in _pairings(tiles) if self._possible(p)]
            if not domain:
                return Solution(Verdict.NOT_WINNABLE, None, 0)
            g = len(self.group_tiles)
            for t in tiles:
                group_of[t] = g
            self.group_tiles.append(tiles)
            self.group_masks.append(mine)
            self.domains.append(domain)
            self.allowed.append((1 << len(domain)) - 1)
            self._allow(g, self.allowed[g])
        self.full_allowed = self.allowed[:]
        start = (self.partner[:], self.mates[:])
        self.lost: set[int] = set()
        free = self.free_mask(present)
        # Restarts: a search that goes astray early can spend long proving a wrong
        # choice lost, while most deals have many winning plans. So each attempt
        # breaks ties in a fresh random order and gives up after a short budget (in
        # Luby's sequence of lengths: 1 1 2 1 1 2 4 …, times ``restart_unit``);
        # what one attempt proved lost stays proven for the next.
        rng = SplitMix64(present % (1 << 64))
        probed = False
        # The pairing search (.pairings) gets turns between attempts once the move
        # search has taken long, each turn twice as long as the one before (and going
        # on where the last stopped), the two searches about equal time from then on:
        # their slow deals are mostly not the same ones.
        pairing_search, pairing_spent, pairing_turn = None, 0, 0
        for attempt in itertools.count(1):
            if self.nodes - pairing_spent >= pairing_after + pairing_spent:
                self.allowed[:] = self.full_allowed
                self.partner[:], self.mates[:] = start[0], start[1]
                if pairing_search is None:
                    pairing_search = PairingSearch(self, present, free, rng)
                spent_before = self.nodes
                pairing_turn += 1
                try:
                    settled = pairing_search.run(pairing_unit << pairing_turn - 1)
                except _OutOfBudget:
                    return Solution(Verdict.UNKNOWN, None, self.nodes)
                pairing_spent += self.nodes - spent_before
                if settled:
                    return Solution(Verdict.WINNABLE, self._play_out(present, free), self.nodes)
                if settled is False:
                    return Solution(Verdict.NOT_WINNABLE, None, self.nodes)
            self.order = [rng.next64() >> 48 for _ in range(n)]
            self.allowed[:] = self.full_allowed
            self.partner[:], self.mates[:] = start[0], start[1]
            if self.nodes >= probe_after and not probed:
                probed = True
                try:
                    alive = self._probe(present, free)
                except _OutOfBudget:
                    return Solution(Verdict.UNKNOWN, None, self.nodes)
                if not alive:
                    return Solution(Verdict.NOT_WINNABLE, None, self.nodes)
                self.full_allowed = self.allowed[:]
                start = (self.partner[:], self.mates[:])
                self.lost.clear()  # its keys name pairings against the old domains
            self.restart_at = self.nodes + restart_unit * _luby(attempt)
            # The first, short attempts only look for a plan; later ones also
            # prove positions lost early, which costs more per position.
            self.relax = attempt > relax_after
            plan: list[Pair] = []
            try:
                won = self._search(present, free, free, 0, plan)
            except _Restart:
                continue
            except _OutOfBudget:
                return Solution(Verdict.UNKNOWN, None, self.nodes)
            if won:
                return Solution(Verdict.WINNABLE, tuple(plan), self.nodes)
            return Solution(Verdict.NOT_WINNABLE, None, self.nodes)
        raise AssertionError("unreachable")

    def _probe(self, present: int, free: int) -> bool:
        """Rule out pairings of the position itself by trying them (for hard positions).

        A pairing of a class goes when relaxed play fails with it, or fails with it
        together with each pairing still allowed for some other class (one of those
        must be chosen). Repeats until nothing changes. Returns ``False`` when a class
        is left with no pairing: the position is lost.
        """
        allowed = self.allowed
        whole = [g for g, tiles in enumerate(self.group_tiles) if len(tiles) == 4]
        zones = {}
        for g in whole:
            zone = 0
            for t in self.group_tiles[g]:
                zone |= self.zone[t]
            zones[g] = [h for h in whole if h != g and self.group_masks[h] & zone]
        relaxed = self._relaxed_clears
        domains = self.domains

        def fits(seen: list[int], h: int, options: int) -> int:
            # The first pairing in ``options`` that a relaxed play (the partners ``seen``
            # by each tile as it went) also fits with class h held to it, or -1. When one
            # fits, that play proves class h held so still alive.
            for j in _bits(options):
                if agrees(seen, domains[h][j]):
                    return j
            return -1

        def nearest(seen: list[int], h: int, options: int) -> int:
            # The pairing in ``options`` that the relaxed play ``seen`` comes closest to.
            def score(j: int) -> int:
                return sum((seen[a] >> b & 1) + (seen[b] >> a & 1) for a, b in domains[h][j])

            return max(_bits(options), key=score)

        def settle(pending: list[int], witness: list[int]) -> bool:
            # Whether relaxed play stays alive with each class of ``pending`` held to
            # some pairing of its own, one class at a time (the others loose). Tried
            # first with all of them held at once to the pairing nearest ``witness``:
            # when that clears, it clears for each alone; else each half on its own.
            if not pending:
                return True
            if self.deadline is not None and self.clock() > self.deadline:
                raise _OutOfBudget
            if len(pending) == 1:
                (h,) = pending
                others = allowed[h]
                for j in _bits(others):
                    self._allow(h, 1 << j)
                    alive = relaxed(present, free)
                    self._allow(h, others)
                    if alive:
                        return True
                return False
            held = [(h, allowed[h]) for h in pending]
            for h, others in held:
                self._allow(h, 1 << nearest(witness, h, others))
            alive = relaxed(present, free)
            for h, others in held:
                self._allow(h, others)
            if alive:
                return True
            half = len(pending) // 2
            return settle(pending[:half], witness) and settle(pending[half:], witness)

        changed = True
        while changed:
            changed = False
            base = [0] * self.n
            relaxed(present, free, base)
            for g in whole:
                if self.deadline is not None and self.clock() > self.deadline:
                    raise _OutOfBudget
                options = allowed[g]
                if not options & (options - 1):
                    continue
                keep = options
                for k in _bits(options):
                    witness = base
                    if fits(base, g, 1 << k) < 0:
                        witness = [0] * self.n
                        self._allow(g, 1 << k)
                        alive = relaxed(present, free, witness)
                        self._allow(g, options)
                        if not alive:
                            keep &= ~(1 << k)
                            continue
                    self._allow(g, 1 << k)
                    pending = [
                        h
                        for h in zones[g]
                        if allowed[h] & (allowed[h] - 1) and fits(witness, h, allowed[h]) < 0
                    ]
                    if not settle(pending, witness):
                        keep &= ~(1 << k)
                    self._allow(g, options)
                self._allow(g, keep)
                if not keep:
                    return False
                if keep != options:
                    changed = True
                    base = [0] * self.n
                    relaxed(present, free, base)
        return relaxed(present, free)

    def _allow(self, g: int, allowed: int) -> None:
        """Restrict class ``g`` to the pairings of its domain in the mask ``allowed``."""
        self.allowed[g] = allowed
        tiles = self.group_tiles[g]
        partner, mates = self.partner, self.mates
        for t in tiles:
            mates[t] = 0
        chosen = [p for k, p in enumerate(self.domains[g]) if allowed >> k & 1]
        for pairing in chosen:
            for a, b in pairing:
                mates[a] |= 1 << b
                mates[b] |= 1 << a
        if len(chosen) == 1:
            for a, b in chosen[0]:
                partner[a], partner[b] = b, a
        else:
            for t in tiles:
                partner[t] = -1

    def _spend(self) -> None:
        """Count one position searched (or one relaxed play of the pairing search)."""
        self.nodes += 1
        if self.deadline is not None and not self.nodes & 15:
            if self.clock() > self.deadline:
                raise _OutOfBudget
        if self.max_nodes is not None and self.nodes > self.max_nodes:
            raise _OutOfBudget

    def _tick(self) -> None:
        self._spend()
        if self.nodes > self.restart_at:
            raise _Restart

    def _play_out(self, present: int, free: int) -> list[Pair]:
        """The plan once every class's pairing is settled and relaxed play clears:
        partners go as soon as both are free, which then clears the board."""
        plan = []
        partner = self.partner
        while present:
            pair = next((t, partner[t]) for t in _bits(free) if free >> partner[t] & 1)
            plan.append(pair)
            present ^= 1 << pair[0] | 1 << pair[1]
            free = self._after(present, free, pair)
        return plan

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

    def _search(
        self,
        present: int,
        free: int,
        fresh: int,
        ruled: int,
        plan: list[Pair],
        cleared_by: list[int] | None = None,
    ) -> bool:
        """Whether ``present`` can be cleared with the pairings still allowed.

        ``fresh`` holds the tiles that became free since the last look; ``ruled``
        records, three bits a class, the pairings ruled out for classes whose four tiles
        all remain (with ``present`` it keys the positions proven lost). ``cleared_by``,
        when given, is a relaxed play known to clear this position (the partners each
        tile went with). Appends a winning plan to ``plan`` when it can.
        """
        depth = len(plan)
        group_masks, group_of, partner = self.group_masks, self.group_of, self.partner
        # Forced moves: a class whose remaining tiles are all free goes at once (any
        # allowed pairing of them is playable now), and so does a pair of partners
        # (once the pairing is settled, playing a pair sooner never hurts).
        while fresh:
            low = fresh & -fresh
            fresh ^= low
            if not present & low:
                continue
            t = low.bit_length() - 1
            g = group_of[t]
            mine = present & group_masks[g]
            if mine & free == mine:
                if mine.bit_count() == 4:
                    ruled &= ~(7 << 3 * g)
                    k = self.allowed[g].bit_length() - 1
                    (a, b), (c, d) = self.domains[g][k]
                    plan.append((a, b))
                    plan.append((c, d))
                    gone: Sequence[int] = (a, b, c, d)
                else:
                    gone = _bits(mine)
                    plan.append((gone[0], gone[1]))
            else:
                p = partner[t]
                if p < 0 or not free >> p & 1:
                    continue
                if mine.bit_count() == 4:
                    ruled &= ~(7 << 3 * g)
                gone = (t, p)
                plan.append(gone)
            for x in gone:
                present ^= 1 << x
            after = self._after(present, free, gone)
            fresh |= after & ~free
            free = after
        if not present:
            return True
        self._tick()
        key = present | ruled << self.n
        hint = None
        if self.relax:
            hint = cleared_by
            if hint is None and key not in self.lost and present not in self.lost:
                hint = [0] * self.n
                if not self._relaxed_clears(present, free, hint):
                    self.lost.add(key)
        if key in self.lost or present in self.lost:
            self.lost.add(key)
            del plan[depth:]
            return False
        branch = self._branch(present, free, hint)
        if branch is not None:
            g, plays, rest = branch
            before = self.allowed[g]
            shift = 3 * g
            for k, pair in plays:
                self._allow(g, 1 << k)
                plan.append(pair)
                gone = present ^ (1 << pair[0] | 1 << pair[1])
                after = self._after(gone, free, pair)
                still = hint if self.relax and self._agrees(hint, g, gone) else None
                if self._search(gone, after, after & ~free, ruled & ~(7 << shift), plan, still):
                    return True
                plan.pop()
            if rest:
                # None of the pairs free now: the class waits with its other pairings.
                self._allow(g, rest)
                mark = (self.full_allowed[g] ^ rest) << shift
                still = hint if self.relax and self._agrees(hint, g, present) else None
                if self._search(present, free, 0, ruled & ~(7 << shift) | mark, plan, still):
                    return True
            self._allow(g, before)
        self.lost.add(key)
        del plan[depth:]
        return False

    def _agrees(self, hint: list[int], g: int, present: int) -> bool:
        """Whether the relaxed play ``hint`` still clears ``present`` with class g's
        pairings as they are now: each of its tiles left went with a partner still
        allowed (tiles gone sooner only make others free sooner)."""
        mates = self.mates
        return all(hint[t] & mates[t] for t in self.group_tiles[g] if present >> t & 1)

    def _branch(
        self, present: int, free: int, hint: list[int] | None
    ) -> tuple[int, list[tuple[int, Pair]], int] | None:
        """The class to settle next: its pairings with a pair free now (each with that
        pair, in the order to try) and the mask of the others.

        Only a class of four whose pairing is not settled and that has a free pair in
        an allowed pairing can make a move possible; among them the first in this
        attempt's random order (which varied the search best of the orders tried).
        Its pairings that agree with the relaxed play ``hint`` are tried first.
        """
        best = None
        best_score = None
        order = self.order
        allowed, group_masks, domains = self.allowed, self.group_masks, self.domains
        for g, tiles in enumerate(self.group_tiles):
            mine = present & group_masks[g]
            f = free & mine
            if not f & (f - 1) or mine.bit_count() != 4:
                continue  # fewer than two free, or the class's pairing is settled
            options = allowed[g]
            if not options & (options - 1):
                continue
            score = order[tiles[0]]
            if best_score is None or score < best_score:
                plays = []
                for k, pairing in enumerate(domains[g]):
                    if options >> k & 1:
                        for a, b in pairing:
                            if f >> a & 1 and f >> b & 1:
                                rank = order[a] + order[b]
                                if hint is not None and not agrees(hint, pairing):
                                    rank += 1 << 20  # after those the hint agrees with
                                plays.append((rank, k, (a, b)))
                if plays:
                    best, best_score = (g, plays), score
        if best is None:
            return None
        g, plays = best
        plays.sort()
        rest = allowed[g]
        for _, k, _ in plays:
            rest &= ~(1 << k)
        return g, [(k, pair) for _, k, pair in plays], rest
