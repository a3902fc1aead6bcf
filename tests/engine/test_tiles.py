from collections import Counter

from mahjong import KINDS, TILE_SET, family, matches
from mahjong.rules.tiles import FLOWERS, SEASONS


def test_set_has_144_tiles_of_42_kinds():
    assert len(TILE_SET) == 144
    assert len(KINDS) == 42
    assert set(TILE_SET) == set(KINDS)


def test_suits_winds_and_dragons_have_four_of_each_and_bonus_tiles_one():
    counts = Counter(TILE_SET)
    for kind in KINDS:
        assert counts[kind] == (1 if kind in FLOWERS + SEASONS else 4), kind
    suited = [k for k in TILE_SET if family(k) in ("bamboo", "characters", "circles")]
    honours = [k for k in TILE_SET if family(k) in ("winds", "dragons")]
    assert (len(suited), len(honours)) == (108, 28)


def test_digits_labels():
    assert KINDS[:9] == tuple(f"{n}B" for n in range(1, 10))
    assert {"5B", "5C", "5D", "N", "S", "E", "W", "R", "G", "Wh"} <= set(KINDS)
    assert family("5B") == "bamboo" and family("5C") == "characters" and family("5D") == "circles"


def test_identical_tiles_match_and_different_ones_do_not():
    assert matches("5B", "5B") and matches("N", "N") and matches("Wh", "Wh")
    assert not matches("3D", "3B")
    assert not matches("R", "G")


def test_any_two_flowers_or_two_seasons_match_but_never_a_flower_and_a_season():
    assert all(matches(a, b) for a in FLOWERS for b in FLOWERS)
    assert all(matches(a, b) for a in SEASONS for b in SEASONS)
    assert not any(matches(a, b) for a in FLOWERS for b in SEASONS)
