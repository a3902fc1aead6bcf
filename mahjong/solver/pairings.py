"""The solver's second way of searching: over the classes' pairings, learning from conflicts.

The move search (:mod:`.moves`) plays pairs in order, and a deal it finds hard is
often easy for a search that settles whole classes instead, and the other way round:
their slow deals are mostly not the same ones. So :meth:`.search.Solver.solve` gives
this search a growing share of its time once the move search has taken long, and
takes whichever answer comes first. This is M. de Bondt's scheme for the game:

* Each class of four whose pairing is still open is a choice; its options are the
  pairings still allowed. A set of choices is judged by relaxed play with the open
  classes loose. Once every class is settled, relaxed play is exact: each tile has one
  partner, and a pair goes as soon as both are free.
* **The dive.** Classes are settled one after another, each to its preferred pairing:
  one the last relaxed play agrees with when there is one (then that play still
  clears, and is not played again), until relaxed play fails.
* **The conflict.** Going back over the classes settled, each whose pairing the failure
  does not need is let loose again (and its preference turns to its next pairing).
  What is left is a set of choices that cannot all hold.
* **Branching on it.** The conflict's classes are put first, the one that failed
  leading, the others in reverse; then for each class in turn, from the last: it takes
  each other pairing, with those before it kept and those after it open. Every way of
  avoiding the conflict is one of these, so a search that finds none proves the
  position lost.
* **Turns.** The search runs in turns of a budget of relaxed plays, each going on where
  the last one stopped: starting afresh each turn (with a new random order) threw away
  the conflicts learnt and cost hard deals several times the time of one search.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

from ..rules.prng import SplitMix64
from .bitmask import bits as _bits
from .classes import Budget, ClassState, agrees

#: The search's steps: each yields when a turn's budget is spent, and returns what the
#: plain function would (``yield from`` one gives its answer).
Steps = Generator[None, None, Any]


class PairingSearch:
    """The pairing search on a position, run in turns (:meth:`run`).

    It works on its own copy of ``state`` (:attr:`state`), so the move search's classes
    and its own never disturb each other between turns; its pairings start as those
    ``state`` allows and are left settled when the search wins (then
    ``state.play_out`` gives the plan). Each relaxed play spends a node of ``budget``.
    """

    def __init__(self, state: ClassState, budget: Budget, present: int, free: int, rng: SplitMix64):
        self.state = state = state.copy()
        self.budget = budget
        self.present, self.free = present, free
        #: The relaxed plays it may have made when the current turn ends, and has made.
        self.turn_end = 0
        self.plays = 0
        #: Each conflict learnt, as (held, needed): with the classes of ``held`` kept to
        #: their pairings (class, pairing), those of ``needed`` cannot all hold.
        self.conflicts: list[tuple[tuple[tuple[int, int], ...], tuple[tuple[int, int], ...]]] = []
        self.loose = state.allowed[:]
        masks = state.group_masks
        self.order = [
            g
            for g, options in enumerate(self.loose)
            if options & (options - 1) and present & masks[g] == masks[g]
        ]
        rng.shuffle(self.order)
        self.preferred = {}
        for g in self.order:
            options = _bits(self.loose[g])
            rng.shuffle(options)
            self.preferred[g] = options
        self.value = dict.fromkeys(self.order, -1)
        self._steps = self._settle(0)

    def run(self, budget: int) -> bool | None:
        """Go on for at most ``budget`` more relaxed plays: ``True`` when every class is
        settled to a winning pairing, ``False`` when no choice of pairings wins, ``None``
        when the budget ran out first (the next run goes on from there)."""
        self.turn_end = self.plays + budget
        try:
            next(self._steps)
        except StopIteration as done:
            return done.value
        return None

    def _set(self, g: int, k: int) -> None:
        """Settle class g to pairing k, or let it loose when k is -1."""
        self.value[g] = k
        self.state.allow(g, self.loose[g] if k < 0 else 1 << k)

    def _clears(self, seen: list[int] | None = None) -> Steps:
        """Whether relaxed play clears the board with the classes as they are now; first
        waits for the next turn when this one's budget is spent."""
        while self.plays >= self.turn_end:
            yield
        self.plays += 1
        self.budget.spend()
        return self.state.relaxed_clears(self.present, self.free, seen)

    def _agrees(self, seen: list[int], g: int, k: int) -> bool:
        return agrees(seen, self.state.domains[g][k])

    def _settle(self, start: int) -> Steps:
        """Whether the classes from ``start`` on in the order can be settled so that the
        board clears, those before keeping their pairings. Leaves them open when not."""
        failed = yield from self._dive(start)
        if failed == len(self.order):
            return True
        if failed < 0:
            return False
        needed = yield from self._conflict(start, failed)
        order, preferred = self.order, self.preferred
        for i in range(start + len(needed) - 1, start - 1, -1):
            g = order[i]
            for k in preferred[g][1:]:
                self._set(g, k)
                if (yield from self._settle(i + 1)):
                    return True
            self._set(g, -1)
        return False

    def _dive(self, start: int) -> Steps:
        """Settle the classes from ``start`` on, each to its preferred pairing, until
        relaxed play fails. Returns where it failed: the number of classes when it never
        did, -1 when it failed before the first."""
        order, preferred, n = self.order, self.preferred, self.state.n
        seen = [0] * n
        if not (yield from self._clears(seen)):
            return -1
        for i in range(start, len(order)):
            g = order[i]
            options = preferred[g]
            agreeing = next((k for k in options if self._agrees(seen, g, k)), None)
            if agreeing is not None:
                options.remove(agreeing)
                options.insert(0, agreeing)
                self._set(g, agreeing)
                continue
            self._set(g, options[0])
            seen = [0] * n
            if not (yield from self._clears(seen)):
                return i
        return len(order)

    def _conflict(self, start: int, failed: int) -> Steps:
        """After a dive failed at ``failed``: let loose each class settled since ``start``
        whose pairing the failure does not need, and put the others first in the order
        (the one that failed leading). Returns them: their pairings cannot all hold."""
        order, preferred = self.order, self.preferred
        needed, loosened = [order[failed]], []
        for i in range(failed - 1, start - 1, -1):
            g = order[i]
            k = self.value[g]
            self._set(g, -1)
            if (yield from self._clears()):
                self._set(g, k)  # the failure needs this pairing
                needed.append(g)
            else:
                preferred[g].append(preferred[g].pop(0))
                loosened.append(g)
        order[start : failed + 1] = needed + loosened[::-1]
        value = self.value
        held = tuple((g, value[g]) for g in order[:start])
        self.conflicts.append((held, tuple((g, value[g]) for g in needed)))
        return needed
