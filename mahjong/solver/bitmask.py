"""Sets of tiles as integers: bit t is tile t."""

from __future__ import annotations


def bits(mask: int) -> list[int]:
    """The tiles of ``mask``, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out
