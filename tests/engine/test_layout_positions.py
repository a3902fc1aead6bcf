"""Every layout's tiles stay where they are, in the same order, forever.

A game code names a layout and a deal; a tile is named by its place in the layout's list
of positions (a game's history, a hint and the board page all use those numbers). A
layout whose positions move, or come in another order, would show an old code's game
differently and replay its history on other tiles. The golden deals pin faces and plans
per tile number; this pins where each number lies (a SHA-256 of the positions, in order).
"""

import hashlib
import json

import pytest

from mahjong.rules.registry import LAYOUTS

PINNED = {
    "L00": ("Turtle", "c7c8072195a9e445d39451de1d4ce85c"),
    "L01": ("Diamond", "aec3a8453ad48f6961436529bbfe0582"),
    "L02": ("Bridge", "5e0c19ef7223b7741c9d53e5b02e7292"),
    "L03": ("Fortress", "5b99b7990d828b6d4795bf61c66b9167"),
    "L04": ("Butterfly", "45d43754e4f860cc723036f9dce58234"),
    "L05": ("Cross", "00af210fc80f0ab48304973b208a63b8"),
}


def test_the_site_offers_exactly_the_pinned_layouts():
    assert list(LAYOUTS) == list(PINNED)


@pytest.mark.parametrize("layout_id", list(PINNED))
def test_a_layouts_name_and_positions_never_change(layout_id):
    layout = LAYOUTS[layout_id]
    digest = hashlib.sha256(json.dumps(layout.positions).encode()).hexdigest()[:32]
    assert (layout.name, digest) == PINNED[layout_id]
