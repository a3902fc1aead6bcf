"""Neighbourhoods of a layout's positions, computed once per layout.

The free rule only ever asks three questions of a tile: which tiles
of the layer above overlap it, and which tiles of its own layer touch its left
and its right side. :class:`Geometry` answers them for every position once, so
that a board can keep counters up to date on each removal instead of scanning
all 144 tiles.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cached_property


class Geometry:
    """For each tile id: the ids that cover it, and its side neighbours.

    ``covers[i]``
        tiles in layer ``z+1`` overlapping tile ``i`` at all (half a tile is enough).
    ``left[i]`` / ``right[i]``
        tiles in the same layer at ``x-2`` / ``x+2`` whose rows overlap
        (``|dy| < 2``: a half-offset neighbour blocks a side).
    ``covered[j]``, ``right_of[j]``, ``left_of[j]``
        the inverses: the tiles whose counters change when ``j`` is removed.
    """

    def __init__(self, positions: Sequence[tuple[int, int, int]]):
        self.positions = tuple(positions)
        n = len(self.positions)
        by_layer: dict[int, list[int]] = {}
        for i, (_, _, z) in enumerate(self.positions):
            by_layer.setdefault(z, []).append(i)
        covers: list[list[int]] = [[] for _ in range(n)]
        left: list[list[int]] = [[] for _ in range(n)]
        right: list[list[int]] = [[] for _ in range(n)]
        for i, (x, y, z) in enumerate(self.positions):
            for j in by_layer.get(z + 1, ()):
                xj, yj, _ = self.positions[j]
                if abs(xj - x) < 2 and abs(yj - y) < 2:
                    covers[i].append(j)
            for j in by_layer[z]:
                xj, yj, _ = self.positions[j]
                if abs(yj - y) < 2:
                    if xj == x - 2:
                        left[i].append(j)
                    elif xj == x + 2:
                        right[i].append(j)
        self.covers = tuple(tuple(c) for c in covers)
        self.left = tuple(tuple(c) for c in left)
        self.right = tuple(tuple(c) for c in right)
        covered: list[list[int]] = [[] for _ in range(n)]
        right_of: list[list[int]] = [[] for _ in range(n)]
        left_of: list[list[int]] = [[] for _ in range(n)]
        for i in range(n):
            for j in self.covers[i]:
                covered[j].append(i)
            for j in self.left[i]:
                right_of[j].append(i)  # j is on i's left, so i is on j's right
            for j in self.right[i]:
                left_of[j].append(i)
        self.covered = tuple(tuple(c) for c in covered)
        self.right_of = tuple(tuple(c) for c in right_of)
        self.left_of = tuple(tuple(c) for c in left_of)

    def __len__(self) -> int:
        return len(self.positions)

    def is_free(self, i: int, present: Sequence[bool]) -> bool:
        """The free rule, computed directly from which tiles are present.

        Slower than a board's counters; it is the reference they are tested against.
        """
        if any(present[j] for j in self.covers[i]):
            return False
        return not any(present[j] for j in self.left[i]) or not any(
            present[j] for j in self.right[i]
        )

    def initial_free(self) -> list[int]:
        """Ids of the tiles free on a full board."""
        return list(self._initial_free)

    @cached_property
    def _initial_free(self) -> tuple[int, ...]:
        # Every board of a layout starts from this set: compute it once.
        full = [True] * len(self.positions)
        return tuple(i for i in range(len(self.positions)) if self.is_free(i, full))


class FreeCounters:
    """Incremental free tracking over a :class:`Geometry`.

    For every tile it counts the present tiles covering it and the present
    tiles at its left and at its right. Removing a tile only touches the
    counters of its few neighbours, so keeping the free set up to date costs a
    handful of operations per removal instead of a scan of the board.
    """

    __slots__ = ("geometry", "present", "above", "left", "right")

    def __init__(self, geometry: Geometry):
        self.geometry = geometry
        n = len(geometry)
        self.present = [True] * n
        self.above = [len(c) for c in geometry.covers]
        self.left = [len(c) for c in geometry.left]
        self.right = [len(c) for c in geometry.right]

    def is_free(self, i: int) -> bool:
        return self.present[i] and self.above[i] == 0 and (self.left[i] == 0 or self.right[i] == 0)

    def remove(self, t: int) -> list[int]:
        """Take tile ``t`` away; return the neighbours it freed.

        A returned tile may have been free already (its other side was open): callers
        keep a set. Only counters that reach zero are looked at, which keeps a removal
        to a few operations.
        """
        g = self.geometry
        above, left, right, present = self.above, self.left, self.right, self.present
        present[t] = False
        freed: list[int] = []
        for i in g.covered[t]:
            above[i] -= 1
            if above[i] == 0 and present[i] and (left[i] == 0 or right[i] == 0):
                freed.append(i)
        for i in g.right_of[t]:
            left[i] -= 1
            if left[i] == 0 and present[i] and above[i] == 0:
                freed.append(i)
        for i in g.left_of[t]:
            right[i] -= 1
            if right[i] == 0 and present[i] and above[i] == 0:
                freed.append(i)
        return freed

    def restore(self, t: int) -> None:
        """Put tile ``t`` back (the exact inverse of :meth:`remove`)."""
        g = self.geometry
        self.present[t] = True
        for i in g.covered[t]:
            self.above[i] += 1
        for i in g.right_of[t]:
            self.left[i] += 1
        for i in g.left_of[t]:
            self.right[i] += 1
