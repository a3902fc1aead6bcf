"""The layouts L06 on (mahjong/rules/shapes.py): sound, within the board's bounds, varied,
playable by random removal (so deals are generated quickly), and each deal cleared by
its own winning plan."""

import random

import pytest

from mahjong import Board
from mahjong.rules.codes import GameCode
from mahjong.rules.layouts import validate
from mahjong.rules.registry import LAYOUTS, deal_for
from mahjong.rules.shapes import SHAPES
from tests.engine.test_designs_shape import random_clear


def test_the_site_offers_at_least_thirty_layouts_with_distinct_names_and_footprints():
    assert len(LAYOUTS) >= 30
    assert [layout.id for layout in SHAPES] == [f"L{n:02d}" for n in range(6, 6 + len(SHAPES))]
    names = [layout.name for layout in LAYOUTS.values()]
    assert len(set(names)) == len(names)
    footprints = {
        frozenset((x, y) for x, y, z in layout.positions if z == 0) for layout in LAYOUTS.values()
    }
    assert len(footprints) == len(LAYOUTS)


@pytest.mark.parametrize("layout", SHAPES, ids=lambda layout: layout.id)
def test_shape(layout):
    validate(layout)
    positions = layout.positions
    assert len(positions) == 144
    assert list(positions) == sorted(positions, key=lambda p: (p[2], p[1], p[0]))
    assert 3 <= len({z for _, _, z in positions}) <= 5
    assert min(x for x, _, _ in positions) == 0 and min(y for _, y, _ in positions) == 0
    assert max(x for x, _, _ in positions) + 2 <= 40
    assert max(y for _, y, _ in positions) + 2 <= 24
    assert 12 <= layout.initial_free_count() <= 35
    rng = random.Random(layout.id)
    assert sum(random_clear(layout, rng) for _ in range(50)) >= 40


def _size(layout):
    return (
        max(x for x, _, _ in layout.positions) + 2,
        max(y for _, y, _ in layout.positions) + 2,
    )


def test_the_shapes_vary_flat_and_tall_narrow_and_wide():
    sizes = [_size(layout) for layout in SHAPES]
    # Some suit a phone held upright (taller than wide), some a wide screen.
    assert sum(height > width for width, height in sizes) >= 4
    assert sum(width >= 2 * height for width, height in sizes) >= 2
    assert {len({z for *_, z in layout.positions}) for layout in SHAPES} >= {3, 4}


@pytest.mark.parametrize("layout", SHAPES, ids=lambda layout: layout.id)
def test_a_deal_is_cleared_by_its_plan(layout):
    for number in (0, 987654321):
        deal = deal_for(GameCode(layout.id, number))
        board = Board.from_code(str(deal.code))
        for a, b in deal.plan:
            board.remove(a, b)
        assert board.state.value == "won"
