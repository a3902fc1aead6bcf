"""Our own layouts L01-L05: sound, phone-sized and comfortably playable."""

import random

import pytest

from mahjong.rules.designs import DESIGNS
from mahjong.rules.layouts import TURTLE, validate


def random_clear(layout, rng):
    """Remove two random free tiles at a time; True if the board empties."""
    geometry = layout.geometry
    present = [True] * len(geometry)
    left = len(geometry)
    while left:
        free = [i for i in range(len(geometry)) if present[i] and geometry.is_free(i, present)]
        if len(free) < 2:
            return False
        for i in rng.sample(free, 2):
            present[i] = False
        left -= 2
    return True


def test_ids_and_names():
    assert [d.id for d in DESIGNS] == ["L01", "L02", "L03", "L04", "L05"]
    names = [d.name for d in DESIGNS] + [TURTLE.name]
    assert len(set(names)) == len(names)


@pytest.mark.parametrize("layout", DESIGNS, ids=lambda d: d.id)
def test_shape(layout):
    validate(layout)
    positions = layout.positions
    assert list(positions) == sorted(positions, key=lambda p: (p[2], p[1], p[0]))
    assert 3 <= len({z for _, _, z in positions}) <= 5
    xs = [x for x, _, _ in positions]
    ys = [y for _, y, _ in positions]
    assert min(xs) == 0 and min(ys) == 0
    assert max(xs) + 2 <= 40 and max(ys) + 2 <= 24
    assert 12 <= layout.initial_free_count() <= 35


def test_half_offsets_used():
    def offset(layout):
        parities = {(x % 2, y % 2) for x, y, _ in layout.positions}
        return len(parities) > 1

    assert sum(offset(d) for d in DESIGNS) >= 2


def test_distinct_footprints():
    footprints = [frozenset((x, y) for x, y, z in d.positions if z == 0) for d in DESIGNS]
    footprints.append(frozenset((x, y) for x, y, z in TURTLE.positions if z == 0))
    assert len(set(footprints)) == len(footprints)


@pytest.mark.parametrize("layout", DESIGNS, ids=lambda d: d.id)
def test_random_removal_usually_clears(layout):
    rng = random.Random(layout.id)
    wins = sum(random_clear(layout, rng) for _ in range(100))
    assert wins >= 80
