"""Layouts: where the 144 tiles lie.

A layout is 144 positions ``(x, y, z)``. ``x`` and ``y`` are in half-tile
units, so a tile at ``(x, y, z)`` covers the square ``x..x+2`` by ``y..y+2`` of
layer ``z`` (0 is the table). Position ``i`` of a layout is tile id ``i`` of
every game played on it.

Every layout is checked by :func:`validate`: exactly 144 positions, no two
tiles of a layer overlapping, every tile above layer 0 resting entirely on
tiles below, and at least one free pair at the start.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property

from .geometry import Geometry
from .tiles import TILE_SET

Position = tuple[int, int, int]


class InvalidLayout(ValueError):
    """A layout breaks one of the physical rules checked by :func:`validate`."""


@dataclass(frozen=True)
class Layout:
    """A named arrangement of 144 positions, identified by ``L00``, ``L01``…"""

    id: str
    name: str
    positions: tuple[Position, ...] = field(repr=False)

    @cached_property
    def geometry(self) -> Geometry:
        """Precomputed neighbourhoods of the positions (see :mod:`.geometry`)."""
        return Geometry(self.positions)

    @property
    def number(self) -> int:
        """The two digits of the id: 0 for ``L00``."""
        return int(self.id[1:])

    def initial_free_count(self) -> int:
        """How many tiles are free before the first move."""
        return len(self.geometry.initial_free())


def _cells(x: int, y: int) -> list[tuple[int, int]]:
    return [(x, y), (x + 1, y), (x, y + 1), (x + 1, y + 1)]


def validate(layout: Layout) -> None:
    """Raise :class:`InvalidLayout` unless the layout is physically sound."""
    positions = layout.positions
    if len(positions) != len(TILE_SET):
        raise InvalidLayout(f"{layout.id}: {len(positions)} positions, not {len(TILE_SET)}")
    occupied: dict[int, set[tuple[int, int]]] = {}
    for x, y, z in sorted(positions, key=lambda p: p[2]):
        if z < 0:
            raise InvalidLayout(f"{layout.id}: negative layer at {(x, y, z)}")
        layer = occupied.setdefault(z, set())
        cells = _cells(x, y)
        if any(c in layer for c in cells):
            raise InvalidLayout(f"{layout.id}: tiles overlap at {(x, y, z)}")
        if z > 0 and not all(c in occupied.get(z - 1, ()) for c in cells):
            raise InvalidLayout(f"{layout.id}: {(x, y, z)} does not rest on tiles below")
        layer.update(cells)
    free = layout.geometry.initial_free()
    if len(free) < 2:
        raise InvalidLayout(f"{layout.id}: fewer than two free tiles at the start")


def from_stack_map(text: str) -> tuple[Position, ...]:
    """Positions from a stack map: each character is a half-tile cell; a digit
    ``n`` at column ``x``, row ``y`` puts ``n`` tiles on top of each other with
    their corner at ``(x, y)``; ``.`` and spaces are empty.

    >>> from_stack_map('''
    ... 1.2.
    ... ''')
    ((0, 0, 0), (2, 0, 0), (2, 0, 1))
    """
    positions: list[Position] = []
    rows = [line for line in text.strip("\n").splitlines()]
    for y, row in enumerate(rows):
        for x, char in enumerate(row):
            if char.isdigit():
                positions.extend((x, y, z) for z in range(int(char)))
    return tuple(positions)


def _turtle() -> tuple[Position, ...]:
    """The classic Turtle: layers of 87, 36, 16, 4 and 1 tiles."""
    row_spans = [(0, 11), (2, 9), (1, 10), (0, 11), (0, 11), (1, 10), (2, 9), (0, 11)]
    positions: list[Position] = []
    for row, (first, last) in enumerate(row_spans):
        positions.extend((2 + 2 * c, 2 * row, 0) for c in range(first, last + 1))
    # The half-offset ends: one tile on the left, two on the right, each lying
    # between rows 3 and 4 so that it blocks the ends of both rows.
    positions += [(0, 7, 0), (26, 7, 0), (28, 7, 0)]
    for z, (first, last) in enumerate([(3, 8), (4, 7), (5, 6)], start=1):
        positions.extend(
            (2 + 2 * c, 2 * r, z)
            for r in range(first - 2, last - 1)
            for c in range(first, last + 1)
        )
    positions.append((13, 7, 4))
    return tuple(positions)


TURTLE = Layout("L00", "Turtle", _turtle())
