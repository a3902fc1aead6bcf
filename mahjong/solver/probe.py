"""Trying pairings out at the start of a hard position: the solver's move search calls
:func:`probe` once it has taken long, and what it rules out holds everywhere."""

from __future__ import annotations

from .bitmask import bits
from .classes import Budget, ClassState, agrees


def probe(state: ClassState, budget: Budget, present: int, free: int) -> bool:
    """Rule out pairings of the position itself by trying them (for hard positions).

    A pairing of a class goes when relaxed play fails with it, or fails with it
    together with each pairing still allowed for some other class (one of those
    must be chosen). Repeats until nothing changes. Returns ``False`` when a class
    is left with no pairing: the position is lost. Leaves ``state`` allowing what is
    left; raises :class:`~.classes.OutOfBudget` when the time is spent.
    """
    allowed = state.allowed
    whole = [g for g, tiles in enumerate(state.group_tiles) if len(tiles) == 4]
    zone_of = state.shape.zone
    zones = {}
    for g in whole:
        zone = 0
        for t in state.group_tiles[g]:
            zone |= zone_of[t]
        zones[g] = [h for h in whole if h != g and state.group_masks[h] & zone]
    relaxed = state.relaxed_clears
    allow = state.allow
    domains = state.domains

    def fits(seen: list[int], h: int, options: int) -> int:
        # The first pairing in ``options`` that a relaxed play (the partners ``seen``
        # by each tile as it went) also fits with class h held to it, or -1. When one
        # fits, that play proves class h held so still alive.
        for j in bits(options):
            if agrees(seen, domains[h][j]):
                return j
        return -1

    def nearest(seen: list[int], h: int, options: int) -> int:
        # The pairing in ``options`` that the relaxed play ``seen`` comes closest to.
        def score(j: int) -> int:
            return sum((seen[a] >> b & 1) + (seen[b] >> a & 1) for a, b in domains[h][j])

        return max(bits(options), key=score)

    def settle(pending: list[int], witness: list[int]) -> bool:
        # Whether relaxed play stays alive with each class of ``pending`` held to
        # some pairing of its own, one class at a time (the others loose). Tried
        # first with all of them held at once to the pairing nearest ``witness``:
        # when that clears, it clears for each alone; else each half on its own.
        if not pending:
            return True
        budget.check_time()
        if len(pending) == 1:
            (h,) = pending
            others = allowed[h]
            for j in bits(others):
                allow(h, 1 << j)
                alive = relaxed(present, free)
                allow(h, others)
                if alive:
                    return True
            return False
        held = [(h, allowed[h]) for h in pending]
        for h, others in held:
            allow(h, 1 << nearest(witness, h, others))
        alive = relaxed(present, free)
        for h, others in held:
            allow(h, others)
        if alive:
            return True
        half = len(pending) // 2
        return settle(pending[:half], witness) and settle(pending[half:], witness)

    n = state.n
    changed = True
    while changed:
        changed = False
        base = [0] * n
        relaxed(present, free, base)
        for g in whole:
            budget.check_time()
            options = allowed[g]
            if not options & (options - 1):
                continue
            keep = options
            for k in bits(options):
                witness = base
                if fits(base, g, 1 << k) < 0:
                    witness = [0] * n
                    allow(g, 1 << k)
                    alive = relaxed(present, free, witness)
                    allow(g, options)
                    if not alive:
                        keep &= ~(1 << k)
                        continue
                allow(g, 1 << k)
                pending = [
                    h
                    for h in zones[g]
                    if allowed[h] & (allowed[h] - 1) and fits(witness, h, allowed[h]) < 0
                ]
                if not settle(pending, witness):
                    keep &= ~(1 << k)
                allow(g, options)
            allow(g, keep)
            if not keep:
                return False
            if keep != options:
                changed = True
                base = [0] * n
                relaxed(present, free, base)
    return relaxed(present, free)
