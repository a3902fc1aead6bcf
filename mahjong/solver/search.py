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
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import Enum

from ..rules.geometry import Geometry
from ..rules.prng import SplitMix64
from ..rules.tiles import match_class
from .bitmask import bits as _bits
from .classes import (
    Budget,
    ClassState,
    OutOfBudget,
    Pair,
    Pairing,
    pairings_of,
    possible,
)
from .moves import MoveSearch, Restart
from .pairings import PairingSearch
from .probe import probe
from .shape import shape_of

__all__ = ["Pair", "Pairing", "Solution", "Solver", "Verdict"]


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
#: Positions searched before the start's pairings are tried out (see :func:`.probe.probe`).
PROBE_AFTER = 4000
#: Positions the move search has searched before the pairing search gets its first turn.
PAIRING_AFTER = 5000
#: Relaxed plays of the pairing search's first turn; each next turn has twice as many.
PAIRING_UNIT = 200


def luby(i: int) -> int:
    """The i-th term (from 1) of Luby's restart sequence 1 1 2 1 1 2 4 1 1 2 …"""
    while True:
        k = i.bit_length()
        if i == (1 << k) - 1:
            return 1 << (k - 1)
        i -= (1 << (k - 1)) - 1


class Solver:
    """Decides positions of one deal (a layout's geometry and its faces).

    Build it once per deal; :meth:`solve` then takes any set of remaining tiles. It
    keeps nothing of a solve: each has its own :class:`~.classes.ClassState` and
    :class:`~.classes.Budget`, so solves of one solver may run at the same time.
    """

    def __init__(self, geometry: Geometry, faces: Sequence[str]):
        n = len(geometry)
        self.n = n
        names: dict[str, int] = {}
        self.cls = [names.setdefault(match_class(f), len(names)) for f in faces]
        self.class_masks = [0] * len(names)
        for t, c in enumerate(self.cls):
            self.class_masks[c] |= 1 << t
        self.shape = shape = shape_of(geometry)
        # The layout's neighbourhoods as masks (see :class:`~.shape.Shape`).
        self.cover, self.left, self.right = shape.cover, shape.left, shape.right
        self.touch, self.above, self.zone = shape.touch, shape.above, shape.zone

    # -- the free rule on masks ----------------------------------------------

    def is_free(self, t: int, present: int) -> bool:
        return self.shape.is_free(t, present)

    def free_mask(self, present: int) -> int:
        return self.shape.free_mask(present)

    # -- the classes ------------------------------------------------------------

    def classes(self, present: int) -> list[list[Pairing]]:
        """For each class with tiles left, the pairings that are not ruled out."""
        above = self.shape.above
        return [
            [p for p in pairings_of(_bits(present & cm)) if possible(above, p)]
            for cm in self.class_masks
            if present & cm
        ]

    def class_state(self, present: int) -> ClassState:
        """The classes of ``present`` with every possible pairing allowed (``alive`` is
        false when a class has none: the position is lost)."""
        return ClassState(self.shape, self.class_masks, present, self.n)

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
        budget = Budget(max_nodes=max_nodes, time_limit=time_limit, clock=clock)
        if present == 0:
            return Solution(Verdict.WINNABLE, (), 0)
        state = self.class_state(present)
        if not state.alive:
            return Solution(Verdict.NOT_WINNABLE, None, 0)
        start = state.snapshot()
        moves = MoveSearch(state, budget)
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
        # their slow deals are mostly not the same ones. It works on a copy of the
        # classes, so neither search resets the other's.
        pairing_search, pairing_spent, pairing_turn = None, 0, 0
        for attempt in itertools.count(1):
            if budget.nodes - pairing_spent >= pairing_after + pairing_spent:
                if pairing_search is None:
                    state.restore(start)
                    pairing_search = PairingSearch(state, budget, present, free, rng)
                spent_before = budget.nodes
                pairing_turn += 1
                try:
                    settled = pairing_search.run(pairing_unit << pairing_turn - 1)
                except OutOfBudget:
                    return Solution(Verdict.UNKNOWN, None, budget.nodes)
                pairing_spent += budget.nodes - spent_before
                if settled:
                    plan = pairing_search.state.play_out(present, free)
                    return Solution(Verdict.WINNABLE, plan, budget.nodes)
                if settled is False:
                    return Solution(Verdict.NOT_WINNABLE, None, budget.nodes)
            order = [rng.next64() >> 48 for _ in range(self.n)]
            state.restore(start)
            if budget.nodes >= probe_after and not probed:
                probed = True
                try:
                    alive = probe(state, budget, present, free)
                except OutOfBudget:
                    return Solution(Verdict.UNKNOWN, None, budget.nodes)
                if not alive:
                    return Solution(Verdict.NOT_WINNABLE, None, budget.nodes)
                start = state.snapshot()
                moves.forget()  # its keys name pairings against the old domains
            # The first, short attempts only look for a plan; later ones also
            # prove positions lost early, which costs more per position.
            plan: list[Pair] = []
            try:
                won = moves.attempt(
                    present,
                    free,
                    plan,
                    order=order,
                    start=start,
                    relax=attempt > relax_after,
                    restart_at=budget.nodes + restart_unit * luby(attempt),
                )
            except Restart:
                continue
            except OutOfBudget:
                return Solution(Verdict.UNKNOWN, None, budget.nodes)
            if won:
                return Solution(Verdict.WINNABLE, tuple(plan), budget.nodes)
            return Solution(Verdict.NOT_WINNABLE, None, budget.nodes)
        raise AssertionError("unreachable")
