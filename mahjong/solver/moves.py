"""The solver's move search: it plays pairs, settling one class's pairing at a time (see
:mod:`.search` for what each step rests on), on the state and budget of one solve that
:meth:`.search.Solver.solve` hands it, attempt after attempt."""

from __future__ import annotations

from collections.abc import Sequence

from .bitmask import bits as _bits
from .classes import Budget, ClassState, Pair, Snapshot, agrees


class Restart(Exception):
    """The attempt's budget of positions is spent: the next attempt starts afresh."""


class MoveSearch:
    """The move search of one solve: plays pairs, settling one class at a time, on the
    solve's ``state`` and ``budget``. What it proved lost stays proven across attempts
    (:meth:`forget` drops it)."""

    def __init__(self, state: ClassState, budget: Budget):
        self.state = state
        self.budget = budget
        self.n = state.n
        # The state's lists, held here for speed (the state changes them in place).
        self.group_masks, self.group_of = state.group_masks, state.group_of
        self.group_tiles, self.domains = state.group_tiles, state.domains
        self.allowed, self.partner = state.allowed, state.partner
        self.after = state.shape.after
        self.lost: set[int] = set()
        self.order: list[int] = []
        self.relax = False
        self.restart_at = 0
        self.full_allowed: tuple[int, ...] = ()

    def forget(self) -> None:
        self.lost.clear()

    def attempt(
        self,
        present: int,
        free: int,
        plan: list[Pair],
        *,
        order: list[int],
        start: Snapshot,
        relax: bool,
        restart_at: int,
    ) -> bool:
        """One attempt from the state as ``start`` has it: whether ``present`` can be
        cleared (the plan appended to ``plan``), ties broken by ``order``, relaxed play
        used when ``relax``; :class:`Restart` once the budget's nodes pass ``restart_at``."""
        self.order, self.relax, self.restart_at = order, relax, restart_at
        self.full_allowed = start.allowed
        return self._search(present, free, free, 0, plan)

    def _tick(self) -> None:
        self.budget.spend()
        if self.budget.nodes > self.restart_at:
            raise Restart

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
            after = self.after(present, free, gone)
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
                if not self.state.relaxed_clears(present, free, hint):
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
                self.state.allow(g, 1 << k)
                plan.append(pair)
                gone = present ^ (1 << pair[0] | 1 << pair[1])
                after = self.after(gone, free, pair)
                still = hint if self.relax and self.state.still_clears(hint, g, gone) else None
                if self._search(gone, after, after & ~free, ruled & ~(7 << shift), plan, still):
                    return True
                plan.pop()
            if rest:
                # None of the pairs free now: the class waits with its other pairings.
                self.state.allow(g, rest)
                mark = (self.full_allowed[g] ^ rest) << shift
                still = hint if self.relax and self.state.still_clears(hint, g, present) else None
                if self._search(present, free, 0, ruled & ~(7 << shift) | mark, plan, still):
                    return True
            self.state.allow(g, before)
        self.lost.add(key)
        del plan[depth:]
        return False

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
