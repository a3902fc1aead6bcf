"""The project's own pseudo-random generator, for deals that never change.

A game code must give the same tiles in the same places forever, so deals
cannot depend on Python's :mod:`random`, whose algorithms and seeding may
change between versions. This is SplitMix64 (Steele, Lea and Flood, 2014): a
64-bit counter passed through a fixed mixing function. It is tiny, fast in
pure Python and statistically sound for shuffling.

>>> rng = SplitMix64(43)
>>> [rng.below(10) for _ in range(5)]
[7, 6, 4, 8, 0]
"""

from __future__ import annotations

_MASK = (1 << 64) - 1
_GOLDEN_GAMMA = 0x9E3779B97F4A7C15


class SplitMix64:
    """A deterministic stream of 64-bit numbers from a 64-bit seed."""

    __slots__ = ("state",)

    def __init__(self, seed: int):
        self.state = seed & _MASK

    def next64(self) -> int:
        """The next number, uniform in ``0 .. 2**64 - 1``."""
        self.state = z = (self.state + _GOLDEN_GAMMA) & _MASK
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A number in ``0 .. n-1`` (multiply-shift; its bias is below n/2**64)."""
        return (self.next64() * n) >> 64

    def shuffle(self, items: list) -> None:
        """Shuffle a list in place (Fisher–Yates)."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]
