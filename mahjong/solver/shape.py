"""A layout's neighbourhoods as bit masks, the same for every deal of the layout: what
the solver's searches (and the compiled core) read of the geometry."""

from __future__ import annotations

import weakref
from collections.abc import Sequence
from dataclasses import dataclass

from ..rules.geometry import Geometry
from .bitmask import bits


@dataclass(frozen=True)
class Shape:
    """For each tile t, as masks of tiles."""

    cover: tuple[int, ...]  # the tiles lying on t
    left: tuple[int, ...]  # the tiles touching t's left side
    right: tuple[int, ...]
    touch: tuple[tuple[int, ...], ...]  # the tiles whose freedom may change when t goes
    above: tuple[int, ...]  # every tile lying over t through any stack; all must go before t
    # the tiles t can hold up or be held up by: those over or under it through
    # stacks, and those of its own layer in rows that touch its own
    zone: tuple[int, ...]

    def is_free(self, t: int, present: int) -> bool:
        """Whether tile t is free among the tiles of ``present``."""
        return not self.cover[t] & present and (
            not self.left[t] & present or not self.right[t] & present
        )

    def free_mask(self, present: int) -> int:
        """The free tiles of ``present``."""
        free = 0
        for t in bits(present):
            if self.is_free(t, present):
                free |= 1 << t
        return free

    def after(self, present: int, free: int, gone: Sequence[int]) -> int:
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


_shapes: weakref.WeakKeyDictionary[Geometry, Shape] = weakref.WeakKeyDictionary()


def shape_of(geometry: Geometry) -> Shape:
    """The layout's shape, worked out once per layout: a survey or a hint builds a
    solver per deal, and this part costs as much as deciding an easy deal."""
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
        for u in bits(above[t]):
            below[u] |= 1 << t
    positions = geometry.positions
    shape = Shape(
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
