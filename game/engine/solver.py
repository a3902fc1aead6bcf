"""A solver: a winning removal order from any position, when it finds one.

Depth-first search with two exact prunings: a match class whose remaining
tiles are all free is cleared at once (nothing else needs them, and removing
tiles never blocks another), and positions already shown to be lost are not
searched twice. The search stops after ``max_nodes`` positions, so a hint
never waits long; ``None`` then means "no plan found", not "no plan exists".
"""

from __future__ import annotations

from collections.abc import Sequence

from .geometry import FreeCounters, Geometry
from .tiles import match_class

Pair = tuple[int, int]


def solve(
    geometry: Geometry,
    faces: Sequence[str],
    present: Sequence[bool],
    max_nodes: int = 20_000,
    rank: Sequence[int] | None = None,
) -> list[Pair] | None:
    """A list of pairs that clears the board from ``present``, or ``None``.

    ``rank``, when given, orders the search: pairs of tiles with lower ranks
    are tried first. A board passes each tile's step in the deal's plan, so
    the search first tries to stay close to a plan known to win.
    """
    if rank is None:
        rank = [-_weight(geometry, t) for t in range(len(faces))]
    counters = FreeCounters(geometry)
    for i, here in enumerate(present):
        if not here:
            counters.remove(i)
    classes = [match_class(f) for f in faces]
    remaining: dict[str, int] = {}
    for i, here in enumerate(present):
        if here:
            remaining[classes[i]] = remaining.get(classes[i], 0) + 1
    mask = sum(1 << i for i, here in enumerate(present) if here)
    lost: set[int] = set()
    plan: list[Pair] = []
    budget = [max_nodes]

    def remove(pair: Pair) -> None:
        nonlocal mask
        for t in pair:
            counters.remove(t)
            mask &= ~(1 << t)
        remaining[classes[pair[0]]] -= 2
        plan.append(pair)

    def restore() -> None:
        nonlocal mask
        pair = plan.pop()
        for t in reversed(pair):
            counters.restore(t)
            mask |= 1 << t
        remaining[classes[pair[0]]] += 2

    def search() -> bool:
        if mask == 0:
            return True
        if mask in lost or budget[0] <= 0:
            return False
        budget[0] -= 1
        free_by_class: dict[str, list[int]] = {}
        for i in range(len(faces)):
            if mask >> i & 1 and counters.is_free(i):
                free_by_class.setdefault(classes[i], []).append(i)
        # Safe moves first: a class whose every remaining tile is free.
        for cls, tiles in free_by_class.items():
            if len(tiles) == remaining[cls] and len(tiles) >= 2:
                depth = len(plan)
                for k in range(0, len(tiles), 2):
                    remove((tiles[k], tiles[k + 1]))
                if search():
                    return True
                while len(plan) > depth:
                    restore()
                if budget[0] > 0:
                    lost.add(mask)
                return False
        candidates = [
            (tiles[a], tiles[b])
            for tiles in free_by_class.values()
            for a in range(len(tiles))
            for b in range(a + 1, len(tiles))
        ]
        candidates.sort(key=lambda p: max(rank[p[0]], rank[p[1]]))
        for pair in candidates:
            remove(pair)
            if search():
                return True
            restore()
        if budget[0] > 0:
            lost.add(mask)
        return False

    return list(plan) if search() else None


def _weight(geometry: Geometry, t: int) -> int:
    """Without a plan, tiles that lie high and block many others go first."""
    return (
        4 * geometry.positions[t][2]
        + len(geometry.covered[t])
        + len(geometry.left_of[t])
        + len(geometry.right_of[t])
    )
