"""The seed's rules, written naively and straight from the text.

An oracle for the engine's tests: it shares no code with ``mahjong`` (no
``Geometry``, no neighbour lists, no counters, no match classes). Every answer is
computed from the tile positions and faces alone, scanning all tiles each time, so a
slip in the engine's precomputed neighbourhoods or incremental bookkeeping cannot hide
behind the same slip here.

Positions are ``(x, y, z)`` in half-tile units: a tile covers ``x..x+2`` by ``y..y+2``
of layer ``z``.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

Position = tuple[int, int, int]

TILE_SIZE = 2  # half-tile units


def spans_overlap(a: int, b: int) -> bool:
    """Whether the spans ``a..a+2`` and ``b..b+2`` share some length (touching is not
    overlapping)."""
    return max(a, b) < min(a, b) + TILE_SIZE


def covering(positions: Sequence[Position], present: Collection[int], tile: int) -> list[int]:
    """Present tiles of the layer just above that overlap the tile's footprint at all
    (half a tile is enough to cover it)."""
    x, y, z = positions[tile]
    return [
        other
        for other in sorted(present)
        if positions[other][2] == z + 1
        and spans_overlap(positions[other][0], x)
        and spans_overlap(positions[other][1], y)
    ]


def beside(
    positions: Sequence[Position], present: Collection[int], tile: int, side: int
) -> list[int]:
    """Present tiles of the same layer directly beside the tile on one side (``side`` is
    -1 for the left, +1 for the right), overlapping it vertically, half an offset
    included."""
    x, y, z = positions[tile]
    return [
        other
        for other in sorted(present)
        if other != tile
        and positions[other][2] == z
        and positions[other][0] == x + side * TILE_SIZE
        and spans_overlap(positions[other][1], y)
    ]


def is_free(positions: Sequence[Position], present: Collection[int], tile: int) -> bool:
    """On the board, nothing on top, and its left or its right side open."""
    if tile not in present or covering(positions, present, tile):
        return False
    return not beside(positions, present, tile, -1) or not beside(positions, present, tile, +1)


def free_tiles(positions: Sequence[Position], present: Collection[int]) -> list[int]:
    """Every free tile, in id order, by testing each present tile from scratch."""
    return [tile for tile in sorted(present) if is_free(positions, present, tile)]


FLOWERS = {"F1", "F2", "F3", "F4"}
SEASONS = {"S1", "S2", "S3", "S4"}


def faces_match(a: str, b: str) -> bool:
    """The same kind, or both flowers, or both seasons; a flower never
    matches a season."""
    return a == b or {a, b} <= FLOWERS or {a, b} <= SEASONS


def free_matching_pairs(
    positions: Sequence[Position], faces: Sequence[str], present: Collection[int]
) -> list[tuple[int, int]]:
    """Every two free tiles that match, ``(a, b)`` with ``a < b``, by trying each two of
    the free tiles found from scratch."""
    free = free_tiles(positions, present)
    return [
        (a, b) for i, a in enumerate(free) for b in free[i + 1 :] if faces_match(faces[a], faces[b])
    ]
