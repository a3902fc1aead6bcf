"""How hard each layout is: the share of uniform random deals that cannot be won.

A *uniform* deal places the 144 tiles on a layout's positions at random, every
arrangement equally likely (the site's own deals are generated with a winning plan, so
they are always winnable). How many uniform deals are lost is the layout's own
difficulty: the more tiles lie over or beside tiles of their kind, the more deals are
dead from the start. The figures in ``difficulty.json`` beside this module come from a
survey with the exact solver (``manage.py mahjong survey``; ``tools/store_difficulty.py``
writes the file from the survey's saved parts, docs/solver.md tells how it was run)::

    >>> from mahjong.rules.difficulty import difficulty
    >>> turtle = difficulty("L00")
    >>> turtle.layout, 0 < turtle.share < 0.1, turtle.low <= turtle.share <= turtle.high
    ('L00', True, True)
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from functools import cache
from pathlib import Path

DATA = Path(__file__).with_name("difficulty.json")
#: How the site's own deals fare for a player who does not plan (``manage.py random_play
#: --write``, mahjong/solver/random_play.py): the difficulty the gallery shows.
RANDOM_PLAY_DATA = Path(__file__).with_name("random_play.json")


def wilson_interval(hits: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95 % Wilson score interval of a proportion (sound near 0, unlike p ± 2σ)."""
    if n == 0:
        return (0.0, 1.0)
    p = hits / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    # Exactly 0 or 1 at the ends (rounding would leave 1 - 1e-16 above a share of 1).
    low = 0.0 if hits == 0 else max(0.0, centre - half)
    high = 1.0 if hits == n else min(1.0, centre + half)
    return (low, high)


@dataclass(frozen=True)
class Difficulty:
    """A layout's surveyed deals: ``not_winnable`` of ``decided`` (``undecided`` more
    ran out of the survey's time limit and count in neither)."""

    layout: str
    deals: int
    not_winnable: int
    undecided: int

    @property
    def decided(self) -> int:
        return self.deals - self.undecided

    @property
    def share(self) -> float:
        """The share of decided uniform deals that cannot be won (0 to 1)."""
        return self.not_winnable / self.decided if self.decided else math.nan

    @property
    def interval(self) -> tuple[float, float]:
        """Its 95 % interval (Wilson)."""
        return wilson_interval(self.not_winnable, self.decided)

    @property
    def low(self) -> float:
        return self.interval[0]

    @property
    def high(self) -> float:
        return self.interval[1]

    def as_dict(self) -> dict:
        """Plain data (for JSON answers and templates)."""
        return {
            "layout": self.layout,
            "deals": self.deals,
            "not_winnable": self.not_winnable,
            "undecided": self.undecided,
            "share": self.share,
            "low": self.low,
            "high": self.high,
        }


@cache
def survey_data() -> dict:
    """The whole stored survey: how it was run (``survey``) and the counts (``layouts``)."""
    return json.loads(DATA.read_text(encoding="utf-8"))


def difficulty(layout_id: str) -> Difficulty | None:
    """The stored difficulty of a layout (by id), or None for a layout not surveyed."""
    counts = survey_data()["layouts"].get(str(layout_id).strip().upper())
    if counts is None:
        return None
    return Difficulty(
        layout=str(layout_id).strip().upper(),
        deals=counts["deals"],
        not_winnable=counts["not_winnable"],
        undecided=counts["undecided"],
    )


@dataclass(frozen=True)
class RandomPlay:
    """A layout's deals ``0 .. deals - 1`` played at random once each: ``stuck`` of them
    got stuck; ``outcomes`` has one character per deal, "1" stuck and "0" cleared, so
    that any part of the figure can be played again and compared."""

    layout: str
    deals: int
    stuck: int
    outcomes: str

    @property
    def share(self) -> float:
        return self.stuck / self.deals if self.deals else math.nan


@cache
def random_play_data() -> dict:
    """The stored random-play figures: the seed and, per layout, the counts."""
    return json.loads(RANDOM_PLAY_DATA.read_text(encoding="utf-8"))


def random_play(layout_id: str) -> RandomPlay | None:
    """The stored random-play figure of a layout, or None for a layout not measured."""
    key = str(layout_id).strip().upper()
    counts = random_play_data()["layouts"].get(key)
    if counts is None:
        return None
    return RandomPlay(key, counts["deals"], counts["stuck"], counts["outcomes"])
