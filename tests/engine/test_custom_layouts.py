"""Players' own layouts in the engine: their problems, their id, their codes and deals."""

import pytest

from mahjong import LAYOUTS, Board, GameCode, InvalidGameCode, UnknownLayout, deal_for
from mahjong.rules import custom, registry
from mahjong.rules.deal import NoDeal, deal_seed, generate_deal
from mahjong.rules.layouts import Layout

TURTLE = custom.ordered(LAYOUTS["L00"].positions)


@pytest.fixture
def source():
    """A dict of custom layouts installed as the engine's source for one test."""
    layouts: dict[str, tuple] = {}
    previous = registry.use_custom_layouts(layouts.get)
    yield layouts
    registry.use_custom_layouts(previous)


def _reasons(positions):
    return [(p.reason, p.position) for p in custom.problems(positions)]


def test_every_layout_of_ours_is_a_sound_custom_layout():
    for layout in LAYOUTS.values():
        assert custom.problems(layout.positions) == [], layout.id


def test_the_count_is_reported_with_the_other_problems():
    found = custom.problems(TURTLE[:-1])
    assert [p.reason for p in found] == ["count"] and found[0].count == 143


def test_a_floating_tile_is_reported_where_it_is():
    floating = (40, 0, 1)
    assert _reasons(TURTLE[:-1] + (floating,)) == [("floating", floating)]


def test_a_half_supported_tile_floats():
    # Over the left half of a two-tile row's end: the right half hangs in the air.
    row = [(0, 0, 0), (2, 0, 0)]
    assert _reasons(row + [(3, 0, 1)])[-1] == ("floating", (3, 0, 1))


def test_an_overlap_and_a_duplicate_are_reported():
    overlapping = (1, 0, 0)  # half over the Turtle's tile at (2, 0, 0)
    reasons = _reasons(TURTLE[:-1] + (overlapping,))
    # The later of the two in reading order is the one reported.
    assert reasons == [("overlap", (2, 0, 0))]
    assert ("overlap", TURTLE[0]) in _reasons(TURTLE[:-1] + (TURTLE[0],))


def test_tiles_off_the_grid_are_reported():
    assert ("off_grid", (-2, 0, 0)) in _reasons(TURTLE[:-1] + ((-2, 0, 0),))
    assert ("off_grid", (0, 0, custom.MAX_DEPTH)) in _reasons(
        TURTLE[:-1] + ((0, 0, custom.MAX_DEPTH),)
    )


def test_a_layout_too_stacked_to_deal_is_refused():
    # A tower of 10 beside 67 loose pairs: sound, but the tower's one free tile is taken
    # no more often than any of the 134 others, so a random order nearly always ends
    # with the tower's tiles on each other.
    field = [(6 * k + d, 2 * r, 0) for r in range(8) for k in range(9) for d in (0, 2)][:134]
    towers = [(56, 20, z) for z in range(10)]
    assert [p.reason for p in custom.problems(field + towers)] == ["undealable"]
    with pytest.raises(custom.UndealableLayout):
        custom.validate(field + towers)


def test_a_flat_field_is_sound_and_has_an_id():
    rows = [(x, y, 0) for y in range(0, 16, 2) for x in range(0, 36, 2)]
    assert len(rows) == 144 and custom.problems(rows) == []
    lid = custom.layout_id(rows)
    assert lid.startswith("C") and len(lid) == 9


def test_the_id_is_the_same_for_the_same_positions_in_any_order():
    assert custom.layout_id(TURTLE) == custom.layout_id(reversed(TURTLE))
    assert custom.layout_id(TURTLE) != custom.layout_id(custom.ordered(LAYOUTS["L01"].positions))


def test_a_custom_code_parses_and_prints():
    lid = custom.layout_id(TURTLE)
    code = GameCode.parse(f" mj1-{lid.lower()}-aaaaabl ")
    assert code.is_custom and code.layout_id == lid and str(code) == f"MJ1-{lid}-AAAAABL"
    assert not GameCode.parse("MJ1-L00-AAAAABL").is_custom


def test_our_codes_keep_their_seeds_and_custom_ones_have_the_top_bit():
    assert deal_seed(GameCode("L03", 43)) == (3 << 35) | 43
    assert deal_seed(GameCode(custom.layout_id(TURTLE), 43)) >> 63 == 1


def test_a_custom_code_plays_when_its_layout_is_known(source):
    lid = custom.layout_id(TURTLE)
    with pytest.raises(UnknownLayout):
        deal_for(f"MJ1-{lid}-AAAAABL")
    source[lid] = TURTLE
    deal = deal_for(f"MJ1-{lid}-AAAAABL")
    assert deal.layout.id == lid and deal.layout.positions == TURTLE
    board = Board.from_code(deal.code)
    for a, b in deal.plan:
        board.remove(a, b)
    assert board.state.value == "won"
    # Not the Turtle's deal of the same number: a layout of its own, a seed of its own.
    assert deal.faces != deal_for("MJ1-L00-AAAAABL").faces


def test_positions_that_are_not_the_codes_are_refused(source):
    lid = custom.layout_id(TURTLE)
    source[lid] = custom.ordered(LAYOUTS["L01"].positions)
    with pytest.raises(UnknownLayout):
        deal_for(f"MJ1-{lid}-AAAAABL")


def test_an_unknown_custom_layout_is_an_invalid_code(source):
    with pytest.raises(InvalidGameCode) as raised:
        registry.parse_code("MJ1-CAAAAAAAA-AAAAABL")
    assert raised.value.reason == "unknown_layout"


def test_dealing_gives_up_after_its_attempts_on_a_layout_that_never_clears():
    tower = tuple((0, 0, z) for z in range(4)) + ((4, 0, 0), (8, 0, 0))
    layout = Layout("CAAAAAAAA", "", tower)
    with pytest.raises(NoDeal):
        generate_deal(GameCode("CAAAAAAAA", 1), layout, max_attempts=50)
