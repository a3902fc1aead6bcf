from collections import Counter

import pytest

from mahjong import LAYOUTS, InvalidLayout, Layout, validate
from mahjong.rules.geometry import Geometry
from mahjong.rules.layouts import TURTLE, from_stack_map


def _free(positions, removed=()):
    geometry = Geometry(positions)
    present = [i not in removed for i in range(len(positions))]
    return {i for i in range(len(positions)) if present[i] and geometry.is_free(i, present)}


def test_turtle_has_layers_of_87_36_16_4_1():
    layers = Counter(z for _, _, z in TURTLE.positions)
    assert [layers[z] for z in range(5)] == [87, 36, 16, 4, 1]


def test_turtle_has_35_free_tiles_at_the_start():
    assert TURTLE.initial_free_count() == 35


def test_there_are_at_least_five_layouts_of_our_own():
    assert list(LAYOUTS)[0] == "L00"
    own = [lid for lid in LAYOUTS if lid != "L00"]
    assert len(own) >= 5
    assert own == [f"L{n:02d}" for n in range(1, len(own) + 1)]
    assert len({layout.name for layout in LAYOUTS.values()}) == len(LAYOUTS)


@pytest.mark.parametrize("layout_id", list(LAYOUTS))
def test_every_layout_passes_validation(layout_id):
    layout = LAYOUTS[layout_id]
    validate(layout)
    assert len(set(layout.positions)) == 144
    assert layout.initial_free_count() >= 2


def test_free_tile_diagram_outer_two_free_middle_two_blocked():
    # Four tiles in a row and one lying on top across the middle two.
    row = [(0, 0, 0), (2, 0, 0), (4, 0, 0), (6, 0, 0), (3, 0, 1)]
    assert _free(row) == {0, 3, 4}


def test_half_a_tile_on_top_is_enough_to_cover():
    positions = [(0, 0, 0), (2, 0, 0), (1, 1, 1)]
    assert 0 not in _free(positions) and 1 not in _free(positions)


def test_a_tile_in_the_layer_above_that_does_not_overlap_does_not_cover():
    positions = [(0, 0, 0), (2, 0, 0), (4, 0, 0), (4, 0, 1)]
    assert 0 in _free(positions)


def test_a_half_offset_neighbour_blocks_a_side():
    # Tile 1 sits half a tile lower than tile 0's row, right beside it.
    positions = [(0, 0, 0), (2, 1, 0), (-2, 0, 0)]
    assert 0 not in _free(positions)
    assert 0 in _free(positions, removed={1})


def test_a_neighbour_a_whole_row_away_does_not_block():
    positions = [(0, 0, 0), (2, 2, 0), (-2, 0, 0)]
    assert 0 in _free(positions)


def test_top_and_bottom_sides_do_not_count():
    # Neighbours above and below in the plane, open left and right.
    positions = [(0, 0, 0), (0, 2, 0), (0, -2, 0)]
    assert _free(positions) == {0, 1, 2}


def test_one_open_side_is_enough_but_none_is_not():
    positions = [(0, 0, 0), (2, 0, 0), (4, 0, 0)]
    assert _free(positions) == {0, 2}


def _layout(positions):
    return Layout("L99", "Test", tuple(positions))


def _row_layout():
    return [(2 * (i % 12), 2 * (i // 12), 0) for i in range(144)]


def test_validation_accepts_a_flat_grid():
    validate(_layout(_row_layout()))


def test_validation_rejects_wrong_count():
    with pytest.raises(InvalidLayout, match="positions"):
        validate(_layout(_row_layout()[:-1]))


def test_validation_rejects_overlap_within_a_layer():
    positions = _row_layout()
    positions[-1] = (1, 0, 0)
    with pytest.raises(InvalidLayout, match="overlap"):
        validate(_layout(positions))


def test_validation_rejects_a_tile_not_fully_resting_on_tiles_below():
    positions = _row_layout()
    positions[-1] = (23, 0, 1)  # half over the edge of the grid
    with pytest.raises(InvalidLayout, match="rest"):
        validate(_layout(positions))


def test_validation_rejects_a_layout_without_a_free_pair():
    # One column of 144 stacked tiles: only the top one is free.
    with pytest.raises(InvalidLayout, match="free"):
        validate(_layout([(0, 0, z) for z in range(144)]))


def test_validation_rejects_a_tile_below_the_table():
    positions = _row_layout()
    positions[-1] = (0, 30, -1)
    with pytest.raises(InvalidLayout, match=r"L99: negative layer at \(0, 30, -1\)"):
        validate(_layout(positions))


def test_validation_rejects_a_tile_over_an_empty_layer():
    """Nothing at all on the layer below (not merely a gap in it): refused, not a crash."""
    positions = _row_layout()
    positions[-1] = (0, 0, 2)
    with pytest.raises(InvalidLayout, match="rest"):
        validate(_layout(positions))


def test_validation_accepts_a_layout_with_exactly_two_free_tiles():
    # One long row: only its two ends are free at the start, and that is enough to play.
    row = [(2 * i, 0, 0) for i in range(144)]
    assert len(Geometry(tuple(row)).initial_free()) == 2
    validate(_layout(row))


def test_a_stack_map_keeps_the_empty_cells_that_open_its_first_row():
    assert from_stack_map("\n  1\n1.\n") == ((2, 0, 0), (0, 1, 0))
